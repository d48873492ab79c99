/*
 * idtype.c
 *	  The one implementation of what every idgen type shares: text and
 *	  binary I/O around the type's own codec, casts to bytea and uuid,
 *	  sort support with abbreviated keys, hashing and the BRIN distance.
 *	  Each type reaches it through IDGEN_TYPE_FUNCTIONS with its descriptor.
 */
#include "idtype.h"

#include "catalog/pg_type_d.h"
#include "common/hashfn.h"
#include "lib/hyperloglog.h"
#include "mb/pg_wchar.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "parser/scansup.h"
#include "libpq/pqformat.h"
#include "port/pg_bswap.h"
#include "utils/builtins.h"
#include "utils/lsyscache.h"
#include "utils/sortsupport.h"
#include "utils/uuid.h"
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

static inline uint8 *
idtype_palloc(const IdgenType *t)
{
	return (uint8 *) palloc0(t->len);
}

/*
 * Every text form is printable ASCII without surrounding whitespace: say so
 * before the type's parser reports a confusing length or character.
 */
static IdtextResult
idtype_parse(const IdgenType *t, const char *str, uint8 *val, char *detail)
{
	size_t		len = strlen(str);

	if (len > 0 && (scanner_isspace(str[0]) || scanner_isspace(str[len - 1])))
	{
		snprintf(detail, IDGEN_DETAIL_LEN,
				 "Leading and trailing whitespace is not accepted.");
		return IDTEXT_SYNTAX;
	}
	for (size_t i = 0; i < len; i++)
	{
		if ((unsigned char) str[i] < 0x20 || (unsigned char) str[i] >= 0x7f)
		{
			idgen_bad_char_detail(detail, str, (int) i);
			return IDTEXT_SYNTAX;
		}
	}
	return t->parse(str, val, detail);
}

Datum
idtype_in(FunctionCallInfo fcinfo, const IdgenType *t)
{
	char	   *str = PG_GETARG_CSTRING(0);
	uint8	   *val = idtype_palloc(t);
	char		detail[IDGEN_DETAIL_LEN];

	switch (idtype_parse(t, str, val, detail))
	{
		case IDTEXT_OK:
			break;
		case IDTEXT_SYNTAX:
			ereturn(fcinfo->context, (Datum) 0,
					(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
					 errmsg("invalid input syntax for type %s: \"%s\"", t->name, str),
					 errdetail("%s", detail)));
		case IDTEXT_RANGE:
			ereturn(fcinfo->context, (Datum) 0,
					(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
					 errmsg("value \"%s\" is out of range for type %s", str, t->name),
					 errdetail("%s", detail)));
	}
	PG_RETURN_POINTER(val);
}

Datum
idtype_out(FunctionCallInfo fcinfo, const IdgenType *t)
{
	char		buf[IDGEN_TEXT_LEN];

	t->format((const uint8 *) PG_GETARG_POINTER(0), buf);
	PG_RETURN_CSTRING(pstrdup(buf));
}

Datum
idtype_is_valid(FunctionCallInfo fcinfo, const IdgenType *t)
{
	char	   *str = text_to_cstring(PG_GETARG_TEXT_PP(0));
	uint8		val[IDGEN_MAX_LEN] = {0};
	char		detail[IDGEN_DETAIL_LEN];

	PG_RETURN_BOOL(idtype_parse(t, str, val, detail) == IDTEXT_OK);
}

/* Raise 22P03 for bytes that a binary path received, if they are invalid */
static void
idtype_check_binary(const IdgenType *t, const uint8 *val)
{
	char		detail[IDGEN_DETAIL_LEN];

	if (t->check != NULL && !t->check(val, detail))
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary value for type %s", t->name),
				 errdetail("%s", detail)));
}

/* A value from exactly siglen significant bytes, checked */
static uint8 *
idtype_from_bytes(const IdgenType *t, const char *bytes, int nbytes)
{
	uint8	   *val;

	if (nbytes != t->siglen)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary value for type %s", t->name),
				 errdetail("A %s value has %d bytes, not %d.",
						   t->name, t->siglen, nbytes)));
	val = idtype_palloc(t);
	memcpy(val + t->sigoff, bytes, nbytes);
	idtype_check_binary(t, val);
	return val;
}

/*
 * Binary input: exactly the significant bytes.  The length is checked here,
 * because pq_getmsgbytes() on short data would report a protocol violation.
 */
Datum
idtype_recv(FunctionCallInfo fcinfo, const IdgenType *t)
{
	StringInfo	buf = (StringInfo) PG_GETARG_POINTER(0);
	int			nbytes = buf->len - buf->cursor;
	uint8	   *val = idtype_from_bytes(t, buf->data + buf->cursor, nbytes);

	buf->cursor += nbytes;
	PG_RETURN_POINTER(val);
}

Datum
idtype_send(FunctionCallInfo fcinfo, const IdgenType *t)
{
	const uint8 *val = (const uint8 *) PG_GETARG_POINTER(0);
	StringInfoData buf;

	pq_begintypsend(&buf);
	pq_sendbytes(&buf, (const char *) val + t->sigoff, t->siglen);
	PG_RETURN_BYTEA_P(pq_endtypsend(&buf));
}

Datum
idtype_to_bytea(FunctionCallInfo fcinfo, const IdgenType *t)
{
	const uint8 *val = (const uint8 *) PG_GETARG_POINTER(0);
	bytea	   *result = (bytea *) palloc(VARHDRSZ + t->siglen);

	SET_VARSIZE(result, VARHDRSZ + t->siglen);
	memcpy(VARDATA(result), val + t->sigoff, t->siglen);
	PG_RETURN_BYTEA_P(result);
}

Datum
idtype_from_bytea(FunctionCallInfo fcinfo, const IdgenType *t)
{
	bytea	   *b = PG_GETARG_BYTEA_PP(0);

	PG_RETURN_POINTER(idtype_from_bytes(t, VARDATA_ANY(b), VARSIZE_ANY_EXHDR(b)));
}

/*
 * UUIDv8 packing for values that are not 16 bytes of their own (RFC 9562):
 * the value's bits fill the UUID's bits from the top, skipping the version
 * nibble (bits 48-51, set to 8) and the variant (bits 64-65, set to 10).
 */
static inline bool
uuid_v8_fixed_bit(int i)
{
	return (i >= 48 && i < 52) || i == 64 || i == 65;
}

static inline int
bit_get(const uint8 *p, int i)
{
	return (p[i >> 3] >> (7 - (i & 7))) & 1;
}

static inline void
bit_set(uint8 *p, int i)
{
	p[i >> 3] |= 0x80 >> (i & 7);
}

Datum
idtype_to_uuid(FunctionCallInfo fcinfo, const IdgenType *t)
{
	const uint8 *val = (const uint8 *) PG_GETARG_POINTER(0);
	pg_uuid_t  *uuid = (pg_uuid_t *) palloc0(UUID_LEN);
	const uint8 *sig = val + t->sigoff;
	int			u = 0;

	if (!t->uuid_v8)
	{
		memcpy(uuid->data, val, UUID_LEN);
		PG_RETURN_UUID_P(uuid);
	}
	uuid->data[6] = 0x80;
	uuid->data[8] = 0x80;
	for (int v = 0; v < t->siglen * 8; v++, u++)
	{
		while (uuid_v8_fixed_bit(u))
			u++;
		if (bit_get(sig, v))
			bit_set(uuid->data, u);
	}
	PG_RETURN_UUID_P(uuid);
}

/*
 * idgen_binary_cast_support(internal): the planner support function of
 * T_to_uuid() and T_from_uuid() where the cast between T and uuid copies the
 * 16 bytes as they are (WITHOUT FUNCTION since 1.1; 1.0's casts called
 * these functions).  It simplifies a call to the relabelling such a cast
 * makes, so that index expressions, index predicates and ON CONFLICT
 * targets stored under 1.0 match T::uuid written now: the relcache
 * simplifies stored index expressions as the planner does queries.  Nothing
 * but a one-argument call between two types of 16 bytes, one of them uuid,
 * is touched.
 */
PG_FUNCTION_INFO_V1(idgen_binary_cast_support);
Datum
idgen_binary_cast_support(PG_FUNCTION_ARGS)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	SupportRequestSimplify *req = (SupportRequestSimplify *) rawreq;
	Node	   *arg;
	Oid			argtype,
				restype;

	if (!IsA(rawreq, SupportRequestSimplify) || list_length(req->fcall->args) != 1)
		PG_RETURN_POINTER(NULL);
	arg = (Node *) linitial(req->fcall->args);
	argtype = exprType(arg);
	restype = req->fcall->funcresulttype;
	if ((argtype == UUIDOID) == (restype == UUIDOID) ||
		get_typlen(argtype) != UUID_LEN || get_typlen(restype) != UUID_LEN)
		PG_RETURN_POINTER(NULL);
	PG_RETURN_POINTER(makeRelabelType((Expr *) arg, restype, -1, InvalidOid,
									  COERCE_EXPLICIT_CAST));
}

Datum
idtype_from_uuid(FunctionCallInfo fcinfo, const IdgenType *t)
{
	pg_uuid_t  *uuid = PG_GETARG_UUID_P(0);
	uint8	   *val = idtype_palloc(t);
	int			u = 0;

	if (!t->uuid_v8)
	{
		memcpy(val, uuid->data, UUID_LEN);
		idtype_check_binary(t, val);
		PG_RETURN_POINTER(val);
	}
	if ((uuid->data[6] & 0xF0) != 0x80 || (uuid->data[8] & 0xC0) != 0x80)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
				 errmsg("invalid binary value for type %s", t->name),
				 errdetail("The uuid has version %d and variant bits %d%d; a uuid holding a %s value has version 8 and variant bits 10.",
						   uuid->data[6] >> 4, uuid->data[8] >> 7, (uuid->data[8] >> 6) & 1,
						   t->name)));
	for (int v = 0; v < t->siglen * 8; v++, u++)
	{
		while (uuid_v8_fixed_bit(u))
			u++;
		if (bit_get(uuid->data, u))
			bit_set(val + t->sigoff, v);
	}
	for (; u < UUID_LEN * 8; u++)
		if (bit_get(uuid->data, u))
			ereport(ERROR,
					(errcode(ERRCODE_INVALID_BINARY_REPRESENTATION),
					 errmsg("invalid binary value for type %s", t->name),
					 errdetail("Bit %d of the uuid (0 the most significant) is 1; a uuid holding a %s value has only zero bits after its first %d value bits.",
							   u, t->name, t->siglen * 8)));
	idtype_check_binary(t, val);
	PG_RETURN_POINTER(val);
}

Datum
idtype_hash(FunctionCallInfo fcinfo, const IdgenType *t)
{
	const uint8 *val = (const uint8 *) PG_GETARG_POINTER(0);

	return hash_any(val + t->sigoff, t->siglen);
}

Datum
idtype_hash_extended(FunctionCallInfo fcinfo, const IdgenType *t)
{
	const uint8 *val = (const uint8 *) PG_GETARG_POINTER(0);

	return hash_any_extended(val + t->sigoff, t->siglen, PG_GETARG_INT64(1));
}

/* The first 8 significant bytes as a big-endian unsigned integer */
static inline uint64
idtype_leading(const IdgenType *t, const uint8 *val)
{
	uint64		key;

	memcpy(&key, val + t->sigoff, sizeof(key));
	return pg_ntoh64(key);
}

/*
 * BRIN minmax-multi distance: the difference of the leading bytes read as
 * numbers, computed exactly in integers before it becomes a double.
 */
Datum
idtype_distance(FunctionCallInfo fcinfo, const IdgenType *t)
{
	uint64		a = idtype_leading(t, (const uint8 *) PG_GETARG_POINTER(0));
	uint64		b = idtype_leading(t, (const uint8 *) PG_GETARG_POINTER(1));

	PG_RETURN_FLOAT8(b >= a ? (double) (b - a) : -(double) (a - b));
}

/*
 * Sort support, as for core uuid: abbreviated keys are the first 8
 * significant bytes, abandoned when a HyperLogLog estimate says they are
 * too rarely distinct to pay off.
 */
typedef struct IdtypeSortState
{
	const IdgenType *type;
	int64		input_count;
	bool		estimating;
	hyperLogLogState abbr_card;
} IdtypeSortState;

static int
idtype_fast_cmp(Datum a, Datum b, SortSupport ssup)
{
	IdtypeSortState *state = (IdtypeSortState *) ssup->ssup_extra;

	return memcmp(DatumGetPointer(a), DatumGetPointer(b), state->type->len);
}

static Datum
idtype_abbrev_convert(Datum original, SortSupport ssup)
{
	IdtypeSortState *state = (IdtypeSortState *) ssup->ssup_extra;
	uint64		key = idtype_leading(state->type, (const uint8 *) DatumGetPointer(original));

	state->input_count++;
	if (state->estimating)
		addHyperLogLog(&state->abbr_card,
					   DatumGetUInt32(hash_uint32((uint32) key ^ (uint32) (key >> 32))));
	return (Datum) key;
}

static bool
idtype_abbrev_abort(int memtupcount, SortSupport ssup)
{
	IdtypeSortState *state = (IdtypeSortState *) ssup->ssup_extra;
	double		abbr_card;

	if (memtupcount < 10000 || state->input_count < 10000 || !state->estimating)
		return false;

	abbr_card = estimateHyperLogLog(&state->abbr_card);

	/* Past 100k distinct keys abbreviation surely pays: stop counting. */
	if (abbr_card > 100000.0)
	{
		state->estimating = false;
		return false;
	}

	/* Keep abbreviating only with at least one distinct key per ~2000 rows */
	return abbr_card < state->input_count / 2000.0 + 0.5;
}

Datum
idtype_sortsupport(FunctionCallInfo fcinfo, const IdgenType *t)
{
	SortSupport ssup = (SortSupport) PG_GETARG_POINTER(0);
	IdtypeSortState *state;

	state = MemoryContextAllocZero(ssup->ssup_cxt, sizeof(IdtypeSortState));
	state->type = t;
	ssup->ssup_extra = state;
	ssup->comparator = idtype_fast_cmp;

	/* Abbreviated keys are 8 bytes: only where a Datum holds them */
	if (ssup->abbreviate && SIZEOF_DATUM == 8)
	{
		MemoryContext oldcontext = MemoryContextSwitchTo(ssup->ssup_cxt);

		state->estimating = true;
		initHyperLogLog(&state->abbr_card, 10);
		MemoryContextSwitchTo(oldcontext);

		/* unsigned integers: core's comparator, which tuplesort specialises */
		ssup->comparator = ssup_datum_unsigned_cmp;
		ssup->abbrev_converter = idtype_abbrev_convert;
		ssup->abbrev_abort = idtype_abbrev_abort;
		ssup->abbrev_full_comparator = idtype_fast_cmp;
	}
	PG_RETURN_VOID();
}

/* Raise sqlstate unless min <= value <= max (idgen_check_range: 22003) */
void
idgen_check_range_code(int64 value, int64 min, int64 max, const char *type, const char *field,
					   int sqlstate)
{
	if (value < min || value > max)
		ereport(ERROR,
				(errcode(sqlstate),
				 errmsg("%s %s out of range", type, field),
				 errdetail("The %s of a %s must lie between " INT64_FORMAT " and " INT64_FORMAT ", not " INT64_FORMAT ".",
						   field, type, min, max, value)));
}

/* A detail naming the character at byte offset pos of str, and its place */
void
idgen_bad_char_detail(char *detail, const char *str, int pos)
{
	idtext_bad_char(detail, str, pos, pg_mbstrlen_with_len(str, pos) + 1, pg_mblen(str + pos));
}
