/*
 * clock.c
 *	  The generator clock's setting and the conversions between PostgreSQL
 *	  timestamps and each type's time units.
 */
#include "clock.h"

#include "common/int.h"

int			idgen_clock_offset_ms = 0;

/*
 * Where ts falls among a type's unit counts, without raising: 0 with *units
 * the first unit at or after ts (rounded up, so that a value made from it is
 * never earlier than ts), -1 when that would come before unit 0 (-infinity
 * included), 1 when after the last unit (infinity included).  The range is
 * checked after rounding: a time less than a unit before unit 0 is unit 0's.
 * The shift to the unit's epoch is checked (timestamps reach almost to the
 * end of int64), and the division is split so that no product overflows.
 */
int
idgen_timestamp_place(TimestampTz ts, const IdgenTimeUnit *u, uint64 *units)
{
	int64		us;
	uint64		q,
				r;

	if (TIMESTAMP_IS_NOBEGIN(ts))
		return -1;
	if (TIMESTAMP_IS_NOEND(ts))
		return 1;
	if (pg_add_s64_overflow(ts, IDGEN_UNIX_EPOCH_US - u->epoch_us, &us))
		return ts < 0 ? -1 : 1;
	if (us < 0)
	{
		uint64		before = (uint64) 0 - (uint64) us;

		/* rounded up to unit 0 unless a whole unit or more before it */
		if (before >= u->den || before * u->num >= u->den)
			return -1;
		*units = 0;
		return 0;
	}
	q = (uint64) us / u->den;
	r = (uint64) us % u->den;
	if (q > u->max_units)
		return 1;
	*units = q * u->num + (r * u->num + u->den - 1) / u->den;
	return *units <= u->max_units ? 0 : 1;
}

/* The unit count at or after ts, as idgen_timestamp_place(); 22008 outside */
uint64
idgen_timestamp_to_units(TimestampTz ts, const IdgenTimeUnit *u, const char *type)
{
	return idgen_timestamp_to_units_code(ts, u, type, ERRCODE_DATETIME_VALUE_OUT_OF_RANGE);
}

/* The same, with the SQLSTATE sqlstate outside */
uint64
idgen_timestamp_to_units_code(TimestampTz ts, const IdgenTimeUnit *u, const char *type,
							  int sqlstate)
{
	uint64		units = 0;

	if (TIMESTAMP_NOT_FINITE(ts))
		ereport(ERROR,
				(errcode(sqlstate),
				 errmsg("timestamp out of range for type %s", type),
				 errdetail("A %s holds only finite timestamps.", type)));

	if (idgen_timestamp_place(ts, u, &units) == 0)
		return units;
	/* timestamptz_to_str() returns a static buffer: copy each result */
	ereport(ERROR,
			(errcode(sqlstate),
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

