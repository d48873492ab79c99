/*
 * nodeid.c
 *	  This server's node identity, what needs the server of it: the node
 *	  record in the data directory, the judgment of it (node.c) once per
 *	  server lifetime, the fields of the lineage a setting must not meet,
 *	  confirmations, and the node fields the generators use.
 *
 * The record, "idgen.node", holds where the data directory lives, the
 * timeline, the copy and the lineage: the effective node fields of each
 * server the directory was copied through (node.h).  It is written as
 * early as possible (at server start and at each reload that changes a
 * node setting when preloaded, at CREATE EXTENSION, at the first value
 * made with new settings), so that a copy of the directory made later
 * carries it; judged at the first value made out of recovery.
 */
#include "clock.h"
#include "idgen.h"
#include "shmem.h"
#include "statefile.h"

#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "access/xlog.h"
#include "catalog/pg_control.h"
#include "common/controldata_utils.h"
#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "utils/builtins.h"

#define IDGEN_NODE_FILE		"idgen.node"
#define IDGEN_NODE_MAGIC	0x69644e44	/* "idND" */

static bool
idgen_node_payload_ok(const char *payload, size_t len)
{
	return idgen_node_len_ok(len);
}

static const IdgenStateFile idgen_node_file = {
	.name = IDGEN_NODE_FILE,
	.tmpname = IDGEN_NODE_FILE ".tmp",
	.magic = IDGEN_NODE_MAGIC,
	.len_ok = idgen_node_payload_ok,
};

/*
 * The postmaster writes the record through a temporary file of its own: a
 * backend may be writing it at the same moment, under a lock the
 * postmaster cannot take.  Each write is whole, and the last one stands.
 */
static const IdgenStateFile idgen_node_pm_file = {
	.name = IDGEN_NODE_FILE,
	.tmpname = IDGEN_NODE_FILE ".pm.tmp",
	.magic = IDGEN_NODE_MAGIC,
	.len_ok = idgen_node_payload_ok,
};

/*
 * The explicit node settings in self's form: DERIVED (-1) where unset, and
 * the siq domain hash the generator uses, so that settings are compared by
 * what they put into the values, not by how they are written.
 */
static void
idgen_node_fields_of(const IdgenNodeConf *c, IdgenNodeFields *f)
{
	memset(f, 0, sizeof(*f));
	f->number[IDGEN_NODE_SNO] = c->sno_partition;
	f->number[IDGEN_NODE_SIQ] = c->siq_shard;
	f->number[IDGEN_NODE_MUID] = c->muid_medallion;
	f->number[IDGEN_NODE_SNOWFLAKE] = c->snowflake_node;
	f->sno_sequence_min = (uint16) c->sno_sequence_min;
	f->sno_sequence_max = (uint16) c->sno_sequence_max;
	f->siq_domain_hash = idgen_node_domain_hash(c->siq_domain, c->siq_local_id);
}

/*
 * Where this data directory lives, and the rest of what this server knows
 * of itself but its timeline; false, with the reason in problem, if the
 * directory cannot be looked at.  The postmaster reads the system
 * identifier from the control file: at its start the shared copy may not
 * be there yet.
 */
static bool
idgen_node_self(IdgenNodeSelf *self, const IdgenNodeConf *conf, char *problem)
{
	struct stat st;
	IdgenNodePlace *place = &self->place;

	memset(self, 0, sizeof(*self));
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
	strlcpy(self->dir, DataDir, sizeof(self->dir));
	if (IsUnderPostmaster)
		self->sysid = GetSystemIdentifier();
	else
	{
		bool		crc_ok;
		ControlFileData *control = get_controlfile(DataDir, &crc_ok);

		self->sysid = control->system_identifier;
		pfree(control);
	}
	idgen_node_fields_of(conf, &self->settings);
	return true;
}

/*
 * Read the record into rec, in this layout; *older (when not NULL) says it
 * was stored in an older one, and is to be written again
 */
static IdgenFileStatus
idgen_node_read(IdgenNodeRecord *rec, const IdgenNodeSelf *self, char *problem, bool *older)
{
	static char buf[sizeof(IdgenNodeRecord)];
	IdgenFileStatus found;
	size_t		len = 0;
	int			layout = 0;

	found = idgen_file_read(&idgen_node_file, buf, sizeof(buf), &len, problem);
	if (found == IDGEN_FILE_OK &&
		(layout = idgen_node_upgrade(buf, len, self, rec)) == 0)
	{
		snprintf(problem, IDGEN_PROBLEM_LEN,
				 "Its header does not match its size, %zu bytes.", len);
		found = IDGEN_FILE_UNTRUSTED;
	}
	if (older != NULL)
		*older = layout == 2;
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
	return idgen_file_write(f, (const char *) next, IDGEN_NODE_RECORD_LEN(next->nuses), problem);
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
 * In the postmaster, preloaded: the settings conf, in force from now on,
 * recorded as this place's latest use, at server start and at each reload
 * that changes one.  A standby records its own too, while the rest of its
 * record stays its primary's until it is judged out of recovery: a copy of
 * the standby, or a server that pg_rewind fills from it, then knows the
 * standby's fields.  With no record yet, a first one: this place, the
 * timeline of the last checkpoint.  Nothing is judged here: the server may
 * be a standby.  Nothing here may raise an error; a failure is left to the
 * first value made.
 */
void
idgen_node_pm_record(const IdgenNodeConf *conf)
{
	IdgenNodeSelf self;
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodeMeeting meetings[IDGEN_NODE_NKINDS];
	char		problem[IDGEN_PROBLEM_LEN];
	bool		older = false;

	if (!idgen_node_self(&self, conf, problem))
	{
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem)));
		return;
	}
	switch (idgen_node_read(&rec, &self, problem, &older))
	{
		case IDGEN_FILE_UNTRUSTED:
			ereport(LOG,
					(errcode(ERRCODE_DATA_CORRUPTED),
					 errmsg("node record file \"%s\" cannot be trusted; generators with derived node fields refuse until it is resolved",
							IDGEN_NODE_FILE),
					 errdetail("%s", problem)));
			return;
		case IDGEN_FILE_ABSENT:
			{
				bool		crc_ok;
				ControlFileData *control = get_controlfile(DataDir, &crc_ok);

				self.timeline = control->checkPointCopy.ThisTimeLineID;
				pfree(control);
				if (!crc_ok)
					return;		/* the server itself refuses to start */
				(void) idgen_node_judge(NULL, &self, NULL, NULL, &rec);
				older = true;
			}
			break;
		case IDGEN_FILE_OK:
			break;
	}
	idgen_node_take(&rec, &self, idgen_node_refusals(&rec, &self, meetings), &next);
	if (!idgen_node_write_changed(&idgen_node_pm_file, &rec, older, &next, problem))
		ereport(LOG,
				(errcode(ERRCODE_IO_ERROR),
				 errmsg("could not write node record file \"%s\": %s", IDGEN_NODE_FILE, problem),
				 errdetail("The first value made with these node settings tries again.")));
}

typedef enum IdgenNodeStatus
{
	IDGEN_NODE_KNOWN,
	IDGEN_NODE_UNTRUSTED,		/* the record exists but cannot be trusted */
	IDGEN_NODE_UNWRITTEN		/* the record could not be written */
} IdgenNodeStatus;

/*
 * This backend's view of the node identity, brought up to date when its
 * node settings change and when recovery ends (idgen_node_check): whether
 * the timeline and copy are decided, the kinds whose setting is refused,
 * where each refused field was used, and the time before which a confirmed
 * server makes no value.
 */
static bool idgen_node_checked = false;
static uint32 idgen_node_checked_changes;
static bool idgen_node_checked_in_recovery;
static IdgenNodeStatus idgen_node_status;
static char idgen_node_problem[IDGEN_PROBLEM_LEN];
static bool idgen_node_known = false;
static uint32 idgen_node_timeline;
static uint64 idgen_node_copy;
static uint32 idgen_node_refused;
static IdgenNodeUse idgen_node_refused_use[IDGEN_NODE_NKINDS];
static bool idgen_node_refused_derived[IDGEN_NODE_NKINDS];
static uint64 idgen_node_refused_code;
static int64 idgen_node_quiet_until = 0;

/* Random bits for a new copy */
static uint64_t
idgen_node_draw(void *arg)
{
	uint64		r;

	idgen_random(&r, sizeof(r));
	return r;
}

/* "sno partition 1, siq shard 2, ...": what a copy logs */
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

/* Does idgen.node_confirm hold code? */
static bool
idgen_node_confirm_given(uint64 code)
{
	char		text[17];

	if (idgen_node_confirm == NULL || idgen_node_confirm[0] == '\0')
		return false;
	snprintf(text, sizeof(text), "%016llx", (unsigned long long) code);
	return pg_strcasecmp(idgen_node_confirm, text) == 0;
}

/*
 * This backend's settings against the record, under the record's lock.  In
 * recovery the record is not judged: a standby's is its primary's; the
 * settings that meet a field of another place are refused, and the rest
 * recorded as this place's.  Out of recovery the timeline and copy are
 * decided once per server lifetime, by the first backend to get here
 * (idgen_node_judge), and published in shared memory only once the record
 * on disk says the same: a backend that raced it waits on the lock and
 * finds the decision.  After a crash-restart the record is read again, now
 * this server's own, so the fields stay.  A confirmation code in
 * idgen.node_confirm that matches the refused fields releases them, once
 * that is on disk.  A record that cannot be trusted decides nothing and
 * refuses no setting (settings are the way out of it); one that cannot be
 * written decides nothing: each check tries again.  A copy
 * is logged once, by the backend that found it, and so is a confirmation.
 */
static void
idgen_node_check(void)
{
	IdgenNodeIdentity *id = &idgen_shared()->node;
	IdgenNodeSelf self;
	IdgenNodeRecord rec;
	IdgenNodeRecord judged;
	IdgenNodeRecord next;
	IdgenNodeMeeting meetings[IDGEN_NODE_NKINDS];
	IdgenNodeVerdict verdict = IDGEN_NODE_KEEP;
	IdgenFileStatus found = IDGEN_FILE_ABSENT;
	uint32		changes;
	uint32		refused = 0;
	bool		recovery = RecoveryInProgress();
	bool		older = false;
	bool		confirmed = false;
	int64		now;
	char	   *problem = idgen_node_problem;

	idgen_node_sync();
	changes = idgen_node_settings_changes;
	idgen_node_refused = 0;
	idgen_node_status = IDGEN_NODE_KNOWN;
	if (!idgen_node_self(&self, &idgen_node, problem))
	{
		idgen_node_status = IDGEN_NODE_UNWRITTEN;
		goto done;
	}

	LWLockAcquire(&id->lock, LW_EXCLUSIVE);
	found = idgen_node_read(&rec, &self, problem, &older);
	if (found == IDGEN_FILE_UNTRUSTED)
		idgen_node_status = IDGEN_NODE_UNTRUSTED;
	else if (recovery)
	{
		if (found == IDGEN_FILE_OK)
		{
			refused = idgen_node_refusals(&rec, &self, meetings);
			idgen_node_take(&rec, &self, refused, &next);
			(void) idgen_node_write_changed(&idgen_node_file, &rec, older, &next, problem);
		}
	}
	else
	{
		if (id->decided)
		{
			/* the decision stands for the server's lifetime */
			if (found == IDGEN_FILE_OK)
				judged = rec;
			else
				(void) idgen_node_judge(NULL, &self, NULL, NULL, &judged);
			judged.place = self.place;
			judged.timeline = id->timeline;
			judged.copy = id->copy;
		}
		else
		{
			self.timeline = GetWALInsertionTimeLine();
			verdict = idgen_node_judge(found == IDGEN_FILE_OK ? &rec : NULL, &self,
									   idgen_node_draw, NULL, &judged);
		}
		refused = idgen_node_refusals(&judged, &self, meetings);
		self.timeline = judged.timeline;
		if (refused != 0 && idgen_node_confirm_given(idgen_node_confirm_code(&self, refused)))
		{
			idgen_node_release(&judged, &self, refused);
			judged.quiet_until = idgen_node_clock_us() + IDGEN_HWM_WINDOW_US;
			confirmed = true;
		}
		idgen_node_take(&judged, &self, confirmed ? 0 : refused, &next);
		if (!idgen_node_write_changed(&idgen_node_file, &rec, found != IDGEN_FILE_OK || older,
									  &next, problem))
		{
			/* a confirmation counts once it is on disk */
			idgen_node_status = IDGEN_NODE_UNWRITTEN;
			confirmed = false;
		}
		else if (!id->decided)
		{
			id->timeline = next.timeline;
			id->copy = next.copy;
			id->decided = true;
		}
		if (id->decided)
		{
			idgen_node_timeline = id->timeline;
			idgen_node_copy = id->copy;
			idgen_node_known = true;
		}
		/* a quiet time further off than a window comes from a clock set back */
		now = idgen_node_clock_us();
		idgen_node_quiet_until = next.quiet_until <= now ? 0 :
			Min(next.quiet_until, now + IDGEN_HWM_WINDOW_US);
		if (confirmed)
			refused = 0;
	}
	LWLockRelease(&id->lock);

	idgen_node_refused = refused;
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		if (refused & (UINT32_C(1) << k))
		{
			idgen_node_refused_use[k] = (recovery ? &rec : &judged)->uses[meetings[k].use];
			idgen_node_refused_derived[k] = meetings[k].derived;
		}
	}
	idgen_node_refused_code = recovery ? 0 : idgen_node_confirm_code(&self, refused);

	if (idgen_node_status == IDGEN_NODE_KNOWN && verdict == IDGEN_NODE_COPY && !recovery)
		ereport(LOG,
				(errmsg("data directory \"%s\" is a copy: derived node fields change from %s to %s",
						DataDir, idgen_node_fields_text(self.sysid, rec.timeline, rec.copy),
						idgen_node_fields_text(self.sysid, next.timeline, next.copy)),
				 errdetail("The node record \"%s\" was written on host \"%s\" for the directory at device " UINT64_FORMAT ", inode " UINT64_FORMAT ", on timeline %u, which this server is on too. Copy " UINT64_FORMAT " replaces copy " UINT64_FORMAT ".",
						   IDGEN_NODE_FILE, rec.place.host, (uint64) rec.place.dev,
						   (uint64) rec.place.ino, rec.timeline, (uint64) next.copy,
						   (uint64) rec.copy)));
	if (confirmed)
		ereport(LOG,
				(errmsg("node fields that another server of this data directory's lineage used are confirmed as this server's own"),
				 errdetail("\"idgen.node_confirm\" holds this server's code. The server-wide generators make no value with them for %d ms, the most the server they came from may have run ahead of the clock.",
						   (int) (IDGEN_HWM_WINDOW_US / 1000))));
done:
	idgen_node_checked_changes = changes;
	idgen_node_checked_in_recovery = recovery;
	idgen_node_checked = true;
}

static inline void
idgen_node_check_if_due(void)
{
	if (unlikely(!idgen_node_checked ||
				 idgen_node_checked_changes != idgen_node_settings_changes ||
				 (idgen_node_checked_in_recovery && !RecoveryInProgress())))
		idgen_node_check();
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
 * A field as messages show it: "sno partition 7 (sequence 0 to 65535)",
 * "siq shard 7 (domain hash 0)", "muid medallion 7", "snowflake node 7"
 */
static char *
idgen_node_field_text(IdgenNodeKind kind, int64 number, const IdgenNodeFields *f)
{
	const char *name = idgen_node_specs[kind].name;

	switch (kind)
	{
		case IDGEN_NODE_SNO:
			return psprintf("%s " INT64_FORMAT " (sequence %u to %u)", name, number,
							(unsigned) f->sno_sequence_min, (unsigned) f->sno_sequence_max);
		case IDGEN_NODE_SIQ:
			return psprintf("%s " INT64_FORMAT " (domain hash %u)", name, number,
							(unsigned) f->siq_domain_hash);
		default:
			return psprintf("%s " INT64_FORMAT, name, number);
	}
}

/* Where a use was: "The server at host "db1", directory "/srv/pg", timeline 1," */
static char *
idgen_node_use_text(const IdgenNodeUse *u)
{
	return psprintf("The server at host \"%s\", directory \"%s\", timeline %u,",
					u->place.host, u->dir, u->timeline);
}

/*
 * 55000 for a generator whose setting meets a field another server of this
 * data directory's lineage used or derives: in recovery, until this server
 * has a field of its own; out of it, until it has one or confirms this one.
 */
static void
idgen_node_refuse(IdgenNodeKind kind, int64 setting)
{
	const char *name = idgen_node_specs[kind].setting;
	IdgenNodeFields mine;
	const IdgenNodeUse *u = &idgen_node_refused_use[kind];
	const char *verb = idgen_node_refused_derived[kind] ? "derives" : "used";
	char	   *field;
	char	   *hint;

	idgen_node_fields_of(&idgen_node, &mine);
	field = idgen_node_field_text(kind, setting, &mine);
	if (idgen_node_checked_in_recovery)
		hint = psprintf("Give this server its own \"%s\", one no server of its lineage used, in postgresql.conf or with ALTER SYSTEM, then reload.",
						name);
	else
		hint = psprintf("Give this server its own \"%s\" and reload, or unset it to derive one; or, once that server has stopped for good, confirm with ALTER SYSTEM SET idgen.node_confirm = '%016llx' and reload.",
						name, (unsigned long long) idgen_node_refused_code);
	ereport(ERROR,
			(errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
			 errmsg("cannot generate with %s: another server of this data directory's lineage %s it",
					field, verb),
			 errdetail("%s %s it, and its node record came with this data directory: %s",
					   idgen_node_use_text(u), verb,
					   idgen_node_checked_in_recovery ?
					   "in recovery, this server would make that server's values." :
					   "that server may still be making values with it."),
			 errhint("%s", hint)));
}

/*
 * After a confirmation: no value until the window the server it took over
 * from may have run ahead has passed.  A short, interruptible wait, once
 * per confirmation.
 */
static void
idgen_node_quiet(void)
{
	int64		now;

	while ((now = idgen_node_clock_us()) < idgen_node_quiet_until)
	{
		CHECK_FOR_INTERRUPTS();
		pg_usleep(Min(idgen_node_quiet_until - now, IDGEN_SLEEP_MAX_US));
	}
	idgen_node_quiet_until = 0;
}

/*
 * A node field: the setting when set, once it is known to meet no field of
 * another place of the lineage (idgen_node_check); else derived, from the
 * hash of the system identifier, plus the timeline and the copy (node.h).
 * A server still in recovery has no timeline of its own yet and shares its
 * origin's identifier, so it derives none.  Out of recovery the node
 * identity is fixed for the life of the server, so the value is computed
 * once.
 */
uint64
idgen_node_field(IdgenNodeField *f, int64 setting)
{
	const IdgenNodeSpec *spec = &idgen_node_specs[f->kind];

	idgen_node_check_if_due();
	if (setting >= 0)
	{
		if (unlikely(idgen_node_refused & (UINT32_C(1) << f->kind)))
			idgen_node_refuse(f->kind, setting);
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
	if (!idgen_node_known)
	{
		/* a record that could not be read or written: try again */
		idgen_node_check();
		if (!idgen_node_known)
			idgen_node_report(idgen_node_status, idgen_node_problem, spec->setting, ERROR);
	}
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
	int			n;

	idgen_node_check_if_due();
	if (setting >= 0)
	{
		if (idgen_node_refused & (UINT32_C(1) << f->kind))
		{
			const IdgenNodeUse *u = &idgen_node_refused_use[f->kind];

			snprintf(info->source, sizeof(info->source),
					 "setting, refused: %s at host \"%s\", timeline %u",
					 idgen_node_refused_derived[f->kind] ? "derived" : "used",
					 u->place.host, u->timeline);
			return false;
		}
		strlcpy(info->source, "setting", sizeof(info->source));
		*value = (uint64) setting;
		return true;
	}
	if (RecoveryInProgress())
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused in recovery",
				 GetSystemIdentifier());
		return false;
	}
	if (!idgen_node_known)
		idgen_node_check();
	if (!idgen_node_known)
	{
		snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", refused: \"%s\" %s",
				 GetSystemIdentifier(), IDGEN_NODE_FILE,
				 idgen_node_status == IDGEN_NODE_UNTRUSTED ? "cannot be trusted" : "cannot be written");
		return false;
	}
	n = snprintf(info->source, sizeof(info->source),
				 "derived from system identifier " UINT64_FORMAT ", timeline %u",
				 GetSystemIdentifier(), idgen_node_timeline);
	if (idgen_node_copy != 0 && n >= 0 && n < (int) sizeof(info->source))
		snprintf(info->source + n, sizeof(info->source) - n, ", copy " UINT64_FORMAT,
				 idgen_node_copy);
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
	if (RecoveryInProgress())
		PG_RETURN_VOID();
	idgen_node_check();
	if (!idgen_node_known)
		idgen_node_report(idgen_node_status, idgen_node_problem, NULL,
						  idgen_node_status == IDGEN_NODE_UNTRUSTED ? WARNING : ERROR);
	PG_RETURN_VOID();
}

/* Preloaded, in the postmaster at server start (shmem.c) */
void
idgen_node_startup(void)
{
	IdgenNodeConf conf;

	idgen_node_conf_read(&conf);
	idgen_node_pm_record(&conf);
}
