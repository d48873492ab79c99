/*
 * idgen.c
 *	  Module initialisation, settings, node derivation, random bytes and
 *	  idgen_stats().
 */
#include "clock.h"
#include "idgen.h"
#include "shmem.h"

#include "access/htup_details.h"
#include "access/xlog.h"
#include "common/hashfn.h"
#include "funcapi.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "utils/builtins.h"
#include "utils/guc.h"

PG_MODULE_MAGIC;

void		_PG_init(void);

int			idgen_monotonic = IDGEN_MONOTONIC_BACKEND;
int			idgen_sno_partition = -1;
int			idgen_sno_sequence_min = 0;
int			idgen_sno_sequence_max = 65535;
char	   *idgen_siq_domain = NULL;
int			idgen_siq_local_id = 0;
int			idgen_siq_shard = -1;
bool		idgen_siq_domain_changed = true;
char	   *idgen_muid_medallion = NULL;
int64		idgen_muid_medallion_value = -1;
uint32		idgen_node_settings_changes = 0;
bool		idgen_preloaded = false;

static const struct config_enum_entry monotonic_options[] = {
	{"backend", IDGEN_MONOTONIC_BACKEND, false},
	{"server", IDGEN_MONOTONIC_SERVER, false},
	{NULL, 0, false}
};

static shmem_request_hook_type prev_shmem_request_hook = NULL;
static shmem_startup_hook_type prev_shmem_startup_hook = NULL;

static void
idgen_shmem_request_hook(void)
{
	if (prev_shmem_request_hook)
		prev_shmem_request_hook();
	idgen_shmem_request();
}

static void
idgen_shmem_startup_hook(void)
{
	if (prev_shmem_startup_hook)
		prev_shmem_startup_hook();
	idgen_shmem_startup();
}

/* A domain for the siq domain hash is ASCII: SHA-256 of other bytes is ambiguous */
static bool
idgen_siq_domain_check(char **newval, void **extra, GucSource source)
{
	for (const char *c = *newval; *c; c++)
	{
		if ((unsigned char) *c < 0x20 || (unsigned char) *c >= 0x7f)
		{
			GUC_check_errdetail("A domain is printable ASCII; give an internationalised name in its IDNA (punycode) form.");
			return false;
		}
	}
	return true;
}

/* A node setting was assigned: see idgen_node_settings_changes */
static void
idgen_node_int_assign(int newval, void *extra)
{
	idgen_node_settings_changes++;
}

/* The backends' cached domain hash is stale once either setting changes */
static void
idgen_siq_domain_assign(const char *newval, void *extra)
{
	idgen_siq_domain_changed = true;
	idgen_node_settings_changes++;
}

static void
idgen_siq_local_id_assign(int newval, void *extra)
{
	idgen_siq_domain_changed = true;
	idgen_node_settings_changes++;
}

/*
 * A medallion is decimal or 0x hex, not 0 and below 2^44 - 1 (which muid's
 * reference reads as -1); "" derives one (-1).  Parsed by the check hook,
 * and again by the assign hook, which cannot fail.
 */
#define MUID_MEDALLION_MAX	((INT64CONST(1) << 44) - 2)

static const char *
idgen_muid_medallion_parse(const char *s, int64 *value)
{
	int			base = 10;

	*value = 0;
	if (s[0] == '\0')
	{
		*value = -1;
		return NULL;
	}
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
	{
		base = 16;
		s += 2;
	}
	if (*s == '\0')
		return "A medallion has at least one digit.";
	for (; *s; s++)
	{
		int			d;

		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (base == 16 && *s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else if (base == 16 && *s >= 'A' && *s <= 'F')
			d = *s - 'A' + 10;
		else
			return "A medallion is a decimal number, or a hexadecimal one after \"0x\".";
		if (*value <= MUID_MEDALLION_MAX)
			*value = *value * base + d;
	}
	if (*value < 1 || *value > MUID_MEDALLION_MAX)
		return "A medallion lies between 1 and 17592186044414 (0xFFFFFFFFFFE).";
	return NULL;
}

static bool
idgen_muid_medallion_check(char **newval, void **extra, GucSource source)
{
	int64		value;
	const char *why = idgen_muid_medallion_parse(*newval, &value);

	if (why != NULL)
	{
		GUC_check_errdetail("%s", why);
		return false;
	}
	return true;
}

static void
idgen_muid_medallion_assign(const char *newval, void *extra)
{
	(void) idgen_muid_medallion_parse(newval, &idgen_muid_medallion_value);
	idgen_node_settings_changes++;
}

void
_PG_init(void)
{
	DefineCustomEnumVariable("idgen.monotonic",
							 "Scope within which the generators' values strictly increase.",
							 "\"backend\": each session's values (per-session generators, or blocks of serials); \"server\": all sessions' values, in call order.",
							 &idgen_monotonic, IDGEN_MONOTONIC_BACKEND, monotonic_options,
							 PGC_SIGHUP, 0, NULL, NULL, NULL);
	DefineCustomIntVariable("idgen.sno_partition",
							"Partition of the sno values this server generates.",
							"-1 derives it from the cluster's system identifier and timeline.",
							&idgen_sno_partition, -1, -1, 65535,
							PGC_SIGHUP, 0, NULL, idgen_node_int_assign, NULL);
	DefineCustomIntVariable("idgen.sno_sequence_min",
							"Lowest sno sequence number this server uses.",
							NULL, &idgen_sno_sequence_min, 0, 0, 65535,
							PGC_SIGHUP, 0, NULL, idgen_node_int_assign, NULL);
	DefineCustomIntVariable("idgen.sno_sequence_max",
							"Highest sno sequence number this server uses.",
							NULL, &idgen_sno_sequence_max, 65535, 0, 65535,
							PGC_SIGHUP, 0, NULL, idgen_node_int_assign, NULL);
	DefineCustomStringVariable("idgen.siq_domain",
							   "Domain whose SHA-256 gives the domain hash of the siq values this server generates.",
							   "ASCII only (the IDNA form of an internationalised name); \"\" or \"0\" gives the hash 0.",
							   &idgen_siq_domain, "", PGC_SIGHUP, 0,
							   idgen_siq_domain_check, idgen_siq_domain_assign, NULL);
	DefineCustomIntVariable("idgen.siq_local_id",
							"Replaces the top byte of the siq domain hash when not 0 (256 makes it 0).",
							NULL, &idgen_siq_local_id, 0, 0, 256,
							PGC_SIGHUP, 0, NULL, idgen_siq_local_id_assign, NULL);
	DefineCustomIntVariable("idgen.siq_shard",
							"Shard of the siq values this server generates.",
							"-1 derives it from the cluster's system identifier and timeline.",
							&idgen_siq_shard, -1, -1, 255,
							PGC_SIGHUP, 0, NULL, idgen_node_int_assign, NULL);
	DefineCustomStringVariable("idgen.muid_medallion",
							   "Medallion of the muid values this server generates.",
							   "Decimal, or hexadecimal after 0x, from 1 to 17592186044414; \"\" derives it from the cluster's system identifier and timeline.",
							   &idgen_muid_medallion, "", PGC_SIGHUP, 0,
							   idgen_muid_medallion_check, idgen_muid_medallion_assign, NULL);
	DefineCustomIntVariable("idgen.clock_offset",
							"Testing aid: shifts the generator clock of this session.",
							"Lets tests move the clock that idgen's generators read backwards and forwards.",
							&idgen_clock_offset_ms, 0, INT_MIN + 1, INT_MAX,
							PGC_SUSET, GUC_UNIT_MS, NULL, NULL, NULL);
	MarkGUCPrefixReserved("idgen");

	if (!process_shared_preload_libraries_in_progress)
		return;
	idgen_preloaded = true;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = idgen_shmem_request_hook;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = idgen_shmem_startup_hook;
}

void
idgen_parallel_worker_error(const char *generator)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TRANSACTION_STATE),
			 errmsg("cannot call %s in a parallel worker", generator),
			 errdetail("A parallel worker has none of its session's generator state."),
			 errhint("Mark the function that calls %s PARALLEL RESTRICTED.", generator)));
}

void
idgen_random(void *buf, size_t len)
{
	if (!pg_strong_random(buf, len))
		ereport(ERROR,
				(errcode(ERRCODE_INTERNAL_ERROR),
				 errmsg("could not generate random values")));
}

/*
 * Node fields derived when their setting is unset hash the system
 * identifier and the timeline: separately initialised clusters differ by
 * identifier, and a promoted standby or restored copy, which keeps its
 * origin's identifier, differs by its new timeline.  A server still in
 * recovery has no timeline of its own yet and shares its origin's
 * identifier, so it gets none.  Out of recovery the timeline is fixed for
 * the life of the server, so the value is computed once.
 */
uint64
idgen_node_field(IdgenNodeField *f, int64 setting)
{
	uint64		key[2];
	uint64		h;

	if (setting >= 0)
		return (uint64) setting;
	if (likely(f->derived))
		return f->value;
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("cannot derive the node of a generator on a server in recovery"),
				 errdetail("A server in recovery shares its system identifier with the server it copies."),
				 errhint("Set \"%s\" for this server in postgresql.conf or with ALTER SYSTEM, then reload.",
						 f->setting)));
	key[0] = GetSystemIdentifier();
	key[1] = GetWALInsertionTimeLine();
	h = DatumGetUInt64(hash_any_extended((const unsigned char *) key, sizeof(key), f->salt));
	f->value = f->base + (h & ((UINT64CONST(1) << f->nbits) - 1));
	f->derived = true;
	return f->value;
}

bool
idgen_node_field_info(IdgenNodeField *f, int64 setting, IdgenNodeInfo *info, uint64 *value)
{
	if (setting >= 0)
		strlcpy(info->source, "setting", sizeof(info->source));
	else if (RecoveryInProgress())
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused in recovery",
				 GetSystemIdentifier());
		return false;
	}
	else
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", timeline %u",
				 GetSystemIdentifier(), GetWALInsertionTimeLine());
	*value = idgen_node_field(f, setting);
	return true;
}

/*
 * idgen_stats(): one row per generator, with the server's totals (ids of
 * finished transactions, and this session's own so far).
 */
static const struct
{
	const char *name;
	void		(*node_info) (IdgenNodeInfo *info);
}			idgen_generators[IDGEN_NGENERATORS] = {
	[IDGEN_GEN_WIJI] = {"wiji", wiji_node_info},
	[IDGEN_GEN_SNO] = {"sno", sno_node_info},
	[IDGEN_GEN_SIQ] = {"siq", siq_node_info},
	[IDGEN_GEN_MUID] = {"muid", muid_node_info},
	[IDGEN_GEN_ULID] = {"ulid", ulid_node_info},
};

PG_FUNCTION_INFO_V1(idgen_stats);
Datum
idgen_stats(PG_FUNCTION_ARGS)
{
	FuncCallContext *funcctx;
	IdgenShared *sh;
	int			g;
	IdgenNodeInfo info = {0};
	uint64		generated;
	Datum		values[7];
	bool		nulls[7] = {0};

	if (SRF_IS_FIRSTCALL())
	{
		MemoryContext oldcontext;
		TupleDesc	tupdesc;

		funcctx = SRF_FIRSTCALL_INIT();
		oldcontext = MemoryContextSwitchTo(funcctx->multi_call_memory_ctx);
		if (get_call_result_type(fcinfo, NULL, &tupdesc) != TYPEFUNC_COMPOSITE)
			elog(ERROR, "return type must be a row type");
		funcctx->tuple_desc = BlessTupleDesc(tupdesc);
		funcctx->max_calls = IDGEN_NGENERATORS;
		MemoryContextSwitchTo(oldcontext);
	}
	funcctx = SRF_PERCALL_SETUP();
	if (funcctx->call_cntr >= funcctx->max_calls)
		SRF_RETURN_DONE(funcctx);

	g = (int) funcctx->call_cntr;
	sh = idgen_shared();
	idgen_generators[g].node_info(&info);
	generated = pg_atomic_read_u64(&sh->generated[g]) + idgen_pending[g];

	values[0] = CStringGetTextDatum(idgen_generators[g].name);
	values[1] = CStringGetTextDatum(info.scope);
	values[2] = CStringGetTextDatum(info.node);
	values[3] = CStringGetTextDatum(info.source);
	values[4] = Int64GetDatum((int64) generated);
	values[5] = Int64GetDatum((int64) pg_atomic_read_u64(&sh->clock_regressions[g]));
	values[6] = Int64GetDatum((int64) pg_atomic_read_u64(&sh->overflow_waits[g]));
	SRF_RETURN_NEXT(funcctx,
					HeapTupleGetDatum(heap_form_tuple(funcctx->tuple_desc, values, nulls)));
}
