/*
 * node.c
 *	  Derived node fields, and the judgment of the node record (see node.h).
 */
#include <string.h>

#include "node.h"

/*
 * The salts spell each generator's name; the settings replace the derived
 * fields when set.
 */
const IdgenNodeSpec idgen_node_specs[IDGEN_NODE_NKINDS] = {
	[IDGEN_NODE_SNO] = {"sno partition", "idgen.sno_partition", 16, 0x736e6f, 0},
	[IDGEN_NODE_SIQ] = {"siq shard", "idgen.siq_shard", 8, 0x736971, 0},
	[IDGEN_NODE_MUID] = {"muid medallion", "idgen.muid_medallion", 40, 0x6d756964,
	UINT64_C(1) << 40},
	[IDGEN_NODE_SNOWFLAKE] = {"snowflake node", "idgen.snowflake_node", 10, 0x736e6f77, 0},
};

/*
 * A bijective 64-bit finaliser (splitmix64's): every input bit changes
 * each output bit with probability close to one half, so that identifiers
 * that differ in a few bits, as those of clusters initialised close
 * together do, give unrelated hashes.
 */
static inline uint64_t
idgen_node_mix(uint64_t z)
{
	z ^= z >> 30;
	z *= UINT64_C(0xbf58476d1ce4e5b9);
	z ^= z >> 27;
	z *= UINT64_C(0x94d049bb133111eb);
	z ^= z >> 31;
	return z;
}

/*
 * The identifier mixed, then mixed again with the salt's own mix: a
 * different salt gives an unrelated hash of the same identifier, so the
 * fields of one cluster agree in their low bits no more often than chance.
 */
uint64_t
idgen_node_hash(uint64_t sysid, uint32_t salt)
{
	return idgen_node_mix(idgen_node_mix(sysid) ^
						  idgen_node_mix((uint64_t) salt + UINT64_C(0x9e3779b97f4a7c15)));
}

/*
 * Adding timeline and copy after hashing keeps successive timelines apart:
 * fields of timelines less than 2^nbits apart always differ.
 */
uint64_t
idgen_node_derive(IdgenNodeKind kind, uint64_t sysid, uint32_t timeline, uint64_t copy)
{
	const IdgenNodeSpec *spec = &idgen_node_specs[kind];
	uint64_t	mask = (UINT64_C(1) << spec->nbits) - 1;

	return spec->base + ((idgen_node_hash(sysid, spec->salt) + timeline + copy) & mask);
}

/* A new copy must change every field, the narrowest (siq's 8 bits) too */
int
idgen_node_fields_differ(uint64_t sysid, uint32_t timeline, uint64_t copy_a, uint64_t copy_b)
{
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		if (idgen_node_derive((IdgenNodeKind) k, sysid, timeline, copy_a) ==
			idgen_node_derive((IdgenNodeKind) k, sysid, timeline, copy_b))
			return 0;
	}
	return 1;
}

/* -1 everywhere: derived fields, which meet nothing */
const IdgenNodeSettings idgen_node_no_settings = {
	.sno_partition = -1,
	.sno_sequence_min = 0,
	.sno_sequence_max = 0,
	.siq_shard = -1,
	.siq_domain_key = 0,
	.muid_medallion = -1,
	.snowflake_node = -1,
	.reserved = 0,
};

int
idgen_node_upgrade(IdgenNodeRecord *rec, size_t len)
{
	int64_t		quiet_until;

	if (len == sizeof(IdgenNodeRecord))
		return 1;
	if (len == IDGEN_NODE_RECORD_V1_LEN)
	{
		rec->settings = idgen_node_no_settings;
		rec->quiet_until = 0;
	}
	else if (len == IDGEN_NODE_RECORD_V2_LEN)
	{
		/* the second layout's quiet_until lies where snowflake_node is now */
		memcpy(&quiet_until, (const char *) rec + IDGEN_NODE_RECORD_V1_LEN + IDGEN_NODE_SETTINGS_V2_LEN,
			   sizeof(quiet_until));
		rec->settings.snowflake_node = idgen_node_no_settings.snowflake_node;
		rec->settings.reserved = 0;
		rec->quiet_until = quiet_until;
	}
	else if (len != IDGEN_NODE_RECORD_V3_LEN)
		return 0;
	/* until the fourth layout, settings were recorded where judged */
	rec->settings_place = rec->place;
	return 1;
}

int
idgen_node_settings_meet(IdgenNodeKind kind, const IdgenNodeSettings *a,
						 const IdgenNodeSettings *b)
{
	switch (kind)
	{
		case IDGEN_NODE_SNO:
			return a->sno_partition >= 0 && a->sno_partition == b->sno_partition &&
				a->sno_sequence_min <= b->sno_sequence_max &&
				b->sno_sequence_min <= a->sno_sequence_max;
		case IDGEN_NODE_SIQ:
			return a->siq_shard >= 0 && a->siq_shard == b->siq_shard &&
				a->siq_domain_key == b->siq_domain_key;
		case IDGEN_NODE_MUID:
			return a->muid_medallion >= 0 && a->muid_medallion == b->muid_medallion;
		case IDGEN_NODE_SNOWFLAKE:
			return a->snowflake_node >= 0 && a->snowflake_node == b->snowflake_node;
		default:
			return 0;
	}
}

/*
 * A record whose settings were recorded elsewhere came with a copy of the
 * data directory, and so did the configuration beside it: settings that
 * meet the record's are its origin's.  Once this server has recorded its
 * own, the record's copied bits remember them until the settings change or
 * are confirmed.
 */
uint32_t
idgen_node_copied(const IdgenNodeRecord *rec, const IdgenNodePlace *own,
				  const IdgenNodeSettings *settings)
{
	int			elsewhere = !idgen_node_same_place(&rec->settings_place, own);
	uint32_t	copied = 0;

	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		uint32_t	bit = UINT32_C(1) << k;

		if ((elsewhere || (rec->copied & bit)) &&
			idgen_node_settings_meet((IdgenNodeKind) k, settings, &rec->settings))
			copied |= bit;
	}
	return copied;
}

void
idgen_node_take_settings(const IdgenNodeRecord *rec, const IdgenNodePlace *own,
						 const IdgenNodeSettings *settings, IdgenNodeRecord *next)
{
	uint32_t	copied = idgen_node_copied(rec, own, settings);

	*next = *rec;
	next->settings = *settings;
	next->settings_place = *own;
	next->copied = copied;
}

uint64_t
idgen_node_confirm_code(uint64_t sysid, uint32_t timeline, const IdgenNodePlace *own)
{
	uint64_t	h = idgen_node_mix(sysid) ^ idgen_node_mix(timeline + UINT64_C(0x636f6e6669726d));

	h = idgen_node_mix(h ^ own->dev);
	h = idgen_node_mix(h ^ own->ino);
	for (size_t i = 0; i < sizeof(own->host) && own->host[i] != '\0'; i++)
		h = idgen_node_mix(h ^ (unsigned char) own->host[i]);
	return h;
}

/* Places are compared whole: host names are NUL-padded */
int
idgen_node_same_place(const IdgenNodePlace *a, const IdgenNodePlace *b)
{
	return a->dev == b->dev && a->ino == b->ino &&
		memcmp(a->host, b->host, sizeof(a->host)) == 0;
}

/*
 * The record says where the data directory lived and on which timeline
 * when a server last judged it.  Another place on the same timeline means
 * the directory was copied and started without promotion (a file copy, a
 * base backup started without a signal file): the origin may be running
 * with the same identifier and timeline, so this server takes a new copy.
 * Another timeline means promotion, here or in the standby this directory
 * was, which already sets the fields apart; the copy is kept, so that a
 * promoted standby's fields are its origin's plus one.
 *
 * next always holds the settings given and the generators whose settings
 * came with the copy (idgen_node_copied); for IDGEN_NODE_KEEP it is rec
 * with those two brought up to date, which the caller writes if they
 * changed.
 */
IdgenNodeVerdict
idgen_node_judge(const IdgenNodeRecord *rec, const IdgenNodePlace *own, uint32_t timeline,
				 uint64_t sysid, const IdgenNodeSettings *settings, IdgenNodeDraw draw,
				 void *arg, IdgenNodeRecord *next)
{
	IdgenNodeVerdict verdict;

	memset(next, 0, sizeof(*next));
	next->place = *own;
	next->timeline = timeline;
	next->settings = *settings;
	next->settings_place = *own;
	if (rec == NULL)
		return IDGEN_NODE_FIRST;

	next->copy = rec->copy & IDGEN_NODE_COPY_MASK;
	next->copied = idgen_node_copied(rec, own, settings);
	next->quiet_until = rec->quiet_until;
	if (rec->timeline != timeline)
		verdict = IDGEN_NODE_TIMELINE;
	else if (!idgen_node_same_place(&rec->place, own))
	{
		verdict = IDGEN_NODE_COPY;
		do
			next->copy = draw(arg) & IDGEN_NODE_COPY_MASK;
		while (!idgen_node_fields_differ(sysid, timeline, rec->copy, next->copy));
	}
	else
	{
		verdict = IDGEN_NODE_KEEP;
		idgen_node_take_settings(rec, own, settings, next);
	}
	return verdict;
}
