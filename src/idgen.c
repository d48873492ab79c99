/*
 * idgen.c
 *	  Module initialisation, settings, node derivation and the node record,
 *	  random bytes and idgen_stats().
 */
#include "clock.h"
#include "idgen.h"
#include "shmem.h"
#include "statefile.h"
#include "worker.h"

#include <sys/stat.h>
#include <unistd.h>

#include "access/htup_details.h"
#include "access/xlog.h"
#include "catalog/pg_control.h"
#include "common/controldata_utils.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
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
							"-1 derives it from the cluster's system identifier, timeline and node record.",
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
							"-1 derives it from the cluster's system identifier, timeline and node record.",
							&idgen_siq_shard, -1, -1, 255,
							PGC_SIGHUP, 0, NULL, idgen_node_int_assign, NULL);
	DefineCustomStringVariable("idgen.muid_medallion",
							   "Medallion of the muid values this server generates.",
							   "Decimal, or hexadecimal after 0x, from 1 to 17592186044414; \"\" derives it from the cluster's system identifier, timeline and node record.",
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

/*
 * The node record, "idgen.node" in the data directory: where the directory
 * lives, the timeline and the copy (node.h).  Written as early as possible
 * (at server start when preloaded, at CREATE EXTENSION, at the first
 * derivation), so that a copy of the directory made later carries it, and
 * judged at the first derivation out of recovery.
 */
#define IDGEN_NODE_FILE		"idgen.node"

/* The payload is one IdgenNodeRecord, as this version lays it out */
static bool
idgen_node_len_ok(const char *payload, size_t len)
{
	return len == sizeof(IdgenNodeRecord);
}

static const IdgenStateFile idgen_node_file = {
	.name = IDGEN_NODE_FILE,
	.tmpname = IDGEN_NODE_FILE ".tmp",
	.magic = 0x69644e44,		/* "idND" */
	.len_ok = idgen_node_len_ok,
};

/* Where this data directory lives; false, with the reason in problem, on failure */
static bool
idgen_node_place(IdgenNodePlace *place, char *problem)
{
	struct stat st;

	memset(place, 0, sizeof(*place));
	if (stat(DataDir, &st) != 0)
	{
		snprintf(problem, IDGEN_PROBLEM_LEN, "could not stat \"%s\": %s", DataDir, strerror(errno));
		return false;
	}
	place->dev = (uint64) st.st_dev;
	place->ino = (uint64) st.st_ino;
	if (gethostname(place->host, sizeof(place->host) - 1) != 0)
		place->host[0] = '\0';
	/* a name cut to fit may lack its NUL, and leave bytes after it */
	place->host[sizeof(place->host) - 1] = '\0';
	memset(place->host + strlen(place->host), 0, sizeof(place->host) - strlen(place->host));
	return true;
}

/*
 * Preloaded, in the postmaster at server start (shmem.c): write the record
 * if there is none, with this place and the timeline of the last
 * checkpoint, so that a base backup or a copy of the directory carries it
 * from the start.  Nothing is judged here: the server may be a standby,
 * which lives elsewhere than its primary until it is promoted.  Nothing
 * here may raise an error; a failure is left to the first derivation.
 */
void
idgen_node_startup(void)
{
	IdgenNodeRecord rec;
	size_t		len;
	char		problem[IDGEN_PROBLEM_LEN];
	ControlFileData *control;
	bool		crc_ok;

	switch (idgen_file_read(&idgen_node_file, (char *) &rec, sizeof(rec), &len, problem))
	{
		case IDGEN_FILE_OK:
			return;
		case IDGEN_FILE_UNTRUSTED:
			ereport(LOG,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("node record file \"%s\" cannot be trusted; generators with derived node fields refuse until it is resolved",
							IDGEN_NODE_FILE),
					 errdetail("%s", problem)));
			return;
		case IDGEN_FILE_ABSENT:
			break;
	}
	memset(&rec, 0, sizeof(rec));
	if (!idgen_node_place(&rec.place, problem))
	{
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem)));
		return;
	}
	control = get_controlfile(DataDir, &crc_ok);
	rec.timeline = control->checkPointCopy.ThisTimeLineID;
	pfree(control);
	if (!crc_ok)
		return;					/* the server itself refuses to start */
	if (!idgen_file_write(&idgen_node_file, (const char *) &rec, sizeof(rec), problem))
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem),
				 errdetail("The first derivation of a node field tries again.")));
}

typedef enum IdgenNodeStatus
{
	IDGEN_NODE_KNOWN,
	IDGEN_NODE_UNTRUSTED,		/* the record exists but cannot be trusted */
	IDGEN_NODE_UNWRITTEN		/* the record could not be written */
} IdgenNodeStatus;

/* This backend's copy of the server's node identity, once decided */
static bool idgen_node_known = false;
static uint32 idgen_node_timeline;
static uint64 idgen_node_copy;

/* Random bits for a new copy */
static uint64_t
idgen_node_draw(void *arg)
{
	uint64		r;

	idgen_random(&r, sizeof(r));
	return r;
}

/* "sno partition 1, siq shard 2, muid medallion 3": what a copy logs */
static char *
idgen_node_fields_text(uint64 sysid, uint32 timeline, uint64 copy)
{
	StringInfoData buf;

	initStringInfo(&buf);
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
		appendStringInfo(&buf, "%s%s " UINT64_FORMAT, k > 0 ? ", " : "",
						 idgen_node_specs[k].name,
						 (uint64) idgen_node_derive((IdgenNodeKind) k, sysid, timeline, copy));
	return buf.data;
}

/*
 * The timeline and copy that derived node fields come from, decided once
 * per server lifetime, out of recovery, where the timeline no longer
 * changes.  The first backend to get here reads the record under the lock,
 * judges it (idgen_node_judge), writes what changed, and only then
 * publishes the result in shared memory: a backend that raced it waits on
 * the lock and finds the decision, and no field is derived from a copy that
 * is not yet on disk.  After a crash-restart the record is read again, now
 * this server's own, so the fields stay.  A record that cannot be trusted
 * or written decides nothing: each call tries again.  A copy is logged
 * once, by the backend that found it.
 */
static IdgenNodeStatus
idgen_node_identity(char *problem)
{
	IdgenNodeIdentity *id;
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodePlace own;
	IdgenNodeVerdict verdict = IDGEN_NODE_KEEP;
	IdgenNodeStatus status = IDGEN_NODE_KNOWN;
	IdgenFileStatus found;
	size_t		len;

	if (likely(idgen_node_known))
		return IDGEN_NODE_KNOWN;
	Assert(!RecoveryInProgress());
	id = &idgen_shared()->node;
	LWLockAcquire(&id->lock, LW_EXCLUSIVE);
	if (!id->decided)
	{
		found = idgen_file_read(&idgen_node_file, (char *) &rec, sizeof(rec), &len, problem);
		if (found == IDGEN_FILE_UNTRUSTED)
			status = IDGEN_NODE_UNTRUSTED;
		else if (!idgen_node_place(&own, problem))
			status = IDGEN_NODE_UNWRITTEN;
		else
		{
			verdict = idgen_node_judge(found == IDGEN_FILE_OK ? &rec : NULL, &own,
									   GetWALInsertionTimeLine(), GetSystemIdentifier(),
									   idgen_node_draw, NULL, &next);
			if (verdict != IDGEN_NODE_KEEP &&
				!idgen_file_write(&idgen_node_file, (const char *) &next, sizeof(next), problem))
				status = IDGEN_NODE_UNWRITTEN;
			else
			{
				id->timeline = next.timeline;
				id->copy = next.copy;
				id->decided = true;
			}
		}
	}
	if (id->decided)
	{
		idgen_node_timeline = id->timeline;
		idgen_node_copy = id->copy;
		idgen_node_known = true;
	}
	LWLockRelease(&id->lock);

	if (status == IDGEN_NODE_KNOWN && verdict == IDGEN_NODE_COPY)
	{
		uint64		sysid = GetSystemIdentifier();

		ereport(LOG,
				(errmsg("data directory \"%s\" is a copy: derived node fields change from %s to %s",
						DataDir, idgen_node_fields_text(sysid, rec.timeline, rec.copy),
						idgen_node_fields_text(sysid, next.timeline, next.copy)),
				 errdetail("The node record \"%s\" was written on host \"%s\" for the directory at device " UINT64_FORMAT ", inode " UINT64_FORMAT ", on timeline %u, which this server is on too. Copy " UINT64_FORMAT " replaces copy " UINT64_FORMAT ".",
						   IDGEN_NODE_FILE, rec.place.host, (uint64) rec.place.dev,
						   (uint64) rec.place.ino, rec.timeline, (uint64) next.copy,
						   (uint64) rec.copy)));
	}
	return status;
}

/*
 * A node identity that is not known: 55000 for a record that cannot be
 * trusted, 58030 for one that cannot be written.  setting is the setting
 * that would make the derivation unnecessary, or NULL for all of them.
 */
static void
idgen_node_report(IdgenNodeStatus status, const char *problem, const char *setting, int elevel)
{
	char		settings[128];

	if (setting == NULL)
		snprintf(settings, sizeof(settings), "\"%s\", \"%s\" and \"%s\"",
				 idgen_node_specs[IDGEN_NODE_SNO].setting,
				 idgen_node_specs[IDGEN_NODE_SIQ].setting,
				 idgen_node_specs[IDGEN_NODE_MUID].setting);
	else
		snprintf(settings, sizeof(settings), "\"%s\"", setting);

	if (status == IDGEN_NODE_UNTRUSTED)
		ereport(elevel,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("node record file \"%s\" cannot be trusted", IDGEN_NODE_FILE),
				 errdetail("%s Without it, a copy of this data directory cannot be told from the server it was copied from.",
						   problem),
				 errhint("Set %s for this server, or remove the file if this data directory is not a copy of a running server; the next call reads it again.",
						 settings)));
	else
		ereport(elevel,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem),
				 errdetail("Node fields are derived only once the record is on disk, so that a copy of this data directory can be told from the server it was copied from."),
				 errhint("Make the data directory writable by the server, free space on its file system, and remove anything in the way of \"%s\", or set %s for this server; the next call tries again.",
						 idgen_node_file.tmpname, settings)));
}

/*
 * A derived node field: the hash of the system identifier, plus the
 * timeline and the copy (node.h).  A server still in recovery has no
 * timeline of its own yet and shares its origin's identifier, so it gets
 * none.  Out of recovery the node identity is fixed for the life of the
 * server, so the value is computed once.
 */
uint64
idgen_node_field(IdgenNodeField *f, int64 setting)
{
	const IdgenNodeSpec *spec = &idgen_node_specs[f->kind];
	char		problem[IDGEN_PROBLEM_LEN];
	IdgenNodeStatus status;

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
						 spec->setting)));
	status = idgen_node_identity(problem);
	if (status != IDGEN_NODE_KNOWN)
		idgen_node_report(status, problem, spec->setting, ERROR);
	f->value = idgen_node_derive(f->kind, GetSystemIdentifier(), idgen_node_timeline,
								 idgen_node_copy);
	f->derived = true;
	return f->value;
}

/*
 * What idgen_stats() shows: where a field comes from, and whether there is
 * one.  A refusal is shown, not raised.  Copy 0, which every server has
 * that is not a copy, goes unsaid.
 */
bool
idgen_node_field_info(IdgenNodeField *f, int64 setting, IdgenNodeInfo *info, uint64 *value)
{
	char		problem[IDGEN_PROBLEM_LEN];
	IdgenNodeStatus status;
	int			n;

	if (setting >= 0)
		strlcpy(info->source, "setting", sizeof(info->source));
	else if (RecoveryInProgress())
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused in recovery",
				 GetSystemIdentifier());
		return false;
	}
	else if ((status = idgen_node_identity(problem)) != IDGEN_NODE_KNOWN)
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused: \"%s\" %s",
				 GetSystemIdentifier(), IDGEN_NODE_FILE,
				 status == IDGEN_NODE_UNTRUSTED ? "cannot be trusted" : "cannot be written");
		return false;
	}
	else
	{
		n = snprintf(info->source, sizeof(info->source),
					 "derived from system identifier " UINT64_FORMAT ", timeline %u",
					 GetSystemIdentifier(), idgen_node_timeline);
		if (idgen_node_copy != 0 && n >= 0 && n < (int) sizeof(info->source))
			snprintf(info->source + n, sizeof(info->source) - n, ", copy " UINT64_FORMAT,
					 idgen_node_copy);
	}
	*value = idgen_node_field(f, setting);
	return true;
}

/*
 * Called once by the install script: CREATE EXTENSION writes the record
 * when the server has none yet (idgen not preloaded), so that a copy of the
 * data directory made from now on carries it.  A record that cannot be
 * trusted is only a warning here: node settings may make it unnecessary,
 * and a derivation refuses on it.
 */
PG_FUNCTION_INFO_V1(idgen_node_record);
Datum
idgen_node_record(PG_FUNCTION_ARGS)
{
	char		problem[IDGEN_PROBLEM_LEN];
	IdgenNodeStatus status;

	if (RecoveryInProgress())
		PG_RETURN_VOID();
	status = idgen_node_identity(problem);
	if (status != IDGEN_NODE_KNOWN)
		idgen_node_report(status, problem, NULL,
						  status == IDGEN_NODE_UNTRUSTED ? WARNING : ERROR);
	PG_RETURN_VOID();
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
