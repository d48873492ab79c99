/*
 * node.h
 *	  Node fields derived from the cluster (node.c): the sno partition, the
 *	  siq shard, the muid medallion and the snowflake node of a server whose node settings are
 *	  unset, and the record that tells a copy of a data directory from the
 *	  server it copies.  Plain C without PostgreSQL headers, so that the unit
 *	  test links it directly.
 *
 * A derived field is (hash(system identifier, salt) + timeline + copy) mod
 * 2^nbits, plus a base.  The salt is the generator's own, so that the three
 * fields of one cluster are independent numbers, not one number cut to
 * three widths.  The timeline is added, not hashed, so that a promoted
 * server's field differs from each of the previous 2^nbits - 1 timelines'.
 * copy is 0 until a server finds that its data directory was copied from
 * another one on the same timeline (idgen_node_judge).
 *
 * Explicit node settings are not derived, but they travel with a copy of
 * the data directory (postgresql.auto.conf): the record keeps the settings
 * in force, so that a server can tell settings of its own from settings
 * that came with a copy (idgen_node_copied).
 */
#ifndef IDGEN_NODE_H
#define IDGEN_NODE_H

#include <stddef.h>
#include <stdint.h>

/* The derived node fields */
typedef enum IdgenNodeKind
{
	IDGEN_NODE_SNO,				/* sno partition, 16 bits */
	IDGEN_NODE_SIQ,				/* siq shard, 8 bits */
	IDGEN_NODE_MUID,			/* muid medallion, 40 bits in [2^40, 2^41) */
	IDGEN_NODE_SNOWFLAKE,		/* snowflake node, 10 bits */
	IDGEN_NODE_NKINDS
} IdgenNodeKind;

typedef struct IdgenNodeSpec
{
	const char *name;			/* "sno partition", for messages */
	const char *setting;		/* the setting that replaces it when set */
	int			nbits;
	uint32_t	salt;
	uint64_t	base;
} IdgenNodeSpec;

extern const IdgenNodeSpec idgen_node_specs[IDGEN_NODE_NKINDS];

/* copy is kept below this: the widest field has 40 bits */
#define IDGEN_NODE_COPY_MASK	((UINT64_C(1) << 40) - 1)

/* The hash of the system identifier with a generator's salt */
extern uint64_t idgen_node_hash(uint64_t sysid, uint32_t salt);

/* A derived field */
extern uint64_t idgen_node_derive(IdgenNodeKind kind, uint64_t sysid, uint32_t timeline,
								  uint64_t copy);

/*
 * Where a data directory lives: the device and inode of the directory and
 * the host name (NUL-padded, cut to fit).  A copy lives elsewhere.
 */
#define IDGEN_NODE_HOST_LEN		256

typedef struct IdgenNodePlace
{
	uint64_t	dev;
	uint64_t	ino;
	char		host[IDGEN_NODE_HOST_LEN];
} IdgenNodePlace;

/*
 * The explicit node settings in force, as the record keeps them: -1 where
 * a field is derived.  sno's sequence slice and siq's domain belong to the
 * node too: servers that share a partition but not a slice, or a shard but
 * not a domain, make different values.  The domain and local id are kept as
 * a key, equal for equal settings (the caller's hash).
 */
typedef struct IdgenNodeSettings
{
	int32_t		sno_partition;	/* -1: derived */
	uint16_t	sno_sequence_min;
	uint16_t	sno_sequence_max;
	int32_t		siq_shard;		/* -1: derived */
	uint32_t	siq_domain_key;
	int64_t		muid_medallion; /* -1: derived */
	int32_t		snowflake_node; /* -1: derived */
	uint32_t	reserved;		/* zero: no padding */
} IdgenNodeSettings;

/* Settings that meet nothing: what a record of the first layout holds */
extern const IdgenNodeSettings idgen_node_no_settings;

/*
 * The record kept in the data directory ("idgen.node"), stored as it is:
 * the place and timeline of the last server that judged it, the copy that
 * server derives with, and the explicit node settings in force at
 * settings_place, the last server that recorded them as its own.  A
 * standby records its own settings there but is judged only once promoted,
 * so the two places differ while it is in recovery.  No padding, so its
 * bytes are all defined.  The first layout ended at settings
 * (IDGEN_NODE_RECORD_V1_LEN, with copied 0); the second's settings ended
 * at snowflake_node (IDGEN_NODE_RECORD_V2_LEN); the third ended at
 * quiet_until (IDGEN_NODE_RECORD_V3_LEN): idgen_node_upgrade reads them
 * all.
 */
typedef struct IdgenNodeRecord
{
	IdgenNodePlace place;
	uint32_t	timeline;

	/*
	 * Generators (bit 1 << kind) whose explicit settings came with a copy of
	 * another server's data directory and are neither changed nor
	 * confirmed since: they refuse.
	 */
	uint32_t	copied;
	uint64_t	copy;
	IdgenNodeSettings settings;

	/*
	 * Unix microseconds before which a confirmed copy makes no value with
	 * the settings it was given: its origin may have run up to a window
	 * ahead of the clock until it stopped.  0: none.
	 */
	int64_t		quiet_until;
	IdgenNodePlace settings_place;
} IdgenNodeRecord;

#define IDGEN_NODE_RECORD_V1_LEN	offsetof(IdgenNodeRecord, settings)
#define IDGEN_NODE_SETTINGS_V2_LEN	offsetof(IdgenNodeSettings, snowflake_node)
#define IDGEN_NODE_RECORD_V2_LEN	(IDGEN_NODE_RECORD_V1_LEN + IDGEN_NODE_SETTINGS_V2_LEN + sizeof(int64_t))
#define IDGEN_NODE_RECORD_V3_LEN	offsetof(IdgenNodeRecord, settings_place)

/*
 * A record of len bytes read into rec as it was stored, brought to this
 * layout: the fields an older layout lacks are derived (settings, their
 * place that of the record) or none (quiet_until).  False for a length no
 * layout has.
 */
extern int	idgen_node_upgrade(IdgenNodeRecord *rec, size_t len);

/* What a server finds when it compares the record with itself */
typedef enum IdgenNodeVerdict
{
	IDGEN_NODE_KEEP,			/* its own record, on its timeline */
	IDGEN_NODE_FIRST,			/* no record: copy 0 */
	IDGEN_NODE_TIMELINE,		/* a new timeline (promoted here or
								 * elsewhere): the copy is kept, the fields
								 * move on by the timelines passed */
	IDGEN_NODE_COPY				/* another place on the same timeline: a new
								 * copy */
} IdgenNodeVerdict;

/* Random bits for a new copy (the caller's CSPRNG) */
typedef uint64_t (*IdgenNodeDraw) (void *arg);

/*
 * Judge a server at own on timeline, with the explicit settings settings,
 * against rec (NULL when there is none), and fill next with the record it
 * must hold from now on (for IDGEN_NODE_KEEP, rec with its settings taken
 * as in idgen_node_take_settings).  A new copy is drawn until every
 * derived field differs from the record's.
 */
extern IdgenNodeVerdict idgen_node_judge(const IdgenNodeRecord *rec, const IdgenNodePlace *own,
										 uint32_t timeline, uint64_t sysid,
										 const IdgenNodeSettings *settings,
										 IdgenNodeDraw draw, void *arg,
										 IdgenNodeRecord *next);

/*
 * Would servers with settings a and b make values of kind in common?  Only
 * explicit settings meet: equal fields (and, for sno, overlapping sequence
 * slices; for siq, the same domain hash).
 */
extern int	idgen_node_settings_meet(IdgenNodeKind kind, const IdgenNodeSettings *a,
									 const IdgenNodeSettings *b);

/*
 * The generators (bits 1 << kind) whose settings, settings, came with the
 * data directory of rec from the server that recorded them elsewhere, or
 * came so earlier (rec->copied) and have neither changed nor been
 * confirmed.
 */
extern uint32_t idgen_node_copied(const IdgenNodeRecord *rec, const IdgenNodePlace *own,
								  const IdgenNodeSettings *settings);

/*
 * rec with the settings in force at own recorded as that server's own,
 * those that came with a copy marked copied: what a server writes at
 * start, at a reload and, in recovery, when it generates.  The judged
 * place, timeline and copy stay.
 */
extern void idgen_node_take_settings(const IdgenNodeRecord *rec, const IdgenNodePlace *own,
									 const IdgenNodeSettings *settings, IdgenNodeRecord *next);

/*
 * The code that confirms copied settings on one server: a hash of its
 * system identifier, timeline and place, so that a confirmation copied
 * with the configuration to another server confirms nothing there.
 */
extern uint64_t idgen_node_confirm_code(uint64_t sysid, uint32_t timeline,
										const IdgenNodePlace *own);

/* Do two copies give different values in every derived field? */
extern int	idgen_node_fields_differ(uint64_t sysid, uint32_t timeline, uint64_t copy_a,
									 uint64_t copy_b);

/* Are two places the same? */
extern int	idgen_node_same_place(const IdgenNodePlace *a, const IdgenNodePlace *b);

#endif							/* IDGEN_NODE_H */
