/*
 * hwm.c
 *	  High-water marks on disk for the server-wide generators, so that a
 *	  clock set back across a restart or a crash cannot bring back values
 *	  issued before it.
 *
 *	  With idgen preloaded, each generator slot (IdgenHwmSlot) has a mark in
 *	  the file "idgen.hwm" in the data directory and in shared memory.  A
 *	  generator issues a value only below its slot's mark (idgen_hwm_admit,
 *	  inside its own critical section); a value at or past it waits until a
 *	  backend has moved the mark on in the file, fsynced, under an LWLock
 *	  (idgen_hwm_advance), and only then in shared memory.  So the file is
 *	  always above every value issued.  While a generator is in use the idgen
 *	  worker (worker.c) moves its mark on before the values come near it
 *	  (idgen_hwm_renew), by the same rule and through the same write
 *	  (idgen_hwm_move), so that callers rarely have to.  A clean shutdown
 *	  writes the exact bounds of what was used instead; after a crash the
 *	  marks written ahead stand.  At server start the generators read the marks back
 *	  (IdgenHwm.loaded) and treat everything below them as used.
 *
 *	  A new mark is the clock plus the window, never the value plus the
 *	  window: after a crash the values go on from the mark, ahead of the
 *	  clock, and a mark written from them would carry that lead into the
 *	  next crash.  Only when the values already run a whole window ahead of
 *	  the clock (at the window's edge, or it stepped back) is the mark
 *	  placed past the value instead, up to a quarter of a window further
 *	  ahead than the window; a generator restored from such a mark soon
 *	  after a crash waits until the clock is within the window of it
 *	  (idgen_hwm_catch_up in hwm.h), so that no value is ever further ahead.
 *
 *	  A file that exists but cannot be trusted (unreadable, the wrong size
 *	  or magic number, a checksum that does not match) is never taken for a
 *	  missing one: every mark stays at zero, so nothing is admitted, and each
 *	  call of a generator that depends on the file re-reads it and raises
 *	  55000 until an operator has restored or removed it.  A file that cannot
 *	  be written is a warning while the mark in force still covers the
 *	  values, and 58030 once a value needs a new one.
 *
 *	  Without preloading there is no file and no lock: every mark is the
 *	  largest uint64, so idgen_hwm_admit() always admits.
 */
#include "hwm.h"

#include "miscadmin.h"
#include "storage/ipc.h"

#include "worker.h"

#define IDGEN_HWM_FILE		"idgen.hwm"
#define IDGEN_HWM_TRANCHE	"idgen_hwm"

/* The generator each slot belongs to, for messages */
static const char *const idgen_hwm_generator[IDGEN_NHWM] = {
	[IDGEN_HWM_SNO_TICK] = "gen_sno()",
	[IDGEN_HWM_SNO_TOCK] = "gen_sno()",
	[IDGEN_HWM_SIQ] = "gen_siq()",
	[IDGEN_HWM_MUID] = "gen_muid()",
	[IDGEN_HWM_SNOWFLAKE] = "gen_snowflake()",
};

/*
 * The payload: the number of marks, then the marks (a newer version may
 * have appended slots this one does not know; they are kept).
 */
static bool
idgen_hwm_len_ok(const char *payload, size_t len)
{
	uint32		nmarks;

	if (len < sizeof(nmarks))
		return false;
	memcpy(&nmarks, payload, sizeof(nmarks));
	return nmarks <= IDGEN_HWM_MAXFILE && len == sizeof(nmarks) + nmarks * sizeof(uint64);
}

static const IdgenStateFile idgen_hwm_file = {
	.name = IDGEN_HWM_FILE,
	.tmpname = IDGEN_HWM_FILE ".tmp",
	.magic = 0x69644857,		/* "idHW" */
	.len_ok = idgen_hwm_len_ok,
};

#define IDGEN_HWM_PAYLOAD_MAX	(sizeof(uint32) + IDGEN_HWM_MAXFILE * sizeof(uint64))

/* No file, no lock: admit everything (shmem.c, for every server) */
void
idgen_hwm_init(IdgenHwm *h)
{
	h->lock = NULL;
	h->trusted = true;
	h->failing = false;
	h->worker_failing = false;
	h->problem[0] = '\0';
	h->nfile = 0;
	for (int i = 0; i < IDGEN_NHWM; i++)
	{
		pg_atomic_init_u64(&h->mark[i], PG_UINT64_MAX);
		h->loaded[i] = 0;
		h->used[i] = 0;
	}
}

/* Preloaded: the lock that serialises writes of the file */
void
idgen_hwm_request(void)
{
	RequestNamedLWLockTranche(IDGEN_HWM_TRANCHE, 1);
}

/*
 * Write marks (this version's slots) and the newer version's slots the file
 * had.  Returns false, with what failed in problem, on failure.
 */
static bool
idgen_hwm_write(const IdgenHwm *h, const uint64 *marks, char *problem)
{
	char		payload[IDGEN_HWM_PAYLOAD_MAX];
	uint32		nmarks = Max(h->nfile, IDGEN_NHWM);
	size_t		len = 0;

	memcpy(payload, &nmarks, sizeof(nmarks));
	len += sizeof(nmarks);
	memcpy(payload + len, marks, IDGEN_NHWM * sizeof(uint64));
	len += IDGEN_NHWM * sizeof(uint64);
	memcpy(payload + len, h->newer, (nmarks - IDGEN_NHWM) * sizeof(uint64));
	len += (nmarks - IDGEN_NHWM) * sizeof(uint64);
	return idgen_file_write(&idgen_hwm_file, payload, len, problem);
}

/*
 * Read the file and, if it can be trusted, take its marks as the ones in
 * force (zero for a slot the file lacks, and for all of them when there is
 * no file); everything below them counts as used.  Returns false, with the
 * reason in h->problem, if the file exists but cannot be trusted; h's marks
 * are then untouched.  The generators see trusted only after the marks
 * (under their own locks, which are barriers).
 */
static bool
idgen_hwm_load(IdgenHwm *h)
{
	char		payload[IDGEN_HWM_PAYLOAD_MAX];
	size_t		len;
	uint32		nmarks = 0;

	switch (idgen_file_read(&idgen_hwm_file, payload, sizeof(payload), &len, h->problem))
	{
		case IDGEN_FILE_UNTRUSTED:
			return false;
		case IDGEN_FILE_OK:
			memcpy(&nmarks, payload, sizeof(nmarks));
			break;
		case IDGEN_FILE_ABSENT:
			break;
	}
	memset(h->loaded, 0, sizeof(h->loaded));
	memcpy(h->loaded, payload + sizeof(nmarks), Min(nmarks, IDGEN_NHWM) * sizeof(uint64));
	h->nfile = (int) nmarks;
	if (h->nfile > IDGEN_NHWM)
		memcpy(h->newer, payload + sizeof(nmarks) + IDGEN_NHWM * sizeof(uint64),
			   (h->nfile - IDGEN_NHWM) * sizeof(uint64));
	for (int i = 0; i < IDGEN_NHWM; i++)
	{
		pg_atomic_write_u64(&h->mark[i], h->loaded[i]);
		h->used[i] = h->loaded[i];
	}
	pg_write_barrier();
	h->trusted = true;
	return true;
}

/*
 * Postmaster exit after a clean shutdown: every backend is gone, so the
 * exact bounds of what was used replace the marks written ahead.  After a
 * crash (code != 0) shared memory is not trusted and the file stands; an
 * untrusted file stands too, for the operator to judge.
 */
static void
idgen_hwm_shutdown(int code, Datum arg)
{
	IdgenHwm   *h = (IdgenHwm *) DatumGetPointer(arg);
	char		problem[IDGEN_PROBLEM_LEN];

	if (code != 0 || !h->trusted)
		return;
	if (!idgen_hwm_write(h, h->used, problem))
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write high-water mark file \"%s\": %s", IDGEN_HWM_FILE, problem),
				 errdetail("The marks written ahead stand.")));
}

/*
 * Preloaded, at server start or after a crash, in the postmaster (shmem.c):
 * find the lock, read the file, and arrange the exact write at shutdown.
 */
void
idgen_hwm_startup(IdgenHwm *h)
{
	h->lock = &(GetNamedLWLockTranche(IDGEN_HWM_TRANCHE))->lock;
	h->trusted = false;
	for (int i = 0; i < IDGEN_NHWM; i++)
		pg_atomic_write_u64(&h->mark[i], 0);
	if (!idgen_hwm_load(h))
		ereport(LOG,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("high-water mark file \"%s\" cannot be trusted; the server-wide generators refuse until it is resolved",
						IDGEN_HWM_FILE),
				 errdetail("%s", h->problem)));
	if (!IsUnderPostmaster)
		on_shmem_exit(idgen_hwm_shutdown, PointerGetDatum(h));
}

/*
 * The new mark for value, with the clock reading now, in the slot's units:
 * a window past the clock, or, when the values already run a window ahead
 * of it (it stepped back), a quarter of one past the value, so that they
 * need a new mark only every so often.
 */
static inline uint64
idgen_hwm_next(uint64 value, uint64 now, uint64 ahead)
{
	return value < now + ahead ? now + ahead : value + ahead / 4;
}

/*
 * The one path by which marks move: with h->lock held, write the marks in
 * force with each slot moved up to want[slot] (0 leaves it), and only once
 * the file is durable publish them in shared memory.  Releases the lock.
 * On failure, a caller that needs its value (wait) raises 58030; an early
 * renewal warns once until a write succeeds again (the worker in the log,
 * callers to their client, each once).  slot names the generator in
 * messages.  Returns whether the marks were written.
 */
static bool
idgen_hwm_move(IdgenHwm *h, const uint64 *want, IdgenHwmSlot slot, bool wait, bool worker)
{
	uint64		marks[IDGEN_NHWM];
	char		problem[IDGEN_PROBLEM_LEN];
	bool	   *failing = worker ? &h->worker_failing : &h->failing;
	bool		warn;

	for (int i = 0; i < IDGEN_NHWM; i++)
		marks[i] = Max(pg_atomic_read_u64(&h->mark[i]), want[i]);
	if (idgen_hwm_write(h, marks, problem))
	{
		for (int i = 0; i < IDGEN_NHWM; i++)
			pg_atomic_write_u64(&h->mark[i], marks[i]);
		*failing = false;
		LWLockRelease(h->lock);
		/* counted by the tests: in steady use only the worker writes */
		ereport(DEBUG1,
				(errmsg_internal("high-water marks written by %s", worker ? "the worker" : "a caller")));
		return true;
	}
	warn = !*failing;
	*failing = true;
	LWLockRelease(h->lock);

	if (wait || warn)
		ereport(wait ? ERROR : WARNING,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write high-water mark file \"%s\": %s", IDGEN_HWM_FILE, problem),
				 wait ?
				 errdetail("%s issues no value past the mark on disk until a new one is written.",
						   idgen_hwm_generator[slot]) :
				 errdetail("%s goes on below the mark in force, and refuses once it is reached.",
						   idgen_hwm_generator[slot]),
				 errhint("Make the data directory writable by the server, free space on its file system, and remove anything in the way of \"%s\"; the next call that needs the mark tries again.",
						 idgen_hwm_file.tmpname)));
	return false;
}

/*
 * Move slot's mark past value, in the file first.  With wait, the caller
 * needs value admitted: it queues for the lock, and raises 55000 if the
 * file cannot be trusted, 58030 if it cannot be written; then it wakes the
 * worker, which has been idle or is gone.  Without wait this is an early
 * renewal, while the mark in force still covers the caller's values: it is
 * the worker's job while the worker runs and its writes succeed, so the
 * caller only wakes it; otherwise the caller gives way to a backend
 * already writing, and a failure is a warning, once until a write succeeds
 * again.  Either way a backend that took the lock after another's write
 * finds nothing to do.
 */
void
idgen_hwm_advance(IdgenHwm *h, IdgenHwmSlot slot, uint64 value, uint64 now, uint64 ahead,
				  bool wait)
{
	uint64		want[IDGEN_NHWM] = {0};
	char		problem[IDGEN_PROBLEM_LEN];

	if (h->lock == NULL)
		return;
	if (!wait && !h->worker_failing && idgen_worker_wake())
		return;
	if (wait)
		LWLockAcquire(h->lock, LW_EXCLUSIVE);
	else if (!LWLockConditionalAcquire(h->lock, LW_EXCLUSIVE))
		return;

	/* An untrusted file is read again: the operator may have mended it */
	if (!h->trusted && !idgen_hwm_load(h))
	{
		strlcpy(problem, h->problem, sizeof(problem));
		LWLockRelease(h->lock);
		if (!wait)
			return;
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("high-water mark file \"%s\" cannot be trusted", IDGEN_HWM_FILE),
				 errdetail("%s Without it, values issued before the server started could be issued again.",
						   problem),
				 errhint("Restore the file from a backup, or remove it once the clock is known to be past every value issued before; the next call reads it again.")));
	}

	if (wait ? value < pg_atomic_read_u64(&h->mark[slot]) :
		!idgen_hwm_due(h, slot, value, ahead))
	{
		LWLockRelease(h->lock);
		return;
	}
	want[slot] = idgen_hwm_next(value, now, ahead);
	if (idgen_hwm_move(h, want, slot, wait, false) && wait)
		(void) idgen_worker_wake();
}

/* Each slot's clock */
static const IdgenHwmClock *const idgen_hwm_clock[IDGEN_NHWM] = {
	[IDGEN_HWM_SNO_TICK] = &sno_hwm_clock,
	[IDGEN_HWM_SNO_TOCK] = &sno_hwm_clock,
	[IDGEN_HWM_SIQ] = &siq_hwm_clock,
	[IDGEN_HWM_MUID] = &muid_hwm_clock,
	[IDGEN_HWM_SNOWFLAKE] = &snowflake_hwm_clock,
};

/*
 * The worker (worker.c): once the lead of a slot in use over the clock, or
 * over its values when they run ahead of it, has fallen to half the window,
 * renew its mark as a caller would (idgen_hwm_next), so that callers find
 * the mark ahead and never write it themselves; and in the same write the
 * marks of the other slots in use, so that they come due together.  The
 * marks only move on earlier than callers would move them, never further.
 * in_use[slot] says the slot's values have moved lately.  Returns false if
 * a write failed (logged once until one succeeds).
 */
bool
idgen_hwm_renew(IdgenHwm *h, const bool *in_use)
{
	uint64		want[IDGEN_NHWM] = {0};
	int			first = -1;
	bool		due = false;

	LWLockAcquire(h->lock, LW_EXCLUSIVE);
	/* nothing is issued while the file is untrusted: callers report it */
	for (int i = 0; i < IDGEN_NHWM && h->trusted; i++)
	{
		const IdgenHwmClock *c = idgen_hwm_clock[i];
		uint64		now;
		uint64		used;
		uint64		mark;

		if (!in_use[i] || !c->now(&now))
			continue;

		/*
		 * A mark the clock has passed is the callers' to renew: the worker
		 * was late, or the callers' clock is not the worker's
		 * (idgen.clock_offset), and a mark from the worker's would then run
		 * more than the window ahead of theirs.
		 */
		mark = pg_atomic_read_u64(&h->mark[i]);
		if (mark <= now)
			continue;
		/* written under the generator's lock: a stale read only delays */
		used = h->used[i];
		if (idgen_hwm_next(used, now, c->ahead) <= mark)
			continue;
		want[i] = idgen_hwm_next(used, now, c->ahead);
		due |= Max(now, used) + c->ahead / 2 >= mark;
		if (first < 0)
			first = i;
	}
	if (!due)
	{
		LWLockRelease(h->lock);
		return true;
	}
	return idgen_hwm_move(h, want, (IdgenHwmSlot) first, false, true);
}
