/*
 * clock.c
 *	  The generator clock's setting and the conversions between PostgreSQL
 *	  timestamps and each type's time units.
 */
#include "clock.h"

#include "common/int.h"

int			idgen_clock_offset_ms = 0;

/*
 * Convert to units of den/num microseconds since the unit's epoch, rounding
 * up, so that a value made from the result is never earlier than ts.  The
 * shift to the unit's epoch is checked (timestamps reach almost to the end
 * of int64), and the division is split so that no product overflows.
 */
uint64
idgen_timestamp_to_units(TimestampTz ts, const IdgenTimeUnit *u, const char *type)
{
	int64		us;
	uint64		q,
				r,
				units;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type %s", type),
				 errdetail("A %s holds only finite timestamps.", type)));

	if (!pg_add_s64_overflow(ts, IDGEN_UNIX_EPOCH_US - u->epoch_us, &us) && us >= 0)
	{
		q = (uint64) us / u->den;
		r = (uint64) us % u->den;
		units = q * u->num + (r * u->num + u->den - 1) / u->den;
		if (q <= u->max_units && units <= u->max_units)
			return units;
	}
	/* timestamptz_to_str() returns a static buffer: copy each result */
	ereport(ERROR,
			(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
			 errmsg("timestamp out of range for type %s", type),
			 errdetail("Timestamp \"%s\" is outside the range a %s can hold (%s to %s).",
					   pstrdup(timestamptz_to_str(ts)), type,
					   pstrdup(timestamptz_to_str(idgen_units_to_timestamp(0, u))),
					   pstrdup(timestamptz_to_str(idgen_units_to_timestamp(u->max_units, u))))));
	pg_unreachable();
}

TimestampTz
idgen_units_to_timestamp(uint64 units, const IdgenTimeUnit *u)
{
	uint64		q = units / u->num;
	uint64		r = units % u->num;

	return (TimestampTz) (q * u->den + r * u->den / u->num) +
		u->epoch_us - IDGEN_UNIX_EPOCH_US;
}

