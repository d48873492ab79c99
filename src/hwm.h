/*
 * hwm.h
 *	  High-water marks on disk for the server-wide generators (hwm.c).
 */
#ifndef IDGEN_HWM_H
#define IDGEN_HWM_H

#include "postgres.h"

#include "port/atomics.h"
#include "storage/lwlock.h"

#include "statefile.h"

/*
 * High-water marks on disk (hwm.c), for the server-wide generators when
 * idgen is preloaded.  A generator has one or more slots, each counting in
 * the generator's own time units; it issues a value only below its slot's
 * mark, which is on disk before it is in shared memory, and after a restart
 * or crash it starts from no earlier than the mark it finds.  Append new
 * slots at the end: the file keeps slots by position.
 *
 * A mark is written a window ahead of the clock (the generator's "ahead",
 * 1.2 s), so that a value issued after a crash is never further ahead of
 * the clock than that.  While a generator is in use the idgen worker
 * (worker.c) renews it once its lead has fallen to half the window; a
 * caller renews it only when the worker is gone or failing, once the values
 * come within an eighth of the window of it, and waits for it only when
 * they reach it.
 */
typedef enum IdgenHwmSlot
{
	IDGEN_HWM_SNO_TICK,			/* sno, tick-tock bit 0 */
	IDGEN_HWM_SNO_TOCK,			/* sno, tick-tock bit 1 */
	IDGEN_HWM_SIQ,				/* siq, in 1/65536 s */
	IDGEN_HWM_MUID,				/* muid transactions, in microseconds */
	IDGEN_HWM_SNOWFLAKE,		/* snowflake, in milliseconds */
	IDGEN_NHWM
} IdgenHwmSlot;

/* How far ahead of the clock a mark is written: the most a crash can put a value ahead of it */
#define IDGEN_HWM_WINDOW_US		INT64CONST(1200000)

/*
 * The furthest ahead of the clock a mark is ever written, in a slot's units,
 * for a window of ahead: the window; or, when the values have reached the
 * window, a quarter of one past them (idgen_hwm_next), and one unit more
 * when the worker goes from the bound above them.  A generator keeps its
 * values within the window of the clock, so only a clock set back across a
 * restart leaves a mark further ahead than this.
 */
#define IDGEN_HWM_MAX_LEAD(ahead)	((ahead) + (ahead) / 4 + 1)

/*
 * A slot's clock, in its generator's units (sno.c, siq.c, muid.c,
 * snowflake.c), for the
 * worker: false while the clock reads outside the type's range.
 */
typedef struct IdgenHwmClock
{
	bool		(*now) (uint64 *now);
	uint64		ahead;			/* the window, in the same units */
} IdgenHwmClock;

extern const IdgenHwmClock sno_hwm_clock;
extern const IdgenHwmClock siq_hwm_clock;
extern const IdgenHwmClock muid_hwm_clock;
extern const IdgenHwmClock snowflake_hwm_clock;

/* The most slots a file may hold, this version's and a newer one's */
#define IDGEN_HWM_MAXFILE	64

typedef struct IdgenHwm
{
	LWLock	   *lock;			/* serialises writes; NULL unless preloaded */

	/*
	 * False while the file exists but cannot be trusted (problem says why):
	 * every mark is then zero, so nothing is admitted, and the generators
	 * refuse until the file is repaired or removed.  Set under lock, after
	 * the marks it vouches for.
	 */
	bool		trusted;
	bool		failing;		/* a caller's last write failed (warned once) */
	bool		worker_failing; /* the worker's last write failed (logged once) */
	char		problem[IDGEN_PROBLEM_LEN];
	pg_atomic_uint64 mark[IDGEN_NHWM];	/* on disk: nothing at or above it is
										 * issued */
	uint64		loaded[IDGEN_NHWM]; /* what the file held when it was read */
	uint64		used[IDGEN_NHWM];	/* above every value issued (written under
									 * the generator's own lock) */
	/* Slots a newer version wrote, written back unchanged */
	int			nfile;
	uint64		newer[IDGEN_HWM_MAXFILE - IDGEN_NHWM];
} IdgenHwm;

extern void idgen_hwm_init(IdgenHwm *h);
extern void idgen_hwm_request(void);
extern void idgen_hwm_startup(IdgenHwm *h);
extern void idgen_hwm_advance(IdgenHwm *h, IdgenHwmSlot slot, uint64 value,
							  uint64 now, uint64 ahead, bool wait);
extern bool idgen_hwm_renew(IdgenHwm *h, const bool *in_use);


/*
 * Inside the generator's critical section, before it commits to value: true
 * if value may be issued (and it is then counted as used), false if the mark
 * on disk must first move past it with idgen_hwm_advance(..., true).  Without
 * preloading every mark is the largest uint64, so this always admits.
 */
static inline bool
idgen_hwm_admit(IdgenHwm *h, IdgenHwmSlot slot, uint64 value)
{
	if (unlikely(value >= pg_atomic_read_u64(&h->mark[slot])))
		return false;
	if (value >= h->used[slot])
		h->used[slot] = value + 1;
	return true;
}

/*
 * Is there a mark on disk to cover values ahead of the clock?  Only with
 * idgen preloaded.  Without it nothing remembers, across a restart or a
 * crash, how far the values went, so a generator must not run ahead of the
 * clock at all: a used-up tick waits for the clock to reach the next one.
 */
static inline bool
idgen_hwm_kept(const IdgenHwm *h)
{
	return h->lock != NULL;
}

/*
 * After a restart, before the first value from a restored mark (the unit at
 * the mark is the first free one), with the clock reading now: how many
 * units the clock must still move on before the mark is within the window
 * of it; 0 when the generator may go on at once.
 *
 * A mark is written at most IDGEN_HWM_MAX_LEAD ahead of the clock, more
 * than the window when the values ran at the window's edge.  A server back
 * quickly from a crash then finds the mark up to a quarter of a window
 * further ahead than a value may be, and waits that long (at most 0.3 s)
 * rather than start past the window: the values still go on above the mark,
 * so above every value issued before, and none is more than the window ahead
 * of the clock when it is made.  Marks are never written lower instead,
 * which would need a write for each unit the values move at the edge.  A
 * mark further ahead than any is written means the clock was set back
 * across the restart: that is a step back, which no wait would end soon, and
 * the generator goes on from the mark at once, as after any step back.
 */
static inline uint64
idgen_hwm_catch_up(uint64 mark, uint64 now, uint64 ahead)
{
	if (mark <= now + ahead || mark - now > IDGEN_HWM_MAX_LEAD(ahead))
		return 0;
	return mark - ahead - now;
}

/*
 * After issuing value: is the mark close enough that it is time to move it
 * on (idgen_hwm_advance(..., false)), before any caller has to wait for it?
 */
static inline bool
idgen_hwm_due(IdgenHwm *h, IdgenHwmSlot slot, uint64 value, uint64 ahead)
{
	return value + ahead / 8 >= pg_atomic_read_u64(&h->mark[slot]);
}

#endif							/* IDGEN_HWM_H */
