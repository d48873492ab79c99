/*
 * idgen.h
 *	  The module (idgen.c): settings, random bytes, node fields derived from
 *	  the cluster, and what idgen_stats() shows of each generator.
 */
#ifndef IDGEN_H
#define IDGEN_H

#include "postgres.h"

/* Is idgen in shared_preload_libraries (idgen.c)? */
extern bool idgen_preloaded;

/* Fill buf with CSPRNG bytes, or raise an error */
extern void idgen_random(void *buf, size_t len);

/* Settings (idgen.c) */
typedef enum IdgenMonotonic
{
	IDGEN_MONOTONIC_BACKEND,
	IDGEN_MONOTONIC_SERVER
} IdgenMonotonic;

extern int	idgen_monotonic;
extern int	idgen_sno_partition;
extern int	idgen_sno_sequence_min;
extern int	idgen_sno_sequence_max;
extern char *idgen_siq_domain;
extern int	idgen_siq_local_id;
extern int	idgen_siq_shard;
extern bool idgen_siq_domain_changed;
extern char *idgen_muid_medallion;
extern int64 idgen_muid_medallion_value;	/* -1: derive it */

/*
 * What idgen_stats() shows of a generator's node fields.  Each generator
 * fills one in (wiji.c, sno.c, siq.c, muid.c, ulid.c).
 */
typedef struct IdgenNodeInfo
{
	const char *scope;			/* "backend" or "server" */
	char		source[96];		/* "setting", "random" or "derived from ..." */
	char		node[64];
} IdgenNodeInfo;

extern void wiji_node_info(IdgenNodeInfo *info);
extern void sno_node_info(IdgenNodeInfo *info);
extern void siq_node_info(IdgenNodeInfo *info);
extern void muid_node_info(IdgenNodeInfo *info);
extern void ulid_node_info(IdgenNodeInfo *info);

/*
 * Node fields for an unset setting: the system identifier and the timeline,
 * hashed to nbits bits; 55000 (with a hint to set setting) in recovery.
 */
extern uint64 idgen_derived_node(const char *setting, int nbits, uint32 salt);
/* Say what derived fields come from; false in recovery, where there are none */
extern bool idgen_derived_source(IdgenNodeInfo *info);

#endif							/* IDGEN_H */
