/*
 * muid.c
 *	  The muid type: a 52-bit microsecond timestamp, a 44-bit medallion (the
 *	  node) and a 32-bit two's-complement offset; and gen_muid(), which maps
 *	  muid's transactions onto PostgreSQL's.
 *
 *	  13 hex digits of timestamp | 11 of medallion | 8 of offset: the 32 hex
 *	  digits of the 16 bytes, which the text form splits with hyphens
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"

#include "access/xact.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#define MUID_MAX_US			((UINT64CONST(1) << 52) - 1)
#define MUID_MEDALLION_MASK	((UINT64CONST(1) << 44) - 1)

/* How far ahead of the clock the mark on disk is written, in microseconds */
#define MUID_HWM_AHEAD		IDGEN_HWM_WINDOW_US

static const IdgenTimeUnit muid_unit = {0, 1, 1, MUID_MAX_US};

static inline uint64
muid_timestamp_us(const uint8 *v)
{
	return be_get(v, 7) >> 4;
}

static inline uint64
muid_medallion(const uint8 *v)
{
	return be_get(v + 6, 6) & MUID_MEDALLION_MASK;
}

static inline void
muid_pack(uint8 *v, uint64 us, uint64 medallion, int32 offset)
{
	be_put(v, 8, us << 12 | medallion >> 32);
	be_put(v + 8, 4, medallion & 0xFFFFFFFF);
	be_put(v + 12, 4, (uint32) offset);
}

static TimestampTz
muid_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(muid_timestamp_us(v), &muid_unit);
}

/* The smallest muid at a unit count: every other field zero */
static void
muid_first_at_units(uint64 units, uint8 *v)
{
	muid_pack(v, units, 0, 0);
}

static const IdgenType muid_type = {
	.name = "muid",
	.len = MUID_LEN,
	.sigoff = 0,
	.siglen = MUID_LEN,
	.uuid_v8 = false,
	.parse = muid_parse,
	.check = NULL,				/* every 128-bit value is a muid */
	.format = muid_format,
	.timestamp = muid_timestamp,
	.unit = &muid_unit,
	.first_at = muid_first_at_units,
};

IDGEN_TYPE_FUNCTIONS(muid, muid_type)

PG_FUNCTION_INFO_V1(muid_extract_medallion);
Datum
muid_extract_medallion(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) muid_medallion((const uint8 *) PG_GETARG_POINTER(0)));
}

/* The offset is two's complement: the reference reads high ones as negative */
PG_FUNCTION_INFO_V1(muid_extract_offset);
Datum
muid_extract_offset(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) (uint32) be_get((const uint8 *) PG_GETARG_POINTER(0) + 12, 4));
}

PG_FUNCTION_INFO_V1(muid_from_parts);
Datum
muid_from_parts(PG_FUNCTION_ARGS)
{
	uint64		us = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &muid_unit, "muid");
	int64		medallion = PG_GETARG_INT64(1);
	int32		offset = PG_GETARG_INT32(2);
	uint8	   *v = palloc(MUID_LEN);

	idgen_check_range(medallion, 0, MUID_MEDALLION_MASK, "muid", "medallion");
	muid_pack(v, us, (uint64) medallion, offset);
	PG_RETURN_POINTER(v);
}

/* The transaction a muid belongs to: the same muid with offset 0 */
PG_FUNCTION_INFO_V1(muid_bundle);
Datum
muid_bundle(PG_FUNCTION_ARGS)
{
	uint8	   *v = palloc(MUID_LEN);

	memcpy(v, PG_GETARG_POINTER(0), MUID_LEN - 4);
	memset(v + MUID_LEN - 4, 0, 4);
	PG_RETURN_POINTER(v);
}

/* muid's clock for the idgen worker (hwm.c) */
static bool
muid_hwm_now(uint64 *now)
{
	int64		us = idgen_clock_us();

	*now = (uint64) Max(us, 0);
	return us >= 0 && (uint64) us <= MUID_MAX_US;
}

const IdgenHwmClock muid_hwm_clock = {muid_hwm_now, MUID_HWM_AHEAD};

/*
 * Generation.  A muid names a change within a transaction: the first
 * gen_muid() of a PostgreSQL transaction takes a timestamp from the
 * server-wide sequencer (IdgenMuidState, under muid_lock), later than that
 * of every bundle before it, even when the clock steps back (it then takes
 * the last one plus 1 us); every call in the transaction returns that
 * timestamp and the medallion with offsets 1, 2, 3, ...  Savepoints do not
 * matter: the bundle belongs to the top-level transaction, and its offsets
 * are never reused.  The clock is read inside the critical section.
 *
 * With idgen preloaded the timestamps have a high-water mark on disk
 * (hwm.c): after a restart every new bundle is later than every old one,
 * and after a quick one the first waits until the mark is within the window
 * of the clock (idgen_hwm_catch_up).  Without it nothing on disk remembers
 * the timestamps, so no bundle is ahead of the clock: one that would take
 * the microsecond after the last, which the clock still reads, waits for
 * the clock to move on (less than a microsecond).  After a step back the
 * bundles go on past the last without waiting, as above.
 */
typedef enum MuidOutcome
{
	MUID_ISSUED,
	MUID_MARK,					/* the mark on disk must first pass us */
	MUID_WAIT,					/* the clock must move on first, wait us */
	MUID_OUT_OF_RANGE			/* the clock is outside 1970 .. 2112 */
} MuidOutcome;

typedef struct MuidStep
{
	MuidOutcome outcome;
	bool		regressed;		/* the clock read earlier than last time */
	uint64		now;			/* the clock reading */
	uint64		us;
	uint64		wait;			/* MUID_WAIT: at least the microseconds to wait */
} MuidStep;

/* One step of the sequencer, under muid_lock: no errors, no allocation */
static inline void
muid_step(IdgenMuidState *s, IdgenHwm *h, MuidStep *st)
{
	int64		now = idgen_clock_us();
	uint64		us;

	if (unlikely(!s->started))
	{
		/* Nothing is issued before the marks on disk are known */
		if (!h->trusted)
		{
			st->outcome = MUID_MARK;
			st->us = 0;
			return;
		}
		/* a mark more than the window ahead, after a quick restart: wait */
		st->wait = idgen_hwm_catch_up(h->loaded[IDGEN_HWM_MUID], (uint64) Max(now, 0),
									  MUID_HWM_AHEAD);
		if (st->wait > 0)
		{
			st->outcome = MUID_WAIT;
			st->now = (uint64) now;
			return;
		}
		/* everything below the mark counts as used */
		s->last = h->loaded[IDGEN_HWM_MUID] > 0 ? h->loaded[IDGEN_HWM_MUID] - 1 : 0;
		s->started = true;
	}
	if (now < 0 || (uint64) now > MUID_MAX_US || s->last >= MUID_MAX_US)
	{
		st->outcome = MUID_OUT_OF_RANGE;
		return;
	}
	st->now = (uint64) now;
	st->regressed = (uint64) now < s->last_clock;
	s->last_clock = (uint64) now;
	us = (uint64) now > s->last ? (uint64) now : s->last + 1;
	/* without a mark on disk, never ahead of a clock that did not step back */
	if ((uint64) now == s->last && !idgen_hwm_kept(h))
	{
		st->outcome = MUID_WAIT;
		st->wait = 1;
		return;
	}
	if (!idgen_hwm_admit(h, IDGEN_HWM_MUID, us))
	{
		st->outcome = MUID_MARK;
		st->us = us;
		return;
	}
	s->last = us;
	st->outcome = MUID_ISSUED;
	st->us = us;
}

/*
 * The medallion: idgen.muid_medallion, or derived from the cluster into
 * [2^40, 2^41), where the muid spec assigns them
 */
static IdgenNodeField muid_medallion_field = {.kind = IDGEN_NODE_MUID};

/* This backend's bundle: the top-level transaction's timestamp and medallion */
typedef struct MuidBundle
{
	bool		active;
	uint64		us;
	uint64		medallion;
	uint32		offset;			/* the last offset issued */
} MuidBundle;

static MuidBundle muid_current;

/* A top-level transaction ends: the next gen_muid() starts a new bundle */
static void
muid_xact_callback(XactEvent event, void *arg)
{
	if (event == XACT_EVENT_COMMIT || event == XACT_EVENT_ABORT ||
		event == XACT_EVENT_PREPARE)
		muid_current.active = false;
}

/* Start this transaction's bundle with a timestamp from the sequencer */
static void
muid_begin_bundle(void)
{
	static bool registered = false;
	IdgenShared *sh = idgen_shared();
	uint64		medallion;
	MuidStep	st = {0};

	medallion = idgen_node_field(&muid_medallion_field, idgen_node.muid_medallion);
	if (!registered)
	{
		RegisterXactCallback(muid_xact_callback, NULL);
		registered = true;
	}
	for (;;)
	{
		SpinLockAcquire(&sh->muid_lock);
		muid_step(&sh->muid, &sh->hwm, &st);
		SpinLockRelease(&sh->muid_lock);

		if (unlikely(st.regressed))
			idgen_count_event(sh->clock_regressions, IDGEN_GEN_MUID);
		if (likely(st.outcome == MUID_ISSUED))
			break;
		if (st.outcome == MUID_OUT_OF_RANGE)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("timestamp out of range for type muid"),
					 errdetail("The generator clock reads outside 1970-01-01 to 2112-09-17.")));
		if (st.outcome == MUID_WAIT)
		{
			/*
			 * Without the lock.  Less than a microsecond, to the next one,
			 * is a spin: it ends as soon as the clock reads another one,
			 * later or, after a step back, earlier.
			 */
			CHECK_FOR_INTERRUPTS();
			if (st.wait > 1)
				pg_usleep((long) Min(st.wait, IDGEN_SLEEP_MAX_US));
			else
				while ((uint64) idgen_clock_us() == st.now)
					CHECK_FOR_INTERRUPTS();
			continue;
		}
		idgen_hwm_advance(&sh->hwm, IDGEN_HWM_MUID, st.us, st.now, MUID_HWM_AHEAD, true);
	}
	if (unlikely(idgen_hwm_due(&sh->hwm, IDGEN_HWM_MUID, st.us, MUID_HWM_AHEAD)))
		idgen_hwm_advance(&sh->hwm, IDGEN_HWM_MUID, st.us, st.now, MUID_HWM_AHEAD, false);

	muid_current.us = st.us;
	muid_current.medallion = medallion;
	muid_current.offset = 0;
	muid_current.active = true;
}

PG_FUNCTION_INFO_V1(gen_muid);
Datum
gen_muid(PG_FUNCTION_ARGS)
{
	uint8	   *v;

	idgen_generator_start("gen_muid()");
	if (!muid_current.active)
		muid_begin_bundle();
	if (unlikely(muid_current.offset >= PG_INT32_MAX))
		ereport(ERROR,
				(errcode(ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
				 errmsg("gen_muid() has used every offset of this transaction's bundle"),
				 errdetail("A transaction's muids have offsets 1 to %d.", PG_INT32_MAX),
				 errhint("Generate the rest in another transaction.")));

	v = palloc(MUID_LEN);
	muid_pack(v, muid_current.us, muid_current.medallion, (int32) ++muid_current.offset);
	idgen_count(IDGEN_GEN_MUID);
	PG_RETURN_POINTER(v);
}

/* idgen_stats(): this backend's setting, which the next bundle takes */
void
muid_node_info(IdgenNodeInfo *info)
{
	uint64		medallion;

	info->scope = "server";
	if (idgen_node_field_info(&muid_medallion_field, idgen_node.muid_medallion, info, &medallion))
		snprintf(info->node, sizeof(info->node), "medallion=" UINT64_FORMAT " (0x%011llX)",
				 medallion, (unsigned long long) medallion);
	else
		snprintf(info->node, sizeof(info->node), "medallion=none");
}
