/*
 * idgen.h
 *	  The module (idgen.c): settings, random bytes, and what idgen_stats()
 *	  shows of each generator; the node fields of this server (nodeid.c).
 */
#ifndef IDGEN_H
#define IDGEN_H

#include "postgres.h"

#include "access/parallel.h"
#include "postmaster/interrupt.h"

#include "node.h"
#include "worker.h"

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

/* The GUC variables of the node settings: read through idgen_node only */
extern int	idgen_sno_partition;
extern int	idgen_sno_sequence_min;
extern int	idgen_sno_sequence_max;
extern char *idgen_siq_domain;
extern int	idgen_siq_local_id;
extern int	idgen_siq_shard;
extern int	idgen_snowflake_node;
extern bool idgen_siq_domain_changed;
extern char *idgen_muid_medallion;
extern int64 idgen_muid_medallion_value;	/* -1: derive it */
extern char *idgen_node_confirm;

/*
 * How many times the node settings this backend generates with have
 * changed: a block of values taken under other settings is not used any
 * more.
 */
extern uint32 idgen_node_settings_changes;

/*
 * The node settings this backend generates with (idgen_node_sync): its own,
 * read between statements, or, preloaded, those the idgen worker published
 * when they are at least as new, so that a reload reaches a session inside
 * a statement at its next call.
 */
extern IdgenNodeConf idgen_node;
extern bool idgen_node_own_changed;
extern uint32 idgen_node_seen;
extern pg_atomic_uint32 *idgen_node_published_changes;	/* preloaded only */
extern pg_atomic_uint64 *idgen_node_reloads;	/* preloaded only */
extern uint64 idgen_node_stamp;
extern uint64 idgen_node_in_use_stamp;
extern void idgen_node_conf_read(IdgenNodeConf *c);
extern void idgen_node_sync_changed(void);

/* One read of the worker's change count per call, a copy only on a change */
static inline void
idgen_node_sync(void)
{
	if (unlikely(idgen_node_own_changed) ||
		(idgen_node_published_changes != NULL &&
		 unlikely(pg_atomic_read_u32(idgen_node_published_changes) != idgen_node_seen)))
		idgen_node_sync_changed();
}

/*
 * Can the node settings this backend generates with be out of date?
 * Processes see a reload at different moments: one inside a statement
 * since pg_reload_conf() still has the old settings, with the reload
 * pending, and, preloaded, the worker publishes a moment after the
 * postmaster has counted the reload.  A server-wide generator then goes on
 * with the settings in force, which such a backend must not undo; any other
 * backend's settings are the server's.
 */
static inline bool
idgen_node_settings_pending(void)
{
	if (idgen_node_reloads != NULL)
		return pg_atomic_read_u64(idgen_node_reloads) > idgen_node_in_use_stamp;
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
	idgen_node_sync();
}

/*
 * What idgen_stats() shows of a generator's node fields.  Each generator
 * fills one in (wiji.c, sno.c, siq.c, muid.c, ulid.c, uuidv7.c, snowflake.c).
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
extern void uuidv7_node_info(IdgenNodeInfo *info);
extern void snowflake_node_info(IdgenNodeInfo *info);

/*
 * A node field of a server-wide generator (sno partition, siq shard, muid
 * medallion, snowflake node): its setting when set, else derived from the system
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

/*
 * Preloaded, in the postmaster (nodeid.c): the node settings in force
 * recorded in the node record, at server start and at a reload
 */
extern void idgen_node_startup(void);
extern void idgen_node_pm_record(const IdgenNodeConf *conf);

#endif							/* IDGEN_H */
