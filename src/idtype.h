/*
 * idtype.h
 *	  The type descriptor, and the single implementation of I/O, comparison,
 *	  hashing, sort support, BRIN distance and casts (idtype.c) and of the
 *	  comparisons with times (idtime.c) behind every idgen type, which
 *	  IDGEN_TYPE_FUNCTIONS gives each type.
 */
#ifndef IDGEN_IDTYPE_H
#define IDGEN_IDTYPE_H

#include "postgres.h"

#include "clock.h"
#include "idtext.h"
#include "fmgr.h"
#include "utils/timestamp.h"

/*
 * A type.  Every value is stored in len bytes, big-endian, so that memcmp
 * order is the type's order; its significant bytes are the siglen bytes from
 * sigoff on (siq keeps two zero bytes in front of its 14).
 */
#define IDGEN_TEXT_LEN		IDTEXT_LEN
#define IDGEN_DETAIL_LEN	IDTEXT_DETAIL_LEN
#define IDGEN_MAX_LEN		16

typedef struct IdgenType
{
	const char *name;			/* SQL type name */
	int			len;			/* stored bytes */
	int			sigoff;			/* first significant byte */
	int			siglen;			/* significant bytes: binary I/O, bytea */
	bool		uuid_v8;		/* uuid cast packs the bits into a UUIDv8 */

	/*
	 * Parse text, or check bytes made by a binary path (NULL where every
	 * value of len bytes is valid): see idtext.h.
	 */
	IdtextResult (*parse) (const char *str, uint8 *val, char *detail);
	bool		(*check) (const uint8 *val, char *detail);
	/* Canonical text, NUL-terminated */
	void		(*format) (const uint8 *val, char *buf);
	TimestampTz (*timestamp) (const uint8 *val);

	/*
	 * Time: the type's units, and the smallest value at a unit count (what
	 * T_from_parts(ts) gives for every ts that rounds up to it), written into
	 * len zeroed bytes
	 */
	const IdgenTimeUnit *unit;
	void		(*first_at) (uint64 units, uint8 *val);

	/*
	 * A core type (uuid), whose btree family idgen leaves as it is: its OID,
	 * else InvalidOid (the type is found by name in the extension's schema).
	 * A time then compares as its bound, the value first_at gives; one
	 * before the first tick or after the last is below or above every value,
	 * the smallest and largest too.  The index conditions of comparisons
	 * with times (and, on a partition key, the comparisons themselves) are
	 * comparisons with the family's own operators: with the bound of a
	 * constant time, and with boundfn(t), the SQL function giving the bound
	 * (the smallest or largest value outside the range), for a time known at
	 * run time, where they hold for the largest value too and the operator
	 * stays beside them; beforefn(t) gives the largest value below the
	 * bound (the largest value after the last tick, the smallest before the
	 * first), for the upper side, which then holds for the smallest value
	 * too.
	 */
	Oid			typid;
	const char *boundfn;
	const char *beforefn;
} IdgenType;

/* Soft errors arrived in PostgreSQL 16; before that they are hard. */
#if PG_VERSION_NUM < 160000
#define ereturn(context, dummy_value, ...) \
	do { ereport(ERROR, __VA_ARGS__); return dummy_value; } while (0)
#endif

/* One implementation of each per-type function (idtype.c) */
extern Datum idtype_in(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_out(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_recv(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_send(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_is_valid(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_to_bytea(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_from_bytea(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_to_uuid(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_from_uuid(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_sortsupport(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_hash(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_hash_extended(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtype_distance(FunctionCallInfo fcinfo, const IdgenType *t);

/*
 * Ids compared with times, and their planner support (idtime.c).  A time
 * sits just before the ids made at that time: before the smallest id whose
 * timestamp is at or after it, or below or above every id when it lies
 * outside the type's range.
 */
typedef struct IdtimeBound
{
	const IdgenType *type;		/* the type, where a cache slot holds it */
	TimestampTz ts;
	int			place;			/* -1 below every id, 1 above, 0 before val */
	uint8		val[IDGEN_MAX_LEN]; /* the smallest id at or after ts */
} IdtimeBound;

extern const IdtimeBound *idtime_bound_slow(FunctionCallInfo fcinfo, const IdgenType *t,
											TimestampTz ts);
extern void idtime_bound_value(FunctionCallInfo fcinfo, const IdgenType *t, TimestampTz ts,
							   bool before, uint8 *val);
extern Datum idtime_contained_by(FunctionCallInfo fcinfo, const IdgenType *t,
								 int idarg);
extern Datum idtime_contained_by_multirange(FunctionCallInfo fcinfo, const IdgenType *t,
											int idarg);
extern Datum idtime_support(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtime_range_sel(FunctionCallInfo fcinfo, const IdgenType *t);
extern Datum idtime_cmp_sel(FunctionCallInfo fcinfo, const IdgenType *t);

static inline int
idtype_cmp(const IdgenType *t, Datum a, Datum b)
{
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), t->len);
}

/*
 * Compare an id with a time: 1 when the id is after it, -1 when before,
 * never 0.  A time outside the type's range is below or above every id,
 * the nil and max uuids included (its bound is only where the planner's
 * comparisons start).  The time's place, once found, stays in a slot the
 * call's FmgrInfo points to, as long as no other time takes the slot.
 */
static inline int
idtime_cmp(FunctionCallInfo fcinfo, const IdgenType *t, Datum id, TimestampTz ts)
{
	const IdtimeBound *b = fcinfo->flinfo != NULL ?
		(const IdtimeBound *) fcinfo->flinfo->fn_extra : NULL;

	if (unlikely(b == NULL || b->ts != ts || b->type != t))
		b = idtime_bound_slow(fcinfo, t, ts);
	if (b->place != 0)
		return -b->place;
	return memcmp(DatumGetPointer(id), b->val, t->len) >= 0 ? 1 : -1;
}

/*
 * The SQL-callable functions of type T with descriptor DESC: each is one
 * line into the shared implementation above.
 */
#define IDGEN_CMP_FUNCTION(T, DESC, OP, EXPR) \
	PG_FUNCTION_INFO_V1(T##_##OP); \
	Datum T##_##OP(PG_FUNCTION_ARGS) \
	{ \
		int			c = idtype_cmp(&DESC, PG_GETARG_DATUM(0), PG_GETARG_DATUM(1)); \
		EXPR; \
	}
#define IDGEN_TIME_CMP_FUNCTION(T, DESC, OP, EXPR) \
	PG_FUNCTION_INFO_V1(T##_##OP##_timestamptz); \
	Datum T##_##OP##_timestamptz(PG_FUNCTION_ARGS) \
	{ \
		int			c = idtime_cmp(fcinfo, &DESC, PG_GETARG_DATUM(0), PG_GETARG_TIMESTAMPTZ(1)); \
		EXPR; \
	} \
	PG_FUNCTION_INFO_V1(timestamptz_##OP##_##T); \
	Datum timestamptz_##OP##_##T(PG_FUNCTION_ARGS) \
	{ \
		int			c = -idtime_cmp(fcinfo, &DESC, PG_GETARG_DATUM(1), PG_GETARG_TIMESTAMPTZ(0)); \
		EXPR; \
	}
/* Containment in times, the planner support and the estimators */
#define IDGEN_TIME_CONTAINMENT_FUNCTIONS(T, DESC) \
	PG_FUNCTION_INFO_V1(T##_contained_by_tstzrange); \
	Datum T##_contained_by_tstzrange(PG_FUNCTION_ARGS) { return idtime_contained_by(fcinfo, &DESC, 0); } \
	PG_FUNCTION_INFO_V1(tstzrange_contains_##T); \
	Datum tstzrange_contains_##T(PG_FUNCTION_ARGS) { return idtime_contained_by(fcinfo, &DESC, 1); } \
	PG_FUNCTION_INFO_V1(T##_contained_by_tstzmultirange); \
	Datum T##_contained_by_tstzmultirange(PG_FUNCTION_ARGS) { return idtime_contained_by_multirange(fcinfo, &DESC, 0); } \
	PG_FUNCTION_INFO_V1(tstzmultirange_contains_##T); \
	Datum tstzmultirange_contains_##T(PG_FUNCTION_ARGS) { return idtime_contained_by_multirange(fcinfo, &DESC, 1); } \
	PG_FUNCTION_INFO_V1(T##_time_support); \
	Datum T##_time_support(PG_FUNCTION_ARGS) { return idtime_support(fcinfo, &DESC); } \
	PG_FUNCTION_INFO_V1(T##_tstzrange_sel); \
	Datum T##_tstzrange_sel(PG_FUNCTION_ARGS) { return idtime_range_sel(fcinfo, &DESC); } \
	PG_FUNCTION_INFO_V1(T##_time_sel); \
	Datum T##_time_sel(PG_FUNCTION_ARGS) { return idtime_cmp_sel(fcinfo, &DESC); }

#define IDGEN_FUNCTION(T, DESC, NAME) \
	PG_FUNCTION_INFO_V1(T##_##NAME); \
	Datum T##_##NAME(PG_FUNCTION_ARGS) { return idtype_##NAME(fcinfo, &DESC); }

#define IDGEN_TYPE_FUNCTIONS(T, DESC) \
	IDGEN_FUNCTION(T, DESC, in) \
	IDGEN_FUNCTION(T, DESC, out) \
	IDGEN_FUNCTION(T, DESC, recv) \
	IDGEN_FUNCTION(T, DESC, send) \
	IDGEN_FUNCTION(T, DESC, is_valid) \
	IDGEN_FUNCTION(T, DESC, to_bytea) \
	IDGEN_FUNCTION(T, DESC, from_bytea) \
	IDGEN_FUNCTION(T, DESC, to_uuid) \
	IDGEN_FUNCTION(T, DESC, from_uuid) \
	IDGEN_FUNCTION(T, DESC, sortsupport) \
	IDGEN_FUNCTION(T, DESC, hash) \
	IDGEN_FUNCTION(T, DESC, hash_extended) \
	IDGEN_FUNCTION(T, DESC, distance) \
	IDGEN_CMP_FUNCTION(T, DESC, cmp, PG_RETURN_INT32((c > 0) - (c < 0))) \
	IDGEN_CMP_FUNCTION(T, DESC, eq, PG_RETURN_BOOL(c == 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, ne, PG_RETURN_BOOL(c != 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, lt, PG_RETURN_BOOL(c < 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, le, PG_RETURN_BOOL(c <= 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, gt, PG_RETURN_BOOL(c > 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, ge, PG_RETURN_BOOL(c >= 0)) \
	IDGEN_CMP_FUNCTION(T, DESC, smaller, PG_RETURN_DATUM(c <= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1))) \
	IDGEN_CMP_FUNCTION(T, DESC, larger, PG_RETURN_DATUM(c >= 0 ? PG_GETARG_DATUM(0) : PG_GETARG_DATUM(1))) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, cmp, PG_RETURN_INT32(c)) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, eq, PG_RETURN_BOOL(c == 0)) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, lt, PG_RETURN_BOOL(c < 0)) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, le, PG_RETURN_BOOL(c <= 0)) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, gt, PG_RETURN_BOOL(c > 0)) \
	IDGEN_TIME_CMP_FUNCTION(T, DESC, ge, PG_RETURN_BOOL(c >= 0)) \
	IDGEN_TIME_CONTAINMENT_FUNCTIONS(T, DESC) \
	PG_FUNCTION_INFO_V1(T##_extract_timestamp); \
	Datum T##_extract_timestamp(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_TIMESTAMPTZ(DESC.timestamp((const uint8 *) PG_GETARG_POINTER(0))); \
	}

/* Raise 22003 (or sqlstate) unless min <= value <= max */
extern void idgen_check_range_code(int64 value, int64 min, int64 max,
								   const char *type, const char *field, int sqlstate);

/* Inline, as generators check their arguments at every call */
static inline void
idgen_check_range(int64 value, int64 min, int64 max, const char *type, const char *field)
{
	if (unlikely(value < min || value > max))
		idgen_check_range_code(value, min, max, type, field,
							   ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE);
}

/* Write a detail naming the character at byte offset pos of str, in any encoding */
extern void idgen_bad_char_detail(char *detail, const char *str, int pos);

#endif							/* IDGEN_IDTYPE_H */
