/*
 * sno.c
 *	  The sno type: two 40-bit blocks, 39 bits of 4 ms units since
 *	  2010-01-01 00:00:00 UTC and the tick-tock bit, then the metabyte, a
 *	  16-bit partition and a 16-bit sequence; and its one generator for the
 *	  whole server.
 *
 *	  bytes 0-4: units << 1 | tick_tock | 5: meta | 6-7: partition |
 *	  8-9: sequence
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"

#include "miscadmin.h"
#include "portability/instr_time.h"
#include "utils/builtins.h"

#define SNO_EPOCH_UNIX_S	INT64CONST(1262304000)
#define SNO_EPOCH_NS		(SNO_EPOCH_UNIX_S * 1000000000)
#define SNO_UNIT_NS			INT64CONST(4000000)
#define SNO_MAX_UNITS		((UINT64CONST(1) << 39) - 1)
#define SNO_FIELD_MAX		0xFFFF
#define SNO_META_MAX		0xFF

/* The smallest sequence slice a server may have (as in the Go library) */
#define SNO_SLICE_MIN		4
/* The most sequence numbers a backend takes from the shared state at once */
#define SNO_BLOCK_MAX		64
/* The longest gen_sno() waits for the clock before it gives up */
#define SNO_WAIT_MAX_NS		INT64CONST(1000000000)
/* How far ahead of the clock the mark on disk is written, in units */
#define SNO_HWM_AHEAD		(IDGEN_HWM_WINDOW_US / 4000)

static const IdgenTimeUnit sno_unit = {SNO_EPOCH_UNIX_S * 1000000, 1, 4000, SNO_MAX_UNITS};

static inline uint64
sno_units(const uint8 *v)
{
	return be_get(v, 5) >> 1;
}

/* Bytes 0-7 as one word: byte by byte, gen_sno() took 3 ns more (49 ns in all) */
static inline void
sno_pack(uint8 *v, uint64 units, int tick_tock, int meta, int partition, int sequence)
{
	uint64		time = ((units << 1) | (uint64) tick_tock) & ((UINT64CONST(1) << 40) - 1);

	be_put(v, 8, time << 24 | (uint64) (meta & 0xFF) << 16 | (uint64) (partition & 0xFFFF));
	be_put(v + 8, 2, (uint64) sequence);
}

static TimestampTz
sno_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(sno_units(v), &sno_unit);
}

/* The smallest sno at a unit count: every other field zero */
static void
sno_first_at_units(uint64 units, uint8 *v)
{
	sno_pack(v, units, 0, 0, 0, 0);
}

static const IdgenType sno_type = {
	.name = "sno",
	.len = SNO_LEN,
	.sigoff = 0,
	.siglen = SNO_LEN,
	.uuid_v8 = true,
	.parse = sno_parse,
	.check = NULL,				/* every 80-bit value is a sno */
	.format = sno_format,
	.timestamp = sno_timestamp,
	.unit = &sno_unit,
	.first_at = sno_first_at_units,
};

IDGEN_TYPE_FUNCTIONS(sno, sno_type)

PG_FUNCTION_INFO_V1(sno_extract_tick_tock);
Datum
sno_extract_tick_tock(PG_FUNCTION_ARGS)
{
	PG_RETURN_BOOL((((const uint8 *) PG_GETARG_POINTER(0))[4] & 1) != 0);
}

PG_FUNCTION_INFO_V1(sno_extract_meta);
Datum
sno_extract_meta(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(((const uint8 *) PG_GETARG_POINTER(0))[5]);
}

PG_FUNCTION_INFO_V1(sno_extract_partition);
Datum
sno_extract_partition(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) be_get((const uint8 *) PG_GETARG_POINTER(0) + 6, 2));
}

PG_FUNCTION_INFO_V1(sno_extract_sequence);
Datum
sno_extract_sequence(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) be_get((const uint8 *) PG_GETARG_POINTER(0) + 8, 2));
}

/* The timestamp is rounded up to 4 ms, so sno_from_parts(ts) is >= ts */
PG_FUNCTION_INFO_V1(sno_from_parts);
Datum
sno_from_parts(PG_FUNCTION_ARGS)
{
	uint64		units = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &sno_unit, "sno");
	int32		meta = PG_GETARG_INT32(1);
	int32		partition = PG_GETARG_INT32(2);
	int32		sequence = PG_GETARG_INT32(3);
	bool		tick_tock = PG_GETARG_BOOL(4);
	uint8	   *v = palloc(SNO_LEN);

	idgen_check_range(meta, 0, SNO_META_MAX, "sno", "metabyte");
	idgen_check_range(partition, 0, SNO_FIELD_MAX, "sno", "partition");
	idgen_check_range(sequence, 0, SNO_FIELD_MAX, "sno", "sequence");
	sno_pack(v, units, tick_tock, meta, partition, sequence);
	PG_RETURN_POINTER(v);
}

/*
 * Generation.  One sequencer serves the server (IdgenSnoState, under
 * sno_lock), as sno has no random bits to keep separate generators apart.
 *
 * Each tick-tock bit is a timeline with the highest unit it has used,
 * hi[bit].  A clock reading past hi[bit] of the current bit starts a new
 * unit there, at the lower sequence bound and with the configuration of the
 * moment; the same unit counts the sequence up, and waits for the next unit
 * when the slice is used up.  A reading behind hi[bit] is a step back: if it
 * is past the other timeline's hi, generation toggles to that bit and goes
 * on at once (seeds/sno-readme.txt, "Clock drift and the tick-tock
 * toggle"); otherwise both timelines may have used that unit, and it waits
 * until the clock passes the lower of the two his, where one of them is
 * free again.  A wait that would exceed 1 s raises 55000 instead.  The
 * clock is read inside the critical section, so readings and state changes
 * happen in one order.
 *
 * With idgen.monotonic = backend, a backend takes a block of sequence
 * numbers of the unit at a time (up to SNO_BLOCK_MAX, fewer for small
 * slices) and issues the rest of the block itself for as long as its clock
 * still reads that unit: two backends then meet at the shared state once
 * per block, not once per id.  Blocks are disjoint, so values stay unique;
 * each backend's values still increase; within one unit, values of
 * different backends interleave by block.  With server, it takes one at a
 * time, and values follow call order across the server.
 *
 * A backend's settings that differ from those in force replace them, and
 * the unit in use takes no more values, so that every value of a unit has
 * one configuration; a backend with a reload pending, whose settings may be
 * out of date, makes values with those in force
 * (idgen_node_settings_pending).
 *
 * With idgen preloaded, each tick-tock bit also has a high-water mark on
 * disk (hwm.c): a unit at or past it is issued only once a backend has
 * moved the mark on, and after a restart everything below the marks counts
 * as used.  After a crash the mark of the timeline in use is up to a window
 * ahead of the clock (a quarter of one more when the values had reached
 * the window: IDGEN_HWM_MAX_LEAD); the generator then goes on from it on
 * the same timeline, ahead of the clock (a used-up slice moves to the next
 * unit at once, up to the window), until the clock catches up, so that
 * crashes use up neither the other timeline nor a unit further ahead than
 * the window: a mark further ahead than that waits, once, for the clock to
 * come within the window of it (at most 0.3 s).  A clock further behind
 * the marks than any mark is written ahead was set back across the
 * restart: a step back like any other.
 */
typedef struct SnoConfig
{
	IdgenSnoSettings set;
	bool		pending;		/* a reload is pending: set may be out of date */
	uint32		block;			/* sequence numbers to take at a time */
} SnoConfig;

typedef enum SnoOutcome
{
	SNO_ISSUED,					/* a value: unit, bit, partition, seq */
	SNO_WAIT,					/* sleep wait_ns, then try again */
	SNO_MARK,					/* the mark on disk must first pass unit */
	SNO_OUT_OF_RANGE			/* the clock is outside 2010-2079 */
} SnoOutcome;

typedef struct SnoStep
{
	SnoOutcome	outcome;
	bool		regressed;		/* the clock read behind the current timeline */
	bool		exhausted;		/* SNO_WAIT for the slice's next unit */
	bool		ahead;			/* SNO_ISSUED ahead of the clock after a crash */
	uint64		now;			/* the clock reading, in units */
	uint64		unit;
	uint8		bit;
	uint16		partition;
	uint32		seq;			/* the first of the block taken */
	uint32		nseq;			/* how many the block holds */
	uint64		target;			/* SNO_WAIT: the unit waited for */
	int64		wait_ns;
} SnoStep;

static inline IdgenHwmSlot
sno_hwm_slot(int bit)
{
	return bit ? IDGEN_HWM_SNO_TOCK : IDGEN_HWM_SNO_TICK;
}

/*
 * Is a timeline restored at hi ahead of the clock by no more than a crash
 * leaves?  A mark is written up to IDGEN_HWM_MAX_LEAD ahead; the first unit
 * of a timeline restored further ahead than the window waits for the clock
 * (sno_step: a value never runs more than the window ahead of it).
 */
static inline bool
sno_resumable(uint64 hi, uint64 now)
{
	return now <= hi && hi - now < IDGEN_HWM_MAX_LEAD(SNO_HWM_AHEAD);
}

/*
 * The first use after server start: everything below each timeline's mark
 * on disk counts as used, the unit just below it in full, the timeline that
 * reached further is the current one, and the caller's settings are those
 * in force.  If the clock is behind a timeline by no more than the marks
 * are written ahead, it was a crash: go on ahead of the clock on
 * that timeline (the nearer one, if both are, as after a toggle).  Without
 * a mark this starts from nothing.
 */
static inline void
sno_restore(IdgenSnoState *s, const IdgenHwm *h, const SnoConfig *cfg, uint64 now)
{
	int			lower;

	for (int b = 0; b < 2; b++)
	{
		uint64		mark = h->loaded[sno_hwm_slot(b)];

		s->hi[b] = mark > 0 ? mark - 1 : 0;
	}
	s->bit = s->hi[1] > s->hi[0] ? 1 : 0;
	lower = s->bit ^ 1;
	s->set = cfg->set;
	s->closed = true;
	s->ahead = sno_resumable(s->hi[lower], now) || sno_resumable(s->hi[lower ^ 1], now);
	if (s->ahead)
		s->bit = sno_resumable(s->hi[lower], now) ? lower : lower ^ 1;
	s->started = true;
}

/*
 * The clock as nanoseconds and 4 ms units since the sno epoch; false when it
 * reads outside the range a sno can hold.
 */
static inline bool
sno_clock(int64 *ns, uint64 *now)
{
	*ns = idgen_clock_ns() - SNO_EPOCH_NS;
	if (unlikely(*ns < 0 || (uint64) *ns / SNO_UNIT_NS > SNO_MAX_UNITS))
		return false;
	*now = (uint64) *ns / SNO_UNIT_NS;
	return true;
}

/* sno's clock for the idgen worker (hwm.c) */
static bool
sno_hwm_now(uint64 *now)
{
	int64		ns;

	return sno_clock(&ns, now);
}

const IdgenHwmClock sno_hwm_clock = {sno_hwm_now, SNO_HWM_AHEAD};

/* One step of the sequencer, under sno_lock: no errors, no allocation */
static inline void
sno_step(IdgenSnoState *s, IdgenHwm *h, const SnoConfig *cfg, SnoStep *st)
{
	int64		ns;
	uint64		now;
	uint64		unit;
	uint8		bit;
	bool		fresh;

	if (!sno_clock(&ns, &now))
	{
		st->outcome = SNO_OUT_OF_RANGE;
		return;
	}
	if (unlikely(!s->started))
	{
		/* Nothing is issued before the marks on disk are known */
		if (!h->trusted)
		{
			st->outcome = SNO_MARK;
			st->now = now;
			st->unit = 0;
			st->bit = 0;
			return;
		}
		sno_restore(s, h, cfg, now);
	}
	if (unlikely(cfg->set.partition != s->set.partition || cfg->set.seq_min != s->set.seq_min ||
				 cfg->set.seq_max != s->set.seq_max) && !cfg->pending)
	{
		s->set = cfg->set;
		s->closed = true;
	}

	bit = s->bit;
	unit = now;
	if (unlikely(s->ahead))
	{
		/* until the clock catches up, or steps back further than a crash can */
		if (!sno_resumable(s->hi[bit], now) || now == s->hi[bit])
			s->ahead = false;
		else
			unit = s->hi[bit];
	}
	st->now = now;
	st->regressed = unit < s->hi[bit];
	st->exhausted = false;

	if (unit == s->hi[bit] && !s->closed && s->seq <= s->set.seq_max)
		fresh = false;
	else if (unit > s->hi[bit])
		fresh = true;
	else if (s->ahead && unit < now + SNO_HWM_AHEAD && unit < SNO_MAX_UNITS)
	{
		/* ahead of the clock: the next unit at once, but never a window ahead */
		unit++;
		fresh = true;
	}
	else if (unit < s->hi[bit] && unit > s->hi[bit ^ 1])
	{
		bit ^= 1;
		fresh = true;
	}
	else
	{
		/*
		 * Slice used up (or closed): the next unit.  A step back into units
		 * both timelines have used: the first unit past either of them.
		 */
		st->outcome = SNO_WAIT;
		st->exhausted = unit == s->hi[bit] && !s->closed;
		if (s->ahead)
			st->target = unit + 1 - SNO_HWM_AHEAD;
		else
			st->target = unit == s->hi[bit] ? unit + 1 : Min(s->hi[0], s->hi[1]) + 1;
		st->wait_ns = (int64) st->target * SNO_UNIT_NS - ns;
		return;
	}

	if (!idgen_hwm_admit(h, sno_hwm_slot(bit), unit))
	{
		st->outcome = SNO_MARK;
		st->unit = unit;
		st->bit = bit;
		return;
	}
	if (fresh)
	{
		s->bit = bit;
		s->hi[bit] = unit;
		s->seq = s->set.seq_min;
		s->closed = false;
	}
	st->outcome = SNO_ISSUED;
	st->ahead = s->ahead;
	st->unit = unit;
	st->bit = bit;
	st->partition = s->set.partition;
	st->seq = s->seq;
	st->nseq = Min(cfg->block, s->set.seq_max + 1 - s->seq);
	s->seq += st->nseq;
}

/* The partition: idgen.sno_partition, or derived from the cluster */
static IdgenNodeField sno_partition = {.kind = IDGEN_NODE_SNO};

/*
 * This backend's settings, checked.  Each bound is range-checked when set;
 * only together can they be wrong, which is reported here.
 */
static void
sno_config(SnoConfig *cfg)
{
	int			min = idgen_node.sno_sequence_min;
	int			max = idgen_node.sno_sequence_max;

	if (min > max)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid sno sequence bounds"),
				 errdetail("\"idgen.sno_sequence_min\" (%d) is above \"idgen.sno_sequence_max\" (%d).",
						   min, max),
				 errhint("Set \"idgen.sno_sequence_min\" at or below \"idgen.sno_sequence_max\", then reload.")));
	if (max - min + 1 < SNO_SLICE_MIN)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid sno sequence bounds"),
				 errdetail("The sequence slice %d..%d holds %d values; sno needs at least %d.",
						   min, max, max - min + 1, SNO_SLICE_MIN),
				 errhint("Widen the range from \"idgen.sno_sequence_min\" to \"idgen.sno_sequence_max\", then reload.")));
	cfg->pending = idgen_node_settings_pending();
	cfg->set.seq_min = (uint32) min;
	cfg->set.seq_max = (uint32) max;
	/*
	 * One at a time under the server scope, so that values follow call
	 * order; a small slice too, so that no backend hoards it
	 */
	cfg->block = idgen_monotonic == IDGEN_MONOTONIC_SERVER ? 1 :
		Max(1, Min(SNO_BLOCK_MAX, (max - min + 1) / SNO_BLOCK_MAX));
	cfg->set.partition = (uint16) idgen_node_field(&sno_partition, idgen_node.sno_partition);
}

/* A unit count as text, for error details */
static char *
sno_unit_text(uint64 units)
{
	return pstrdup(timestamptz_to_str(idgen_units_to_timestamp(units, &sno_unit)));
}

/* A wait for the clock that would take more than 1 s: 55000 */
static void
sno_wait_error(const SnoStep *st)
{
	if (st->regressed)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("gen_sno() would have to wait more than 1 s for the clock"),
				 errdetail("The clock stepped back to %s, into a period for which both tick-tock timelines may have issued values, until %s.",
						   sno_unit_text(st->now), sno_unit_text(st->target)),
				 errhint("Try again once the clock has passed %s.",
						 sno_unit_text(st->target))));
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("gen_sno() would have to wait more than 1 s for the clock"),
			 errdetail("The sequence slice of the 4 ms unit at %s is used up, and the clock has not moved on.",
					   sno_unit_text(st->now))));
}

/*
 * What is left of this backend's block of sequence numbers, and the clock
 * readings (sno_clock's ns) it serves at: its unit's, and, for a block
 * taken ahead of the clock after a crash, any before them too.  Kept as
 * readings, so that a call needs no division to tell.
 */
typedef struct SnoBlock
{
	uint64		unit;
	uint8		bit;
	uint16		partition;
	uint32		next;
	uint32		end;			/* one past the block's last */
	int64		from_ns;		/* the clock readings it serves at */
	int64		until_ns;
	uint32		settings;		/* idgen_node_settings_changes when taken */
} SnoBlock;

static SnoBlock sno_block;

/*
 * The block in hand serves while the clock still reads its unit (or is
 * behind it, for a block taken ahead of the clock after a crash) and the
 * node settings are those it was taken under, and only in the backend
 * scope: there the values follow call order, and the block of one that
 * replaces it discards what was left.  A reload changes the settings, so
 * the node settings and the configuration are looked at only for a new
 * block (sno_take_block).
 */
static inline bool
sno_block_serves(void)
{
	int64		ns;

	if (sno_block.next >= sno_block.end || idgen_monotonic == IDGEN_MONOTONIC_SERVER ||
		sno_block.settings != idgen_node_settings_changes)
		return false;
	ns = idgen_clock_ns() - SNO_EPOCH_NS;
	return ns >= sno_block.from_ns && ns < sno_block.until_ns;
}

/*
 * Take a new block from the shared sequencer, with the configuration of the
 * moment, waiting for the clock or moving the mark on disk on as needed.
 * Out of line: the common call uses the block in hand.
 */
static pg_noinline void
sno_take_block(void)
{
	IdgenShared *sh = idgen_shared();
	uint32		settings = idgen_node_settings_changes;
	SnoConfig	cfg;
	SnoStep		st = {0};
	bool		regression_counted = false;
	bool		wait_counted = false;
	bool		waiting = false;
	instr_time	wait_start;
	int64		wait_start_ns = 0;
	int64		target_ns;

	sno_config(&cfg);
	for (;;)
	{
		SpinLockAcquire(&sh->sno_lock);
		sno_step(&sh->sno, &sh->hwm, &cfg, &st);
		SpinLockRelease(&sh->sno_lock);

		if (unlikely(st.regressed) && !regression_counted)
		{
			idgen_count_event(sh->clock_regressions, IDGEN_GEN_SNO);
			regression_counted = true;
		}
		if (likely(st.outcome == SNO_ISSUED))
			break;

		if (st.outcome == SNO_OUT_OF_RANGE)
			ereport(ERROR,
					(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
					 errmsg("timestamp out of range for type sno"),
					 errdetail("The generator clock reads outside 2010-01-01 to 2079-09-07.")));
		if (st.outcome == SNO_MARK)
		{
			idgen_hwm_advance(&sh->hwm, sno_hwm_slot(st.bit), st.unit, st.now, SNO_HWM_AHEAD,
							  true);
			continue;
		}

		/*
		 * SNO_WAIT: sleep until the clock reaches the unit waited for, then
		 * try again.  Waits add up over the call; one that would end more
		 * than 1 s after the first began is refused at once, and the real
		 * time slept is bounded as well, in case the clock steps meanwhile.
		 */
		if (st.exhausted && !wait_counted)
		{
			idgen_count_event(sh->overflow_waits, IDGEN_GEN_SNO);
			wait_counted = true;
		}
		target_ns = SNO_EPOCH_NS + (int64) st.target * SNO_UNIT_NS;
		if (!waiting)
		{
			wait_start_ns = target_ns - st.wait_ns;
			INSTR_TIME_SET_CURRENT(wait_start);
			waiting = true;
		}
		if (target_ns - wait_start_ns > SNO_WAIT_MAX_NS)
			sno_wait_error(&st);
		for (;;)
		{
			int64		remaining = target_ns - idgen_clock_ns();
			instr_time	elapsed;

			if (remaining <= 0)
				break;
			INSTR_TIME_SET_CURRENT(elapsed);
			INSTR_TIME_SUBTRACT(elapsed, wait_start);
			if ((int64) INSTR_TIME_GET_MICROSEC(elapsed) * 1000 + remaining > SNO_WAIT_MAX_NS)
				sno_wait_error(&st);
			pg_usleep(Min(remaining / 1000 + 1, IDGEN_SLEEP_MAX_US));
			CHECK_FOR_INTERRUPTS();
		}
	}

	sno_block.unit = st.unit;
	sno_block.bit = st.bit;
	sno_block.partition = st.partition;
	sno_block.next = st.seq;
	sno_block.end = st.seq + st.nseq;
	sno_block.from_ns = st.ahead ? 0 : (int64) st.unit * SNO_UNIT_NS;
	sno_block.until_ns = (int64) (st.unit + 1) * SNO_UNIT_NS;
	sno_block.settings = settings;
	if (unlikely(idgen_hwm_due(&sh->hwm, sno_hwm_slot(st.bit), st.unit, SNO_HWM_AHEAD)))
		idgen_hwm_advance(&sh->hwm, sno_hwm_slot(st.bit), st.unit, st.now, SNO_HWM_AHEAD,
						  false);
}

PG_FUNCTION_INFO_V1(gen_sno);
Datum
gen_sno(PG_FUNCTION_ARGS)
{
	int32		meta = PG_GETARG_INT32(0);
	uint8	   *v;

	idgen_generator_start("gen_sno()");
	idgen_check_range(meta, 0, SNO_META_MAX, "sno", "metabyte");
	if (!sno_block_serves())
		sno_take_block();

	v = palloc(SNO_LEN);
	sno_pack(v, sno_block.unit, sno_block.bit, meta, sno_block.partition, (int) sno_block.next++);
	idgen_count(IDGEN_GEN_SNO);
	PG_RETURN_POINTER(v);
}

/* idgen_stats(): this backend's settings, which the next new unit takes */
void
sno_node_info(IdgenNodeInfo *info)
{
	char		partition[24] = "none";
	uint64		value;

	info->scope = "server";
	if (idgen_node_field_info(&sno_partition, idgen_sno_partition, info, &value))
		snprintf(partition, sizeof(partition), UINT64_FORMAT, value);
	snprintf(info->node, sizeof(info->node), "partition=%s sequence=%d..%d",
			 partition, idgen_node.sno_sequence_min, idgen_node.sno_sequence_max);
}
