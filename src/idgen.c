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
#include <time.h>
#include <unistd.h>

#include "access/htup_details.h"
#include "access/xlog.h"
#include "catalog/pg_control.h"
#include "common/controldata_utils.h"
#include "common/hashfn.h"
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
 * (idgen_node_pm_record), so that a base backup taken right after the
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

static void idgen_node_pm_record(IdgenNodeSetting setting, int64 value, const char *domain);

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
		idgen_node_pm_record(setting, value, domain);
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

/*
 * The node record, "idgen.node" in the data directory: where the directory
 * lives, the timeline, the copy and the explicit node settings in force
 * (node.h).  Written as early as possible (at server start when preloaded,
 * at CREATE EXTENSION, at the first value a server-wide generator makes),
 * so that a copy of the directory made later carries it; judged at the
 * first value made out of recovery, and brought up to date whenever a
 * backend's node settings change.
 */
#define IDGEN_NODE_FILE		"idgen.node"
#define IDGEN_NODE_MAGIC	0x69644e44	/* "idND" */

/* The payload is one IdgenNodeRecord, in this layout or an older one */
static bool
idgen_node_len_ok(const char *payload, size_t len)
{
	return len == sizeof(IdgenNodeRecord) || len == IDGEN_NODE_RECORD_V1_LEN ||
		len == IDGEN_NODE_RECORD_V2_LEN || len == IDGEN_NODE_RECORD_V3_LEN;
}

static const IdgenStateFile idgen_node_file = {
	.name = IDGEN_NODE_FILE,
	.tmpname = IDGEN_NODE_FILE ".tmp",
	.magic = IDGEN_NODE_MAGIC,
	.len_ok = idgen_node_len_ok,
};

/*
 * Read the record; one of an older layout lacks the newer settings, and
 * *older (when not NULL) says it is to be written again in this one
 */
static IdgenFileStatus
idgen_node_read(IdgenNodeRecord *rec, char *problem, bool *older)
{
	IdgenFileStatus found;
	size_t		len = 0;

	memset(rec, 0, sizeof(*rec));
	found = idgen_file_read(&idgen_node_file, (char *) rec, sizeof(*rec), &len, problem);
	if (found == IDGEN_FILE_OK)
		(void) idgen_node_upgrade(rec, len);
	if (older != NULL)
		*older = found == IDGEN_FILE_OK && len != sizeof(*rec);
	/* messages print the host names: they end within the record */
	rec->place.host[sizeof(rec->place.host) - 1] = '\0';
	rec->settings_place.host[sizeof(rec->settings_place.host) - 1] = '\0';
	return found;
}

/*
 * Write next unless the file holds it already: rec, as read from it (stale
 * when it was not read, or read in an older layout)
 */
static bool
idgen_node_write_changed(const IdgenStateFile *f, const IdgenNodeRecord *rec, bool stale,
						 const IdgenNodeRecord *next, char *problem)
{
	if (!stale && memcmp(next, rec, sizeof(*next)) == 0)
		return true;
	return idgen_file_write(f, (const char *) next, sizeof(*next), problem);
}

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
 * What the record keeps of the siq domain settings: equal for equal
 * settings ("0" is ""), and computed without SHA-256, which the postmaster
 * cannot run (OpenSSL's needs a resource owner)
 */
static uint32
idgen_node_domain_key(const char *domain, int local_id)
{
	if (strcmp(domain, "0") == 0)
		domain = "";
	return (uint32) hash_bytes_extended((const unsigned char *) domain, (int) strlen(domain),
										(uint64) local_id);
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

/* The explicit node settings generated with, as the record keeps them */
static void
idgen_node_settings_now(IdgenNodeSettings *s)
{
	IdgenNodeConf own;
	const IdgenNodeConf *c = &idgen_node;

	/*
	 * The postmaster generates nothing, and leaves idgen_node as it is for
	 * the backends it starts, which take their settings up at their first
	 * call
	 */
	if (!IsUnderPostmaster)
	{
		idgen_node_conf_read(&own);
		c = &own;
	}
	else
		idgen_node_sync();
	memset(s, 0, sizeof(*s));
	s->sno_partition = c->sno_partition;
	s->sno_sequence_min = (uint16) c->sno_sequence_min;
	s->sno_sequence_max = (uint16) c->sno_sequence_max;
	s->siq_shard = c->siq_shard;
	s->siq_domain_key = idgen_node_domain_key(c->siq_domain, c->siq_local_id);
	s->muid_medallion = c->muid_medallion;
	s->snowflake_node = c->snowflake_node;
}

/* The system clock in Unix microseconds, without idgen.clock_offset */
static int64
idgen_node_clock_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (int64) ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/*
 * The postmaster writes the record through a temporary file of its own: a
 * backend may be writing it at the same moment, under a lock the
 * postmaster cannot take.  Each write is whole, and the last one stands.
 */
static const IdgenStateFile idgen_node_pm_file = {
	.name = IDGEN_NODE_FILE,
	.tmpname = IDGEN_NODE_FILE ".pm.tmp",
	.magic = IDGEN_NODE_MAGIC,
	.len_ok = idgen_node_len_ok,
};

/*
 * In the postmaster: the record rec takes settings, the settings in force,
 * as this server's own, those that came with a copy marked so
 * (idgen_node_take_settings).  A standby records its own settings too,
 * though its record stays its primary's for the rest, until it is judged
 * out of recovery: a copy of the standby, or a server that pg_rewind fills
 * from it, then knows the standby's settings from its own.  Nothing here
 * may raise an error.
 */
static void
idgen_node_record_settings(const IdgenNodeRecord *rec, const IdgenNodeSettings *settings,
						   bool older)
{
	IdgenNodeRecord next;
	IdgenNodePlace own;
	char		problem[IDGEN_PROBLEM_LEN];

	if (!idgen_node_place(&own, problem))
		return;
	idgen_node_take_settings(rec, &own, settings, &next);
	if (!idgen_node_write_changed(&idgen_node_pm_file, rec, older, &next, problem))
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem),
				 errdetail("The first value made with the new node settings tries again.")));
}

/* In the postmaster, at a reload: one setting's new value, and the others' */
static void
idgen_node_pm_record(IdgenNodeSetting setting, int64 value, const char *domain)
{
	IdgenNodeRecord rec;
	IdgenNodeSettings s;
	char		problem[IDGEN_PROBLEM_LEN];
	bool		older;

	if (idgen_node_read(&rec, problem, &older) != IDGEN_FILE_OK)
		return;
	idgen_node_settings_now(&s);
	switch (setting)
	{
		case IDGEN_SET_SNO_PARTITION:
			s.sno_partition = (int32) value;
			break;
		case IDGEN_SET_SNO_SEQUENCE_MIN:
			s.sno_sequence_min = (uint16) value;
			break;
		case IDGEN_SET_SNO_SEQUENCE_MAX:
			s.sno_sequence_max = (uint16) value;
			break;
		case IDGEN_SET_SIQ_SHARD:
			s.siq_shard = (int32) value;
			break;
		case IDGEN_SET_SIQ_DOMAIN:
			s.siq_domain_key = idgen_node_domain_key(domain, idgen_siq_local_id);
			break;
		case IDGEN_SET_SIQ_LOCAL_ID:
			s.siq_domain_key = idgen_node_domain_key(idgen_siq_domain, (int) value);
			break;
		case IDGEN_SET_MUID_MEDALLION:
			s.muid_medallion = value;
			break;
		case IDGEN_SET_SNOWFLAKE_NODE:
			s.snowflake_node = (int32) value;
			break;
	}
	idgen_node_record_settings(&rec, &s, older);
}

/*
 * Preloaded, in the postmaster at server start (shmem.c): write the record
 * if there is none, with this place, the timeline of the last checkpoint
 * and the settings in force, so that a base backup or a copy of the
 * directory carries it from the start; a record takes the settings in
 * force (idgen_node_record_settings).  Nothing is judged here: the server
 * may be a standby, which lives elsewhere than its primary until it is
 * promoted.  Nothing here may raise an error; a failure is left to the
 * first value made.
 */
void
idgen_node_startup(void)
{
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodeSettings settings;
	char		problem[IDGEN_PROBLEM_LEN];
	ControlFileData *control;
	bool		crc_ok;
	bool		older;

	switch (idgen_node_read(&rec, problem, &older))
	{
		case IDGEN_FILE_UNTRUSTED:
			ereport(LOG,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("node record file \"%s\" cannot be trusted; generators with derived node fields refuse until it is resolved",
							IDGEN_NODE_FILE),
					 errdetail("%s", problem)));
			return;
		case IDGEN_FILE_OK:
			idgen_node_settings_now(&settings);
			idgen_node_record_settings(&rec, &settings, older);
			return;
		case IDGEN_FILE_ABSENT:
			memset(&next, 0, sizeof(next));
			if (!idgen_node_place(&next.place, problem))
			{
				ereport(LOG,
						(errcode(ERRCODE_IO_ERROR),
						 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem)));
				return;
			}
			control = get_controlfile(DataDir, &crc_ok);
			next.timeline = control->checkPointCopy.ThisTimeLineID;
			pfree(control);
			if (!crc_ok)
				return;			/* the server itself refuses to start */
			idgen_node_settings_now(&next.settings);
			next.settings_place = next.place;
			break;
	}
	if (!idgen_file_write(&idgen_node_file, (const char *) &next, sizeof(next), problem))
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem),
				 errdetail("The first value made tries again.")));
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

/*
 * This backend's explicit node settings, checked against the record when
 * they change and when recovery ends (idgen_node_check): the generators
 * whose settings came with a copy of another server's data directory, and
 * the time before which a confirmed copy makes no value.
 */
static bool idgen_node_checked = false;
static uint32 idgen_node_checked_changes;
static bool idgen_node_checked_in_recovery;
static uint32 idgen_node_refused;
static IdgenNodeRecord idgen_node_refused_rec;	/* in recovery: the record read */
static int64 idgen_node_quiet_until = 0;

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

/* The code of idgen.node_confirm for this server, as 16 hex digits */
static void
idgen_node_confirm_text(char *code, uint64 sysid, uint32 timeline, const IdgenNodePlace *own)
{
	snprintf(code, 17, "%016llx",
			 (unsigned long long) idgen_node_confirm_code(sysid, timeline, own));
}

/*
 * idgen.node_confirm holds this server's code while settings came with the
 * copy: they are its own from now on (next->copied is cleared), and no
 * value is made with them until the window the origin may have run ahead
 * of the clock has passed.
 */
static bool
idgen_node_confirmed(IdgenNodeRecord *next, uint64 sysid)
{
	char		code[17];

	if (next->copied == 0 || idgen_node_confirm == NULL || idgen_node_confirm[0] == '\0')
		return false;
	idgen_node_confirm_text(code, sysid, next->timeline, &next->place);
	if (pg_strcasecmp(idgen_node_confirm, code) != 0)
		return false;
	next->copied = 0;
	next->quiet_until = idgen_node_clock_us() + IDGEN_HWM_WINDOW_US;
	return true;
}

/*
 * The timeline and copy that derived node fields come from, decided once
 * per server lifetime, out of recovery, where the timeline no longer
 * changes, and the generators whose explicit settings (this backend's)
 * came with a copy (*copied).  The first backend to get here reads the
 * record under the lock, judges it (idgen_node_judge), writes what changed,
 * and only then publishes the result in shared memory: a backend that raced
 * it waits on the lock and finds the decision, and no field is derived from
 * a copy that is not yet on disk.  Later calls judge the record in shared
 * memory against the caller's settings and write it when they changed.
 * After a crash-restart the record is read again, now this server's own,
 * so the fields stay.  A record that cannot be trusted or written decides
 * nothing: each call tries again.  A copy is logged once, by the backend
 * that found it, and so is a confirmation.
 */
static IdgenNodeStatus
idgen_node_identity(char *problem, uint32 *copied)
{
	IdgenNodeIdentity *id;
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodePlace own;
	IdgenNodeSettings settings;
	IdgenNodeVerdict verdict = IDGEN_NODE_KEEP;
	IdgenNodeStatus status = IDGEN_NODE_KNOWN;
	IdgenFileStatus found = IDGEN_FILE_OK;
	uint64		sysid = GetSystemIdentifier();
	bool		confirmed = false;
	bool		older = false;

	Assert(!RecoveryInProgress());
	*copied = 0;
	idgen_node_settings_now(&settings);
	id = &idgen_shared()->node;
	LWLockAcquire(&id->lock, LW_EXCLUSIVE);
	if (id->decided)
	{
		rec = id->rec;
		own = rec.place;
	}
	else
		found = idgen_node_read(&rec, problem, &older);

	if (found == IDGEN_FILE_UNTRUSTED)
		status = IDGEN_NODE_UNTRUSTED;
	else if (!id->decided && !idgen_node_place(&own, problem))
		status = IDGEN_NODE_UNWRITTEN;
	else
	{
		verdict = idgen_node_judge(found == IDGEN_FILE_OK ? &rec : NULL, &own,
								   id->decided ? rec.timeline : GetWALInsertionTimeLine(),
								   sysid, &settings, idgen_node_draw, NULL, &next);
		*copied = next.copied;
		confirmed = idgen_node_confirmed(&next, sysid);
		if (!idgen_node_write_changed(&idgen_node_file, &rec, found != IDGEN_FILE_OK || older,
									  &next, problem))
		{
			status = IDGEN_NODE_UNWRITTEN;
			confirmed = false;
		}
		else
		{
			*copied = next.copied;
			id->rec = next;
			id->decided = true;
		}
	}
	if (id->decided)
	{
		idgen_node_timeline = id->rec.timeline;
		idgen_node_copy = id->rec.copy;
		idgen_node_quiet_until = id->rec.quiet_until > idgen_node_clock_us() ?
			id->rec.quiet_until : 0;
		idgen_node_known = true;
	}
	LWLockRelease(&id->lock);

	if (status == IDGEN_NODE_KNOWN && verdict == IDGEN_NODE_COPY)
		ereport(LOG,
				(errmsg("data directory \"%s\" is a copy: derived node fields change from %s to %s",
						DataDir, idgen_node_fields_text(sysid, rec.timeline, rec.copy),
						idgen_node_fields_text(sysid, next.timeline, next.copy)),
				 errdetail("The node record \"%s\" was written on host \"%s\" for the directory at device " UINT64_FORMAT ", inode " UINT64_FORMAT ", on timeline %u, which this server is on too. Copy " UINT64_FORMAT " replaces copy " UINT64_FORMAT ".",
						   IDGEN_NODE_FILE, rec.place.host, (uint64) rec.place.dev,
						   (uint64) rec.place.ino, rec.timeline, (uint64) next.copy,
						   (uint64) rec.copy)));
	if (confirmed)
		ereport(LOG,
				(errmsg("node settings that came with data directory \"%s\" are confirmed as this server's own",
						DataDir),
				 errdetail("\"idgen.node_confirm\" holds this server's code. The server-wide generators make no value with them for %d ms, the most the server they came from may have run ahead of the clock.",
						   (int) (IDGEN_HWM_WINDOW_US / 1000))));
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
		snprintf(settings, sizeof(settings), "\"%s\", \"%s\", \"%s\" and \"%s\"",
				 idgen_node_specs[IDGEN_NODE_SNO].setting,
				 idgen_node_specs[IDGEN_NODE_SIQ].setting,
				 idgen_node_specs[IDGEN_NODE_MUID].setting,
				 idgen_node_specs[IDGEN_NODE_SNOWFLAKE].setting);
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
 * This backend's explicit settings against the record, again whenever they
 * change and when recovery ends.  In recovery the record is not judged: a
 * standby's is its primary's, so settings that meet it are the primary's;
 * it only takes the settings (idgen_node_take_settings), as the postmaster
 * has them take when preloaded.  Out of recovery the record is judged and
 * written (idgen_node_identity).  A record that cannot be read or written
 * refuses nothing here: it is the derivations that depend on it.
 */
static void
idgen_node_check(void)
{
	char		problem[IDGEN_PROBLEM_LEN];
	uint32		changes = idgen_node_settings_changes;
	bool		recovery = RecoveryInProgress();

	idgen_node_refused = 0;
	if (recovery)
	{
		IdgenNodeRecord rec;
		IdgenNodeRecord next;
		IdgenNodePlace own;
		IdgenNodeSettings settings;
		bool		older;
		LWLock	   *lock = &idgen_shared()->node.lock;

		idgen_node_settings_now(&settings);
		LWLockAcquire(lock, LW_EXCLUSIVE);
		if (idgen_node_read(&rec, problem, &older) == IDGEN_FILE_OK && idgen_node_place(&own, problem))
		{
			idgen_node_take_settings(&rec, &own, &settings, &next);
			idgen_node_refused = next.copied;
			idgen_node_refused_rec = rec;
			(void) idgen_node_write_changed(&idgen_node_file, &rec, older, &next, problem);
		}
		LWLockRelease(lock);
	}
	else
		(void) idgen_node_identity(problem, &idgen_node_refused);
	idgen_node_checked_changes = changes;
	idgen_node_checked_in_recovery = recovery;
	idgen_node_checked = true;
}

static inline bool
idgen_node_check_due(void)
{
	return unlikely(!idgen_node_checked ||
					idgen_node_checked_changes != idgen_node_settings_changes ||
					(idgen_node_checked_in_recovery && !RecoveryInProgress()));
}

/* A setting's value as it was set, for messages */
static const char *
idgen_node_setting_value(IdgenNodeKind kind)
{
	switch (kind)
	{
		case IDGEN_NODE_SNO:
			return psprintf("%d", idgen_node.sno_partition);
		case IDGEN_NODE_SIQ:
			return psprintf("%d", idgen_node.siq_shard);
		case IDGEN_NODE_SNOWFLAKE:
			return psprintf("%d", idgen_node.snowflake_node);
		default:
			return psprintf(INT64_FORMAT, idgen_node.muid_medallion);
	}
}

/*
 * 55000 for a generator whose explicit setting came with a copy of another
 * server's data directory: in recovery, until this server has a setting of
 * its own; out of it, until it has one or confirms this one.
 */
static void
idgen_node_refuse(IdgenNodeKind kind)
{
	const char *setting = idgen_node_specs[kind].setting;
	const char *value = idgen_node_setting_value(kind);

	if (idgen_node_checked_in_recovery)
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("cannot generate with node settings copied from another server"),
				 errdetail("\"%s\" = %s came with this data directory from the server it copies, which made the node record \"%s\" with it on host \"%s\", timeline %u: this server, in recovery, would make the values that server makes.",
						   setting, value, IDGEN_NODE_FILE, idgen_node_refused_rec.settings_place.host,
						   idgen_node_refused_rec.timeline),
				 errhint("Give this server its own \"%s\" in postgresql.conf or with ALTER SYSTEM, then reload.",
						 setting)));
	else
	{
		char		code[17];
		IdgenNodePlace own;
		char		problem[IDGEN_PROBLEM_LEN];

		if (!idgen_node_place(&own, problem))
			ereport(ERROR,
					(errcode(ERRCODE_IO_ERROR),
					 errmsg("%s", problem)));
		idgen_node_confirm_text(code, GetSystemIdentifier(), GetWALInsertionTimeLine(), &own);
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("cannot generate with node settings copied from another server"),
				 errdetail("\"%s\" = %s came with this data directory from the server it was copied from, which may still be making values with it.",
						   setting, value),
				 errhint("Give this server its own \"%s\" and reload; or, once the server it was copied from has stopped for good, confirm with ALTER SYSTEM SET idgen.node_confirm = '%s' and reload.",
						 setting, code)));
	}
}

/*
 * After a confirmation: no value until the origin's window has passed.  A
 * short, interruptible wait, once per confirmation.
 */
static void
idgen_node_quiet(void)
{
	int64		now;

	while ((now = idgen_node_clock_us()) < idgen_node_quiet_until)
	{
		CHECK_FOR_INTERRUPTS();
		pg_usleep(Min(idgen_node_quiet_until - now, 10000));
	}
	idgen_node_quiet_until = 0;
}

/*
 * A node field: the setting when set, once it is known not to have come
 * with a copy (idgen_node_check); else derived, from the hash of the system
 * identifier, plus the timeline and the copy (node.h).  A server still in
 * recovery has no timeline of its own yet and shares its origin's
 * identifier, so it derives none.  Out of recovery the node identity is
 * fixed for the life of the server, so the value is computed once.
 */
uint64
idgen_node_field(IdgenNodeField *f, int64 setting)
{
	const IdgenNodeSpec *spec = &idgen_node_specs[f->kind];
	char		problem[IDGEN_PROBLEM_LEN];
	IdgenNodeStatus status;
	uint32		copied;

	if (setting >= 0)
	{
		if (idgen_node_check_due())
			idgen_node_check();
		if (unlikely(idgen_node_refused & (UINT32_C(1) << f->kind)))
			idgen_node_refuse(f->kind);
		if (unlikely(idgen_node_quiet_until != 0))
			idgen_node_quiet();
		return (uint64) setting;
	}
	if (likely(f->derived))
		return f->value;
	if (RecoveryInProgress())
		ereport(ERROR,
				(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
				 errmsg("cannot derive the node of a generator on a server in recovery"),
				 errdetail("A server in recovery shares its system identifier with the server it copies."),
				 errhint("Set \"%s\" for this server in postgresql.conf or with ALTER SYSTEM, then reload.",
						 spec->setting)));
	status = idgen_node_identity(problem, &copied);
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
	uint32		copied;
	int			n;

	if (setting >= 0)
	{
		if (idgen_node_check_due())
			idgen_node_check();
		if (idgen_node_refused & (UINT32_C(1) << f->kind))
		{
			strlcpy(info->source, "setting, refused: it came with a copy of another server",
					sizeof(info->source));
			return false;
		}
		strlcpy(info->source, "setting", sizeof(info->source));
		*value = (uint64) setting;
		return true;
	}
	else if (RecoveryInProgress())
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused in recovery",
				 GetSystemIdentifier());
		return false;
	}
	else if ((status = idgen_node_identity(problem, &copied)) != IDGEN_NODE_KNOWN)
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
	uint32		copied;

	if (RecoveryInProgress())
		PG_RETURN_VOID();
	status = idgen_node_identity(problem, &copied);
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
