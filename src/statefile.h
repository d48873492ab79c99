/*
 * statefile.h
 *	  Small state files in the data directory (statefile.c): a magic number,
 *	  a payload and a CRC-32C of both, always written whole and durably.
 */
#ifndef IDGEN_STATEFILE_H
#define IDGEN_STATEFILE_H

#include "postgres.h"

#define IDGEN_PROBLEM_LEN	160 /* room for what is wrong with a file */

typedef struct IdgenStateFile
{
	const char *name;			/* relative to the data directory */
	const char *tmpname;		/* written first, then renamed to name */
	uint32		magic;
	/* does a payload of len bytes (0 < len) hold what its header says? */
	bool		(*len_ok) (const char *payload, size_t len);
} IdgenStateFile;

typedef enum IdgenFileStatus
{
	IDGEN_FILE_ABSENT,
	IDGEN_FILE_OK,
	IDGEN_FILE_UNTRUSTED		/* it exists, but problem says what is wrong */
} IdgenFileStatus;

/*
 * Read f's payload (at most maxlen bytes) into payload and its length into
 * *len.  Never raises an error: a file that cannot be read or checked is
 * IDGEN_FILE_UNTRUSTED, with a sentence in problem (IDGEN_PROBLEM_LEN).
 */
extern IdgenFileStatus idgen_file_read(const IdgenStateFile *f, char *payload, size_t maxlen,
									   size_t *len, char *problem);

/*
 * Replace f by payload durably: the temporary file, fsynced, renamed over
 * f, and the directory fsynced.  Never raises an error: on failure returns
 * false with what failed and the system's reason in problem.
 */
extern bool idgen_file_write(const IdgenStateFile *f, const char *payload, size_t len,
							 char *problem);

#endif							/* IDGEN_STATEFILE_H */
