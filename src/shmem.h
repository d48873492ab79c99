/*
 * shmem.h
 *	  The server-wide state in shared memory (shmem.c): one sequencer per
 *	  generator, the high-water marks, the node identity, and the
 *	  statistics.
 */
#ifndef IDGEN_SHMEM_H
#define IDGEN_SHMEM_H

#include "postgres.h"

#include "port/atomics.h"
#include "storage/spin.h"

#include "hwm.h"
#include "node.h"
#include "worker.h"

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
	IDGEN_GEN_UUIDV7,
	IDGEN_GEN_SNOWFLAKE,
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
 * A ulid generator (ulid.c), which gen_uuidv7() is too: the millisecond of
 * the last value and its random bits (80 for ulid, 74 for uuid), which count
 * up within the millisecond.  One per backend, and one for the server
 * (idgen.monotonic = server).
 */
#define ULID_RANDOM_LEN		10

typedef struct IdgenUlidState
{
	uint64		ms;				/* millisecond of the last value */
	uint64		last_clock;		/* the last clock reading, to see regressions */
	/* random part of the last value: its bits above the low 64, and those */
	uint64		rand_hi;
	uint64		rand_lo;
} IdgenUlidState;

/* The sno node settings in force (sno.c) */
typedef struct IdgenSnoSettings
{
	uint16		partition;
	uint32		seq_min;
	uint32		seq_max;
} IdgenSnoSettings;

/*
 * The server-wide sno sequencer (sno.c).  hi[b] is the highest 4 ms unit
 * used with tick-tock bit b; seq is the next sequence in unit hi[bit], made
 * with the settings in force.
 */
typedef struct IdgenSnoState
{
	uint64		hi[2];			/* highest unit used with each tick-tock bit */
	uint32		seq;			/* next sequence in unit hi[bit] */
	IdgenSnoSettings set;		/* the settings of unit hi[bit] */
	uint8		bit;			/* the current tick-tock bit */
	bool		closed;			/* unit hi[bit] takes no more values */
	bool		ahead;			/* hi[bit] was restored ahead of the clock */
	bool		started;		/* restored from the high-water mark */
} IdgenSnoState;

/*
 * A server-wide tick sequencer (tickseq.c): the tick in use, and the node
 * fields captured when the tick began, so that every value of one tick has
 * one configuration; the generator's state follows it with the next serial
 * of each of its counters in the tick.
 */
typedef struct IdgenTickState
{
	uint64		tick;			/* every value issued is at or below it */
	uint64		last_clock;		/* the last clock reading, to see regressions */
	uint64		node;			/* the node fields in force, packed */
	uint64		paced_clock;	/* the clock reading when the last tick more
								 * than the lead ahead of it was taken */
	bool		closed;			/* tick takes no more values */
	bool		started;		/* restored from the high-water mark */
} IdgenTickState;

/* The siq sequencer (siq.c): ticks of 1/65536 s, a counter per kind */
#define SIQ_NKINDS			15

typedef struct IdgenSiqState
{
	IdgenTickState seq;
	uint32		next[SIQ_NKINDS];	/* next serial of each kind in tick */
} IdgenSiqState;

/* The snowflake sequencer (snowflake.c): ticks of 1 ms, one counter */
typedef struct IdgenSnowflakeState
{
	IdgenTickState seq;
	uint32		next;			/* next sequence in tick */
} IdgenSnowflakeState;

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
 * The node identity (nodeid.c): the timeline and copy that derived node
 * fields come from, decided once per server lifetime, out of recovery, and
 * published only once the record on disk says the same.
 */
typedef struct IdgenNodeIdentity
{
	LWLock		lock;			/* serialises the decision and the record's
								 * writes */
	bool		decided;
	uint32		timeline;
	uint64		copy;
} IdgenNodeIdentity;

/*
 * The layout of the structs in this file: a new number with any change to
 * them.  Not preloaded, a session that loads a build installed under a
 * running server finds the state an older build made; it must refuse it
 * rather than read it as its own (PostgreSQL refuses a change of size, but
 * not a change of meaning).  t/033_other_build.pl builds with another.
 */
#ifndef IDGEN_SHMEM_LAYOUT
#define IDGEN_SHMEM_LAYOUT	3
#endif

/*
 * The server-wide state: a few hundred bytes.  Each sequencer, written on
 * every call, has cache lines of its own, so that one generator's traffic
 * does not slow another's.
 */
typedef struct IdgenShared
{
	/*
	 * IDGEN_SHMEM_LAYOUT of the build that made it.  Eight bytes, ahead of
	 * all else: builds from before it had a struct 8 bytes smaller, which
	 * PostgreSQL's check of the size refuses.
	 */
	uint64		layout;
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
	slock_t		uuidv7_lock;
	IdgenUlidState uuidv7;
	char		pad_uuidv7[PG_CACHE_LINE_SIZE];
	slock_t		snowflake_lock;
	IdgenSnowflakeState snowflake;
	char		pad_snowflake[PG_CACHE_LINE_SIZE];
	IdgenHwm	hwm;
	IdgenWorkerState worker;
	IdgenNodeIdentity node;

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

#endif							/* IDGEN_SHMEM_H */
