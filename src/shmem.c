/*
 * shmem.c
 *	  The server-wide generator state.  With idgen in shared_preload_libraries
 *	  it is requested at server start; otherwise the first backend to need it
 *	  makes it (PostgreSQL 15-16: from the server's spare shared memory; 17
 *	  on: a named DSM segment) and the others find it by name.
 */
#include "shmem.h"

#include "idgen.h"

#include "access/xact.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#define IDGEN_SHMEM_NAME "idgen"
#define IDGEN_NODE_TRANCHE "idgen_node"

IdgenShared *idgen_shared_ptr = NULL;
uint64		idgen_pending[IDGEN_NGENERATORS];
bool		idgen_pending_any = false;

static void
idgen_shared_init(void *ptr)
{
	IdgenShared *sh = (IdgenShared *) ptr;

	memset(sh, 0, sizeof(IdgenShared));
	sh->layout = IDGEN_SHMEM_LAYOUT;
	SpinLockInit(&sh->wiji_lock);
	SpinLockInit(&sh->sno_lock);
	SpinLockInit(&sh->siq_lock);
	SpinLockInit(&sh->muid_lock);
	SpinLockInit(&sh->ulid_lock);
	SpinLockInit(&sh->uuidv7_lock);
	SpinLockInit(&sh->snowflake_lock);
	idgen_hwm_init(&sh->hwm);
	pg_atomic_init_u64(&sh->worker.reloads, 0);
	pg_atomic_init_u32(&sh->worker.changes, 0);
	LWLockInitialize(&sh->node.lock, LWLockNewTrancheId());
	for (int g = 0; g < IDGEN_NGENERATORS; g++)
	{
		pg_atomic_init_u64(&sh->generated[g], 0);
		pg_atomic_init_u64(&sh->clock_regressions[g], 0);
		pg_atomic_init_u64(&sh->overflow_waits[g], 0);
	}
}

/*
 * Use the struct another process made, if this build reads it the same way;
 * name the node identity's lock in this process (for wait events)
 */
static void
idgen_shared_register(IdgenShared *sh)
{
	if (sh->layout != IDGEN_SHMEM_LAYOUT)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("idgen's shared memory was made by another build of idgen"),
				 errdetail("Its layout is %llu; this build's is %llu.",
						   (unsigned long long) sh->layout,
						   (unsigned long long) IDGEN_SHMEM_LAYOUT),
				 errhint("Restart the server, so that every session loads the idgen now installed.")));
	LWLockRegisterTranche(sh->node.lock.tranche, IDGEN_NODE_TRANCHE);
	idgen_shared_ptr = sh;
}

/* Preloaded: reserve the memory at server start */
void
idgen_shmem_request(void)
{
	RequestAddinShmemSpace(sizeof(IdgenShared));
	idgen_hwm_request();
}

/*
 * Make or find the struct.  Preloaded, this runs in the postmaster and every
 * backend inherits the pointer; otherwise (before PostgreSQL 17) the first
 * backend to need the struct makes it and the others find it.
 */
void
idgen_shmem_startup(void)
{
	bool		found;
	IdgenShared *sh;

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	sh = ShmemInitStruct(IDGEN_SHMEM_NAME, sizeof(IdgenShared), &found);
	if (!found)
	{
		idgen_shared_init(sh);
		/* preloaded only: the marks, with their lock, and the node record */
		if (idgen_preloaded)
		{
			idgen_hwm_startup(&sh->hwm);
			idgen_node_startup();
			/* after a crash, the count goes on from the postmaster's */
			pg_atomic_write_u64(&sh->worker.reloads, idgen_node_stamp);
		}
	}
	if (idgen_preloaded)
	{
		idgen_node_published_changes = &sh->worker.changes;
		idgen_node_reloads = &sh->worker.reloads;
	}
	LWLockRelease(AddinShmemInitLock);
	idgen_shared_register(sh);
}

IdgenShared *
idgen_shared_attach(void)
{
#if PG_VERSION_NUM >= 170000
	bool		found;

	idgen_shared_register(GetNamedDSMSegment(IDGEN_SHMEM_NAME, sizeof(IdgenShared),
											 idgen_shared_init, &found));
#else
	idgen_shmem_startup();
#endif
	return idgen_shared_ptr;
}

/* At the end of each transaction that generated ids: add them to the totals */
static void
idgen_pending_flush(XactEvent event, void *arg)
{
	IdgenShared *sh = idgen_shared_ptr;	/* attached by idgen_pending_begin */

	if (!idgen_pending_any)
		return;
	for (int g = 0; g < IDGEN_NGENERATORS; g++)
	{
		if (idgen_pending[g] > 0)
			pg_atomic_fetch_add_u64(&sh->generated[g], idgen_pending[g]);
		idgen_pending[g] = 0;
	}
	idgen_pending_any = false;
}

/* The first id of a transaction: make sure the flush will run */
void
idgen_pending_begin(void)
{
	static bool registered = false;

	if (!registered)
	{
		RegisterXactCallback(idgen_pending_flush, NULL);
		registered = true;
	}
	(void) idgen_shared();
	idgen_pending_any = true;
}
