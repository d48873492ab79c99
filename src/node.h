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
 * The record also keeps the lineage of the data directory: the effective
 * node fields of each server it was copied through, set or derived, with
 * where that server lived.  A server never takes a field that another place
 * of its lineage used or derives (idgen_node_refusals), whatever settings
 * produce it, unless it confirms that it takes over from that server.
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
#define IDGEN_NODE_HOST_LEN		64

typedef struct IdgenNodePlace
{
	uint64_t	dev;
	uint64_t	ino;
	char		host[IDGEN_NODE_HOST_LEN];
} IdgenNodePlace;

/* Are two places the same? */
extern int	idgen_node_same_place(const IdgenNodePlace *a, const IdgenNodePlace *b);

/*
 * The effective node fields of a server: what goes into its values.  Each
 * kind's number is the setting (>= 0), IDGEN_NODE_DERIVED where it derives
 * it, or IDGEN_NODE_REFUSED where its setting is refused and so in no value.
 * The sno sequence slice and the siq domain hash complete the field: sno
 * partitions with disjoint slices, and siq shards of different domain
 * hashes, never make the same value.
 */
#define IDGEN_NODE_DERIVED		(-1)
#define IDGEN_NODE_REFUSED		(-2)

typedef struct IdgenNodeFields
{
	int64_t		number[IDGEN_NODE_NKINDS];
	uint16_t	sno_sequence_min;
	uint16_t	sno_sequence_max;
	uint32_t	siq_domain_hash;
} IdgenNodeFields;

/* The siq domain hash of the reference: SHA-256's last 4 bytes (node.c) */
extern uint32_t idgen_node_domain_hash(const char *domain, int local_id);

/*
 * One server of the lineage: where it lived (the directory's path only for
 * messages), the identity its derived fields come from, and its fields.
 * released has a bit (1 << kind) for each field a server after it took
 * over by confirmation: that field no longer bars anyone.
 */
#define IDGEN_NODE_DIR_LEN		128

typedef struct IdgenNodeUse
{
	IdgenNodePlace place;
	char		dir[IDGEN_NODE_DIR_LEN];
	uint64_t	sysid;
	uint64_t	copy;
	uint32_t	timeline;
	uint32_t	released;
	IdgenNodeFields fields;
} IdgenNodeUse;

/*
 * The record kept in the data directory ("idgen.node"), stored as it is,
 * its first nuses uses only: the place and timeline of the last server that
 * judged it, the copy that server derives with, and the lineage, the
 * latest use first.  No padding, so its bytes are all defined.  At least
 * the last IDGEN_NODE_PLACES places are kept: a place's older uses go
 * first.
 */
#define IDGEN_NODE_USES			24
#define IDGEN_NODE_PLACES		16
#define IDGEN_NODE_LAYOUT		UINT32_C(0x4c494e35)	/* "LIN5": layout 5 */

typedef struct IdgenNodeRecord
{
	uint32_t	layout;
	uint32_t	nuses;
	IdgenNodePlace place;
	uint64_t	copy;

	/*
	 * Unix microseconds before which a confirmed server makes no value with
	 * the fields it took over: their server may have run up to a window
	 * ahead of the clock until it stopped.  0: none.
	 */
	int64_t		quiet_until;
	uint32_t	timeline;
	uint32_t	reserved;
	IdgenNodeUse uses[IDGEN_NODE_USES];
} IdgenNodeRecord;

#define IDGEN_NODE_RECORD_LEN(n)	(offsetof(IdgenNodeRecord, uses) + (size_t) (n) * sizeof(IdgenNodeUse))

/*
 * The layouts before the lineage (1 to 4) kept one place's explicit
 * settings; their lengths, which no length of layout 5 equals.  A record of
 * len bytes in any layout, read into buf, becomes rec (idgen_node_upgrade):
 * the server that judged it and the one that recorded the settings become
 * uses, and settings marked as having come with a copy a use of an unknown
 * place.  What they did not keep (the siq domain hash, the system
 * identifier, the directory) is taken as self's.
 * 1 for a record of this layout, 2 for one of an older layout, 0 for a
 * length or header no layout has.
 */
#define IDGEN_NODE_V1_LEN		288
#define IDGEN_NODE_V2_LEN		320
#define IDGEN_NODE_V3_LEN		328
#define IDGEN_NODE_V4_LEN		600

/*
 * What a server knows of itself: where it lives, its system identifier, its
 * timeline (out of recovery) and its node settings (IDGEN_NODE_DERIVED
 * where unset).
 */
typedef struct IdgenNodeSelf
{
	IdgenNodePlace place;
	char		dir[IDGEN_NODE_DIR_LEN];
	uint64_t	sysid;
	uint32_t	timeline;
	IdgenNodeFields settings;
} IdgenNodeSelf;

extern int	idgen_node_len_ok(size_t len);
extern int	idgen_node_upgrade(const void *buf, size_t len, const IdgenNodeSelf *self,
							   IdgenNodeRecord *rec);

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
 * Judge a server out of recovery against rec (NULL when there is none) and
 * fill next with the record it must hold from now on: its place, timeline
 * and copy; the lineage stays.  A new copy is drawn until no derived field
 * equals a number that another place of the lineage used or derives (for
 * IDGEN_NODE_COPY, and for the other verdicts where the copy kept would
 * give one).
 */
extern IdgenNodeVerdict idgen_node_judge(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
										 IdgenNodeDraw draw, void *arg, IdgenNodeRecord *next);

/*
 * Where another place of rec's lineage has a field that a value of kind
 * with fields mine could meet: the use (an index into rec->uses), and
 * whether that place derives it (else it was set there).
 */
typedef struct IdgenNodeMeeting
{
	int			use;
	int			derived;
} IdgenNodeMeeting;

/*
 * The kinds (bits 1 << kind) whose setting in self meets a field of
 * another place of rec's lineage, each with where (meetings[kind]); derived
 * fields are not looked at (idgen_node_judge keeps them apart).
 */
extern uint32_t idgen_node_refusals(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
									IdgenNodeMeeting meetings[IDGEN_NODE_NKINDS]);

/*
 * The fields self makes values with, refused ones marked, recorded in rec
 * as its place's latest use, with the identity rec derives with: what a
 * server writes at start, at a reload, at its first value and when it is
 * judged.  next equals rec when that use is already the latest.
 */
extern void idgen_node_take(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
							uint32_t refused, IdgenNodeRecord *next);

/*
 * A confirmation: the fields of kinds in self no longer meet those of the
 * other places of rec's lineage, whose uses release them.
 */
extern void idgen_node_release(IdgenNodeRecord *rec, const IdgenNodeSelf *self, uint32_t kinds);

/*
 * The code that confirms the refused kinds' fields on one server: a hash
 * of its system identifier, timeline, place and those fields, so that a
 * confirmation copied with the configuration to another server, or left in
 * place while other fields are set, confirms nothing.
 */
extern uint64_t idgen_node_confirm_code(const IdgenNodeSelf *self, uint32_t kinds);

/* Do two copies give different values in every derived field? */
extern int	idgen_node_fields_differ(uint64_t sysid, uint32_t timeline, uint64_t copy_a,
									 uint64_t copy_b);

/*
 * The number use i of rec bars of kind: its setting, or what it derives if
 * it is its place's latest use; -1 for none
 */
extern int64_t idgen_node_use_number(const IdgenNodeRecord *rec, uint32_t i, IdgenNodeKind kind);

#endif							/* IDGEN_NODE_H */
