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
 *	  Without preloading there is no file and no lock: every mark is the
 *	  largest uint64, so idgen_hwm_admit() always admits.
 */
#include "idgen.h"

#include <fcntl.h>
#include <unistd.h>

#include "port/pg_crc32c.h"
#include "storage/fd.h"
#include "storage/ipc.h"

#define IDGEN_HWM_FILE		"idgen.hwm"
#define IDGEN_HWM_TMPFILE	"idgen.hwm.tmp"
#define IDGEN_HWM_TRANCHE	"idgen_hwm"
#define IDGEN_HWM_MAGIC		0x69644857	/* "idHW" */
#define IDGEN_HWM_MAXFILE	64	/* most slots a file may hold */

/*
 * The file: a header, nmarks marks (a later version may have appended more
 * slots than this one knows), and a CRC-32C of everything before it.
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
 * Write the marks to the file durably: a temporary file, fsynced, renamed
 * over the old one.  Returns false (having reported at elevel) on failure.
 */
static bool
idgen_hwm_write(const uint64 *marks, int elevel)
{
	char		buf[IDGEN_HWM_FILE_SIZE(IDGEN_NHWM)];
	IdgenHwmHeader hdr = {IDGEN_HWM_MAGIC, IDGEN_NHWM};
	pg_crc32c	crc;
	int			fd;
	size_t		len = sizeof(hdr) + IDGEN_NHWM * sizeof(uint64);

	memcpy(buf, &hdr, sizeof(hdr));
	memcpy(buf + sizeof(hdr), marks, IDGEN_NHWM * sizeof(uint64));
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
 * Read the marks of the file into marks (zero for a slot it lacks).  A
 * missing file means a fresh start; an unreadable or damaged one is
 * reported and counts as missing.
 */
static void
idgen_hwm_read(uint64 *marks)
{
	char		buf[IDGEN_HWM_FILE_SIZE(IDGEN_HWM_MAXFILE) + 1];
	IdgenHwmHeader hdr;
	pg_crc32c	crc,
				stored;
	int			fd;
	ssize_t		len;
	int			n;

	memset(marks, 0, IDGEN_NHWM * sizeof(uint64));
	fd = OpenTransientFile(IDGEN_HWM_FILE, O_RDONLY | PG_BINARY);
	if (fd < 0)
	{
		if (errno != ENOENT)
			ereport(WARNING,
					(errcode_for_file_access(),
					 errmsg("could not open file \"%s\": %m", IDGEN_HWM_FILE)));
		return;
	}
	len = read(fd, buf, sizeof(buf));
	CloseTransientFile(fd);
	if (len < 0)
	{
		ereport(WARNING,
				(errcode_for_file_access(),
				 errmsg("could not read file \"%s\": %m", IDGEN_HWM_FILE)));
		return;
	}
	if (len >= (ssize_t) sizeof(hdr))
		memcpy(&hdr, buf, sizeof(hdr));
	if (len < (ssize_t) sizeof(hdr) || hdr.magic != IDGEN_HWM_MAGIC ||
		hdr.nmarks > IDGEN_HWM_MAXFILE || len != (ssize_t) IDGEN_HWM_FILE_SIZE(hdr.nmarks))
	{
		ereport(WARNING,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("ignoring invalid high-water mark file \"%s\"", IDGEN_HWM_FILE),
				 errdetail("The file is not in the expected format.")));
		return;
	}
	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, len - sizeof(pg_crc32c));
	FIN_CRC32C(crc);
	memcpy(&stored, buf + len - sizeof(pg_crc32c), sizeof(stored));
	if (!EQ_CRC32C(crc, stored))
	{
		ereport(WARNING,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("ignoring invalid high-water mark file \"%s\"", IDGEN_HWM_FILE),
				 errdetail("The checksum does not match.")));
		return;
	}
	n = Min((int) hdr.nmarks, IDGEN_NHWM);
	memcpy(marks, buf + sizeof(hdr), n * sizeof(uint64));
}

/*
 * Postmaster exit after a clean shutdown: every backend is gone, so the
 * exact bounds of what was used replace the marks written ahead.  After a
 * crash (code != 0) shared memory is not trusted and the file stands.
 */
static void
idgen_hwm_shutdown(int code, Datum arg)
{
	IdgenHwm   *h = (IdgenHwm *) DatumGetPointer(arg);
	uint64		marks[IDGEN_NHWM];

	if (code != 0)
		return;
	for (int i = 0; i < IDGEN_NHWM; i++)
		marks[i] = h->used[i];
	(void) idgen_hwm_write(marks, LOG);
}

/*
 * Preloaded, at server start or after a crash, in the postmaster (shmem.c):
 * find the lock, read the file, and arrange the exact write at shutdown.
 */
void
idgen_hwm_startup(IdgenHwm *h)
{
	uint64		marks[IDGEN_NHWM];

	h->lock = &(GetNamedLWLockTranche(IDGEN_HWM_TRANCHE))->lock;
	idgen_hwm_read(marks);
	for (int i = 0; i < IDGEN_NHWM; i++)
	{
		pg_atomic_write_u64(&h->mark[i], marks[i]);
		h->loaded[i] = marks[i];
		h->used[i] = marks[i];
	}
	if (!IsUnderPostmaster)
		on_shmem_exit(idgen_hwm_shutdown, PointerGetDatum(h));
}

/*
 * Move slot's mark to value + ahead, in the file first.  With wait, the
 * caller needs value admitted and queues for the lock; without, this is an
 * early renewal that gives way to a backend already writing.  Either way a
 * backend that took the lock after another's write finds nothing to do.
 * Raises an error if the file cannot be written: no value is issued then.
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

	if (wait ? value >= pg_atomic_read_u64(&h->mark[slot]) :
		idgen_hwm_due(h, slot, value, ahead))
	{
		for (int i = 0; i < IDGEN_NHWM; i++)
			marks[i] = pg_atomic_read_u64(&h->mark[i]);
		marks[slot] = Max(marks[slot], value + ahead);
		(void) idgen_hwm_write(marks, ERROR);
		pg_atomic_write_u64(&h->mark[slot], marks[slot]);
	}
	LWLockRelease(h->lock);
}
