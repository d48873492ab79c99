/*
 * worker.c
 *	  The idgen worker: with idgen preloaded, a background worker that keeps
 *	  the high-water mark of each server-wide generator in use a window
 *	  ahead of the clock (hwm.c), so that in steady use, at any call rate,
 *	  no caller writes or fsyncs the mark file.
 *
 *	  A generator is in use while the values it issues move (IdgenHwm.used
 *	  changes, which callers write anyway); the worker then looks every
 *	  eighth of the window and renews a mark once its lead has fallen to
 *	  half the window, with the other marks in use in the same write,
 *	  through hwm.c's one writing path (the file durable first, shared
 *	  memory after).  Once no generator has issued a value for
 *	  IDGEN_WORKER_IDLE_S, it stops writing and sleeps until a caller wakes
 *	  it: one that needed a mark (the first call after the idle period, or a
 *	  burst ahead of the clock) and wrote it itself, or one that found its
 *	  mark close.  While the worker is gone (terminated, or between its exit
 *	  and its restart) or its writes fail, callers renew the marks
 *	  themselves, as without it.
 *
 *	  It starts once the server is out of recovery, so a standby has none.
 *	  SIGTERM ends it (it is started again after IDGEN_WORKER_RESTART_S);
 *	  any other death restarts the whole server, as a backend's would.
 */
#include "worker.h"

#include "shmem.h"

#include "miscadmin.h"
#include "pgstat.h"
#include "portability/instr_time.h"
#include "postmaster/bgworker.h"
#include "postmaster/interrupt.h"
#include "storage/ipc.h"
#include "tcop/tcopprot.h"
#include "utils/guc.h"

/* Seconds before the worker is started again after it exits */
#define IDGEN_WORKER_RESTART_S	5

/*
 * Seconds without a new value after which a generator's mark is no longer
 * kept ahead: long enough that a call a minute never waits for the file.
 */
#define IDGEN_WORKER_IDLE_S		120

/* How often the marks in use are looked at: an eighth of the window */
#define IDGEN_WORKER_NAP_MS		(IDGEN_HWM_WINDOW_US / 8000)

/* Preloaded, from _PG_init */
void
idgen_worker_register(void)
{
	BackgroundWorker w;

	memset(&w, 0, sizeof(w));
	strlcpy(w.bgw_name, "idgen worker", sizeof(w.bgw_name));
	strlcpy(w.bgw_type, "idgen worker", sizeof(w.bgw_type));
	/* a connection to no database: seen in pg_stat_activity, and terminable */
	w.bgw_flags = BGWORKER_SHMEM_ACCESS | BGWORKER_BACKEND_DATABASE_CONNECTION;
	w.bgw_start_time = BgWorkerStart_RecoveryFinished;
	w.bgw_restart_time = IDGEN_WORKER_RESTART_S;
	strlcpy(w.bgw_library_name, "idgen", sizeof(w.bgw_library_name));
	strlcpy(w.bgw_function_name, "idgen_worker_main", sizeof(w.bgw_function_name));
	RegisterBackgroundWorker(&w);
}

/*
 * From a caller: wake the worker if there is one, cheaply (a latch already
 * set costs a read).  False when there is none.
 */
bool
idgen_worker_wake(void)
{
	Latch	   *latch = *(Latch *volatile *) &idgen_shared_ptr->worker.latch;

	if (latch == NULL)
		return false;
	SetLatch(latch);
	return true;
}

/* The worker leaves: callers renew the marks themselves from now on */
static void
idgen_worker_gone(int code, Datum arg)
{
	idgen_shared_ptr->worker.latch = NULL;
	pg_memory_barrier();
}

void
idgen_worker_main(Datum arg)
{
	IdgenHwm   *h;
	uint64		seen[IDGEN_NHWM];
	instr_time	last_use[IDGEN_NHWM];
	bool		in_use[IDGEN_NHWM] = {0};

	pqsignal(SIGHUP, SignalHandlerForConfigReload);
	pqsignal(SIGTERM, die);
	BackgroundWorkerUnblockSignals();
	BackgroundWorkerInitializeConnection(NULL, NULL, 0);

	h = &idgen_shared()->hwm;
	for (int i = 0; i < IDGEN_NHWM; i++)
		seen[i] = h->used[i];
	before_shmem_exit(idgen_worker_gone, (Datum) 0);
	idgen_shared_ptr->worker.latch = MyLatch;
	pg_memory_barrier();

	for (;;)
	{
		instr_time	now;
		bool		any = false;

		ResetLatch(MyLatch);
		CHECK_FOR_INTERRUPTS();
		if (ConfigReloadPending)
		{
			ConfigReloadPending = false;
			ProcessConfigFile(PGC_SIGHUP);
		}

		/*
		 * A slot is in use from a change of its values until they have stood
		 * still for the idle period.  used is written under the generator's
		 * lock: a stale or torn read only shifts when a slot counts as used.
		 */
		INSTR_TIME_SET_CURRENT(now);
		for (int i = 0; i < IDGEN_NHWM; i++)
		{
			uint64		used = h->used[i];

			if (used != seen[i])
			{
				seen[i] = used;
				last_use[i] = now;
				in_use[i] = true;
			}
			else if (in_use[i])
			{
				instr_time	idle = now;

				INSTR_TIME_SUBTRACT(idle, last_use[i]);
				in_use[i] = INSTR_TIME_GET_MICROSEC(idle) < IDGEN_WORKER_IDLE_S * INT64CONST(1000000);
			}
			any |= in_use[i];
		}
		if (any)
			(void) idgen_hwm_renew(h, in_use);

		/* idle: sleep until a caller wakes the worker */
		(void) WaitLatch(MyLatch,
						 WL_LATCH_SET | WL_EXIT_ON_PM_DEATH | (any ? WL_TIMEOUT : 0),
						 any ? IDGEN_WORKER_NAP_MS : -1L, PG_WAIT_EXTENSION);
	}
}
