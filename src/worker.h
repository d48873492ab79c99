/*
 * worker.h
 *	  The idgen worker (worker.c): with idgen preloaded, a background worker
 *	  that keeps the high-water marks of the generators in use ahead of the
 *	  clock.
 */
#ifndef IDGEN_WORKER_H
#define IDGEN_WORKER_H

#include "postgres.h"

#include "port/atomics.h"
#include "storage/latch.h"

/* The longest idgen.siq_domain: a DNS name's */
#define IDGEN_SIQ_DOMAIN_MAX	253

/*
 * The node settings the generators take their fields from, as one process
 * holds them (idgen_node_conf_read), zeroed first so that two compare
 * bytewise
 */
typedef struct IdgenNodeConf
{
	int32		sno_partition;	/* -1: derived */
	int32		sno_sequence_min;
	int32		sno_sequence_max;
	int32		siq_shard;		/* -1: derived */
	int32		siq_local_id;
	int64		muid_medallion; /* -1: derived */
	int32		snowflake_node; /* -1: derived */
	char		siq_domain[IDGEN_SIQ_DOMAIN_MAX + 1];
} IdgenNodeConf;

/* In shared memory (IdgenShared) */
typedef struct IdgenWorkerState
{
	/*
	 * The running worker's latch, NULL while there is none.  Read without a
	 * lock: a latch set after the worker left only wakes its PGPROC's next
	 * owner for nothing.
	 */
	Latch	   *latch;

	/*
	 * How many reloads have changed a node setting in the postmaster, which
	 * reads a reload before any other process: a process's settings are as
	 * new as the count it saw when it last assigned one (idgen_node_stamp).
	 */
	pg_atomic_uint64 reloads;

	/*
	 * The node settings the worker holds, written by it alone (at its start,
	 * at each reload and when it leaves) and read without a lock: changes is
	 * odd while a write is under way, and a reader that saw it odd or
	 * changed reads again.
	 */
	pg_atomic_uint32 changes;
	bool		valid;			/* false while there is no worker */
	uint64		stamp;			/* reloads, as of the worker's settings */
	IdgenNodeConf conf;
} IdgenWorkerState;

extern void idgen_worker_publish(bool valid, uint64 stamp, const IdgenNodeConf *conf);
extern uint32 idgen_worker_published(bool *valid, uint64 *stamp, IdgenNodeConf *conf);

extern int	idgen_worker_idle_s;

extern void idgen_worker_register(void);
extern bool idgen_worker_wake(void);
extern PGDLLEXPORT void idgen_worker_main(Datum arg);

#endif							/* IDGEN_WORKER_H */
