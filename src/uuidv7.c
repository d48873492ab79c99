/*
 * uuidv7.c
 *	  UUIDv7 on core's uuid (SPEC section 11): the time of a version 7 value
 *	  and the smallest one at a time, and uuids compared with times through
 *	  the shared machinery of idtime.c, whose index conditions (and, on a
 *	  partition key, the comparisons themselves) are core's comparisons of
 *	  uuids with the bounds.  The layout is in ulid.h, and the generator,
 *	  gen_uuidv7(), gen_ulid()'s with a 74-bit random part, in ulid.c.
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "ulid.h"

#include "catalog/pg_type_d.h"
#include "utils/uuid.h"

#define UUIDV7_LEN			16
#define UUIDV7_MAX_MS		((UINT64CONST(1) << 48) - 1)

static const IdgenTimeUnit uuidv7_unit = {0, 1, 1000, UUIDV7_MAX_MS};

static inline bool
uuidv7_is_v7(const uint8 *v)
{
	return (v[6] >> 4) == 7 && (v[8] & 0xC0) == 0x80;
}

/* The millisecond in the first 48 bits, whatever the version */
static TimestampTz
uuidv7_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(be_get(v, 6), &uuidv7_unit);
}

/* The smallest version 7 uuid at a millisecond: rand_a and rand_b zero */
static void
uuidv7_first_at(uint64 ms, uint8 *v)
{
	idgen_ulid_put(v, idgen_uuidv7_pack(ms, 0, 0));
}

/*
 * uuid compared with times: a time compares as uuidv7_from_parts(t), one a
 * millisecond or more before 1970 as below every uuid and one after 10889
 * as above every uuid.  idgen_uuidv7_bound(t) and
 * idgen_uuidv7_bound_before(t) give the planner the uuids to compare with
 * for a time known at run time (see IdgenType).
 */
static const IdgenType uuidv7_type = {
	.name = "uuid",
	.len = UUIDV7_LEN,
	.sigoff = 0,
	.siglen = UUIDV7_LEN,
	.timestamp = uuidv7_timestamp,
	.unit = &uuidv7_unit,
	.first_at = uuidv7_first_at,
	.typid = UUIDOID,
	.boundfn = "idgen_uuidv7_bound",
	.beforefn = "idgen_uuidv7_bound_before",
};

void
uuidv7_node_info(IdgenNodeInfo *info)
{
	info->scope = idgen_monotonic == IDGEN_MONOTONIC_SERVER ? "server" : "backend";
	strlcpy(info->source, "random", sizeof(info->source));
	snprintf(info->node, sizeof(info->node), "none: 74 random bits a millisecond");
}

/* The millisecond of a version 7 uuid (variant 10), NULL for any other */
PG_FUNCTION_INFO_V1(uuidv7_extract_timestamp);
Datum
uuidv7_extract_timestamp(PG_FUNCTION_ARGS)
{
	const uint8 *v = PG_GETARG_UUID_P(0)->data;

	if (!uuidv7_is_v7(v))
		PG_RETURN_NULL();
	PG_RETURN_TIMESTAMPTZ(uuidv7_timestamp(v));
}

/* The smallest version 7 uuid at or after ts: rounded up to the ms */
PG_FUNCTION_INFO_V1(uuidv7_from_parts);
Datum
uuidv7_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ms = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &uuidv7_unit,
											  "uuid");
	pg_uuid_t  *v = palloc0(sizeof(pg_uuid_t));

	uuidv7_first_at(ms, v->data);
	PG_RETURN_UUID_P(v);
}

/*
 * The smallest uuid at or after a time, and the largest before it, for the
 * planner (see uuidv7_type)
 */
PG_FUNCTION_INFO_V1(idgen_uuidv7_bound);
Datum
idgen_uuidv7_bound(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *v = palloc(sizeof(pg_uuid_t));

	idtime_bound_value(fcinfo, &uuidv7_type, PG_GETARG_TIMESTAMPTZ(0), false, v->data);
	PG_RETURN_UUID_P(v);
}

PG_FUNCTION_INFO_V1(idgen_uuidv7_bound_before);
Datum
idgen_uuidv7_bound_before(PG_FUNCTION_ARGS)
{
	pg_uuid_t  *v = palloc(sizeof(pg_uuid_t));

	idtime_bound_value(fcinfo, &uuidv7_type, PG_GETARG_TIMESTAMPTZ(0), true, v->data);
	PG_RETURN_UUID_P(v);
}

IDGEN_TIME_CMP_FUNCTION(uuid, uuidv7_type, lt, PG_RETURN_BOOL(c < 0))
IDGEN_TIME_CMP_FUNCTION(uuid, uuidv7_type, le, PG_RETURN_BOOL(c <= 0))
IDGEN_TIME_CMP_FUNCTION(uuid, uuidv7_type, gt, PG_RETURN_BOOL(c > 0))
IDGEN_TIME_CMP_FUNCTION(uuid, uuidv7_type, ge, PG_RETURN_BOOL(c >= 0))
IDGEN_TIME_CONTAINMENT_FUNCTIONS(uuid, uuidv7_type)
