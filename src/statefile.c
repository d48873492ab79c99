/*
 * statefile.c
 *	  Small state files in the data directory: the high-water marks
 *	  (hwm.c) and the node identity record (idgen.c).
 *
 *	  A file is a magic number, a payload and a CRC-32C of both.  It is
 *	  replaced whole: a temporary file is written and fsynced, renamed over
 *	  the old one, and the directory fsynced, so that after a crash the file
 *	  is either the old one or the new one.  Neither function raises an
 *	  error: each caller decides what a failure means for it (a refusal, a
 *	  warning, a log line).
 */
#include "statefile.h"

#include <fcntl.h>
#include <unistd.h>

#include "port/pg_crc32c.h"
#include "storage/fd.h"

/* The largest file: magic, payload and CRC */
#define IDGEN_FILE_MAX		8192

static pg_crc32c
idgen_file_crc(const char *buf, size_t len)
{
	pg_crc32c	crc;

	INIT_CRC32C(crc);
	COMP_CRC32C(crc, buf, len);
	FIN_CRC32C(crc);
	return crc;
}

IdgenFileStatus
idgen_file_read(const IdgenStateFile *f, char *payload, size_t maxlen, size_t *len,
				char *problem)
{
	char		buf[IDGEN_FILE_MAX + 1];
	uint32		magic;
	pg_crc32c	stored;
	ssize_t		n;
	int			fd;
	size_t		plen;

	Assert(maxlen + sizeof(magic) + sizeof(stored) <= IDGEN_FILE_MAX);
	fd = OpenTransientFile(f->name, O_RDONLY | PG_BINARY);
	if (fd < 0 && errno == ENOENT)
		return IDGEN_FILE_ABSENT;
	if (fd < 0)
	{
		snprintf(problem, IDGEN_PROBLEM_LEN, "It could not be opened: %s.", strerror(errno));
		return IDGEN_FILE_UNTRUSTED;
	}
	n = read(fd, buf, sizeof(buf));
	if (n < 0)
		snprintf(problem, IDGEN_PROBLEM_LEN, "It could not be read: %s.", strerror(errno));
	CloseTransientFile(fd);
	if (n < 0)
		return IDGEN_FILE_UNTRUSTED;

	if (n >= (ssize_t) sizeof(magic))
	{
		memcpy(&magic, buf, sizeof(magic));
		if (magic != f->magic)
		{
			snprintf(problem, IDGEN_PROBLEM_LEN,
					 "It starts with 0x%08x, not the magic number 0x%08x.", magic, f->magic);
			return IDGEN_FILE_UNTRUSTED;
		}
	}
	plen = n > (ssize_t) (sizeof(magic) + sizeof(stored)) ?
		(size_t) n - sizeof(magic) - sizeof(stored) : 0;
	if (plen == 0 || plen > maxlen || !f->len_ok(buf + sizeof(magic), plen))
	{
		snprintf(problem, IDGEN_PROBLEM_LEN,
				 "Its size, %zd bytes, does not match its header.", n);
		return IDGEN_FILE_UNTRUSTED;
	}
	memcpy(&stored, buf + n - sizeof(stored), sizeof(stored));
	if (!EQ_CRC32C(idgen_file_crc(buf, n - sizeof(stored)), stored))
	{
		snprintf(problem, IDGEN_PROBLEM_LEN, "Its checksum does not match its contents.");
		return IDGEN_FILE_UNTRUSTED;
	}
	memcpy(payload, buf + sizeof(magic), plen);
	*len = plen;
	return IDGEN_FILE_OK;
}

/* Fill problem with what failed on which file, and the system's reason */
static bool
idgen_file_failed(char *problem, const char *what, const char *name)
{
	if (errno == 0)
		errno = ENOSPC;			/* a short write without an error */
	snprintf(problem, IDGEN_PROBLEM_LEN, "could not %s \"%s\": %s", what, name, strerror(errno));
	return false;
}

bool
idgen_file_write(const IdgenStateFile *f, const char *payload, size_t len, char *problem)
{
	char		buf[IDGEN_FILE_MAX];
	pg_crc32c	crc;
	size_t		n = 0;
	int			fd;

	Assert(len + sizeof(f->magic) + sizeof(crc) <= IDGEN_FILE_MAX);
	memcpy(buf, &f->magic, sizeof(f->magic));
	n += sizeof(f->magic);
	memcpy(buf + n, payload, len);
	n += len;
	crc = idgen_file_crc(buf, n);
	memcpy(buf + n, &crc, sizeof(crc));
	n += sizeof(crc);

	/* a temporary file left by a crash may be longer: its tail must go */
	errno = 0;
	fd = OpenTransientFile(f->tmpname, O_WRONLY | O_CREAT | O_TRUNC | PG_BINARY);
	if (fd < 0)
		return idgen_file_failed(problem, "create", f->tmpname);
	errno = 0;
	if (write(fd, buf, n) != (ssize_t) n || pg_fsync(fd) != 0)
	{
		int			save_errno = errno;

		CloseTransientFile(fd);
		errno = save_errno;
		return idgen_file_failed(problem, "write", f->tmpname);
	}
	if (CloseTransientFile(fd) != 0)
		return idgen_file_failed(problem, "close", f->tmpname);
	if (rename(f->tmpname, f->name) != 0)
		return idgen_file_failed(problem, "rename to", f->name);

	/* the rename itself is durable once the directory is */
	fd = OpenTransientFile(".", O_RDONLY | PG_BINARY);
	if (fd < 0)
		return idgen_file_failed(problem, "open", ".");
	errno = 0;
	if (pg_fsync(fd) != 0 && errno != EBADF && errno != EINVAL)
	{
		int			save_errno = errno;

		CloseTransientFile(fd);
		errno = save_errno;
		return idgen_file_failed(problem, "fsync", ".");
	}
	CloseTransientFile(fd);
	return true;
}
