/*
 * shmem.c
 *	  The server-wide generator state.  With idgen in shared_preload_libraries
 *	  it is requested at server start; otherwise the first backend to need it
 *	  makes it (PostgreSQL 13-16: from the server's spare shared memory; 17
 *	  on: a named DSM segment) and the others find it by name.
 */
#include "idgen.h"

#include "postmaster/autovacuum.h"
#include "replication/walsender.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "storage/proc.h"
#if PG_VERSION_NUM >= 170000
#include "storage/dsm_registry.h"
#endif

#define IDGEN_SHMEM_NAME "idgen"

IdgenShared *idgen_shared_ptr = NULL;
IdgenBackendCounts *idgen_my_counts = NULL;
int			idgen_attached_pid = 0;

/* One statistics slot per backend that can run SQL */
static int
idgen_nslots(void)
{
#if PG_VERSION_NUM >= 150000
	return MaxBackends;
#else
	/* MaxBackends is not yet set when a preloaded library asks for memory */
	return MaxConnections + autovacuum_max_workers + 1 +
		max_worker_processes + max_wal_senders;
#endif
}

static Size
idgen_shmem_size(void)
{
	return add_size(offsetof(IdgenShared, slots),
					mul_size(idgen_nslots(), sizeof(IdgenBackendCounts)));
}

static void
idgen_shared_init(void *ptr)
{
	IdgenShared *sh = (IdgenShared *) ptr;
	int			nslots = idgen_nslots();

	memset(sh, 0, idgen_shmem_size());
	SpinLockInit(&sh->wiji_lock);
	SpinLockInit(&sh->sno_lock);
	idgen_hwm_init(&sh->hwm);
	for (int g = 0; g < IDGEN_NGENERATORS; g++)
	{
		pg_atomic_init_u64(&sh->clock_regressions[g], 0);
		pg_atomic_init_u64(&sh->overflow_waits[g], 0);
		pg_atomic_init_u64(&sh->generated_unslotted[g], 0);
		for (int s = 0; s < nslots; s++)
			pg_atomic_init_u64(&sh->slots[s].generated[g], 0);
	}
	sh->nslots = nslots;
}

/* Preloaded: reserve the memory at server start */
void
idgen_shmem_request(void)
{
	RequestAddinShmemSpace(idgen_shmem_size());
	idgen_hwm_request();
}

/* Preloaded: make the struct in the postmaster (every backend inherits it) */
void
idgen_shmem_startup(void)
{
	bool		found;

	LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
	idgen_shared_ptr = ShmemInitStruct(IDGEN_SHMEM_NAME, idgen_shmem_size(), &found);
	if (!found)
	{
		idgen_shared_init(idgen_shared_ptr);
		/* the high-water marks' lock exists only when preloaded */
		if (idgen_preloaded)
			idgen_hwm_startup(&idgen_shared_ptr->hwm);
	}
	LWLockRelease(AddinShmemInitLock);
}

void
idgen_shared_attach(void)
{
	int			slot;

	if (idgen_shared_ptr == NULL)
	{
#if PG_VERSION_NUM >= 170000
		bool		found;

		idgen_shared_ptr = GetNamedDSMSegment(IDGEN_SHMEM_NAME, idgen_shmem_size(),
											  idgen_shared_init, &found);
#else
		idgen_shmem_startup();
#endif
	}

#if PG_VERSION_NUM >= 170000
	slot = MyProcNumber;
#else
	slot = MyBackendId - 1;
#endif
	idgen_my_counts = (slot >= 0 && slot < idgen_shared_ptr->nslots) ?
		&idgen_shared_ptr->slots[slot] : NULL;
	idgen_attached_pid = MyProcPid;
}
