/*
 * clock.h
 *	  Time: each type's time units and their conversion from and to
 *	  PostgreSQL timestamps (clock.c), and the generator clock.
 */
#ifndef IDGEN_CLOCK_H
#define IDGEN_CLOCK_H

#include "postgres.h"

#include <time.h>

#include "utils/timestamp.h"

/*
 * The longest single sleep of a generator that waits for the clock, so that
 * a cancel is seen promptly
 */
#define IDGEN_SLEEP_MAX_US	10000

/*
 * Timestamps.  A type counts time in units of den/num microseconds since an
 * epoch given in Unix microseconds (wiji: 1/1 from 1970; sno: 4000/1 from
 * 2010; siq: 1000000/65536 from 1970).
 */
#define IDGEN_UNIX_EPOCH_US \
	((int64) (POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * USECS_PER_DAY)

typedef struct IdgenTimeUnit
{
	int64		epoch_us;		/* Unix microseconds of unit 0 */
	uint64		num;
	uint64		den;
	uint64		max_units;		/* largest unit count the type can hold */
} IdgenTimeUnit;

/*
 * Where ts falls among the unit counts: 0 with *units the first unit at or
 * after ts (rounded up), -1 when that comes before the first, 1 after the
 * last
 */
extern int	idgen_timestamp_place(TimestampTz ts, const IdgenTimeUnit *u,
								  uint64 *units);

/* The unit count at or after ts (rounded up); 22008 outside the range */
extern uint64 idgen_timestamp_to_units(TimestampTz ts, const IdgenTimeUnit *u,
									   const char *type);
extern uint64 idgen_timestamp_to_units_code(TimestampTz ts, const IdgenTimeUnit *u,
											const char *type, int sqlstate);
/* The timestamp of a unit count, floored to microseconds */
extern TimestampTz idgen_units_to_timestamp(uint64 units, const IdgenTimeUnit *u);

/*
 * The generator clock: the real-time clock shifted by idgen.clock_offset
 * (a testing aid that only superusers can set).
 */
extern int	idgen_clock_offset_ms;

static inline int64
idgen_clock_ns(void)
{
	/*
	 * static, as a backend has one thread: a local whose address is taken
	 * would cost every generator call the stack protector's check
	 */
	static struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64) ts.tv_sec * 1000000000 + ts.tv_nsec +
		(int64) idgen_clock_offset_ms * 1000000;
}

static inline int64
idgen_clock_us(void)
{
	return idgen_clock_ns() / 1000;
}

#endif							/* IDGEN_CLOCK_H */
