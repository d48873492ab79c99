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
 *	  backend has moved the mark ahead (by the generator's "ahead", such as
 *	  10 s) in the file, fsynced, under an LWLock (idgen_hwm_advance), and
 *	  only then in shared memory.  So the file is always above every value
 *	  issued.  A clean shutdown writes the exact bounds of what was used
 *	  instead; after a crash the marks written ahead stand.  At server start
 *	  the generators read the marks back (IdgenHwm.loaded) and treat
 *	  everything below them as used.
 *
 *	  A file that exists but cannot be trusted (unreadable, the wrong size
 *	  or magic number, a checksum that does not match) is never taken for a
 *	  missing one: every mark stays at zero, so nothing is admitted, and each
 *	  call of a generator that depends on the file re-reads it and raises
 *	  55000 until an operator has restored or removed it.
 *
 *	  Without preloading there is no file and no lock: every mark is the
 *	  largest uint64, so idgen_hwm_admit() always admits.
 */
#include "hwm.h"

#include <fcntl.h>
#include <unistd.h>

#include "miscadmin.h"
#include "port/pg_crc32c.h"
#include "storage/fd.h"
#include "storage/ipc.h"

#define IDGEN_HWM_FILE		"idgen.hwm"
#define IDGEN_HWM_TMPFILE	"idgen.hwm.tmp"
#define IDGEN_HWM_TRANCHE	"idgen_hwm"
#define IDGEN_HWM_MAGIC		0x69644857	/* "idHW" */

/*
 * The file: a header, nmarks marks (a newer version may have appended
 * slots this one does not know; they are kept), and a CRC-32C of
 * everything before it.
 */
typedef struct IdgenHwmHeader
{
	uint32		magic;
	uint32		nmarks;
} IdgenHwmHeader;

#define IDGEN_HWM_FILE_SIZE(n) \
	(sizeof(IdgenHwmHeader) + (n) * sizeof(uint64) + sizeof(pg_crc32c))

/* No file, no lock: admit everything (shmem.c, for every server) */
void
idgen_hwm_init(IdgenHwm *h)
{
	h->lock = NULL;
	h->trusted = true;
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
 * had, durably: a temporary file, fsynced, renamed over the old one.
 * Returns false (having reported at elevel) on failure.
 */
static bool
idgen_hwm_write(const IdgenHwm *h, const uint64 *marks, int elevel)
{
	char		buf[IDGEN_HWM_FILE_SIZE(IDGEN_HWM_MAXFILE)];
	IdgenHwmHeader hdr = {IDGEN_HWM_MAGIC, Max(h->nfile, IDGEN_NHWM)};
	pg_crc32c	crc;
	int			fd;
	size_t		len = sizeof(hdr);

	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + len, marks, IDGEN_NHWM * sizeof(uint64));
	len += IDGEN_NHWM * sizeof(uint64);
	memcpy(buf + len, h->newer, (hdr.nmarks - IDGEN_NHWM) * sizeof(uint64));
	len += (hdr.nmarks - IDGEN_NHWM) * sizeof(uint64);
	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, len);
	FIN_CRC32C(crc);
	memcpy(buf + len, &crc, sizeof(crc));
	len += sizeof(crc);

	fd = OpenTransientFile(IDGEN_HWM_TMPFILE, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not create file \"%s\": %m", IDGEN_HWM_TMPFILE)));
		return false;
	}
	errno = 0;
	if (write(fd, buf, len) != (ssize_t) len)
	{
		if (errno == 0)
			errno = ENOSPC;
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not write file \"%s\": %m", IDGEN_HWM_TMPFILE)));
		CloseTransientFile(fd);
		return false;
	}
	if (pg_fsync(fd) != 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not fsync file \"%s\": %m", IDGEN_HWM_TMPFILE)));
		CloseTransientFile(fd);
		return false;
	}
	if (CloseTransientFile(fd) != 0)
	{
		ereport(elevel,
				(errcode_for_file_access(),
				 errmsg("could not close file \"%s\": %m", IDGEN_HWM_TMPFILE)));
		return false;
	}
	return durable_rename(IDGEN_HWM_TMPFILE, IDGEN_HWM_FILE, elevel) == 0;
}

/*
 * Read the file into h: the marks of this version's slots (zero for a slot
 * the file lacks, and for all of them when there is no file) and any
 * newer version's slots.  Returns false, with the reason in h->problem, if
 * the file exists but cannot be trusted; h's marks are then untouched.
 */
static bool
idgen_hwm_read(IdgenHwm *h)
{
	char		buf[IDGEN_HWM_FILE_SIZE(IDGEN_HWM_MAXFILE) + 1];
	IdgenHwmHeader hdr = {0};
	pg_crc32c	crc,
				stored;
	int			fd;
	ssize_t		len;
	int			n;

	fd = OpenTransientFile(IDGEN_HWM_FILE, O_RDONLY | PG_BINARY);
	if (fd < 0 && errno == ENOENT)
		len = 0;
	else if (fd < 0)
	{
		snprintf(h->problem, IDGEN_HWM_PROBLEM_LEN, "It could not be opened: %s.", strerror(errno));
		return false;
	}
	else
	{
		len = read(fd, buf, sizeof(buf));
		if (len < 0)
			snprintf(h->problem, IDGEN_HWM_PROBLEM_LEN, "It could not be read: %s.", strerror(errno));
		CloseTransientFile(fd);
		if (len < 0)
			return false;
		if (len >= (ssize_t) sizeof(hdr))
			memcpy(&hdr, buf, sizeof(hdr));
		if (len >= (ssize_t) sizeof(hdr) && hdr.magic != IDGEN_HWM_MAGIC)
		{
			snprintf(h->problem, IDGEN_HWM_PROBLEM_LEN,
					 "It starts with 0x%08x, not the magic number 0x%08x.",
					 hdr.magic, IDGEN_HWM_MAGIC);
			return false;
		}
		if (len < (ssize_t) sizeof(hdr) || hdr.nmarks > IDGEN_HWM_MAXFILE ||
			len != (ssize_t) IDGEN_HWM_FILE_SIZE(hdr.nmarks))
		{
			snprintf(h->problem, IDGEN_HWM_PROBLEM_LEN,
					 "Its size, %zd bytes, does not match its header.", len);
			return false;
		}
		INIT_CRC32C(crc);
		COMP_CRC32C(crc, buf, len - sizeof(pg_crc32c));
		FIN_CRC32C(crc);
		memcpy(&stored, buf + len - sizeof(pg_crc32c), sizeof(stored));
		if (!EQ_CRC32C(crc, stored))
		{
			snprintf(h->problem, IDGEN_HWM_PROBLEM_LEN, "Its checksum does not match its contents.");
			return false;
		}
	}

	n = Min((int) hdr.nmarks, IDGEN_NHWM);
	memset(h->loaded, 0, sizeof(h->loaded));
	memcpy(h->loaded, buf + sizeof(hdr), n * sizeof(uint64));
	h->nfile = (int) hdr.nmarks;
	if (h->nfile > IDGEN_NHWM)
		memcpy(h->newer, buf + sizeof(hdr) + IDGEN_NHWM * sizeof(uint64),
			   (h->nfile - IDGEN_NHWM) * sizeof(uint64));
	return true;
}

/*
 * Read the file and, if it can be trusted, take its marks as the ones in
 * force; everything below them counts as used.  The generators see
 * trusted only after the marks (under their own locks, which are
 * barriers).
 */
static bool
idgen_hwm_load(IdgenHwm *h)
{
	if (!idgen_hwm_read(h))
		return false;
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

	if (code != 0 || !h->trusted)
		return;
	(void) idgen_hwm_write(h, h->used, LOG);
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
 * Move slot's mark to value + ahead, in the file first.  With wait, the
 * caller needs value admitted and queues for the lock; without, this is an
 * early renewal that gives way to a backend already writing.  Either way a
 * backend that took the lock after another's write finds nothing to do.
 * Raises an error if the file cannot be trusted or written: no value is
 * issued then.
 */
void
idgen_hwm_advance(IdgenHwm *h, IdgenHwmSlot slot, uint64 value, uint64 ahead, bool wait)
{
	uint64		marks[IDGEN_NHWM];

	if (h->lock == NULL)
		return;
	if (wait)
		LWLockAcquire(h->lock, LW_EXCLUSIVE);
	else if (!LWLockConditionalAcquire(h->lock, LW_EXCLUSIVE))
		return;

	/* An untrusted file is read again: the operator may have mended it */
	if (!h->trusted && !idgen_hwm_load(h))
	{
		char		problem[IDGEN_HWM_PROBLEM_LEN];

		strlcpy(problem, h->problem, sizeof(problem));
		LWLockRelease(h->lock);
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("high-water mark file \"%s\" cannot be trusted", IDGEN_HWM_FILE),
				 errdetail("%s Without it, values issued before the server started could be issued again.",
						   problem),
				 errhint("Restore the file from a backup, or remove it once the clock is known to be past every value issued before; the next call reads it again.")));
	}

	if (wait ? value >= pg_atomic_read_u64(&h->mark[slot]) :
		idgen_hwm_due(h, slot, value, ahead))
	{
		for (int i = 0; i < IDGEN_NHWM; i++)
			marks[i] = pg_atomic_read_u64(&h->mark[i]);
		marks[slot] = Max(marks[slot], value + ahead);
		(void) idgen_hwm_write(h, marks, ERROR);
		pg_atomic_write_u64(&h->mark[slot], marks[slot]);
	}
	LWLockRelease(h->lock);
}
