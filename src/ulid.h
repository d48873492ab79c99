/*
 * ulid.h
 *	  The generator of ulid.c, a millisecond and a counter seeded at random
 *	  (RFC 9562 section 6.2, method 2), which gen_ulid() (80 random bits) and
 *	  gen_uuidv7() (74, uuidv7.c) both are.
 */
#ifndef IDGEN_ULID_H
#define IDGEN_ULID_H

#include "shmem.h"

#include "fmgr.h"

/* What a session keeps of one such generator (reset in a new process) */
typedef struct IdgenUlidLocal
{
	IdgenUlidState state;		/* the backend's generator */
	uint8		last[16];		/* the last value this backend issued */
	int			last_scope;		/* the idgen.monotonic that issued it */
	int			pid;
} IdgenUlidLocal;

typedef struct IdgenUlidGen
{
	const char *func;			/* "gen_ulid()" */
	const char *type;			/* "ulid", for the out-of-range error */
	IdgenGenerator gen;
	int			bits;			/* random bits, at most 8 * ULID_RANDOM_LEN */
	size_t		lock;			/* offsets in IdgenShared of the server's */
	size_t		shared;			/* lock and generator */
	IdgenUlidLocal *local;
	/* the 16 bytes of a value: ordered as (ms, rand_hi, rand_lo) is */
	void		(*pack) (uint8 *v, uint64 ms, uint64 rand_hi, uint64 rand_lo);
} IdgenUlidGen;

/* A new value, palloc'd */
extern uint8 *idgen_ulid_generate(const IdgenUlidGen *g);

#endif							/* IDGEN_ULID_H */
