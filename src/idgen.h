/*
 * idgen.h
 *	  Declarations shared by every idgen type: the type descriptor and the
 *	  single implementation of I/O, comparison, hashing, sort support, BRIN
 *	  distance and casts behind it; timestamps; the generator clock; shared
 *	  memory and statistics; settings.
 */
#ifndef IDGEN_H
#define IDGEN_H

#include "postgres.h"

#include <time.h>

#include "codec.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "port/atomics.h"
#include "storage/spin.h"
#include "utils/timestamp.h"

/*
 * A type.  Every value is stored in len bytes, big-endian, so that memcmp
 * order is the type's order; its significant bytes are the siglen bytes from
 * sigoff on (siq keeps two zero bytes in front of its 14).
 */
#define IDGEN_TEXT_LEN		64		/* room for any canonical text */
#define IDGEN_DETAIL_LEN	160		/* room for any error detail */
#define IDGEN_MAX_LEN		16

typedef struct IdgenType
{
	const char *name;			/* SQL type name */
	int			len;			/* stored bytes */
	int			sigoff;			/* first significant byte */
	int			siglen;			/* significant bytes: binary I/O, bytea */
	bool		uuid_v8;		/* uuid cast packs the bits into a UUIDv8 */

	/*
	 * Parse text, or check bytes made by a binary path.  On failure, write a
	 * sentence for errdetail into detail and return false.
	 */
	bool		(*parse) (const char *str, uint8 *val, char *detail);
	bool		(*check) (const uint8 *val, char *detail);
	/* Canonical text, NUL-terminated */
	void		(*format) (const uint8 *val, char *buf);
	TimestampTz (*timestamp) (const uint8 *val);
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

/* Raise 22P03 for bytes that a binary path received, if they are invalid */
extern void idtype_check_binary(const IdgenType *t, const uint8 *val);
/* Canonical text of a value, palloc'd */
extern char *idtype_text(const IdgenType *t, const uint8 *val);

static inline int
idtype_cmp(const IdgenType *t, Datum a, Datum b)
{
	return memcmp(DatumGetPointer(a), DatumGetPointer(b), t->len);
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
	PG_FUNCTION_INFO_V1(T##_extract_timestamp); \
	Datum T##_extract_timestamp(PG_FUNCTION_ARGS) \
	{ \
		PG_RETURN_TIMESTAMPTZ(DESC.timestamp((const uint8 *) PG_GETARG_POINTER(0))); \
	}

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

/* The unit count at or after ts (rounded up); 22008 outside the range */
extern uint64 idgen_timestamp_to_units(TimestampTz ts, const IdgenTimeUnit *u,
									   const char *type);
/* The timestamp of a unit count, floored to microseconds */
extern TimestampTz idgen_units_to_timestamp(uint64 units, const IdgenTimeUnit *u);

/* Raise 22003 unless min <= value <= max */
extern void idgen_check_range(int64 value, int64 min, int64 max,
							  const char *type, const char *field);

/*
 * The generator clock: the real-time clock shifted by idgen.clock_offset
 * (a testing aid that only superusers can set).
 */
extern int	idgen_clock_offset_ms;

static inline int64
idgen_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64) ts.tv_sec * 1000000000 + ts.tv_nsec +
		(int64) idgen_clock_offset_ms * 1000000;
}

static inline int64
idgen_clock_us(void)
{
	return idgen_clock_ns() / 1000;
}

/* Fill buf with CSPRNG bytes, or raise an error */
extern void idgen_random(void *buf, size_t len);

/*
 * Generators, for statistics.  Each backend counts the ids it makes in its
 * own slot of shared memory (no shared atomic on the hot path); rare events
 * go to shared atomics.
 */
typedef enum IdgenGenerator
{
	IDGEN_GEN_WIJI,
	IDGEN_NGENERATORS
} IdgenGenerator;

typedef struct IdgenBackendCounts
{
	pg_atomic_uint64 generated[IDGEN_NGENERATORS];
} IdgenBackendCounts;

/* Server-wide wiji sequencer (idgen.monotonic = server) */
typedef struct IdgenWijiState
{
	int64		last_us;		/* timestamp of the last value */
	uint32		sequence;		/* sequence of the last value */
	int64		last_clock;		/* last clock reading, to see regressions */
	uint64		node;
	bool		has_node;
} IdgenWijiState;

typedef struct IdgenShared
{
	slock_t		wiji_lock;
	IdgenWijiState wiji;

	pg_atomic_uint64 clock_regressions[IDGEN_NGENERATORS];
	pg_atomic_uint64 overflow_waits[IDGEN_NGENERATORS];
	pg_atomic_uint64 generated_unslotted[IDGEN_NGENERATORS];
	int			nslots;
	IdgenBackendCounts slots[FLEXIBLE_ARRAY_MEMBER];
} IdgenShared;

/*
 * The server-wide state, attached by each backend on first use (shmem.c).
 * A preloaded server's postmaster made it already, but the backend still has
 * to find its own statistics slot.
 */
extern IdgenShared *idgen_shared_ptr;
extern IdgenBackendCounts *idgen_my_counts;
extern int	idgen_attached_pid;
extern void idgen_shared_attach(void);

static inline IdgenShared *
idgen_shared(void)
{
	if (unlikely(idgen_attached_pid != MyProcPid))
		idgen_shared_attach();
	return idgen_shared_ptr;
}

/* Count one generated id: a plain store into this backend's own slot */
static inline void
idgen_count(IdgenGenerator g)
{
	pg_atomic_uint64 *c;

	(void) idgen_shared();
	if (likely(idgen_my_counts))
	{
		c = &idgen_my_counts->generated[g];
		pg_atomic_write_u64(c, pg_atomic_read_u64(c) + 1);
	}
	else
		pg_atomic_fetch_add_u64(&idgen_shared_ptr->generated_unslotted[g], 1);
}

static inline void
idgen_count_event(pg_atomic_uint64 *counters, IdgenGenerator g)
{
	pg_atomic_fetch_add_u64(&counters[g], 1);
}

extern void idgen_shmem_request(void);
extern void idgen_shmem_startup(void);

/* Settings (idgen.c) */
typedef enum IdgenMonotonic
{
	IDGEN_MONOTONIC_BACKEND,
	IDGEN_MONOTONIC_SERVER
} IdgenMonotonic;

extern int	idgen_monotonic;
extern int	idgen_sno_partition;
extern int	idgen_sno_sequence_min;
extern int	idgen_sno_sequence_max;

/*
 * What idgen_stats() shows of a generator's node fields.  Each generator
 * fills one in (wiji.c, sno.c).
 */
typedef struct IdgenNodeInfo
{
	const char *scope;			/* "backend" or "server" */
	const char *source;			/* "setting", "derived" or "random" */
	char		node[IDGEN_TEXT_LEN];
} IdgenNodeInfo;

extern void wiji_node_info(IdgenNodeInfo *info);

/* Write a detail naming the character at byte offset pos of str */
extern void idgen_bad_char_detail(char *detail, const char *str, int pos);

/* Raise 55000 if node fields derived from the system identifier are unsafe */
extern void idgen_check_derived_node(const char *setting);
/* The cluster's system identifier, hashed to nbits bits */
extern uint64 idgen_derived_node(int nbits, uint32 salt);

#endif							/* IDGEN_H */
