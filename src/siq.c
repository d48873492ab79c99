/*
 * siq.c
 *	  The siq type: 112 bits, a 56-bit timestamp in 1/65536 s, an 8-bit
 *	  shard, a 32-bit domain hash, and 16 bits of serial and kind qualifier;
 *	  and its one generator for the whole server.
 *
 *	  bytes 0-1: zero | 2-8: ticks | 9: shard | 10-13: domain hash |
 *	  14-15: serial << n | suffix, where the kind's suffix has n bits
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"
#include "tickseq.h"

#include "common/sha2.h"
#include "lib/stringinfo.h"
#include "utils/builtins.h"
#include "utils/numeric.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

#define SIQ_MAX_TICKS		((UINT64CONST(1) << 56) - 1)
#define SIQ_TICKS_PER_S		65536

/* How far ahead of the clock the mark on disk is written, in ticks */
#define SIQ_HWM_AHEAD		(IDGEN_HWM_WINDOW_US * SIQ_TICKS_PER_S / 1000000)

static const IdgenTimeUnit siq_unit = {0, SIQ_TICKS_PER_S, 1000000, SIQ_MAX_TICKS};

/*
 * The kinds, with the reference's names and values.  A kind of value v has
 * n = floor(log2 v) suffix bits, the low n bits of v; its serial has the
 * other 16 - n.  The suffixes are prefix-free from the right, so a value's
 * low bits match at most one kind; three suffixes are unassigned.
 */
typedef struct SiqKind
{
	const char *name;
	uint8		value;
	uint8		nbits;
} SiqKind;

static const SiqKind siq_kinds[SIQ_NKINDS] = {
	{"content", 15, 3},
	{"multi", 11, 3},
	{"manytomany", 13, 3},
	{"ternary", 9, 3},
	{"thread", 22, 4},
	{"message", 30, 4},
	{"tag", 34, 5},
	{"channel", 42, 5},
	{"user", 32, 5},
	{"group", 36, 5},
	{"event", 40, 5},
	{"invite", 44, 5},
	{"application", 48, 5},
	{"collection", 52, 5},
	{"premium", 56, 5},
};

#define SIQ_KIND_USER		8

static inline uint32
siq_kind_suffix(const SiqKind *k)
{
	return k->value & ((1u << k->nbits) - 1);
}

static inline uint32
siq_kind_serials(const SiqKind *k)
{
	return 1u << (16 - k->nbits);
}

/* The kind whose suffix the low 16 bits end in, or -1 */
static int
siq_kind_of(uint32 low16)
{
	for (int i = 0; i < SIQ_NKINDS; i++)
		if ((low16 & ((1u << siq_kinds[i].nbits) - 1)) == siq_kind_suffix(&siq_kinds[i]))
			return i;
	return -1;
}

/* A kind by name: 22023, listing the kinds, for any other */
static int
siq_kind_lookup(text *name)
{
	const char *s = VARDATA_ANY(name);
	int			len = VARSIZE_ANY_EXHDR(name);
	StringInfoData all;

	for (int i = 0; i < SIQ_NKINDS; i++)
		if (strlen(siq_kinds[i].name) == (size_t) len &&
			memcmp(siq_kinds[i].name, s, len) == 0)
			return i;

	initStringInfo(&all);
	for (int i = 0; i < SIQ_NKINDS; i++)
		appendStringInfo(&all, "%s%s", i > 0 ? ", " : "", siq_kinds[i].name);
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("unknown siq kind \"%s\"", text_to_cstring(name)),
			 errdetail("A siq kind is one of the %d names of its qualifier table, in lower case.",
					   SIQ_NKINDS),
			 errhint("The kinds are %s.", all.data)));
	pg_unreachable();
}

static inline uint64
siq_ticks(const uint8 *v)
{
	return be_get(v + SIQ_OFF, 7);
}

static inline uint32
siq_low16(const uint8 *v)
{
	return (uint32) be_get(v + 14, 2);
}

static inline void
siq_pack(uint8 *v, uint64 ticks, int shard, uint32 domain_hash, int kind, uint32 serial)
{
	const SiqKind *k = &siq_kinds[kind];
	uint32		low16 = ((serial << k->nbits) | siq_kind_suffix(k)) & 0xFFFF;

	/* as two 8-byte words (bytes 0-1 zero, then ticks from byte 2 to 8) */
	ticks &= (UINT64CONST(1) << 56) - 1;
	be_put(v, 8, ticks >> 8);
	be_put(v + 8, 8, (ticks & 0xFF) << 56 | (uint64) (shard & 0xFF) << 48 |
		   (uint64) domain_hash << 16 | low16);
}

static TimestampTz
siq_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(siq_ticks(v), &siq_unit);
}

/* The smallest siq at a unit count: every other field zero */
static void
siq_first_at_units(uint64 units, uint8 *v)
{
	siq_pack(v, units, 0, 0, SIQ_KIND_USER, 0);
}

static const IdgenType siq_type = {
	.name = "siq",
	.len = SIQ_LEN,
	.sigoff = SIQ_OFF,
	.siglen = SIQ_LEN - SIQ_OFF,
	.uuid_v8 = true,
	.parse = siq_parse,
	.check = NULL,				/* every 112-bit value is a siq */
	.format = siq_format,
	.timestamp = siq_timestamp,
	.unit = &siq_unit,
	.first_at = siq_first_at_units,
};

IDGEN_TYPE_FUNCTIONS(siq, siq_type)

PG_FUNCTION_INFO_V1(siq_extract_shard);
Datum
siq_extract_shard(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(((const uint8 *) PG_GETARG_POINTER(0))[9]);
}

PG_FUNCTION_INFO_V1(siq_extract_domain_hash);
Datum
siq_extract_domain_hash(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) be_get((const uint8 *) PG_GETARG_POINTER(0) + 10, 4));
}

/* NULL for a value whose suffix no kind has */
PG_FUNCTION_INFO_V1(siq_extract_kind);
Datum
siq_extract_kind(PG_FUNCTION_ARGS)
{
	int			kind = siq_kind_of(siq_low16((const uint8 *) PG_GETARG_POINTER(0)));

	if (kind < 0)
		PG_RETURN_NULL();
	PG_RETURN_TEXT_P(cstring_to_text(siq_kinds[kind].name));
}

PG_FUNCTION_INFO_V1(siq_extract_serial);
Datum
siq_extract_serial(PG_FUNCTION_ARGS)
{
	uint32		low16 = siq_low16((const uint8 *) PG_GETARG_POINTER(0));
	int			kind = siq_kind_of(low16);

	if (kind < 0)
		PG_RETURN_NULL();
	PG_RETURN_INT32((int32) (low16 >> siq_kinds[kind].nbits));
}

/*
 * The timestamp is rounded up to 1/65536 s, and the user kind's serial 0 is
 * all zero bits, so siq_from_parts(ts) is the smallest siq at or after ts.
 */
PG_FUNCTION_INFO_V1(siq_from_parts);
Datum
siq_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ticks = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &siq_unit, "siq");
	int			kind = siq_kind_lookup(PG_GETARG_TEXT_PP(1));
	int32		serial = PG_GETARG_INT32(2);
	int32		shard = PG_GETARG_INT32(3);
	int64		domain_hash = PG_GETARG_INT64(4);
	uint8	   *v = palloc(SIQ_LEN);

	idgen_check_range(serial, 0, siq_kind_serials(&siq_kinds[kind]) - 1, "siq", "serial");
	idgen_check_range(shard, 0, 255, "siq", "shard");
	idgen_check_range(domain_hash, 0, PG_UINT32_MAX, "siq", "domain hash");
	siq_pack(v, ticks, shard, (uint32) domain_hash, kind, (uint32) serial);
	PG_RETURN_POINTER(v);
}

/*
 * The domain hash of the reference: the last 4 bytes of the SHA-256 of the
 * ASCII domain, 0 for "" and "0"; a nonzero local_id replaces its top byte
 * (256 with 0).
 */
static uint32
siq_domain_hash_of(const char *domain, int local_id)
{
	for (const char *c = domain; *c; c++)
	{
		if ((unsigned char) *c >= 0x80)
		{
			char		detail[IDGEN_DETAIL_LEN];

			idgen_bad_char_detail(detail, domain, (int) (c - domain));
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
					 errmsg("siq domain \"%s\" is not ASCII", domain),
					 errdetail("%s", detail),
					 errhint("Give an internationalised domain name in its IDNA (punycode) form.")));
		}
	}
	return idgen_node_domain_hash(domain, local_id);
}

PG_FUNCTION_INFO_V1(siq_domain_hash);
Datum
siq_domain_hash(PG_FUNCTION_ARGS)
{
	char	   *domain = text_to_cstring(PG_GETARG_TEXT_PP(0));
	int32		local_id = PG_GETARG_INT32(1);

	idgen_check_range(local_id, 0, 256, "siq", "local id");
	PG_RETURN_INT64((int64) siq_domain_hash_of(domain, local_id));
}

/* The integer, exactly */
PG_FUNCTION_INFO_V1(siq_to_numeric);
Datum
siq_to_numeric(PG_FUNCTION_ARGS)
{
	char		buf[40];

	codec_dec_encode((const uint8 *) PG_GETARG_POINTER(0) + SIQ_OFF, SIQ_LEN - SIQ_OFF, buf);
	PG_RETURN_DATUM(DirectFunctionCall3(numeric_in, CStringGetDatum(buf),
										ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1)));
}

/* An integral numeric from 0 to 2^112 - 1; 22003 for anything else */
PG_FUNCTION_INFO_V1(siq_from_numeric);
Datum
siq_from_numeric(PG_FUNCTION_ARGS)
{
	Numeric		num = PG_GETARG_NUMERIC(0);
	char	   *str = numeric_normalize(num);
	char	   *point = strchr(str, '.');
	uint8	   *v = palloc0(SIQ_LEN);
	const char *why = NULL;

	if (numeric_is_nan(num))
		why = "It is not a number.";
	else if (numeric_is_inf(num))
		why = "It is infinite.";
	else if (str[0] == '-')
		why = "It is negative.";
	else if (point != NULL)
		why = "It has a fractional part.";
	else if (codec_dec_decode(str, strlen(str), v + SIQ_OFF, SIQ_LEN - SIQ_OFF) != CODEC_OK)
		why = "It is not below 2^112.";
	if (why != NULL)
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("value \"%s\" is out of range for type siq", str),
				 errdetail("A siq is an integer from 0 to 2^112 - 1. %s", why)));
	PG_RETURN_POINTER(v);
}

/*
 * Generation: the server-wide tick sequencer (tickseq.c), with a counter
 * per kind, and the shard and domain hash as its node fields.
 */

/* The clock in ticks; false outside the range a siq can hold */
static inline bool
siq_clock(uint64 *now)
{
	int64		ns = idgen_clock_ns();

	if (unlikely(ns < 0))
		return false;
	*now = (uint64) ns / 1000000000 * SIQ_TICKS_PER_S +
		(uint64) ns % 1000000000 * SIQ_TICKS_PER_S / 1000000000;
	return likely(*now <= SIQ_MAX_TICKS);
}

/*
 * The first clock reading at ticks: rounded up, as a tick starts within a
 * nanosecond; past the clock's range, its end
 */
static int64
siq_tick_ns(uint64 ticks)
{
	uint64		s = ticks / SIQ_TICKS_PER_S;

	if (s >= PG_INT64_MAX / 1000000000)
		return PG_INT64_MAX;
	return (int64) (s * 1000000000 + ((ticks % SIQ_TICKS_PER_S) * 1000000000 +
									   SIQ_TICKS_PER_S - 1) / SIQ_TICKS_PER_S);
}

/* siq's clock for the idgen worker (hwm.c) */
const IdgenHwmClock siq_hwm_clock = {siq_clock, SIQ_HWM_AHEAD};

static const IdgenTickSequencer siq_seq = {
	.clock = siq_clock,
	.tick_ns = siq_tick_ns,
	.max_ticks = SIQ_MAX_TICKS,
	.slot = IDGEN_HWM_SIQ,
	.ahead = SIQ_HWM_AHEAD,
	.pace_us = 10,
	.gen = IDGEN_GEN_SIQ,
	.ncounters = SIQ_NKINDS,
	.what = "type siq",
	.range = "1970-01-01 to 36812-02-20",
	.tick_name = "tick (1/65536 s)",
	.unit = &siq_unit,
};

/* The node fields, packed as the sequencer keeps them */
#define SIQ_NODE(shard, domain_hash)	(((uint64) (shard) << 32) | (domain_hash))

/* The shard: idgen.siq_shard, or derived from the cluster */
static IdgenNodeField siq_shard = {.kind = IDGEN_NODE_SIQ};

/* The domain hash of the settings, recomputed when one of them changes */
static uint32
siq_setting_domain_hash(void)
{
	static uint32 hash;

	if (unlikely(idgen_siq_domain_changed))
	{
		hash = siq_domain_hash_of(idgen_node.siq_domain, idgen_node.siq_local_id);
		idgen_siq_domain_changed = false;
	}
	return hash;
}

/* What is left of this backend's block of each kind's serials */
static IdgenTickBlock siq_blocks[SIQ_NKINDS];

/*
 * A new block of kind's serials, with the node fields of the moment.  Out of
 * line: the common call uses the block in hand.
 */
static pg_noinline void
siq_take_block(int kind)
{
	IdgenShared *sh;
	uint64		node;

	node = SIQ_NODE(idgen_node_field(&siq_shard, idgen_node.siq_shard),
					siq_setting_domain_hash());
	sh = idgen_shared();
	idgen_tick_take(&siq_seq, &sh->siq_lock, &sh->siq.seq, sh->siq.next, node, kind,
					siq_kind_serials(&siq_kinds[kind]), &siq_blocks[kind]);
}

/*
 * The kind of gen_siq()'s argument.  The argument is nearly always the same
 * from row to row, so the call site remembers the last name it resolved.
 * It compares the name at every call: even a parameter, which
 * get_fn_expr_arg_stable() calls stable, changes between calls of a PL/pgSQL
 * expression, whose call site lasts the transaction.  The comparison is a
 * loop over a dozen bytes at most, and only a compressed or external
 * argument goes through detoasting: both calls cost more than the rest of
 * the lookup.
 */
typedef struct SiqKindCache
{
	int			len;
	int			kind;
	char		name[16];
} SiqKindCache;

static inline bool
siq_kind_cache_has(const SiqKindCache *c, const char *name, int len)
{
	if (c == NULL || c->len != len)
		return false;
	for (int i = 0; i < len; i++)
		if (c->name[i] != name[i])
			return false;
	return true;
}

static inline int
siq_kind_cached(FunctionCallInfo fcinfo)
{
	text	   *name = (text *) PG_GETARG_POINTER(0);
	int			len;
	SiqKindCache *c = (SiqKindCache *) fcinfo->flinfo->fn_extra;

	if (unlikely(VARATT_IS_COMPRESSED(name) || VARATT_IS_EXTERNAL(name)))
		name = PG_GETARG_TEXT_PP(0);
	len = VARSIZE_ANY_EXHDR(name);
	if (likely(siq_kind_cache_has(c, VARDATA_ANY(name), len)))
		return c->kind;
	if (c == NULL)
		c = fcinfo->flinfo->fn_extra =
			MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(SiqKindCache));
	c->len = -1;
	c->kind = siq_kind_lookup(name);
	/* every kind's name fits */
	c->len = len;
	memcpy(c->name, VARDATA_ANY(name), len);
	return c->kind;
}

PG_FUNCTION_INFO_V1(gen_siq);
Datum
gen_siq(PG_FUNCTION_ARGS)
{
	int			kind;
	IdgenTickBlock *b;
	uint8	   *v;

	idgen_generator_start("gen_siq()");
	kind = siq_kind_cached(fcinfo);
	b = &siq_blocks[kind];
	if (!idgen_tick_block_serves(b))
		siq_take_block(kind);

	v = palloc(SIQ_LEN);
	siq_pack(v, b->tick, (int) (b->node >> 32), (uint32) b->node, kind, b->next++);
	idgen_count(IDGEN_GEN_SIQ);
	PG_RETURN_POINTER(v);
}

/* idgen_stats(): this backend's settings, which the next new tick takes */
void
siq_node_info(IdgenNodeInfo *info)
{
	char		shard[24] = "none";
	uint64		value;

	info->scope = "server";
	if (idgen_node_field_info(&siq_shard, idgen_siq_shard, info, &value))
		snprintf(shard, sizeof(shard), UINT64_FORMAT, value);
	snprintf(info->node, sizeof(info->node), "shard=%s domain_hash=%u",
			 shard, siq_setting_domain_hash());
}
