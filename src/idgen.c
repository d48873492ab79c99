/*
 * idgen.c
 *	  Module initialisation, settings, random bytes and idgen_stats().  The
 *	  node identity (the record, the lineage, refusals) is in nodeid.c.
 */
#include "clock.h"
#include "idgen.h"
#include "shmem.h"
#include "worker.h"

#include "access/htup_details.h"
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
int			idgen_snowflake_node = -1;
bool		idgen_siq_domain_changed = true;
char	   *idgen_muid_medallion = NULL;
int64		idgen_muid_medallion_value = -1;
char	   *idgen_node_confirm = NULL;
uint32		idgen_node_settings_changes = 0;
IdgenNodeConf idgen_node;
bool		idgen_node_own_changed = true;
uint32		idgen_node_seen = 0;
pg_atomic_uint32 *idgen_node_published_changes = NULL;
pg_atomic_uint64 *idgen_node_reloads = NULL;
uint64		idgen_node_stamp = 0;
uint64		idgen_node_in_use_stamp = 0;
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

/*
 * A domain for the siq domain hash is ASCII: SHA-256 of other bytes is
 * ambiguous.  It is a DNS name, short enough to be published whole.
 */
static bool
idgen_siq_domain_check(char **newval, void **extra, GucSource source)
{
	if (strlen(*newval) > IDGEN_SIQ_DOMAIN_MAX)
	{
		GUC_check_errdetail("A domain has at most %d characters.", IDGEN_SIQ_DOMAIN_MAX);
		return false;
	}
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

/*
 * A node setting was assigned: idgen_node_sync takes it up at the next
 * call, unless the worker published newer settings.  The postmaster counts
 * the reloads that change a node setting, and every other process notes
 * the count it saw (idgen_node_stamp), which tells its own settings from
 * older ones the worker may still hold.  Preloaded,
 * the postmaster reads a reload before it signals any other process, and
 * brings the node record of this place up to date with the new settings
 * (idgen_node_pm_assigned), so that a base backup taken right after the
 * reload carries them.  An assign hook runs before its variable takes the
 * new value, so each hook passes it in; a reload that changes several
 * settings writes the record at each, and the last write holds them all.
 */
typedef enum IdgenNodeSetting
{
	IDGEN_SET_SNO_PARTITION,
	IDGEN_SET_SNO_SEQUENCE_MIN,
	IDGEN_SET_SNO_SEQUENCE_MAX,
	IDGEN_SET_SIQ_SHARD,
	IDGEN_SET_SIQ_DOMAIN,
	IDGEN_SET_SIQ_LOCAL_ID,
	IDGEN_SET_MUID_MEDALLION,
	IDGEN_SET_SNOWFLAKE_NODE
} IdgenNodeSetting;

/*
 * In the postmaster, at a reload: one setting's new value, and the others',
 * recorded as this place's (nodeid.c)
 */
static void
idgen_node_pm_assigned(IdgenNodeSetting setting, int64 value, const char *domain)
{
	IdgenNodeConf c;

	idgen_node_conf_read(&c);
	switch (setting)
	{
		case IDGEN_SET_SNO_PARTITION:
			c.sno_partition = (int32) value;
			break;
		case IDGEN_SET_SNO_SEQUENCE_MIN:
			c.sno_sequence_min = (int32) value;
			break;
		case IDGEN_SET_SNO_SEQUENCE_MAX:
			c.sno_sequence_max = (int32) value;
			break;
		case IDGEN_SET_SIQ_SHARD:
			c.siq_shard = (int32) value;
			break;
		case IDGEN_SET_SIQ_DOMAIN:
			strlcpy(c.siq_domain, domain, sizeof(c.siq_domain));
			break;
		case IDGEN_SET_SIQ_LOCAL_ID:
			c.siq_local_id = (int32) value;
			break;
		case IDGEN_SET_MUID_MEDALLION:
			c.muid_medallion = value;
			break;
		case IDGEN_SET_SNOWFLAKE_NODE:
			c.snowflake_node = (int32) value;
			break;
	}
	idgen_node_pm_record(&c);
}

static void
idgen_node_assigned(IdgenNodeSetting setting, int64 value, const char *domain)
{
	idgen_node_own_changed = true;
	if (idgen_node_published_changes != NULL)
	{
		IdgenWorkerState *w = &idgen_shared_ptr->worker;

		idgen_node_stamp = IsUnderPostmaster ? pg_atomic_read_u64(&w->reloads) :
			pg_atomic_add_fetch_u64(&w->reloads, 1);
	}
	if (!IsUnderPostmaster && idgen_preloaded && !process_shared_preload_libraries_in_progress)
		idgen_node_pm_assigned(setting, value, domain);
}

static void
idgen_sno_partition_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SNO_PARTITION, newval, NULL);
}

static void
idgen_sno_sequence_min_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SNO_SEQUENCE_MIN, newval, NULL);
}

static void
idgen_sno_sequence_max_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SNO_SEQUENCE_MAX, newval, NULL);
}

static void
idgen_siq_shard_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SIQ_SHARD, newval, NULL);
}

static void
idgen_snowflake_node_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SNOWFLAKE_NODE, newval, NULL);
}

/* The backends' cached domain hash is stale once either setting changes */
static void
idgen_siq_domain_assign(const char *newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SIQ_DOMAIN, 0, newval);
}

static void
idgen_siq_local_id_assign(int newval, void *extra)
{
	idgen_node_assigned(IDGEN_SET_SIQ_LOCAL_ID, newval, NULL);
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
	idgen_node_assigned(IDGEN_SET_MUID_MEDALLION, idgen_muid_medallion_value, NULL);
}

/* A confirmation is looked at like a change of the settings it confirms */
static void
idgen_node_confirm_assign(const char *newval, void *extra)
{
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
							"-1 derives it from the cluster's system identifier, timeline and node record.",
							&idgen_sno_partition, -1, -1, 65535,
							PGC_SIGHUP, 0, NULL, idgen_sno_partition_assign, NULL);
	DefineCustomIntVariable("idgen.sno_sequence_min",
							"Lowest sno sequence number this server uses.",
							NULL, &idgen_sno_sequence_min, 0, 0, 65535,
							PGC_SIGHUP, 0, NULL, idgen_sno_sequence_min_assign, NULL);
	DefineCustomIntVariable("idgen.sno_sequence_max",
							"Highest sno sequence number this server uses.",
							NULL, &idgen_sno_sequence_max, 65535, 0, 65535,
							PGC_SIGHUP, 0, NULL, idgen_sno_sequence_max_assign, NULL);
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
							"-1 derives it from the cluster's system identifier, timeline and node record.",
							&idgen_siq_shard, -1, -1, 255,
							PGC_SIGHUP, 0, NULL, idgen_siq_shard_assign, NULL);
	DefineCustomStringVariable("idgen.muid_medallion",
							   "Medallion of the muid values this server generates.",
							   "Decimal, or hexadecimal after 0x, from 1 to 17592186044414; \"\" derives it from the cluster's system identifier, timeline and node record.",
							   &idgen_muid_medallion, "", PGC_SIGHUP, 0,
							   idgen_muid_medallion_check, idgen_muid_medallion_assign, NULL);
	DefineCustomIntVariable("idgen.snowflake_node",
							"Node of the snowflake values this server generates.",
							"-1 derives it from the cluster's system identifier, timeline and node record.",
							&idgen_snowflake_node, -1, -1, 1023,
							PGC_SIGHUP, 0, NULL, idgen_snowflake_node_assign, NULL);
	DefineCustomStringVariable("idgen.node_confirm",
							   "Confirms as this server's own the node settings its data directory was copied with.",
							   "The code that gen_sno(), gen_siq(), gen_muid() and gen_snowflake() give when they refuse such settings; set it once the server they came from has stopped for good.",
							   &idgen_node_confirm, "", PGC_SIGHUP, 0,
							   NULL, idgen_node_confirm_assign, NULL);
	DefineCustomIntVariable("idgen.clock_offset",
							"Testing aid: shifts the generator clock of this session.",
							"Lets tests move the clock that idgen's generators read backwards and forwards.",
							&idgen_clock_offset_ms, 0, INT_MIN + 1, INT_MAX,
							PGC_SUSET, GUC_UNIT_MS, NULL, NULL, NULL);
	DefineCustomIntVariable("idgen.worker_idle",
							"Time without a new value after which the idgen worker stops keeping a generator's mark ahead.",
							"The first call after it waits for one write of the mark file.",
							&idgen_worker_idle_s, 120, 1, 86400,
							PGC_SIGHUP, GUC_UNIT_S, NULL, NULL, NULL);
	MarkGUCPrefixReserved("idgen");

	if (!process_shared_preload_libraries_in_progress)
		return;
	idgen_preloaded = true;
	prev_shmem_request_hook = shmem_request_hook;
	shmem_request_hook = idgen_shmem_request_hook;
	prev_shmem_startup_hook = shmem_startup_hook;
	shmem_startup_hook = idgen_shmem_startup_hook;
	idgen_worker_register();
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

/* This process's own node settings, as its GUC variables hold them */
void
idgen_node_conf_read(IdgenNodeConf *c)
{
	memset(c, 0, sizeof(*c));
	c->sno_partition = idgen_sno_partition;
	c->sno_sequence_min = idgen_sno_sequence_min;
	c->sno_sequence_max = idgen_sno_sequence_max;
	c->siq_shard = idgen_siq_shard;
	c->siq_local_id = idgen_siq_local_id;
	c->muid_medallion = idgen_muid_medallion_value;
	c->snowflake_node = idgen_snowflake_node;
	/* the check hook bounds the length */
	strlcpy(c->siq_domain, idgen_siq_domain ? idgen_siq_domain : "", sizeof(c->siq_domain));
}

/*
 * A node setting changed here, or the worker published (idgen_node_sync):
 * take the worker's settings unless this backend read a later reload than
 * they come from (or there is no worker: on a standby, or while it is
 * gone), else this backend's own.  The postmaster has only its own.
 */
void
idgen_node_sync_changed(void)
{
	IdgenNodeConf next;
	bool		valid = false;
	uint64		stamp = 0;

	idgen_node_own_changed = false;
	if (idgen_node_published_changes != NULL && IsUnderPostmaster)
		idgen_node_seen = idgen_worker_published(&valid, &stamp, &next);
	if (!valid || stamp < idgen_node_stamp)
	{
		idgen_node_conf_read(&next);
		stamp = idgen_node_stamp;
	}
	idgen_node_in_use_stamp = stamp;
	if (memcmp(&next, &idgen_node, sizeof(next)) != 0)
	{
		idgen_node = next;
		idgen_node_settings_changes++;
		idgen_siq_domain_changed = true;
	}
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
	[IDGEN_GEN_UUIDV7] = {"uuidv7", uuidv7_node_info},
	[IDGEN_GEN_SNOWFLAKE] = {"snowflake", snowflake_node_info},
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

	idgen_node_sync();
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
