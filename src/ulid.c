/*
 * ulid.c
 *	  The ulid type: a 48-bit millisecond timestamp and 80 random bits (the
 *	  ULID spec), read also in the UUID form and as 32 hex digits, the
 *	  "quasi-ULID" that SQLite applications store; and its monotonic
 *	  generator.
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
/* Random bytes drawn from the CSPRNG at a time: 64 new milliseconds' worth */
#define ULID_POOL_LEN		(64 * ULID_RANDOM_LEN)

static const IdgenTimeUnit ulid_unit = {0, 1, 1000, ULID_MAX_MS};

static inline uint64
ulid_timestamp_ms(const uint8 *v)
{
	return be_get(v, 6);
}

/* The random part's 80 bits: 16 in rand_hi, 64 in rand_lo */
static inline void
ulid_pack(uint8 *v, uint64 ms, uint64 rand_hi, uint64 rand_lo)
{
	be_put(v, 8, (ms << 16) | rand_hi);
	be_put(v + 8, 8, rand_lo);
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
	ulid_pack(v, units, 0, 0);
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
	ulid_pack(v, ms, be_get((const uint8 *) VARDATA_ANY(random), 2),
			  be_get((const uint8 *) VARDATA_ANY(random) + 2, 8));
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
 * Random bytes for new milliseconds, drawn from pg_strong_random() a pool
 * at a time.  The pool belongs to one process: it is drawn lazily and again
 * whenever MyProcPid changes, so no two processes (the postmaster, a forked
 * sibling) ever hand out the same bytes.
 */
static uint8 ulid_pool[ULID_POOL_LEN];
static int	ulid_pool_pos = ULID_POOL_LEN;
static int	ulid_pool_pid = 0;

/* The next unused random part, left in the pool until ulid_pool_take() */
static inline const uint8 *
ulid_pool_peek(void)
{
	if (unlikely(ulid_pool_pos >= ULID_POOL_LEN || ulid_pool_pid != MyProcPid))
	{
		idgen_random(ulid_pool, sizeof(ulid_pool));
		ulid_pool_pos = 0;
		ulid_pool_pid = MyProcPid;
	}
	return ulid_pool + ulid_pool_pos;
}

static inline void
ulid_pool_take(void)
{
	ulid_pool_pos += ULID_RANDOM_LEN;
}

/*
 * memcmp() of two values, inline: the library call took 5% of a generation
 * loop's profile
 */
static inline int
ulid_bytes_cmp(const uint8 *a, const uint8 *b)
{
	uint64		x = be_get(a, 8);
	uint64		y = be_get(b, 8);

	if (x == y)
	{
		x = be_get(a + 8, 8);
		y = be_get(b + 8, 8);
	}
	return (x > y) - (x < y);
}

/*
 * Generation (the ULID spec's monotonic mode, RFC 9562's method 2).  A clock
 * reading past the generator's millisecond starts that millisecond with
 * fresh random bits; the same millisecond, or an earlier one (the clock
 * stepped back), adds 1 to the random part; when the random part would
 * overflow its bits, the next millisecond starts early, with fresh bits,
 * instead of waiting.  Values therefore strictly increase.
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
} UlidStep;

static inline UlidStep
ulid_advance(const IdgenUlidGen *g, IdgenUlidState *s, const uint8 *last, int64 now_us,
			 const uint8 *fresh)
{
	uint64		now = now_us > 0 ? (uint64) now_us / 1000 : 0;
	UlidStep	step = {now < s->last_clock, false, false};
	bool		handover = false;
	/* rand_hi holds the random part's bits above the low 64: it stays below */
	uint64		hi_end = UINT64CONST(1) << (g->bits - 64);
	uint8		cur[ULID_LEN];

	/* last: the session's value from the other generator, if it just had one */
	if (unlikely(last != NULL))
	{
		g->pack(cur, s->ms, s->rand_hi, s->rand_lo);
		if (ulid_bytes_cmp(last, cur) > 0)
		{
			s->ms = ulid_timestamp_ms(last);
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
		/* add 1 to the random part */
		if (++s->rand_lo == 0)
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

uint8 *
idgen_ulid_generate(const IdgenUlidGen *g)
{
	IdgenUlidLocal *l = g->local;
	const uint8 *fresh;
	uint8	   *v;
	const uint8 *last = NULL;
	UlidStep	step;
	int64		now_us;

	idgen_generator_start(g->func);
	fresh = ulid_pool_peek();
	v = palloc(ULID_LEN);
	if (unlikely(l->pid != MyProcPid))
	{
		memset(l, 0, sizeof(*l));
		l->last_scope = -1;
		l->pid = MyProcPid;
	}
	if (unlikely(l->last_scope != idgen_monotonic))
	{
		last = l->last;
		l->last_scope = idgen_monotonic;
	}
	if (idgen_monotonic == IDGEN_MONOTONIC_SERVER)
	{
		/* One generator for the server; the clock is read under the lock */
		IdgenShared *sh = idgen_shared();
		slock_t    *lock = (slock_t *) ((char *) sh + g->lock);
		IdgenUlidState *s = (IdgenUlidState *) ((char *) sh + g->shared);

		SpinLockAcquire(lock);
		now_us = idgen_clock_us();
		step = ulid_advance(g, s, last, now_us, fresh);
		g->pack(v, s->ms, s->rand_hi, s->rand_lo);
		SpinLockRelease(lock);
	}
	else
	{
		now_us = idgen_clock_us();
		step = ulid_advance(g, &l->state, last, now_us, fresh);
		g->pack(v, l->state.ms, l->state.rand_hi, l->state.rand_lo);
	}
	if (step.fresh)
		ulid_pool_take();
	if (unlikely(step.regressed))
		idgen_count_event(idgen_shared()->clock_regressions, g->gen);
	if (unlikely(step.overflowed))
		idgen_count_event(idgen_shared()->overflow_waits, g->gen);
	/* past the last millisecond the packed value would wrap and go down */
	if (unlikely(now_us < 0 || (uint64) now_us / 1000 > ULID_MAX_MS ||
				 ulid_bytes_cmp(v, l->last) <= 0))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s", g->type),
				 errdetail("The generator clock reads outside 1970-01-01 to 10889-08-02.")));
	memcpy(l->last, v, ULID_LEN);
	idgen_count(g->gen);
	return v;
}

static IdgenUlidLocal ulid_local;

static const IdgenUlidGen ulid_gen = {
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
	PG_RETURN_POINTER(idgen_ulid_generate(&ulid_gen));
}

void
ulid_node_info(IdgenNodeInfo *info)
{
	info->scope = idgen_monotonic == IDGEN_MONOTONIC_SERVER ? "server" : "backend";
	strlcpy(info->source, "random", sizeof(info->source));
	snprintf(info->node, sizeof(info->node), "none: 80 random bits a millisecond");
}
