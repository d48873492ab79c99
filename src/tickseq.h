/*
 * tickseq.h
 *	  The server-wide tick sequencer (tickseq.c) behind siq and snowflake:
 *	  a tick of the generator's clock, and counters of serials within it.
 */
#ifndef IDGEN_TICKSEQ_H
#define IDGEN_TICKSEQ_H

#include "postgres.h"

#include "clock.h"
#include "idgen.h"
#include "shmem.h"

/*
 * The most serials a backend takes from the shared state at once, and the
 * least share of a counter's serials in a tick that a block leaves to
 * others (1/32: 64 of the 2048 serials that most siq kinds have, 128 of a
 * snowflake millisecond's 4096)
 */
#define IDGEN_TICK_BLOCK_MAX	128
#define IDGEN_TICK_BLOCK_SHARE	32

/* A generator's sequencer: its clock, range, mark and counters */
typedef struct IdgenTickSequencer
{
	bool		(*clock) (uint64 *now); /* false outside the range */
	/* the first reading of idgen_clock_ns() at which clock reads tick */
	int64		(*tick_ns) (uint64 tick);
	uint64		max_ticks;
	IdgenHwmSlot slot;
	uint64		ahead;			/* the mark's window, in ticks: also the
								 * lead used-up ticks may build, preloaded */
	long		pace_us;		/* the sleep while the clock moves on: less
								 * than a tick */
	IdgenGenerator gen;
	int			ncounters;
	const char *what;			/* "type siq": for messages */
	const char *range;			/* the dates the clock must read within */
	const char *tick_name;		/* "millisecond": what a tick is, for messages */
	const IdgenTimeUnit *unit;	/* the ticks as timestamps */
} IdgenTickSequencer;

/*
 * What is left of this backend's block of one counter's serials, with the
 * tick and node fields they go with, and the readings of idgen_clock_ns()
 * at which the clock reads the tick or an earlier one within the range:
 * kept as readings, so that a call needs no division to tell
 */
typedef struct IdgenTickBlock
{
	uint64		tick;
	uint64		node;
	uint32		next;
	uint32		end;			/* one past the block's last */
	int64		from_ns;		/* the clock readings it serves at */
	int64		until_ns;
	uint32		settings;		/* idgen_node_settings_changes when taken */
} IdgenTickBlock;

/*
 * Take a new block of counter's serials (serials of them in a tick) from
 * the sequencer s, with next its counters, under lock, with the node
 * fields node of the moment (a block in hand was made with earlier ones)
 */
extern void idgen_tick_take(const IdgenTickSequencer *q, slock_t *lock, IdgenTickState *s,
							uint32 *next, uint64 node, int counter, uint32 serials,
							IdgenTickBlock *b);

/*
 * A floor for the sequencer s (under lock): every value it issues from now
 * on is in a later tick than above.  Waits, interruptibly, until the clock
 * has passed above, then counts every tick up to above as used, in the mark
 * on disk too (preloaded).  Returns false, without waiting, when above is
 * more than max_ahead ticks ahead of the clock.
 */
extern bool idgen_tick_floor(const IdgenTickSequencer *q, slock_t *lock, IdgenTickState *s,
							 uint64 above, uint64 max_ahead);

/*
 * The block in hand serves while the clock has not passed its tick and the
 * node settings are those it was taken under, and only in the backend
 * scope: there the values follow call order, and the block of one that
 * replaces it discards what was left.
 */
static inline bool
idgen_tick_block_serves(const IdgenTickBlock *b)
{
	int64		ns;

	if (b->next >= b->end || idgen_monotonic == IDGEN_MONOTONIC_SERVER ||
		b->settings != idgen_node_settings_changes)
		return false;
	ns = idgen_clock_ns();
	return ns >= b->from_ns && ns < b->until_ns;
}

#endif							/* IDGEN_TICKSEQ_H */
