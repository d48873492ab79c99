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
#include "storage/lwlock.h"
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
 * Generators, for statistics.  Each backend counts the ids it makes in local
 * memory and adds them to the server's totals when its transaction ends, so
 * that counting touches no shared cache line per id; rare events go straight
 * to shared atomics.
 */
typedef enum IdgenGenerator
{
	IDGEN_GEN_WIJI,
	IDGEN_GEN_SNO,
	IDGEN_GEN_SIQ,
	IDGEN_GEN_MUID,
	IDGEN_GEN_ULID,
	IDGEN_NGENERATORS
} IdgenGenerator;

/* Server-wide wiji sequencer (idgen.monotonic = server) */
typedef struct IdgenWijiState
{
	int64		last_us;		/* timestamp of the last value */
	uint32		sequence;		/* sequence of the last value */
	int64		last_clock;		/* last clock reading, to see regressions */
	uint64		node;
	bool		has_node;
} IdgenWijiState;

/*
 * A ulid generator (ulid.c): the millisecond of the last value and its 80
 * random bits, which count up within the millisecond.  One per backend, and
 * one for the server (idgen.monotonic = server).
 */
#define ULID_RANDOM_LEN		10

typedef struct IdgenUlidState
{
	uint64		ms;				/* millisecond of the last value */
	uint64		last_clock;		/* the last clock reading, to see regressions */
	uint8		random[ULID_RANDOM_LEN];	/* random part of the last value */
} IdgenUlidState;

/*
 * The server-wide sno sequencer (sno.c).  hi[b] is the highest 4 ms unit
 * used with tick-tock bit b; the sequence and the configuration belong to
 * unit hi[bit], captured when that unit began.
 */
typedef struct IdgenSnoState
{
	uint64		hi[2];			/* highest unit used with each tick-tock bit */
	uint32		seq;			/* next sequence in unit hi[bit] */
	uint32		seq_max;		/* the unit's last sequence */
	uint16		partition;		/* the unit's partition */
	uint8		bit;			/* the current tick-tock bit */
	bool		started;		/* restored from the high-water mark */
} IdgenSnoState;

/*
 * The server-wide siq sequencer (siq.c): the tick (1/65536 s) in use, the
 * next serial of each kind in it, and the node fields captured when the
 * tick began, so that every value of one tick has one configuration.
 */
#define SIQ_NKINDS			15

typedef struct IdgenSiqState
{
	uint64		tick;			/* every value issued is at or below it */
	uint64		last_clock;		/* the last clock reading, to see regressions */
	uint32		next[SIQ_NKINDS];	/* next serial of each kind in tick */
	uint32		domain_hash;	/* the tick's node fields */
	uint8		shard;
	bool		started;		/* restored from the high-water mark */
} IdgenSiqState;

/*
 * The server-wide muid sequencer (muid.c): the timestamp of the latest
 * transaction bundle; each new bundle takes a later one.
 */
typedef struct IdgenMuidState
{
	uint64		last;			/* the latest bundle's timestamp, in us */
	uint64		last_clock;		/* the last clock reading, to see regressions */
	bool		started;		/* restored from the high-water mark */
} IdgenMuidState;

/*
 * High-water marks on disk (hwm.c), for the server-wide generators when
 * idgen is preloaded.  A generator has one or more slots, each counting in
 * the generator's own time units; it issues a value only below its slot's
 * mark, which is on disk before it is in shared memory, and after a restart
 * or crash it starts from no earlier than the mark it finds.  Append new
 * slots at the end: the file keeps slots by position.
 */
typedef enum IdgenHwmSlot
{
	IDGEN_HWM_SNO_TICK,			/* sno, tick-tock bit 0 */
	IDGEN_HWM_SNO_TOCK,			/* sno, tick-tock bit 1 */
	IDGEN_HWM_SIQ,				/* siq, in 1/65536 s */
	IDGEN_HWM_MUID,				/* muid transactions, in microseconds */
	IDGEN_NHWM
} IdgenHwmSlot;

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
	char		problem[IDGEN_DETAIL_LEN];
	pg_atomic_uint64 mark[IDGEN_NHWM];	/* on disk: nothing at or above it is
										 * issued */
	uint64		loaded[IDGEN_NHWM]; /* what the file held when it was read */
	uint64		used[IDGEN_NHWM];	/* above every value issued (written under
									 * the generator's own lock) */
	/* Slots a newer version wrote, written back unchanged */
	int			nfile;
	uint64		newer[IDGEN_HWM_MAXFILE - IDGEN_NHWM];
} IdgenHwm;

/*
 * The server-wide state: a few hundred bytes.  Each sequencer, written on
 * every call, has cache lines of its own, so that one generator's traffic
 * does not slow another's.
 */
typedef struct IdgenShared
{
	slock_t		wiji_lock;
	IdgenWijiState wiji;
	char		pad_wiji[PG_CACHE_LINE_SIZE];
	slock_t		sno_lock;
	IdgenSnoState sno;
	char		pad_sno[PG_CACHE_LINE_SIZE];
	slock_t		siq_lock;
	IdgenSiqState siq;
	char		pad_siq[PG_CACHE_LINE_SIZE];
	slock_t		muid_lock;
	IdgenMuidState muid;
	char		pad_muid[PG_CACHE_LINE_SIZE];
	slock_t		ulid_lock;
	IdgenUlidState ulid;
	char		pad_ulid[PG_CACHE_LINE_SIZE];
	IdgenHwm	hwm;

	pg_atomic_uint64 generated[IDGEN_NGENERATORS];
	pg_atomic_uint64 clock_regressions[IDGEN_NGENERATORS];
	pg_atomic_uint64 overflow_waits[IDGEN_NGENERATORS];
} IdgenShared;

/*
 * The server-wide state, made at server start when preloaded, else attached
 * on first use (shmem.c).
 */
extern IdgenShared *idgen_shared_ptr;
extern IdgenShared *idgen_shared_attach(void);

static inline IdgenShared *
idgen_shared(void)
{
	return likely(idgen_shared_ptr != NULL) ? idgen_shared_ptr : idgen_shared_attach();
}

/* This backend's ids not yet added to the totals (shmem.c) */
extern uint64 idgen_pending[IDGEN_NGENERATORS];
extern bool idgen_pending_any;
extern void idgen_pending_begin(void);

/* Count one generated id */
static inline void
idgen_count(IdgenGenerator g)
{
	if (unlikely(!idgen_pending_any))
		idgen_pending_begin();
	idgen_pending[g]++;
}

static inline void
idgen_count_event(pg_atomic_uint64 *counters, IdgenGenerator g)
{
	pg_atomic_fetch_add_u64(&counters[g], 1);
}

extern void idgen_shmem_request(void);
extern void idgen_shmem_startup(void);

/* Is idgen in shared_preload_libraries (idgen.c)? */
extern bool idgen_preloaded;

/* High-water marks (hwm.c) */
extern void idgen_hwm_init(IdgenHwm *h);
extern void idgen_hwm_request(void);
extern void idgen_hwm_startup(IdgenHwm *h);
extern void idgen_hwm_advance(IdgenHwm *h, IdgenHwmSlot slot, uint64 value,
							  uint64 ahead, bool wait);

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
 * After issuing value: is the mark close enough that it is time to move it
 * on (idgen_hwm_advance(..., false)), before any caller has to wait for it?
 */
static inline bool
idgen_hwm_due(IdgenHwm *h, IdgenHwmSlot slot, uint64 value, uint64 ahead)
{
	return value + ahead / 2 >= pg_atomic_read_u64(&h->mark[slot]);
}

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
extern char *idgen_siq_domain;
extern int	idgen_siq_local_id;
extern int	idgen_siq_shard;
extern bool idgen_siq_domain_changed;
extern char *idgen_muid_medallion;
extern int64 idgen_muid_medallion_value;	/* -1: derive it */

/*
 * What idgen_stats() shows of a generator's node fields.  Each generator
 * fills one in (wiji.c, sno.c).
 */
typedef struct IdgenNodeInfo
{
	const char *scope;			/* "backend" or "server" */
	char		source[96];		/* "setting", "random" or "derived from ..." */
	char		node[IDGEN_TEXT_LEN];
} IdgenNodeInfo;

extern void wiji_node_info(IdgenNodeInfo *info);
extern void sno_node_info(IdgenNodeInfo *info);
extern void siq_node_info(IdgenNodeInfo *info);
extern void muid_node_info(IdgenNodeInfo *info);
extern void ulid_node_info(IdgenNodeInfo *info);

/* Write a detail naming the character at byte offset pos of str */
extern void idgen_bad_char_detail(char *detail, const char *str, int pos);

/*
 * Node fields for an unset setting: the system identifier and the timeline,
 * hashed to nbits bits; 55000 (with a hint to set setting) in recovery.
 */
extern uint64 idgen_derived_node(const char *setting, int nbits, uint32 salt);
/* Say what derived fields come from; false in recovery, where there are none */
extern bool idgen_derived_source(IdgenNodeInfo *info);

#endif							/* IDGEN_H */
