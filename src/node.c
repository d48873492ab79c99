/*
 * node.c
 *	  Derived node fields, and the judgment of the node record (see node.h).
 */
#include <string.h>

#include "node.h"
#include "sha256.h"

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

/* Places are compared whole: host names are NUL-padded */
int
idgen_node_same_place(const IdgenNodePlace *a, const IdgenNodePlace *b)
{
	return a->dev == b->dev && a->ino == b->ino &&
		memcmp(a->host, b->host, sizeof(a->host)) == 0;
}

/* "" and "0" hash to 0 whatever the local id, as in the reference */
uint32_t
idgen_node_domain_hash(const char *domain, int local_id)
{
	uint8_t		digest[IDGEN_SHA256_LEN];
	uint32_t	h;

	if (domain[0] == '\0' || strcmp(domain, "0") == 0)
		return 0;
	idgen_sha256(domain, strlen(domain), digest);
	h = (uint32_t) digest[28] << 24 | (uint32_t) digest[29] << 16 |
		(uint32_t) digest[30] << 8 | digest[31];
	if (local_id != 0)
		h = ((uint32_t) (local_id % 256) << 24) | (h & 0xFFFFFF);
	return h;
}

/* Has the place of uses[i] a newer use, before it? */
static int
idgen_node_superseded(const IdgenNodeUse *uses, uint32_t i)
{
	for (uint32_t j = 0; j < i; j++)
	{
		if (idgen_node_same_place(&uses[j].place, &uses[i].place))
			return 1;
	}
	return 0;
}

/*
 * What a place derives is what its latest use derives: a place that
 * derived once and has set its fields since makes no more values with the
 * derived ones.  A field it set is kept in every use: it may be set again.
 */
int64_t
idgen_node_use_number(const IdgenNodeRecord *rec, uint32_t i, IdgenNodeKind kind)
{
	const IdgenNodeUse *u = &rec->uses[i];
	int64_t		n = u->fields.number[kind];

	if (n == IDGEN_NODE_DERIVED && !idgen_node_superseded(rec->uses, i))
		return (int64_t) idgen_node_derive(kind, u->sysid, u->timeline, u->copy);
	return n >= 0 ? n : -1;
}

/*
 * Would a value of kind with number and fields mine meet one of use i?
 * The rest of the field must agree too where exact: an overlapping sno
 * slice, the same siq domain hash.
 */
static int
idgen_node_use_meets(const IdgenNodeRecord *rec, uint32_t i, IdgenNodeKind kind, int64_t number,
					 const IdgenNodeFields *mine, int exact)
{
	const IdgenNodeUse *u = &rec->uses[i];
	const IdgenNodeFields *theirs = &u->fields;

	if ((u->released & (UINT32_C(1) << kind)) || idgen_node_use_number(rec, i, kind) != number)
		return 0;
	if (!exact)
		return 1;
	switch (kind)
	{
		case IDGEN_NODE_SNO:
			return mine->sno_sequence_min <= theirs->sno_sequence_max &&
				theirs->sno_sequence_min <= mine->sno_sequence_max;
		case IDGEN_NODE_SIQ:
			return mine->siq_domain_hash == theirs->siq_domain_hash;
		default:
			return 1;
	}
}

/*
 * Is u a use of self's own?  Its place, or a directory made again at the
 * same path of the same file system on the same host (Patroni's reinit, a
 * base backup into the emptied directory): the server that lived there is
 * gone, and this one is what replaced it.
 */
static int
idgen_node_own_use(const IdgenNodeUse *u, const IdgenNodeSelf *self)
{
	return idgen_node_same_place(&u->place, &self->place) ||
		(u->place.dev == self->place.dev &&
		 memcmp(u->place.host, self->place.host, sizeof(u->place.host)) == 0 &&
		 strncmp(u->dir, self->dir, sizeof(u->dir) - 1) == 0);
}

/* The first use not self's own that meets, or -1 */
static int
idgen_node_find_meeting(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
						IdgenNodeKind kind, int64_t number, const IdgenNodeFields *mine, int exact)
{
	for (uint32_t i = 0; i < rec->nuses; i++)
	{
		if (!idgen_node_own_use(&rec->uses[i], self) &&
			idgen_node_use_meets(rec, i, kind, number, mine, exact))
			return (int) i;
	}
	return -1;
}

/* Does any derived field of copy equal a number another place has? */
static int
idgen_node_derived_meet(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
						uint32_t timeline, uint64_t copy)
{
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		int64_t		mine = (int64_t) idgen_node_derive((IdgenNodeKind) k, self->sysid, timeline, copy);

		if (idgen_node_find_meeting(rec, self, (IdgenNodeKind) k, mine,
									&self->settings, 0) >= 0)
			return 1;
	}
	return 0;
}

/*
 * The record says where the data directory lived and on which timeline
 * when a server last judged it.  Another place on the same timeline means
 * the directory was copied and started without promotion (a file copy, a
 * base backup started without a signal file): the origin may be running
 * with the same identifier and timeline, so this server takes a new copy.
 * Another timeline means promotion, here or in the standby this directory
 * was, which already sets the fields apart; the copy is kept, so that a
 * promoted standby's fields are its origin's plus one, unless one of them
 * would meet a field of the lineage.
 */
IdgenNodeVerdict
idgen_node_judge(const IdgenNodeRecord *rec, const IdgenNodeSelf *self, IdgenNodeDraw draw,
				 void *arg, IdgenNodeRecord *next)
{
	IdgenNodeVerdict verdict;

	if (rec == NULL)
	{
		memset(next, 0, sizeof(*next));
		next->layout = IDGEN_NODE_LAYOUT;
		next->place = self->place;
		next->timeline = self->timeline;
		return IDGEN_NODE_FIRST;
	}
	*next = *rec;
	next->place = self->place;
	next->timeline = self->timeline;
	next->copy = rec->copy & IDGEN_NODE_COPY_MASK;
	if (rec->timeline != self->timeline)
		verdict = IDGEN_NODE_TIMELINE;
	else if (!idgen_node_same_place(&rec->place, &self->place))
		verdict = IDGEN_NODE_COPY;
	else
		return IDGEN_NODE_KEEP;

	while ((verdict == IDGEN_NODE_COPY &&
			!idgen_node_fields_differ(self->sysid, self->timeline, rec->copy, next->copy)) ||
		   idgen_node_derived_meet(rec, self, self->timeline, next->copy))
		next->copy = draw(arg) & IDGEN_NODE_COPY_MASK;
	return verdict;
}

uint32_t
idgen_node_refusals(const IdgenNodeRecord *rec, const IdgenNodeSelf *self,
					IdgenNodeMeeting meetings[IDGEN_NODE_NKINDS])
{
	uint32_t	refused = 0;

	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		int64_t		number = self->settings.number[k];
		int			use;

		meetings[k].use = -1;
		meetings[k].derived = 0;
		if (number < 0)
			continue;
		use = idgen_node_find_meeting(rec, self, (IdgenNodeKind) k, number,
									  &self->settings, 1);
		if (use < 0)
			continue;
		refused |= UINT32_C(1) << k;
		meetings[k].use = use;
		meetings[k].derived = rec->uses[use].fields.number[k] == IDGEN_NODE_DERIVED;
	}
	return refused;
}

/*
 * The new use goes first.  The same use further on moves up rather than
 * stands twice; when the list is full, the oldest use of a place that has a
 * newer one goes, else the oldest of all, so that the last places of the
 * lineage stay.
 */
void
idgen_node_take(const IdgenNodeRecord *rec, const IdgenNodeSelf *self, uint32_t refused,
				IdgenNodeRecord *next)
{
	IdgenNodeUse uses[IDGEN_NODE_USES + 1];
	uint32_t	n = 0;
	uint32_t	drop;

	*next = *rec;
	memset(&uses[0], 0, sizeof(uses[0]));
	uses[0].place = self->place;
	memcpy(uses[0].dir, self->dir, sizeof(uses[0].dir));
	uses[0].dir[sizeof(uses[0].dir) - 1] = '\0';
	uses[0].sysid = self->sysid;
	uses[0].timeline = rec->timeline;
	uses[0].copy = rec->copy;
	uses[0].fields = self->settings;
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		if (refused & (UINT32_C(1) << k))
			uses[0].fields.number[k] = IDGEN_NODE_REFUSED;
	}
	if (rec->nuses > 0 && memcmp(&rec->uses[0], &uses[0], sizeof(uses[0])) == 0)
		return;

	n = 1;
	for (uint32_t i = 0; i < rec->nuses && i < IDGEN_NODE_USES; i++)
	{
		if (memcmp(&rec->uses[i], &uses[0], sizeof(uses[0])) != 0)
			uses[n++] = rec->uses[i];
	}
	if (n > IDGEN_NODE_USES)
	{
		drop = n - 1;
		for (uint32_t i = n - 1; i > 0; i--)
		{
			if (idgen_node_superseded(uses, i))
			{
				drop = i;
				break;
			}
		}
		memmove(&uses[drop], &uses[drop + 1], (n - 1 - drop) * sizeof(uses[0]));
		n--;
	}
	memset(next->uses, 0, sizeof(next->uses));
	memcpy(next->uses, uses, n * sizeof(uses[0]));
	next->nuses = n;
}

void
idgen_node_release(IdgenNodeRecord *rec, const IdgenNodeSelf *self, uint32_t kinds)
{
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		int64_t		number = self->settings.number[k];

		if (!(kinds & (UINT32_C(1) << k)) || number < 0)
			continue;
		for (uint32_t i = 0; i < rec->nuses; i++)
		{
			if (!idgen_node_own_use(&rec->uses[i], self) &&
				idgen_node_use_meets(rec, i, (IdgenNodeKind) k, number, &self->settings, 1))
				rec->uses[i].released |= UINT32_C(1) << k;
		}
	}
}

uint64_t
idgen_node_confirm_code(const IdgenNodeSelf *self, uint32_t kinds)
{
	const IdgenNodePlace *own = &self->place;
	uint64_t	h = idgen_node_mix(self->sysid) ^
		idgen_node_mix(self->timeline + UINT64_C(0x636f6e6669726d));

	h = idgen_node_mix(h ^ own->dev);
	h = idgen_node_mix(h ^ own->ino);
	for (size_t i = 0; i < sizeof(own->host) && own->host[i] != '\0'; i++)
		h = idgen_node_mix(h ^ (unsigned char) own->host[i]);
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		if (kinds & (UINT32_C(1) << k))
			h = idgen_node_mix(h ^ ((uint64_t) k << 56) ^ (uint64_t) self->settings.number[k]);
	}
	if (kinds & (UINT32_C(1) << IDGEN_NODE_SNO))
		h = idgen_node_mix(h ^ ((uint64_t) self->settings.sno_sequence_min << 16 |
								self->settings.sno_sequence_max));
	if (kinds & (UINT32_C(1) << IDGEN_NODE_SIQ))
		h = idgen_node_mix(h ^ self->settings.siq_domain_hash);
	return h;
}

/*
 * The layouts before the lineage, as they were stored: a place with a host
 * name of 256 bytes, the copied generators' bits, and the explicit settings
 * with a key of the siq domain settings (not the hash).  Layouts 1 to 3
 * are its beginnings, with fewer settings.
 */
typedef struct IdgenNodePlaceV4
{
	uint64_t	dev;
	uint64_t	ino;
	char		host[256];
} IdgenNodePlaceV4;

typedef struct IdgenNodeRecordV4
{
	IdgenNodePlaceV4 place;
	uint32_t	timeline;
	uint32_t	copied;
	uint64_t	copy;
	int32_t		sno_partition;
	uint16_t	sno_sequence_min;
	uint16_t	sno_sequence_max;
	int32_t		siq_shard;
	uint32_t	siq_domain_key;
	int64_t		muid_medallion;
	int32_t		snowflake_node;
	uint32_t	reserved;
	int64_t		quiet_until;
	IdgenNodePlaceV4 settings_place;
} IdgenNodeRecordV4;

int
idgen_node_len_ok(size_t len)
{
	if (len == IDGEN_NODE_V1_LEN || len == IDGEN_NODE_V2_LEN || len == IDGEN_NODE_V3_LEN ||
		len == IDGEN_NODE_V4_LEN)
		return 1;
	return len >= IDGEN_NODE_RECORD_LEN(0) && len <= IDGEN_NODE_RECORD_LEN(IDGEN_NODE_USES) &&
		(len - IDGEN_NODE_RECORD_LEN(0)) % sizeof(IdgenNodeUse) == 0;
}

static void
idgen_node_place_v4(IdgenNodePlace *place, const IdgenNodePlaceV4 *old)
{
	memset(place, 0, sizeof(*place));
	place->dev = old->dev;
	place->ino = old->ino;
	memcpy(place->host, old->host, sizeof(place->host) - 1);
}

int
idgen_node_upgrade(const void *buf, size_t len, const IdgenNodeSelf *self, IdgenNodeRecord *rec)
{
	IdgenNodeRecordV4 old;
	IdgenNodeUse *u;
	int64_t		settings[IDGEN_NODE_NKINDS];

	memset(rec, 0, sizeof(*rec));
	if (!idgen_node_len_ok(len))
		return 0;
	if (len != IDGEN_NODE_V1_LEN && len != IDGEN_NODE_V2_LEN && len != IDGEN_NODE_V3_LEN &&
		len != IDGEN_NODE_V4_LEN)
	{
		memcpy(rec, buf, len);
		if (rec->layout != IDGEN_NODE_LAYOUT ||
			len != IDGEN_NODE_RECORD_LEN(rec->nuses))
			return 0;
		/* messages print the strings: they end within their fields */
		rec->place.host[sizeof(rec->place.host) - 1] = '\0';
		for (uint32_t i = 0; i < rec->nuses; i++)
		{
			rec->uses[i].place.host[sizeof(rec->uses[i].place.host) - 1] = '\0';
			rec->uses[i].dir[sizeof(rec->uses[i].dir) - 1] = '\0';
		}
		return 1;
	}

	memset(&old, 0, sizeof(old));
	memcpy(&old, buf, len);
	settings[IDGEN_NODE_SNO] = old.sno_partition;
	settings[IDGEN_NODE_SIQ] = old.siq_shard;
	settings[IDGEN_NODE_MUID] = old.muid_medallion;
	settings[IDGEN_NODE_SNOWFLAKE] = old.snowflake_node;
	if (len == IDGEN_NODE_V1_LEN)
	{
		for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
			settings[k] = IDGEN_NODE_DERIVED;
		old.sno_sequence_min = 0;
		old.sno_sequence_max = 65535;
		old.quiet_until = 0;
		old.copied = 0;			/* not there yet */
	}
	else if (len == IDGEN_NODE_V2_LEN)
	{
		/* the second layout's quiet_until lies where snowflake_node is now */
		memcpy(&old.quiet_until, &old.snowflake_node, sizeof(old.quiet_until));
		settings[IDGEN_NODE_SNOWFLAKE] = IDGEN_NODE_DERIVED;
	}
	if (len != IDGEN_NODE_V4_LEN)
		old.settings_place = old.place;
	old.place.host[sizeof(old.place.host) - 1] = '\0';
	old.settings_place.host[sizeof(old.settings_place.host) - 1] = '\0';

	rec->layout = IDGEN_NODE_LAYOUT;
	idgen_node_place_v4(&rec->place, &old.place);
	rec->timeline = old.timeline;
	rec->copy = old.copy & IDGEN_NODE_COPY_MASK;
	rec->quiet_until = old.quiet_until;

	/* the server that recorded the settings, its copied ones left out */
	u = &rec->uses[rec->nuses++];
	idgen_node_place_v4(&u->place, &old.settings_place);
	if (idgen_node_same_place(&u->place, &self->place))
		memcpy(u->dir, self->dir, sizeof(u->dir));
	u->sysid = self->sysid;
	u->timeline = rec->timeline;
	u->copy = rec->copy;
	u->fields = self->settings;
	u->fields.sno_sequence_min = old.sno_sequence_min;
	u->fields.sno_sequence_max = old.sno_sequence_max;
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
		u->fields.number[k] = settings[k] < 0 ? IDGEN_NODE_DERIVED :
			(old.copied & (UINT32_C(1) << k)) ? IDGEN_NODE_REFUSED : settings[k];

	/* the copied ones: a server that is not known any more had them */
	if (old.copied != 0)
	{
		IdgenNodeUse *c = &rec->uses[rec->nuses++];

		*c = *u;
		memset(&c->place, 0, sizeof(c->place));
		memset(c->dir, 0, sizeof(c->dir));
		strcpy(c->dir, "(unknown)");
		for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
			c->fields.number[k] = (old.copied & (UINT32_C(1) << k)) ? settings[k] :
				IDGEN_NODE_REFUSED;
	}

	/* the server that judged it, with derived fields, if it lived elsewhere */
	if (!idgen_node_same_place(&rec->place, &u->place))
	{
		IdgenNodeUse *j = &rec->uses[rec->nuses++];

		*j = *u;
		j->place = rec->place;
		memset(j->dir, 0, sizeof(j->dir));
		if (idgen_node_same_place(&j->place, &self->place))
			memcpy(j->dir, self->dir, sizeof(j->dir));
		for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
			j->fields.number[k] = IDGEN_NODE_DERIVED;
	}
	return 2;
}
