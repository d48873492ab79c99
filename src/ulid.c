/*
 * ulid.c
 *	  The ulid type: a 48-bit millisecond timestamp and 80 random bits (the
 *	  ULID spec), read also in the UUID form and as 32 hex digits, the
 *	  "quasi-ULID" that SQLite applications store; and its monotonic
 *	  generator, which makes version 7 uuids too (gen_uuidv7()).
 *
 *	  bytes 0-5: timestamp_ms | 6-15: random
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"
#include "ulid.h"

#include "miscadmin.h"
#include "utils/builtins.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#define ULID_MAX_MS			((UINT64CONST(1) << 48) - 1)
/* The random bytes of gen_uuidv7()'s increment within a millisecond */
#define ULID_INCREMENT_LEN	((int) sizeof(uint32))
/*
 * Random bytes drawn from the CSPRNG at a time: 4,096 of gen_uuidv7()'s
 * increments (a call of pg_strong_random() costs about what 16 KiB of its
 * bytes do, so a smaller pool would cost more per increment than the rest
 * of the generator); 1,638 of gen_ulid()'s new milliseconds
 */
#define ULID_POOL_LEN		16384

static const IdgenTimeUnit ulid_unit = {0, 1, 1000, ULID_MAX_MS};

static inline uint64
ulid_timestamp_ms(const uint8 *v)
{
	return be_get(v, 6);
}

/* The random part's 80 bits: 16 in rand_hi, 64 in rand_lo */
static inline IdgenUlidWords
ulid_pack(uint64 ms, uint64 rand_hi, uint64 rand_lo)
{
	return (IdgenUlidWords) {(ms << 16) | rand_hi, rand_lo};
}

static TimestampTz
ulid_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(ulid_timestamp_ms(v), &ulid_unit);
}

/* The smallest ulid at a unit count: every other field zero */
static void
ulid_first_at_units(uint64 units, uint8 *v)
{
	idgen_ulid_put(v, ulid_pack(units, 0, 0));
}

static const IdgenType ulid_type = {
	.name = "ulid",
	.len = ULID_LEN,
	.sigoff = 0,
	.siglen = ULID_LEN,
	.uuid_v8 = false,
	.parse = ulid_parse,
	.check = NULL,				/* every 128-bit value is a ulid */
	.format = ulid_format,
	.timestamp = ulid_timestamp,
	.unit = &ulid_unit,
	.first_at = ulid_first_at_units,
};

IDGEN_TYPE_FUNCTIONS(ulid, ulid_type)

PG_FUNCTION_INFO_V1(ulid_extract_random);
Datum
ulid_extract_random(PG_FUNCTION_ARGS)
{
	bytea	   *result = (bytea *) palloc(VARHDRSZ + ULID_RANDOM_LEN);

	SET_VARSIZE(result, VARHDRSZ + ULID_RANDOM_LEN);
	memcpy(VARDATA(result), (const uint8 *) PG_GETARG_POINTER(0) + 6, ULID_RANDOM_LEN);
	PG_RETURN_BYTEA_P(result);
}

/* The timestamp is rounded up to the millisecond */
PG_FUNCTION_INFO_V1(ulid_from_parts);
Datum
ulid_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ms = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &ulid_unit, "ulid");
	bytea	   *random = PG_GETARG_BYTEA_PP(1);
	uint8	   *v = palloc(ULID_LEN);

	if (VARSIZE_ANY_EXHDR(random) != ULID_RANDOM_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid random part for ulid"),
				 errdetail("The random part of a ulid is %d bytes, not %d.",
						   ULID_RANDOM_LEN, (int) VARSIZE_ANY_EXHDR(random))));
	idgen_ulid_put(v, ulid_pack(ms, be_get((const uint8 *) VARDATA_ANY(random), 2),
								 be_get((const uint8 *) VARDATA_ANY(random) + 2, 8)));
	PG_RETURN_POINTER(v);
}

/* 32 upper-case hex digits: what SQLite's hex() gives for the same bytes */
PG_FUNCTION_INFO_V1(ulid_to_hex);
Datum
ulid_to_hex(PG_FUNCTION_ARGS)
{
	char		buf[2 * ULID_LEN + 1];

	codec_hex_encode((const uint8 *) PG_GETARG_POINTER(0), ULID_LEN, buf, 1);
	buf[2 * ULID_LEN] = '\0';
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

/*
 * Random bytes for new milliseconds and for gen_uuidv7()'s increments,
 * drawn from pg_strong_random() a pool at a time.  The pool belongs to one
 * process: it is drawn lazily and again whenever MyProcPid changes, so no
 * two processes (the postmaster, a forked sibling) ever hand out the same
 * bytes.
 */
static uint8 ulid_pool[ULID_POOL_LEN];
static int	ulid_pool_pos = ULID_POOL_LEN;
static int	ulid_pool_pid = 0;

/*
 * The next unused bytes, a random part's worth (an increment takes the
 * first of them), left in the pool until ulid_pool_take().  Drawing may
 * raise, so the server scope peeks before it takes its spinlock.
 */
static inline const uint8 *
ulid_pool_peek(void)
{
	if (unlikely(ulid_pool_pos > ULID_POOL_LEN - ULID_RANDOM_LEN ||
				 ulid_pool_pid != MyProcPid))
	{
		idgen_random(ulid_pool, sizeof(ulid_pool));
		ulid_pool_pos = 0;
		ulid_pool_pid = MyProcPid;
	}
	return ulid_pool + ulid_pool_pos;
}

static inline void
ulid_pool_take(int len)
{
	ulid_pool_pos += len;
}

static inline int
ulid_words_cmp(IdgenUlidWords a, IdgenUlidWords b)
{
	if (a.hi != b.hi)
		return a.hi > b.hi ? 1 : -1;
	return (a.lo > b.lo) - (a.lo < b.lo);
}

/* What a session keeps of one such generator (reset in a new process) */
typedef struct UlidLocal
{
	IdgenUlidState state;		/* the backend's generator */
	IdgenUlidWords last;		/* the last value this backend issued */
	int			last_scope;		/* the idgen.monotonic that issued it */
	int			pid;
} UlidLocal;

/* One layout's generator: gen_ulid()'s or gen_uuidv7()'s */
typedef struct UlidGen
{
	const char *func;			/* "gen_ulid()" */
	const char *type;			/* "ulid", for the out-of-range error */
	IdgenGenerator gen;
	int			bits;			/* random bits, at most 8 * ULID_RANDOM_LEN */
	bool		random_increment;	/* within a ms: + 1 + 32 random bits, not + 1 */
	size_t		lock;			/* offsets in IdgenShared of the server's */
	size_t		shared;			/* lock and generator */
	UlidLocal  *local;
	/* a value's words: ordered as (ms, rand_hi, rand_lo) is */
	IdgenUlidWords (*pack) (uint64 ms, uint64 rand_hi, uint64 rand_lo);
} UlidGen;

/*
 * Generation (the ULID spec's monotonic mode, RFC 9562's method 2).  A clock
 * reading past the generator's millisecond starts that millisecond with
 * fresh random bits; the same millisecond, or an earlier one (the clock
 * stepped back), adds to the random part: 1 for the ulid, as its spec says;
 * for version 7, 1 plus 32 fresh random bits (the RFC's random increment),
 * so that a value gives away none of the next ones.  When the random part
 * would overflow its bits, the next millisecond starts early, with fresh
 * bits, instead of waiting.  Values therefore strictly increase.
 *
 * A generator never continues the random sequence of another, and a
 * session's values keep increasing when idgen.monotonic changes: when the
 * generator about to serve a session is behind the last value the session
 * had (from the other generator), it starts the millisecond after that
 * value's, or the clock's if later, with fresh bits.  That step is no
 * overflow: only a random part run out within its millisecond counts as one.
 */
typedef struct UlidStep
{
	bool		regressed;		/* the clock read earlier than last time */
	bool		overflowed;		/* the random part ran out in the millisecond */
	bool		fresh;			/* the fresh random bits were used */
	bool		incremented;	/* a random increment was used */
} UlidStep;

static pg_attribute_always_inline UlidStep
ulid_advance(const UlidGen *g, IdgenUlidState *s, const IdgenUlidWords *last, int64 now_ns,
			 const uint8 *fresh)
{
	uint64		now = now_ns > 0 ? (uint64) now_ns / 1000000 : 0;
	UlidStep	step = {now < s->last_clock, false, false, false};
	bool		handover = false;
	/* rand_hi holds the random part's bits above the low 64: it stays below */
	uint64		hi_end = UINT64CONST(1) << (g->bits - 64);

	/* last: the session's value from the other generator, if it just had one */
	if (unlikely(last != NULL))
	{
		if (ulid_words_cmp(*last, g->pack(s->ms, s->rand_hi, s->rand_lo)) > 0)
		{
			/* both layouts hold the millisecond in the top 48 bits */
			s->ms = last->hi >> 16;
			handover = true;
		}
	}
	s->last_clock = now;
	if (now > s->ms)
	{
		s->ms = now;
		step.fresh = true;
	}
	else if (unlikely(handover))
	{
		s->ms++;
		step.fresh = true;
	}
	else
	{
		/* fresh's first ULID_INCREMENT_LEN bytes, in whatever order */
		uint32		r;
		uint64		inc = 1;

		if (g->random_increment)
		{
			memcpy(&r, fresh, sizeof(r));
			inc += r;
			step.incremented = true;
		}
		s->rand_lo += inc;
		if (s->rand_lo < inc)
			s->rand_hi++;
		if (s->rand_hi < hi_end)
			return step;
		s->ms++;
		step.fresh = step.overflowed = true;
	}
	s->rand_hi = be_get(fresh, 2) & (hi_end - 1);
	s->rand_lo = be_get(fresh + 2, 8);
	return step;
}

/*
 * A new value, palloc'd.  Inlined into each layout's function, with the
 * layout's constants and pack (a value is kept and compared as its words, and
 * written out once: the profile of a generation loop had stalls where bytes
 * just written were read back).
 */
static pg_attribute_always_inline uint8 *
ulid_generate(const UlidGen *g)
{
	UlidLocal  *l = g->local;
	const uint8 *fresh;
	const IdgenUlidWords *last = NULL;
	UlidStep	step;
	int64		now_ns;
	uint64		ms,
				rand_hi,
				rand_lo;
	IdgenUlidWords w;
	uint8	   *v;

	idgen_generator_start(g->func);
	fresh = ulid_pool_peek();
	if (unlikely(l->pid != MyProcPid))
	{
		memset(l, 0, sizeof(*l));
		l->last_scope = -1;
		l->pid = MyProcPid;
	}
	if (unlikely(l->last_scope != idgen_monotonic))
	{
		last = &l->last;
		l->last_scope = idgen_monotonic;
	}
	if (idgen_monotonic == IDGEN_MONOTONIC_SERVER)
	{
		/* One generator for the server; the clock is read under the lock */
		IdgenShared *sh = idgen_shared();
		slock_t    *lock = (slock_t *) ((char *) sh + g->lock);
		IdgenUlidState *s = (IdgenUlidState *) ((char *) sh + g->shared);

		SpinLockAcquire(lock);
		now_ns = idgen_clock_ns();
		step = ulid_advance(g, s, last, now_ns, fresh);
		ms = s->ms;
		rand_hi = s->rand_hi;
		rand_lo = s->rand_lo;
		SpinLockRelease(lock);
	}
	else
	{
		now_ns = idgen_clock_ns();
		step = ulid_advance(g, &l->state, last, now_ns, fresh);
		ms = l->state.ms;
		rand_hi = l->state.rand_hi;
		rand_lo = l->state.rand_lo;
	}
	w = g->pack(ms, rand_hi, rand_lo);
	if (step.fresh)
		ulid_pool_take(ULID_RANDOM_LEN);
	else if (step.incremented)
		ulid_pool_take(ULID_INCREMENT_LEN);
	if (unlikely(step.regressed))
		idgen_count_event(idgen_shared()->clock_regressions, g->gen);
	if (unlikely(step.overflowed))
		idgen_count_event(idgen_shared()->overflow_waits, g->gen);
	/* past the last millisecond the packed value would wrap and go down */
	if (unlikely(now_ns < 0 || (uint64) now_ns / 1000000 > ULID_MAX_MS ||
				 ulid_words_cmp(w, l->last) <= 0))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s", g->type),
				 errdetail("The generator clock reads outside 1970-01-01 to 10889-08-02.")));
	l->last = w;
	idgen_count(g->gen);
	v = palloc(ULID_LEN);
	idgen_ulid_put(v, w);
	return v;
}

static UlidLocal ulid_local;

static const UlidGen ulid_gen = {
	.func = "gen_ulid()",
	.type = "ulid",
	.gen = IDGEN_GEN_ULID,
	.bits = 8 * ULID_RANDOM_LEN,
	.lock = offsetof(IdgenShared, ulid_lock),
	.shared = offsetof(IdgenShared, ulid),
	.local = &ulid_local,
	.pack = ulid_pack,
};

PG_FUNCTION_INFO_V1(gen_ulid);
Datum
gen_ulid(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(ulid_generate(&ulid_gen));
}

static UlidLocal uuidv7_local;

static const UlidGen uuidv7_gen = {
	.func = "gen_uuidv7()",
	.type = "uuid",
	.gen = IDGEN_GEN_UUIDV7,
	.bits = UUIDV7_RANDOM_BITS,
	.random_increment = true,
	.lock = offsetof(IdgenShared, uuidv7_lock),
	.shared = offsetof(IdgenShared, uuidv7),
	.local = &uuidv7_local,
	.pack = idgen_uuidv7_pack,
};

PG_FUNCTION_INFO_V1(gen_uuidv7);
Datum
gen_uuidv7(PG_FUNCTION_ARGS)
{
	PG_RETURN_POINTER(ulid_generate(&uuidv7_gen));
}

void
ulid_node_info(IdgenNodeInfo *info)
{
	info->scope = idgen_monotonic == IDGEN_MONOTONIC_SERVER ? "server" : "backend";
	strlcpy(info->source, "random", sizeof(info->source));
	snprintf(info->node, sizeof(info->node), "none: 80 random bits a millisecond");
}
