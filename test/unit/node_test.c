/*
 * node_test.c
 *	  Unit test of the derived node fields and the node record's judgment
 *	  (src/node.c), linked directly, without a server.  Prints TAP and exits
 *	  non-zero if a test fails.
 *
 *	  gcc -std=c99 -O2 -Wall -Wextra -Werror -Isrc \
 *		  test/unit/node_test.c src/node.c -o test/unit/node_test
 *
 * The statistical tests use 100,000 distinct system identifiers, half of
 * them the way initdb makes them (seconds, microseconds and process id of
 * clusters initialised a few seconds apart), half pseudo-random, with a
 * fixed seed, so every run sees the same numbers.  A count of agreements
 * between two fields' low bytes is binomial with p = 1/256: mean 390.6,
 * standard deviation 19.7; it must lie within 5 standard deviations of the
 * mean.  A chi-square of a field's low byte over 256 bins has 255 degrees
 * of freedom (mean 255, standard deviation 22.6); it must lie below the
 * mean plus 5 standard deviations.  An unrelated hash fails these bounds
 * about once in 3.5 million runs; the hash this replaced, cut to 8 bits,
 * gave a promoted standby its origin's shard once in 256 promotions.
 */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "node.h"

#define NPAIRS		100000
#define NSIGMA		5.0
#define NTESTS		56

static int	test_no = 0;
static int	failures = 0;

/* One TAP line */
static void
ok(int pass, const char *fmt,...)
{
	va_list		ap;

	printf("%sok %d - ", pass ? "" : "not ", ++test_no);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!pass)
		failures++;
}

/* xorshift64*: test data from another generator than the hash's mix */
static uint64_t rng_state = UINT64_C(0x2545f4914f6cdd1d);

static uint64_t
rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * UINT64_C(0x2545f4914f6cdd1d);
}

/*
 * The pairs: identifiers as initdb makes them (seconds << 32, microseconds
 * << 12, low 12 bits of the process id) for clusters initialised a few
 * seconds apart on busy machines, and pseudo-random ones; a timeline each.
 */
static uint64_t sysids[NPAIRS];
static uint32_t timelines[NPAIRS];

static void
make_pairs(void)
{
	for (int i = 0; i < NPAIRS; i++)
	{
		if (i % 2 == 0)
		{
			uint64_t	sec = UINT64_C(1700000000) + (uint64_t) i * 3;
			uint64_t	usec = rng() % 1000000;
			uint64_t	pid = (uint64_t) (1000 + i % 3000);

			sysids[i] = sec << 32 | usec << 12 | (pid & 0xFFF);
		}
		else
			sysids[i] = rng();
		/* mostly early timelines, some far on (the sum then wraps) */
		timelines[i] = i % 10 == 0 ? (uint32_t) rng() : 1 + (uint32_t) (rng() % 1000);
	}
}

static uint64_t
field(IdgenNodeKind k, int i, uint32_t timeline, uint64_t copy)
{
	return idgen_node_derive(k, sysids[i], timeline, copy);
}

/*
 * Every field in its range: sno 16 bits, siq 8 bits, muid in [2^40, 2^41),
 * snowflake 10 bits
 */
static void
test_ranges(void)
{
	int			bad = 0;

	for (int i = 0; i < NPAIRS; i++)
	{
		if (field(IDGEN_NODE_SNO, i, timelines[i], 0) > 0xFFFF ||
			field(IDGEN_NODE_SIQ, i, timelines[i], 0) > 0xFF ||
			field(IDGEN_NODE_MUID, i, timelines[i], rng()) < (UINT64_C(1) << 40) ||
			field(IDGEN_NODE_MUID, i, timelines[i], rng()) >= (UINT64_C(1) << 41) ||
			field(IDGEN_NODE_SNOWFLAKE, i, timelines[i], rng()) > 1023)
			bad++;
	}
	ok(bad == 0, "every field lies in its range (%d pairs out of range)", bad);
}

/* Timeline t + 1 never shares a field with timeline t */
static void
test_consecutive(void)
{
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		int			same = 0;

		for (int i = 0; i < NPAIRS; i++)
		{
			uint32_t	t = timelines[i] == UINT32_MAX ? timelines[i] - 1 : timelines[i];

			if (field((IdgenNodeKind) k, i, t, 0) == field((IdgenNodeKind) k, i, t + 1, 0))
				same++;
		}
		ok(same == 0, "%s: consecutive timelines never share a field (%d of %d pairs do)",
		   idgen_node_specs[k].name, same, NPAIRS);
	}
}

/* No two of 2^window successive timelines share a field */
static void
test_window(IdgenNodeKind k, int npairs, int window_bits)
{
	static unsigned char seen[1 << 16];
	uint32_t	window = UINT32_C(1) << window_bits;
	int			bad = 0;

	for (int i = 0; i < npairs; i++)
	{
		memset(seen, 0, window);
		for (uint32_t t = 1; t <= window; t++)
		{
			uint64_t	v = field(k, i, timelines[i] % 100000 + t, 0) & (window - 1);

			if (seen[v]++)
			{
				bad++;
				break;
			}
		}
	}
	ok(bad == 0, "%s: no two of %u successive timelines share a field (%d of %d pairs fail)",
	   idgen_node_specs[k].name, window, bad, npairs);
}

/*
 * The case reported against the hash of (identifier, timeline) cut to 8
 * bits: the same siq shard on timelines 351 and 352
 */
static void
test_reported(void)
{
	uint64_t	sysid = UINT64_C(7711361993758238403);

	ok(idgen_node_derive(IDGEN_NODE_SIQ, sysid, 351, 0) != idgen_node_derive(IDGEN_NODE_SIQ, sysid, 352, 0),
	   "system identifier 7711361993758238403: siq shards of timelines 351 and 352 differ (%" PRIu64 ", %" PRIu64 ")",
	   idgen_node_derive(IDGEN_NODE_SIQ, sysid, 351, 0),
	   idgen_node_derive(IDGEN_NODE_SIQ, sysid, 352, 0));
}

/* Two generators' fields agree in their low byte no more often than chance */
static void
test_agreement(IdgenNodeKind a, IdgenNodeKind b)
{
	double		mean = NPAIRS / 256.0;
	double		sd = sqrt(NPAIRS * (1.0 / 256) * (255.0 / 256));
	int			same = 0;

	for (int i = 0; i < NPAIRS; i++)
	{
		if ((field(a, i, timelines[i], 0) & 0xFF) == (field(b, i, timelines[i], 0) & 0xFF))
			same++;
	}
	ok(fabs(same - mean) <= NSIGMA * sd,
	   "%s and %s: low bytes agree %d times in %d, chance %.1f +- %.0f (5 sd)",
	   idgen_node_specs[a].name, idgen_node_specs[b].name, same, NPAIRS, mean, NSIGMA * sd);
}

/* A field's low byte is spread evenly over identifiers (chi-square) */
static void
test_spread(IdgenNodeKind k)
{
	int			bins[256] = {0};
	double		expected = NPAIRS / 256.0;
	double		chi2 = 0;
	double		bound = 255 + NSIGMA * sqrt(2 * 255.0);

	for (int i = 0; i < NPAIRS; i++)
		bins[field(k, i, 1, 0) & 0xFF]++;
	for (int v = 0; v < 256; v++)
		chi2 += (bins[v] - expected) * (bins[v] - expected) / expected;
	ok(chi2 < bound, "%s: low byte spread evenly over identifiers (chi-square %.1f, 255 df, bound %.1f)",
	   idgen_node_specs[k].name, chi2, bound);
}

/* The judgment of the record */

static IdgenNodePlace
place(uint64_t dev, uint64_t ino, const char *host)
{
	IdgenNodePlace p;

	memset(&p, 0, sizeof(p));
	p.dev = dev;
	p.ino = ino;
	strncpy(p.host, host, sizeof(p.host) - 1);
	return p;
}

/* Draws from a list, then from rng(); counts them */
typedef struct Draws
{
	const uint64_t *list;
	int			nlist;
	int			used;
} Draws;

static uint64_t
draw(void *arg)
{
	Draws	   *d = arg;

	return d->used < d->nlist ? d->list[d->used++] : (d->used++, rng());
}

/* Each of the three fields of b is a's plus delta, mod 2^nbits */
static int
fields_moved(uint64_t sysid, uint32_t ta, uint64_t ca, uint32_t tb, uint64_t cb, uint64_t delta)
{
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
	{
		const IdgenNodeSpec *s = &idgen_node_specs[k];
		uint64_t	mask = (UINT64_C(1) << s->nbits) - 1;
		uint64_t	fa = idgen_node_derive((IdgenNodeKind) k, sysid, ta, ca) - s->base;
		uint64_t	fb = idgen_node_derive((IdgenNodeKind) k, sysid, tb, cb) - s->base;

		if (fb != ((fa + delta) & mask))
			return 0;
	}
	return 1;
}

static void
test_judge(void)
{
	uint64_t	sysid = UINT64_C(7711361993758238403);
	IdgenNodePlace origin = place(2049, 131073, "db1");
	IdgenNodePlace standby = place(2049, 262145, "db2");
	IdgenNodePlace clone = place(2049, 524289, "db1");
	IdgenNodePlace clone2 = place(2049, 393217, "db3");
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodeRecord copy1;
	IdgenNodeRecord copy2;
	IdgenNodeVerdict v;
	Draws		none = {NULL, 0, 0};
	IdgenNodeSettings none_set = idgen_node_no_settings;
	int			bad;

	/* a first record: own place, the timeline, copy 0 */
	v = idgen_node_judge(NULL, &origin, 3, sysid, &none_set, draw, &none, &rec);
	ok(v == IDGEN_NODE_FIRST && idgen_node_same_place(&rec.place, &origin) &&
	   rec.timeline == 3 && rec.copy == 0 && rec.copied == 0 && rec.quiet_until == 0 &&
	   memcmp(&rec.settings, &none_set, sizeof(none_set)) == 0 && none.used == 0,
	   "no record: a first one, with copy 0");

	/* the server's own record on its timeline: kept, as after a crash-restart */
	v = idgen_node_judge(&rec, &origin, 3, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP && memcmp(&next, &rec, sizeof(rec)) == 0,
	   "own place, same timeline: the record is kept as it is");

	/* promoted here (a restored backup promoted in place): the copy is kept */
	rec.copy = 77;
	v = idgen_node_judge(&rec, &origin, 5, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && next.timeline == 5 && next.copy == 77 &&
	   fields_moved(sysid, 3, 77, 5, next.copy, 2),
	   "own place, new timeline: copy kept, every field moves on by the timelines passed");

	/*
	 * a backup of an earlier timeline restored into the same directory: the
	 * record's timeline (5) is above the server's (3), and the record is no
	 * less stale than one below it
	 */
	rec.timeline = 5;
	v = idgen_node_judge(&rec, &origin, 3, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && next.timeline == 3 && next.copy == 77 &&
	   idgen_node_same_place(&next.place, &origin),
	   "own place, a timeline below the record's: a new timeline, rewritten with it (verdict %d, timeline %u)",
	   (int) v, next.timeline);
	rec.timeline = 3;

	/* a promoted standby: its origin's record, elsewhere, the next timeline */
	v = idgen_node_judge(&rec, &standby, 4, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && idgen_node_same_place(&next.place, &standby) &&
	   next.timeline == 4 && next.copy == 77 && none.used == 0 &&
	   fields_moved(sysid, 3, 77, 4, next.copy, 1),
	   "a promoted standby: its own place recorded, copy kept, every field its origin's plus one");

	/* wrapping: a field at its top comes back to 0 (sno partition 65535 + 1) */
	bad = 0;
	for (uint32_t t = 1; t < 70000; t++)
	{
		if (idgen_node_derive(IDGEN_NODE_SNO, sysid, t, 0) == 0xFFFF &&
			idgen_node_derive(IDGEN_NODE_SNO, sysid, t + 1, 0) != 0)
			bad++;
	}
	ok(bad == 0, "the sno partition after 65535 is 0 on the next timeline");

	/* a copy on the same timeline: a new copy, every field changed */
	rec.copy = 0;
	rec.timeline = 1;
	rec.place = origin;
	v = idgen_node_judge(&rec, &clone, 1, sysid, &none_set, draw, &none, &copy1);
	ok(v == IDGEN_NODE_COPY && idgen_node_same_place(&copy1.place, &clone) &&
	   copy1.timeline == 1 && copy1.copy != 0 && copy1.copy <= IDGEN_NODE_COPY_MASK &&
	   idgen_node_fields_differ(sysid, 1, 0, copy1.copy),
	   "another place on the same timeline: a copy, with every field changed");

	/* another device, inode or host alone is another place */
	{
		IdgenNodePlace others[3] = {place(2050, 131073, "db1"), place(2049, 131074, "db1"),
		place(2049, 131073, "db1.example")};

		bad = 0;
		for (int i = 0; i < 3; i++)
		{
			if (idgen_node_judge(&rec, &others[i], 1, sysid, &none_set, draw, &none, &next) != IDGEN_NODE_COPY)
				bad++;
		}
		ok(bad == 0, "another device, inode or host name each makes a copy");
	}

	/* a copy is drawn again until the narrowest field (siq's) changes too */
	{
		uint64_t	list[] = {256, 65536, UINT64_C(1) << 40, 512 | (UINT64_C(7) << 44), 1};
		Draws		d = {list, 5, 0};

		v = idgen_node_judge(&rec, &clone, 1, sysid, &none_set, draw, &d, &next);
		ok(v == IDGEN_NODE_COPY && d.used == 5 && next.copy == 1,
		   "copies that leave a field unchanged are drawn again (%d draws, copy %" PRIu64 ")",
		   d.used, next.copy);
	}

	/* a crash-restart of the copy: its own record now, the same copy */
	v = idgen_node_judge(&copy1, &clone, 1, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP && next.copy == copy1.copy, "a copy restarted keeps its copy");

	/* a copy of the copy: every field differs from the first copy's */
	v = idgen_node_judge(&copy1, &clone2, 1, sysid, &none_set, draw, &none, &copy2);
	ok(v == IDGEN_NODE_COPY && copy2.copy != copy1.copy &&
	   idgen_node_fields_differ(sysid, 1, copy1.copy, copy2.copy),
	   "a copy of a copy: every field differs from its origin's (the first copy)");

	/* many copies: each differs from its origin in every field */
	bad = 0;
	for (int i = 0; i < NPAIRS; i++)
	{
		rec.copy = rng() & IDGEN_NODE_COPY_MASK;
		rec.timeline = timelines[i];
		if (idgen_node_judge(&rec, &clone, timelines[i], sysids[i], &none_set, draw, &none, &next) != IDGEN_NODE_COPY ||
			!idgen_node_fields_differ(sysids[i], timelines[i], rec.copy, next.copy))
			bad++;
	}
	ok(bad == 0, "%d copies each differ from their origin in every field (%d do not)", NPAIRS, bad);
}

/* Settings that came with a copy, and settings of a server's own */
static IdgenNodeSettings
settings(int32_t partition, uint16_t seq_min, uint16_t seq_max, int32_t shard,
		 uint32_t domain_hash, int64_t medallion, int32_t node)
{
	IdgenNodeSettings s;

	memset(&s, 0, sizeof(s));
	s.sno_partition = partition;
	s.sno_sequence_min = seq_min;
	s.sno_sequence_max = seq_max;
	s.siq_shard = shard;
	s.siq_domain_key = domain_hash;
	s.muid_medallion = medallion;
	s.snowflake_node = node;
	return s;
}

#define ALL_COPIED	((UINT32_C(1) << IDGEN_NODE_NKINDS) - 1)
#define BIT(k)		(UINT32_C(1) << (k))

static void
test_settings(void)
{
	uint64_t	sysid = UINT64_C(7711361993758238403);
	IdgenNodePlace origin = place(2049, 131073, "db1");
	IdgenNodePlace standby = place(2049, 262145, "db2");
	IdgenNodePlace clone2 = place(2049, 393217, "db3");
	IdgenNodeSettings primary = settings(1, 0, 65535, 7, 2261653831u, 12345, 3);
	IdgenNodeSettings none_set = idgen_node_no_settings;
	IdgenNodeSettings s;
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodeVerdict v;
	Draws		none = {NULL, 0, 0};

	/* the origin records the settings it makes values with */
	v = idgen_node_judge(NULL, &origin, 1, sysid, &primary, draw, &none, &rec);
	ok(v == IDGEN_NODE_FIRST && memcmp(&rec.settings, &primary, sizeof(primary)) == 0 &&
	   rec.copied == 0, "a first record holds the settings in force, none copied");

	/* a standby (elsewhere) with the same settings: every generator's came with the copy */
	ok(idgen_node_copied(&rec, &standby, &primary) == ALL_COPIED,
	   "elsewhere, with the record's settings: all three copied");
	ok(idgen_node_copied(&rec, &origin, &primary) == 0,
	   "the record's own place, with its settings: none copied");

	/* settings of its own, one generator at a time */
	s = primary;
	s.sno_partition = 2;
	ok(idgen_node_copied(&rec, &standby, &s) ==
	   (BIT(IDGEN_NODE_SIQ) | BIT(IDGEN_NODE_MUID) | BIT(IDGEN_NODE_SNOWFLAKE)),
	   "a partition of its own: sno is not copied, siq, muid and snowflake are");
	s = primary;
	s.sno_sequence_min = 32768;
	rec.settings.sno_sequence_max = 32767;
	ok(!(idgen_node_copied(&rec, &standby, &s) & BIT(IDGEN_NODE_SNO)),
	   "the same partition with a disjoint sequence slice is not copied");
	s.sno_sequence_min = 32767;
	ok(idgen_node_copied(&rec, &standby, &s) & BIT(IDGEN_NODE_SNO),
	   "... a slice that overlaps by one value is");
	rec.settings = primary;
	s = primary;
	s.siq_domain_key = 1;
	ok(!(idgen_node_copied(&rec, &standby, &s) & BIT(IDGEN_NODE_SIQ)),
	   "the same shard in another domain is not copied");
	s = primary;
	s.muid_medallion = 12346;
	ok(!(idgen_node_copied(&rec, &standby, &s) & BIT(IDGEN_NODE_MUID)),
	   "another medallion is not copied");
	s = primary;
	s.snowflake_node = 4;
	ok(idgen_node_copied(&rec, &standby, &s) == (ALL_COPIED & ~BIT(IDGEN_NODE_SNOWFLAKE)),
	   "another snowflake node is not copied, the others are");

	/* derived fields (-1) are not settings, and meet nothing */
	ok(idgen_node_copied(&rec, &standby, &none_set) == 0,
	   "derived fields on the standby: nothing copied");
	rec.settings = none_set;
	ok(idgen_node_copied(&rec, &standby, &primary) == 0,
	   "a record of derived fields (or of the first layout): the standby's settings are its own");
	rec.settings = primary;

	/* promoted with copied settings: its own place recorded, the copied ones kept */
	v = idgen_node_judge(&rec, &standby, 2, sysid, &primary, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && idgen_node_same_place(&next.place, &standby) &&
	   next.copied == ALL_COPIED, "promoted with copied settings: its own place, all three still copied");
	rec = next;
	v = idgen_node_judge(&rec, &standby, 2, sysid, &primary, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP && next.copied == ALL_COPIED && memcmp(&next, &rec, sizeof(rec)) == 0,
	   "its own record now: they stay copied (a restart changes nothing)");

	/* a setting changed: that generator's are its own, the others stay copied */
	s = primary;
	s.siq_shard = 8;
	v = idgen_node_judge(&rec, &standby, 2, sysid, &s, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP &&
	   next.copied == (BIT(IDGEN_NODE_SNO) | BIT(IDGEN_NODE_MUID) | BIT(IDGEN_NODE_SNOWFLAKE)) &&
	   next.settings.siq_shard == 8, "a shard of its own: siq no longer copied, sno, muid and snowflake still");

	/* records of the older layouts: the settings they lack are derived */
	rec.settings = primary;
	rec.quiet_until = 123456789;
	{
		IdgenNodeRecord old = rec;
		char	   *q = (char *) &old + IDGEN_NODE_RECORD_V1_LEN + IDGEN_NODE_SETTINGS_V2_LEN;

		/* the second layout: quiet_until right after the muid medallion */
		memcpy(q, &rec.quiet_until, sizeof(rec.quiet_until));
		memset(q + sizeof(rec.quiet_until), 0xAA, sizeof(old) - IDGEN_NODE_RECORD_V2_LEN);
		ok(idgen_node_upgrade(&old, IDGEN_NODE_RECORD_V2_LEN) && old.quiet_until == 123456789 &&
		   old.settings.snowflake_node == -1 && old.settings.muid_medallion == 12345 &&
		   old.settings.siq_shard == 7 && old.settings.reserved == 0,
		   "a record of the second layout: its settings and quiet time, the snowflake node derived");
		old = rec;
		ok(idgen_node_upgrade(&old, IDGEN_NODE_RECORD_V1_LEN) && old.quiet_until == 0 &&
		   memcmp(&old.settings, &none_set, sizeof(none_set)) == 0,
		   "a record of the first layout: every field derived, no quiet time");
		old = rec;
		memset(&old.settings_place, 0xAA, sizeof(old.settings_place));
		ok(idgen_node_upgrade(&old, IDGEN_NODE_RECORD_V3_LEN) &&
		   idgen_node_same_place(&old.settings_place, &rec.place) &&
		   memcmp(&old, &rec, IDGEN_NODE_RECORD_V3_LEN) == 0,
		   "a record of the third layout: its settings recorded where it was judged");
		old = rec;
		ok(idgen_node_upgrade(&old, sizeof(old)) && memcmp(&old, &rec, sizeof(rec)) == 0 &&
		   !idgen_node_upgrade(&old, IDGEN_NODE_RECORD_V2_LEN + 1),
		   "a record of this layout is kept as it is; other lengths are refused");
	}

	/*
	 * A standby records its own settings beside its primary's judged place:
	 * a shard of its own, the other settings copied
	 */
	v = idgen_node_judge(NULL, &origin, 1, sysid, &primary, draw, &none, &rec);
	s = primary;
	s.siq_shard = 8;
	idgen_node_take_settings(&rec, &standby, &s, &next);
	ok(idgen_node_same_place(&next.place, &origin) && next.timeline == 1 &&
	   idgen_node_same_place(&next.settings_place, &standby) && next.settings.siq_shard == 8 &&
	   next.copied == (BIT(IDGEN_NODE_SNO) | BIT(IDGEN_NODE_MUID) | BIT(IDGEN_NODE_SNOWFLAKE)),
	   "a standby takes its settings: the judged place stays its primary's, the copied ones marked");
	rec = next;
	ok(idgen_node_copied(&rec, &standby, &s) == next.copied,
	   "the standby again: the same generators copied");
	ok(idgen_node_copied(&rec, &clone2, &s) ==
	   (BIT(IDGEN_NODE_SNO) | BIT(IDGEN_NODE_SIQ) | BIT(IDGEN_NODE_MUID) | BIT(IDGEN_NODE_SNOWFLAKE)),
	   "a copy of the standby with its settings: its shard came with the copy too");
	ok(idgen_node_copied(&rec, &origin, &s) & BIT(IDGEN_NODE_SIQ),
	   "its primary, rewound from it with its configuration: the standby's shard is copied");
	ok(!(idgen_node_copied(&rec, &origin, &primary) & BIT(IDGEN_NODE_SIQ)),
	   "... and its own shard is not");

	/* the confirmation code: this server's only */
	ok(idgen_node_confirm_code(sysid, 2, &standby) == idgen_node_confirm_code(sysid, 2, &standby) &&
	   idgen_node_confirm_code(sysid, 2, &standby) != idgen_node_confirm_code(sysid, 2, &origin) &&
	   idgen_node_confirm_code(sysid, 2, &standby) != idgen_node_confirm_code(sysid, 3, &standby) &&
	   idgen_node_confirm_code(sysid, 2, &standby) != idgen_node_confirm_code(sysid + 1, 2, &standby),
	   "the confirmation code changes with the place, the timeline and the system identifier");
}

int
main(void)
{
	printf("1..%d\n", NTESTS);
	make_pairs();
	test_ranges();
	test_consecutive();
	test_window(IDGEN_NODE_SNO, 100, 16);
	test_window(IDGEN_NODE_SIQ, NPAIRS, 8);
	test_window(IDGEN_NODE_MUID, 100, 16);
	test_window(IDGEN_NODE_SNOWFLAKE, 1000, 10);
	test_reported();
	test_agreement(IDGEN_NODE_SNO, IDGEN_NODE_SIQ);
	test_agreement(IDGEN_NODE_SNO, IDGEN_NODE_MUID);
	test_agreement(IDGEN_NODE_SIQ, IDGEN_NODE_MUID);
	test_agreement(IDGEN_NODE_SNO, IDGEN_NODE_SNOWFLAKE);
	test_agreement(IDGEN_NODE_SIQ, IDGEN_NODE_SNOWFLAKE);
	test_agreement(IDGEN_NODE_MUID, IDGEN_NODE_SNOWFLAKE);
	for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
		test_spread((IdgenNodeKind) k);
	test_judge();
	test_settings();
	if (test_no != NTESTS)
	{
		printf("# planned %d tests, ran %d\n", NTESTS, test_no);
		return 1;
	}
	return failures > 0 ? 1 : 0;
}
