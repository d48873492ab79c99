/*
 * idgen.h
 *	  The module (idgen.c): settings, random bytes, node fields derived from
 *	  the cluster, and what idgen_stats() shows of each generator.
 */
#ifndef IDGEN_H
#define IDGEN_H

#include "postgres.h"

#include "access/parallel.h"
#include "postmaster/interrupt.h"

#include "node.h"

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
extern char *idgen_node_confirm;

/*
 * How many times this backend's node settings have been assigned (at every
 * reload that sets them): a block of values taken under other settings is
 * not used any more.
 */
extern uint32 idgen_node_settings_changes;

/*
 * Can this backend's node settings be out of date?  Backends see a reload
 * at different moments: one inside a statement since pg_reload_conf() still
 * has the old settings, with the reload pending.  A server-wide generator
 * then goes on with the settings in force, which such a backend must not
 * undo; any other backend's settings are the server's.
 */
static inline bool
idgen_node_settings_pending(void)
{
	return ConfigReloadPending;
}

/*
 * Every generator starts with this: a parallel worker has none of its
 * session's generator state, so a generator reached there through a
 * function marked PARALLEL SAFE raises 25000, as nextval() does.
 */
extern void idgen_parallel_worker_error(const char *generator);

static inline void
idgen_generator_start(const char *generator)
{
	if (unlikely(IsParallelWorker()))
		idgen_parallel_worker_error(generator);
}

/*
 * What idgen_stats() shows of a generator's node fields.  Each generator
 * fills one in (wiji.c, sno.c, siq.c, muid.c, ulid.c).
 */
typedef struct IdgenNodeInfo
{
	const char *scope;			/* "backend" or "server" */
	char		source[128];	/* "setting", "random" or "derived from ..." */
	char		node[64];
} IdgenNodeInfo;

extern void wiji_node_info(IdgenNodeInfo *info);
extern void sno_node_info(IdgenNodeInfo *info);
extern void siq_node_info(IdgenNodeInfo *info);
extern void muid_node_info(IdgenNodeInfo *info);
extern void ulid_node_info(IdgenNodeInfo *info);

/*
 * A node field of a server-wide generator (sno partition, siq shard, muid
 * medallion): its setting when set, else derived from the system
 * identifier, the timeline and the copy (node.h), computed once per backend.
 * The node identity the derivation uses (timeline and copy) is decided once
 * per server lifetime, against the record in the data directory.
 */
typedef struct IdgenNodeField
{
	IdgenNodeKind kind;
	bool		derived;		/* value below has been computed */
	uint64		value;
} IdgenNodeField;

/* The field's value: setting when >= 0, else derived (55000 in recovery) */
extern uint64 idgen_node_field(IdgenNodeField *f, int64 setting);
/* For idgen_stats(): the value and its source; false where none is derived */
extern bool idgen_node_field_info(IdgenNodeField *f, int64 setting, IdgenNodeInfo *info,
								  uint64 *value);

/* Preloaded, in the postmaster at server start: write the record if absent */
extern void idgen_node_startup(void);

#endif							/* IDGEN_H */
