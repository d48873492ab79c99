/*
 * tickseq.c
 *	  The server-wide tick sequencer of siq and snowflake.
 *
 *	  One sequencer per generator serves the server (IdgenTickState and the
 *	  generator's counters, under the generator's spinlock), as neither type
 *	  has random bits to keep separate generators apart.  It keeps the tick
 *	  in use and each counter's next serial in it (siq: one per kind;
 *	  snowflake: one).  A clock reading past the tick starts a new tick
 *	  there, every counter from serial 0, with the node fields of the
 *	  moment; otherwise (the same tick, or the clock behind it after a step
 *	  back) the counter's serials count on, and when they are used up the
 *	  tick moves on by one, ahead of the clock where a mark covers it (see
 *	  below).  So each counter's values strictly increase and never repeat.
 *	  A counter whose serials in the range's last tick are used up has no
 *	  value left (2200H), though the clock reads within the range; a clock
 *	  outside it is 22008.  The clock is read inside the critical section.
 *
 *	  The lead that used-up ticks build is bounded by the window of the
 *	  mark on disk, as a crash bounds it: a used-up tick at the window's
 *	  edge waits for the clock to move on.  So callers that ask for more
 *	  serials than the ticks have (snowflake: 4,096 a millisecond) run ahead
 *	  of the clock without waiting until they are a window ahead, and are
 *	  then paced to it.  Without idgen preloaded there is no mark, and
 *	  nothing on disk remembers a lead across a restart or a crash: the
 *	  window is then nil, so a used-up tick waits for the clock to read the
 *	  next one, and no value is ever ahead of the clock.  After a step back,
 *	  when the tick is already further ahead than that, a tick past it is
 *	  taken only once the clock reads another tick than at the last such
 *	  tick: the lead does not grow, and nobody waits for the clock to catch
 *	  up.
 *
 *	  With idgen.monotonic = backend a backend takes a block of a counter's
 *	  serials at a time (up to IDGEN_TICK_BLOCK_MAX, fewer for counters with
 *	  few serials) and issues the rest itself while the clock has not passed
 *	  the block's tick; with server it takes one at a time, so that values
 *	  follow call order.
 *
 *	  A backend's node fields that differ from those in force replace them,
 *	  and the next value starts a new tick (the next one, when the clock is
 *	  behind), so that every value of a tick has one configuration and
 *	  values keep increasing; a backend with a reload pending, whose
 *	  settings may be out of date, makes values with those in force
 *	  (idgen_node_settings_pending).
 *
 *	  With idgen preloaded the ticks also have a high-water mark on disk
 *	  (hwm.c): after a restart everything below it counts as used, and the
 *	  generator goes on from the mark, once the mark is within the window
 *	  of the clock (idgen_hwm_catch_up).
 *
 *	  A floor (idgen_tick_floor; snowflake_continue_above()) makes every
 *	  later value of a tick past a given one.  It waits for the clock to
 *	  pass that tick rather than move the sequencer there ahead of it: then
 *	  no tick ahead of the clock is taken for it (none at all without
 *	  preloading, and no more than a burst would with it, so the lead after
 *	  a crash stays within the window), and the blocks that other backends
 *	  hold, which serve only while the clock has not passed their tick,
 *	  serve no value at or below the floor any more.  The floor's tick then
 *	  counts as used, in the mark on disk too, so that a restart with the
 *	  clock set back goes on above it as well.
 */
#include "tickseq.h"

#include "miscadmin.h"

typedef struct TickConfig
{
	bool		pending;		/* a reload is pending: the settings may be out of date */
	uint64		node;
	uint32		block;			/* serials to take at a time */
} TickConfig;

typedef enum TickOutcome
{
	TICK_ISSUED,
	TICK_FAR,					/* idgen_tick_floor: too far ahead of the clock */
	TICK_MARK,					/* the mark on disk must first pass tick */
	TICK_PACE,					/* the clock must move on first, wait ticks */
	TICK_OUT_OF_RANGE,			/* the clock is outside the type's range */
	TICK_USED_UP				/* the last tick of the range is used up */
} TickOutcome;

typedef struct TickStep
{
	TickOutcome outcome;
	bool		regressed;		/* the clock read earlier than last time */
	bool		overflowed;		/* the counter's serials ran out in the tick */
	uint64		now;			/* the clock reading, in ticks */
	uint64		wait;			/* TICK_PACE: at least the ticks to wait */
	uint64		tick;
	uint64		node;
	uint32		serial;			/* the first of the block taken */
	uint32		nserial;
} TickStep;

/* One step of the sequencer, under its lock: no errors, no allocation */
static inline void
tick_step(const IdgenTickSequencer *q, IdgenTickState *s, uint32 *next, IdgenHwm *h,
		  const TickConfig *cfg, int counter, uint32 serials, TickStep *st)
{
	uint64		now;
	uint64		tick;
	uint64		lead;
	bool		fresh;

	if (!q->clock(&now))
	{
		st->outcome = TICK_OUT_OF_RANGE;
		return;
	}
	st->now = now;
	if (unlikely(!s->started))
	{
		/* Nothing is issued before the marks on disk are known */
		if (!h->trusted)
		{
			st->outcome = TICK_MARK;
			st->tick = 0;
			return;
		}
		/* a mark more than the window ahead, after a quick restart: wait */
		st->wait = idgen_hwm_catch_up(h->loaded[q->slot], now, q->ahead);
		if (st->wait > 0)
		{
			st->outcome = TICK_PACE;
			return;
		}
		/* everything below the mark counts as used; the mark is the next tick */
		s->tick = h->loaded[q->slot];
		memset(next, 0, q->ncounters * sizeof(uint32));
		s->closed = false;
		s->node = cfg->node;
		s->started = true;
	}
	st->regressed = now < s->last_clock;
	s->last_clock = now;
	if (unlikely(cfg->node != s->node) && !cfg->pending)
	{
		s->node = cfg->node;
		s->closed = true;
	}

	st->overflowed = false;
	if (now > s->tick)
	{
		tick = now;
		fresh = true;
	}
	else if (!s->closed && next[counter] < serials)
	{
		tick = s->tick;
		fresh = false;
	}
	else if (s->tick < q->max_ticks)
	{
		tick = s->tick + 1;
		fresh = true;
		/* without a mark on disk, values never run ahead of the clock */
		lead = idgen_hwm_kept(h) ? q->ahead : 0;
		if (tick > now + lead)
		{
			/*
			 * At the edge of the lead: the clock moves on first.  Past it,
			 * after a step back: only once the clock has moved on too.
			 */
			if (s->tick == now + lead || now == s->paced_clock)
			{
				st->outcome = TICK_PACE;
				st->wait = 1;
				return;
			}
			s->paced_clock = now;
		}
		st->overflowed = !s->closed;
	}
	else
	{
		/* the clock reads within the range: the values ran ahead to its end */
		st->outcome = TICK_USED_UP;
		return;
	}

	if (!idgen_hwm_admit(h, q->slot, tick))
	{
		st->outcome = TICK_MARK;
		st->tick = tick;
		return;
	}
	if (fresh)
	{
		s->tick = tick;
		memset(next, 0, q->ncounters * sizeof(uint32));
		s->closed = false;
	}
	st->outcome = TICK_ISSUED;
	st->tick = tick;
	st->node = s->node;
	st->serial = next[counter];
	st->nserial = Min(cfg->block, serials - next[counter]);
	next[counter] += st->nserial;
}

/*
 * One step of idgen_tick_floor, under the sequencer's lock: above is the
 * floor's tick, which counts as used once the clock has passed it
 */
static inline void
tick_floor_step(const IdgenTickSequencer *q, IdgenTickState *s, IdgenHwm *h, uint64 above,
				uint64 max_ahead, TickStep *st)
{
	uint64		now;

	if (!q->clock(&now))
	{
		st->outcome = TICK_OUT_OF_RANGE;
		return;
	}
	st->now = now;
	if (above >= now)
	{
		st->outcome = above - now > max_ahead ? TICK_FAR : TICK_PACE;
		st->wait = above - now + 1;
		return;
	}
	/* the mark on disk must be known, and past the floor */
	if (!h->trusted || !idgen_hwm_admit(h, q->slot, above))
	{
		st->outcome = TICK_MARK;
		st->tick = h->trusted ? above : 0;
		return;
	}
	/* the clock is past the floor: this keeps a later step back above it too */
	if (s->started && above >= s->tick)
	{
		s->tick = above;
		s->closed = true;
	}
	st->outcome = TICK_ISSUED;
}

/*
 * Out of the lock, what a step that issued nothing asks for: an error for a
 * clock outside the range or a range used up; a sleep towards the tick the
 * clock must reach (pace_us is less than a tick, so this never sleeps past
 * it, and never holds the lock); or the mark on disk moved on.  The caller
 * then steps again.
 */
static void
tick_wait(const IdgenTickSequencer *q, IdgenShared *sh, const TickStep *st)
{
	if (st->outcome == TICK_OUT_OF_RANGE)
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for %s", q->what),
				 errdetail("The generator clock reads outside %s.", q->range)));
	if (st->outcome == TICK_USED_UP)
		ereport(ERROR,
				(errcode(ERRCODE_SEQUENCE_GENERATOR_LIMIT_EXCEEDED),
				 errmsg("the generator of %s has reached the end of its range", q->what),
				 errdetail("It has used up the last %s of its range, %s, which the clock has not passed.",
						   q->tick_name,
						   timestamptz_to_str(idgen_units_to_timestamp(q->max_ticks, q->unit)))));
	if (st->outcome == TICK_PACE)
	{
		CHECK_FOR_INTERRUPTS();
		pg_usleep((long) Min(st->wait * (uint64) q->pace_us, IDGEN_SLEEP_MAX_US));
		return;
	}
	idgen_hwm_advance(&sh->hwm, q->slot, st->tick, st->now, q->ahead, true);
}

bool
idgen_tick_floor(const IdgenTickSequencer *q, slock_t *lock, IdgenTickState *s,
				 uint64 above, uint64 max_ahead)
{
	IdgenShared *sh = idgen_shared();
	TickStep	st = {0};

	for (;;)
	{
		SpinLockAcquire(lock);
		tick_floor_step(q, s, &sh->hwm, above, max_ahead, &st);
		SpinLockRelease(lock);

		if (st.outcome == TICK_ISSUED)
			return true;
		if (st.outcome == TICK_FAR)
			return false;
		tick_wait(q, sh, &st);
	}
}

void
idgen_tick_take(const IdgenTickSequencer *q, slock_t *lock, IdgenTickState *s, uint32 *next,
				uint64 node, int counter, uint32 serials, IdgenTickBlock *b)
{
	IdgenShared *sh = idgen_shared();
	TickConfig	cfg;
	TickStep	st = {0};

	cfg.pending = idgen_node_settings_pending();
	cfg.node = node;
	cfg.block = idgen_monotonic == IDGEN_MONOTONIC_SERVER ? 1 :
		Min(IDGEN_TICK_BLOCK_MAX, serials / IDGEN_TICK_BLOCK_SHARE);
	for (;;)
	{
		SpinLockAcquire(lock);
		tick_step(q, s, next, &sh->hwm, &cfg, counter, serials, &st);
		SpinLockRelease(lock);

		if (unlikely(st.regressed))
			idgen_count_event(sh->clock_regressions, q->gen);
		if (likely(st.outcome == TICK_ISSUED))
			break;
		tick_wait(q, sh, &st);
	}
	if (unlikely(st.overflowed))
		idgen_count_event(sh->overflow_waits, q->gen);

	b->tick = st.tick;
	b->node = st.node;
	b->next = st.serial;
	b->end = st.serial + st.nserial;
	b->from_ns = q->tick_ns(0);
	b->until_ns = q->tick_ns(st.tick + 1);
	b->settings = idgen_node_settings_changes;
	if (unlikely(idgen_hwm_due(&sh->hwm, q->slot, st.tick, q->ahead)))
		idgen_hwm_advance(&sh->hwm, q->slot, st.tick, st.now, q->ahead, false);
}
