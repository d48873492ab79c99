/*
 * worker.h
 *	  The idgen worker (worker.c): with idgen preloaded, a background worker
 *	  that keeps the high-water marks of the generators in use ahead of the
 *	  clock.
 */
#ifndef IDGEN_WORKER_H
#define IDGEN_WORKER_H

#include "postgres.h"

#include "storage/latch.h"

/* In shared memory (IdgenShared) */
typedef struct IdgenWorkerState
{
	/*
	 * The running worker's latch, NULL while there is none.  Read without a
	 * lock: a latch set after the worker left only wakes its PGPROC's next
	 * owner for nothing.
	 */
	Latch	   *latch;
} IdgenWorkerState;

extern void idgen_worker_register(void);
extern bool idgen_worker_wake(void);
extern PGDLLEXPORT void idgen_worker_main(Datum arg);

#endif							/* IDGEN_WORKER_H */
