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
 *	  idgen.worker_idle, it stops writing and sleeps until a caller wakes
 *	  it: one that needed a mark (the first call after the idle period, or a
 *	  burst ahead of the clock) and wrote it itself, or one that found its
 *	  mark close.  While the worker is gone (terminated, or between its exit
 *	  and its restart) or its writes fail, callers renew the marks
 *	  themselves, as without it.
 *
 *	  The worker also publishes the node settings it holds, read again at
 *	  once at each reload, so that a session inside a long statement makes
 *	  values with the new node fields from its next call (idgen_node_sync).
 *
 *	  It starts once the server is out of recovery, so a standby has none.
 *	  SIGTERM ends it (it is started again after IDGEN_WORKER_RESTART_S);
 *	  any other death restarts the whole server, as a backend's would.
 */
#include "worker.h"

#include "idgen.h"
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
 * idgen.worker_idle: seconds without a new value after which a generator's
 * mark is no longer kept ahead.  The default, two minutes, is long enough
 * that a call a minute never waits for the file.
 */
int			idgen_worker_idle_s = 120;

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

/*
 * In the worker, the only writer: publish its node settings, or, leaving,
 * that there are none
 */
void
idgen_worker_publish(bool valid, uint64 stamp, const IdgenNodeConf *conf)
{
	IdgenWorkerState *w = &idgen_shared_ptr->worker;
	uint32		changes = pg_atomic_read_u32(&w->changes);

	if (w->valid == valid && w->stamp == stamp &&
		memcmp(&w->conf, conf, sizeof(*conf)) == 0)
		return;
	pg_atomic_write_u32(&w->changes, changes + 1);
	pg_write_barrier();
	w->valid = valid;
	w->stamp = stamp;
	w->conf = *conf;
	pg_write_barrier();
	pg_atomic_write_u32(&w->changes, changes + 2);
}

/* What the worker published, and the change count it goes with */
uint32
idgen_worker_published(bool *valid, uint64 *stamp, IdgenNodeConf *conf)
{
	IdgenWorkerState *w = &idgen_shared_ptr->worker;

	for (;;)
	{
		uint32		changes = pg_atomic_read_u32(&w->changes);

		if (changes & 1)
		{
			pg_spin_delay();
			continue;
		}
		pg_read_barrier();
		*valid = w->valid;
		*stamp = w->stamp;
		*conf = w->conf;
		pg_read_barrier();
		if (pg_atomic_read_u32(&w->changes) == changes)
			return changes;
	}
}

/* The node settings this worker holds */
static void
idgen_worker_publish_own(void)
{
	IdgenNodeConf conf;

	idgen_node_conf_read(&conf);
	idgen_worker_publish(true, idgen_node_stamp, &conf);
}

/*
 * The worker leaves: callers renew the marks themselves from now on, and
 * generate with the node settings they read between statements
 */
static void
idgen_worker_gone(int code, Datum arg)
{
	idgen_shared_ptr->worker.latch = NULL;
	pg_memory_barrier();
	idgen_worker_publish(false, 0, &idgen_shared_ptr->worker.conf);
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
	idgen_worker_publish_own();

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
			idgen_worker_publish_own();
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
				in_use[i] = (int64) INSTR_TIME_GET_MICROSEC(idle) < (int64) idgen_worker_idle_s * 1000000;
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
