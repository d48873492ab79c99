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
#define NTESTS		72

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

/* Node settings: -1 where a field is derived */
static IdgenNodeFields
fields(int64_t partition, uint16_t seq_min, uint16_t seq_max, int64_t shard,
	   uint32_t domain_hash, int64_t medallion, int64_t node)
{
	IdgenNodeFields f;

	memset(&f, 0, sizeof(f));
	f.number[IDGEN_NODE_SNO] = partition;
	f.sno_sequence_min = seq_min;
	f.sno_sequence_max = seq_max;
	f.number[IDGEN_NODE_SIQ] = shard;
	f.siq_domain_hash = domain_hash;
	f.number[IDGEN_NODE_MUID] = medallion;
	f.number[IDGEN_NODE_SNOWFLAKE] = node;
	return f;
}

/* What a server at place knows of itself */
static IdgenNodeSelf
self_at(IdgenNodePlace p, uint64_t sysid, uint32_t timeline, IdgenNodeFields settings)
{
	IdgenNodeSelf s;

	memset(&s, 0, sizeof(s));
	s.place = p;
	snprintf(s.dir, sizeof(s.dir), "/srv/%s/%" PRIu64, p.host, p.ino);
	s.sysid = sysid;
	s.timeline = timeline;
	s.settings = settings;
	return s;
}

/* idgen_node_judge for a server at place on timeline */
static IdgenNodeVerdict
judge(const IdgenNodeRecord *rec, const IdgenNodePlace *p, uint32_t timeline, uint64_t sysid,
	  const IdgenNodeFields *settings, IdgenNodeDraw d, void *arg, IdgenNodeRecord *next)
{
	IdgenNodeSelf s = self_at(*p, sysid, timeline, *settings);

	return idgen_node_judge(rec, &s, d, arg, next);
}

#define ALL_KINDS	((UINT32_C(1) << IDGEN_NODE_NKINDS) - 1)
#define BIT(k)		(UINT32_C(1) << (k))

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
	IdgenNodeFields none_set = fields(-1, 0, 65535, -1, 0, -1, -1);
	int			bad;

	/* a first record: own place, the timeline, copy 0 */
	v = judge(NULL, &origin, 3, sysid, &none_set, draw, &none, &rec);
	ok(v == IDGEN_NODE_FIRST && idgen_node_same_place(&rec.place, &origin) &&
	   rec.timeline == 3 && rec.copy == 0 && rec.nuses == 0 && rec.quiet_until == 0 &&
	   rec.layout == IDGEN_NODE_LAYOUT && none.used == 0,
	   "no record: a first one, with copy 0 and no lineage yet");

	/* the server's own record on its timeline: kept, as after a crash-restart */
	v = judge(&rec, &origin, 3, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP && memcmp(&next, &rec, sizeof(rec)) == 0,
	   "own place, same timeline: the record is kept as it is");

	/* promoted here (a restored backup promoted in place): the copy is kept */
	rec.copy = 77;
	v = judge(&rec, &origin, 5, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && next.timeline == 5 && next.copy == 77 &&
	   fields_moved(sysid, 3, 77, 5, next.copy, 2),
	   "own place, new timeline: copy kept, every field moves on by the timelines passed");

	/*
	 * a backup of an earlier timeline restored into the same directory: the
	 * record's timeline (5) is above the server's (3), and the record is no
	 * less stale than one below it
	 */
	rec.timeline = 5;
	v = judge(&rec, &origin, 3, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_TIMELINE && next.timeline == 3 && next.copy == 77 &&
	   idgen_node_same_place(&next.place, &origin),
	   "own place, a timeline below the record's: a new timeline, rewritten with it (verdict %d, timeline %u)",
	   (int) v, next.timeline);
	rec.timeline = 3;

	/* a promoted standby: its origin's record, elsewhere, the next timeline */
	v = judge(&rec, &standby, 4, sysid, &none_set, draw, &none, &next);
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
	v = judge(&rec, &clone, 1, sysid, &none_set, draw, &none, &copy1);
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
			if (judge(&rec, &others[i], 1, sysid, &none_set, draw, &none, &next) != IDGEN_NODE_COPY)
				bad++;
		}
		ok(bad == 0, "another device, inode or host name each makes a copy");
	}

	/* a copy is drawn again until the narrowest field (siq's) changes too */
	{
		uint64_t	list[] = {256, 65536, UINT64_C(1) << 40, 512 | (UINT64_C(7) << 44), 1};
		Draws		d = {list, 5, 0};

		v = judge(&rec, &clone, 1, sysid, &none_set, draw, &d, &next);
		ok(v == IDGEN_NODE_COPY && d.used == 5 && next.copy == 1,
		   "copies that leave a field unchanged are drawn again (%d draws, copy %" PRIu64 ")",
		   d.used, next.copy);
	}

	/* a crash-restart of the copy: its own record now, the same copy */
	v = judge(&copy1, &clone, 1, sysid, &none_set, draw, &none, &next);
	ok(v == IDGEN_NODE_KEEP && next.copy == copy1.copy, "a copy restarted keeps its copy");

	/* a copy of the copy: every field differs from the first copy's */
	v = judge(&copy1, &clone2, 1, sysid, &none_set, draw, &none, &copy2);
	ok(v == IDGEN_NODE_COPY && copy2.copy != copy1.copy &&
	   idgen_node_fields_differ(sysid, 1, copy1.copy, copy2.copy),
	   "a copy of a copy: every field differs from its origin's (the first copy)");

	/* many copies: each differs from its origin in every field */
	bad = 0;
	for (int i = 0; i < NPAIRS; i++)
	{
		rec.copy = rng() & IDGEN_NODE_COPY_MASK;
		rec.timeline = timelines[i];
		if (judge(&rec, &clone, timelines[i], sysids[i], &none_set, draw, &none, &next) != IDGEN_NODE_COPY ||
			!idgen_node_fields_differ(sysids[i], timelines[i], rec.copy, next.copy))
			bad++;
	}
	ok(bad == 0, "%d copies each differ from their origin in every field (%d do not)", NPAIRS, bad);
}

/*
 * The lineage: a field another place used or derives is refused whatever
 * settings give it, however often they changed since; a confirmation
 * releases it; derived fields keep out of the lineage's numbers.
 */
static void
test_lineage(void)
{
	uint64_t	sysid = UINT64_C(7711361993758238403);
	IdgenNodePlace origin = place(2049, 131073, "db1");
	IdgenNodePlace standby = place(2049, 262145, "db2");
	IdgenNodePlace clone2 = place(2049, 393217, "db3");
	IdgenNodeFields primary = fields(1, 0, 65535, 7, 2261653831u, 12345, 3);
	IdgenNodeFields derived = fields(-1, 0, 65535, -1, 0, -1, -1);
	IdgenNodeFields f;
	IdgenNodeSelf so = self_at(origin, sysid, 1, primary);
	IdgenNodeSelf ss;
	IdgenNodeRecord rec;
	IdgenNodeRecord next;
	IdgenNodeRecord r2;
	IdgenNodeMeeting m[IDGEN_NODE_NKINDS];
	Draws		none = {NULL, 0, 0};
	int			bad;

	/* the origin records the fields it makes values with */
	(void) idgen_node_judge(NULL, &so, draw, &none, &next);
	idgen_node_take(&next, &so, 0, &rec);
	ok(rec.nuses == 1 && idgen_node_same_place(&rec.uses[0].place, &origin) &&
	   rec.uses[0].timeline == 1 && rec.uses[0].fields.number[IDGEN_NODE_SIQ] == 7 &&
	   strcmp(rec.uses[0].dir, "/srv/db1/131073") == 0,
	   "a first record: the origin's fields, place and directory as its first use");
	idgen_node_take(&rec, &so, 0, &next);
	ok(memcmp(&next, &rec, sizeof(rec)) == 0, "taken again unchanged: the record is unchanged");

	/* a standby elsewhere with the same settings: every field refused */
	ss = self_at(standby, sysid, 0, primary);
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS && m[IDGEN_NODE_SIQ].use == 0 &&
	   !m[IDGEN_NODE_SIQ].derived, "elsewhere, with the origin's settings: all four refused");
	ok(idgen_node_refusals(&rec, &so, m) == 0, "the origin's own place: none refused");

	/* one field of its own at a time */
	ss.settings = primary;
	ss.settings.number[IDGEN_NODE_SNO] = 2;
	ok(idgen_node_refusals(&rec, &ss, m) == (ALL_KINDS & ~BIT(IDGEN_NODE_SNO)),
	   "a partition of its own: sno is not refused, siq, muid and snowflake are");
	ss.settings = primary;
	ss.settings.sno_sequence_min = 32768;
	rec.uses[0].fields.sno_sequence_max = 32767;
	ok(!(idgen_node_refusals(&rec, &ss, m) & BIT(IDGEN_NODE_SNO)),
	   "the same partition with a disjoint sequence slice is not refused");
	ss.settings.sno_sequence_min = 32767;
	ok(idgen_node_refusals(&rec, &ss, m) & BIT(IDGEN_NODE_SNO),
	   "... a slice that overlaps by one value is");
	rec.uses[0].fields.sno_sequence_max = 65535;
	ss.settings = primary;
	ss.settings.siq_domain_hash = 1;
	ok(!(idgen_node_refusals(&rec, &ss, m) & BIT(IDGEN_NODE_SIQ)),
	   "the same shard with another domain hash is not refused");
	ss.settings = primary;
	ss.settings.number[IDGEN_NODE_MUID] = 12346;
	ss.settings.number[IDGEN_NODE_SNOWFLAKE] = 4;
	ok(idgen_node_refusals(&rec, &ss, m) == (BIT(IDGEN_NODE_SNO) | BIT(IDGEN_NODE_SIQ)),
	   "another medallion and snowflake node are not refused");
	ss.settings = derived;
	ok(idgen_node_refusals(&rec, &ss, m) == 0, "derived fields are not looked at here");

	/* settings judged by their effect: the domain "" hashes to 0 whatever the local id */
	ok(idgen_node_domain_hash("", 1) == 0 && idgen_node_domain_hash("0", 7) == 0 &&
	   idgen_node_domain_hash("example.com", 0) == 2261653831u &&
	   idgen_node_domain_hash("example.com", 1) == 30284103u &&
	   idgen_node_domain_hash("example.com", 256) == (2261653831u & 0xFFFFFF),
	   "the siq domain hash: SHA-256's last 4 bytes, the local id in the top byte, 0 for \"\"");
	f = fields(-1, 0, 65535, 7, 0, -1, -1);
	so = self_at(origin, sysid, 1, f);
	(void) idgen_node_judge(NULL, &so, draw, &none, &next);
	idgen_node_take(&next, &so, 0, &r2);
	ss = self_at(standby, sysid, 0, f);
	ss.settings.siq_domain_hash = idgen_node_domain_hash("", 1);
	ok(idgen_node_refusals(&r2, &ss, m) == BIT(IDGEN_NODE_SIQ),
	   "shard 7 with the local id 1 in the domain \"\": the origin's field, refused");

	/* going back to the copied settings after fields of its own */
	ss = self_at(standby, sysid, 0, fields(8, 0, 65535, 8, 2261653831u, 8, 8));
	ok(idgen_node_refusals(&rec, &ss, m) == 0, "the standby with 8 everywhere: nothing refused");
	idgen_node_take(&rec, &ss, 0, &next);
	rec = next;
	ok(rec.nuses == 2 && idgen_node_same_place(&rec.uses[0].place, &standby) &&
	   idgen_node_same_place(&rec.uses[1].place, &origin),
	   "the standby's own use first, its origin's kept");
	ss.settings = primary;
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS && m[IDGEN_NODE_SNO].use == 1,
	   "back to the origin's settings: all four refused again, met at the origin's use");
	idgen_node_take(&rec, &ss, ALL_KINDS, &next);
	ok(next.uses[0].fields.number[IDGEN_NODE_SIQ] == IDGEN_NODE_REFUSED && next.nuses == 3,
	   "refused fields are recorded as none, a new use ahead of the old");

	/* explicit settings equal to the origin's derived fields */
	so = self_at(origin, sysid, 1, derived);
	(void) idgen_node_judge(NULL, &so, draw, &none, &next);
	idgen_node_take(&next, &so, 0, &r2);
	ss = self_at(standby, sysid, 0,
				 fields((int64_t) idgen_node_derive(IDGEN_NODE_SNO, sysid, 1, 0), 0, 65535,
						(int64_t) idgen_node_derive(IDGEN_NODE_SIQ, sysid, 1, 0), 0,
						(int64_t) idgen_node_derive(IDGEN_NODE_MUID, sysid, 1, 0),
						(int64_t) idgen_node_derive(IDGEN_NODE_SNOWFLAKE, sysid, 1, 0)));
	ok(idgen_node_refusals(&r2, &ss, m) == ALL_KINDS && m[IDGEN_NODE_MUID].derived,
	   "settings equal to the fields the origin derives: all four refused, as derived there");
	so.settings = primary;
	idgen_node_take(&r2, &so, 0, &next);
	ok(idgen_node_refusals(&next, &ss, m) == 0,
	   "... but not once the origin has set fields of its own: it derives no more");

	/* the standby's fields travel with a copy of it, and with pg_rewind */
	rec.nuses = 2;
	ss = self_at(standby, sysid, 0, fields(8, 0, 65535, 8, 2261653831u, 8, 8));
	ok(idgen_node_refusals(&rec, &ss, m) == 0, "the standby's own fields: its own");
	ss.place = clone2;
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS,
	   "a copy of the standby with its settings: all refused");
	ss.place = origin;
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS,
	   "its primary rewound from it, with its settings: the standby's fields refused");
	so = self_at(origin, sysid, 0, primary);
	ok(idgen_node_refusals(&rec, &so, m) == 0, "... and with its own: none");

	/*
	 * the standby's directory emptied and made again by a base backup (a new
	 * inode, the same path, file system and host): its fields its own; at
	 * another path, or on another host, not
	 */
	ss = self_at(place(2049, 999999, "db2"), sysid, 0, fields(8, 0, 65535, 8, 2261653831u, 8, 8));
	snprintf(ss.dir, sizeof(ss.dir), "/srv/db2/262145");
	ok(idgen_node_refusals(&rec, &ss, m) == 0, "a directory made again in the standby's place: its fields its own");
	snprintf(ss.dir, sizeof(ss.dir), "/srv/db2/other");
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS, "... at another path: refused");
	snprintf(ss.dir, sizeof(ss.dir), "/srv/db2/262145");
	ss.place = place(2050, 999999, "db2");
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS, "... on another file system: refused");
	ss.place = place(2049, 999999, "db3");
	ok(idgen_node_refusals(&rec, &ss, m) == ALL_KINDS, "... on another host: refused");

	/* a confirmation releases the fields met, and only them */
	ss = self_at(standby, sysid, 2, primary);
	ss.settings.number[IDGEN_NODE_SNOWFLAKE] = 9;
	next = rec;
	idgen_node_release(&next, &ss, idgen_node_refusals(&next, &ss, m));
	ok(idgen_node_refusals(&next, &ss, m) == 0 && next.uses[1].released ==
	   (BIT(IDGEN_NODE_SNO) | BIT(IDGEN_NODE_SIQ) | BIT(IDGEN_NODE_MUID)),
	   "confirmed: the origin's three fields met are released, nothing refused");
	idgen_node_take(&next, &ss, 0, &r2);
	ss.place = clone2;
	ok(idgen_node_refusals(&r2, &ss, m) == ALL_KINDS &&
	   idgen_node_same_place(&r2.uses[m[IDGEN_NODE_SIQ].use].place, &standby),
	   "a copy of the confirmed server: refused, met at the confirmed server's use");

	/* the confirmation code: this server's, for these fields only */
	ss = self_at(standby, sysid, 2, primary);
	{
		IdgenNodeSelf o = ss;
		uint64_t	c = idgen_node_confirm_code(&ss, ALL_KINDS);

		bad = c != idgen_node_confirm_code(&ss, ALL_KINDS);
		o.place = origin;
		bad += c == idgen_node_confirm_code(&o, ALL_KINDS);
		o = ss;
		o.timeline = 3;
		bad += c == idgen_node_confirm_code(&o, ALL_KINDS);
		o = ss;
		o.sysid++;
		bad += c == idgen_node_confirm_code(&o, ALL_KINDS);
		o = ss;
		o.settings.number[IDGEN_NODE_SIQ] = 9;
		bad += c == idgen_node_confirm_code(&o, ALL_KINDS);
		bad += c == idgen_node_confirm_code(&ss, BIT(IDGEN_NODE_SIQ));
		ok(bad == 0, "the confirmation code changes with place, timeline, identifier, fields and kinds");
	}

	/* a promoted standby whose origin-plus-one field was used: drawn again */
	so = self_at(origin, sysid, 1, derived);
	(void) idgen_node_judge(NULL, &so, draw, &none, &next);
	idgen_node_take(&next, &so, 0, &rec);
	ss = self_at(standby, sysid, 0,
				 fields(-1, 0, 65535, (int64_t) idgen_node_derive(IDGEN_NODE_SIQ, sysid, 2, 0), 5,
						-1, -1));
	idgen_node_take(&rec, &ss, 0, &next);
	rec = next;
	ss = self_at(clone2, sysid, 2, derived);
	{
		Draws		d = {NULL, 0, 0};

		(void) idgen_node_judge(&rec, &ss, draw, &d, &next);
		ok(d.used > 0 && next.copy != 0 &&
		   idgen_node_derive(IDGEN_NODE_SIQ, sysid, 2, next.copy) !=
		   idgen_node_derive(IDGEN_NODE_SIQ, sysid, 2, 0),
		   "promoted, where its origin's shard plus one was set elsewhere: a new copy (%d draws)",
		   d.used);
	}

	/* many lineages: derived fields never meet a number of the lineage */
	bad = 0;
	for (int i = 0; i < 20000; i++)
	{
		uint64_t	sid = sysids[i];
		IdgenNodeVerdict v;

		memset(&rec, 0, sizeof(rec));
		rec.layout = IDGEN_NODE_LAYOUT;
		rec.place = origin;
		rec.timeline = 1 + (uint32_t) (rng() % 5);
		rec.copy = rng() % 3;
		for (int u = 0; u < 6; u++)
		{
			IdgenNodeSelf o = self_at(place(2049, 1000 + (uint64_t) u, "dbx"), sid, 0,
									  fields((int64_t) (rng() % 65536), 0, 65535,
											 (int64_t) (rng() % 256), 0,
											 (int64_t) ((UINT64_C(1) << 40) + rng() % 4),
											 (int64_t) (rng() % 1024)));

			if (u % 2)
				o.settings = derived;
			idgen_node_take(&rec, &o, 0, &next);
			rec = next;
		}
		ss = self_at(i % 2 ? standby : origin, sid, rec.timeline + (i % 3 ? 1 : 0), derived);
		v = idgen_node_judge(&rec, &ss, draw, &none, &next);
		for (int k = 0; k < IDGEN_NODE_NKINDS; k++)
		{
			int64_t		mine = (int64_t) idgen_node_derive((IdgenNodeKind) k, sid, next.timeline, next.copy);

			for (uint32_t u = 0; u < rec.nuses; u++)
			{
				if (v != IDGEN_NODE_KEEP && idgen_node_use_number(&rec, u, (IdgenNodeKind) k) == mine)
					bad++;
			}
		}
	}
	ok(bad == 0, "20000 lineages of six uses: no derived field of a judged server meets one (%d do)", bad);

	/* the lineage keeps the last places, a place's older uses going first */
	memset(&rec, 0, sizeof(rec));
	rec.layout = IDGEN_NODE_LAYOUT;
	for (int i = 0; i < 40; i++)
	{
		IdgenNodeSelf o = self_at(place(2049, 5000 + (uint64_t) i, "dbp"), sysid, 0,
								  fields(i, 0, 65535, -1, 0, -1, -1));

		idgen_node_take(&rec, &o, 0, &next);
		rec = next;
	}
	bad = rec.nuses != IDGEN_NODE_USES;
	for (uint32_t i = 0; i < rec.nuses; i++)
		bad += rec.uses[i].place.ino != 5000 + 39 - i;
	for (int i = 0; i < 100; i++)
	{
		IdgenNodeSelf o = self_at(place(2049, 5039, "dbp"), sysid, 0,
								  fields(1000 + i, 0, 65535, -1, 0, -1, -1));

		idgen_node_take(&rec, &o, 0, &next);
		rec = next;
	}
	for (uint32_t i = 0; i < IDGEN_NODE_PLACES; i++)
	{
		int			found = 0;

		for (uint32_t u = 0; u < rec.nuses; u++)
			found |= rec.uses[u].place.ino == 5000 + 39 - i;
		bad += !found;
	}
	ok(bad == 0 && rec.nuses == IDGEN_NODE_USES && rec.uses[0].fields.number[IDGEN_NODE_SNO] == 1099,
	   "40 places keep the last 24; 100 settings of one place after them keep the last 16 places");

	/* the same use again moves up rather than stands twice */
	{
		IdgenNodeSelf o = self_at(place(2049, 5039, "dbp"), sysid, 0,
								  fields(1050, 0, 65535, -1, 0, -1, -1));
		uint32_t	n = rec.nuses;

		idgen_node_take(&rec, &o, 0, &next);
		bad = 0;
		for (uint32_t u = 1; u < next.nuses; u++)
			bad += memcmp(&next.uses[u], &next.uses[0], sizeof(next.uses[0])) == 0;
		ok(next.nuses <= n && bad == 0 && next.uses[0].fields.number[IDGEN_NODE_SNO] == 1050,
		   "an earlier use again: first, once");
	}
}

/* Records of the layouts before the lineage */
static void
test_upgrade(void)
{
	uint64_t	sysid = UINT64_C(7711361993758238403);
	IdgenNodeFields own = fields(-1, 0, 65535, -1, 99, -1, -1);
	IdgenNodeRecord rec;
	unsigned char buf[sizeof(IdgenNodeRecord)];
	IdgenNodeSelf s;
	IdgenNodeMeeting m[IDGEN_NODE_NKINDS];
	IdgenNodeSelf us = self_at(place(2049, 262145, "db2"), sysid, 0, own);
	int			r;

	/* layout 4: place (dev, ino, 256-byte host), timeline, copied, copy, settings, quiet, settings place */
	memset(buf, 0, sizeof(buf));
	{
		uint64_t	dev = 2049, ino = 131073, copy = 5, sino = 262145;
		uint32_t	tl = 2, copied = BIT(IDGEN_NODE_SIQ);
		int32_t		part = 7, shard = 9, node = -1;
		uint16_t	smin = 0, smax = 65535;
		int64_t		med = -1, quiet = 42;

		memcpy(buf, &dev, 8);
		memcpy(buf + 8, &ino, 8);
		memcpy(buf + 16, "db1", 3);
		memcpy(buf + 272, &tl, 4);
		memcpy(buf + 276, &copied, 4);
		memcpy(buf + 280, &copy, 8);
		memcpy(buf + 288, &part, 4);
		memcpy(buf + 292, &smin, 2);
		memcpy(buf + 294, &smax, 2);
		memcpy(buf + 296, &shard, 4);
		memcpy(buf + 304, &med, 8);
		memcpy(buf + 312, &node, 4);
		memcpy(buf + 320, &quiet, 8);
		memcpy(buf + 328, &dev, 8);
		memcpy(buf + 336, &sino, 8);
		memcpy(buf + 344, "db2", 3);
	}
	r = idgen_node_upgrade(buf, IDGEN_NODE_V4_LEN, &us, &rec);
	ok(r == 2 && rec.layout == IDGEN_NODE_LAYOUT && rec.timeline == 2 && rec.copy == 5 &&
	   rec.quiet_until == 42 && rec.nuses == 3 && strcmp(rec.place.host, "db1") == 0 &&
	   rec.uses[0].place.ino == 262145 && rec.uses[0].fields.number[IDGEN_NODE_SNO] == 7 &&
	   rec.uses[0].fields.number[IDGEN_NODE_SIQ] == IDGEN_NODE_REFUSED &&
	   rec.uses[1].fields.number[IDGEN_NODE_SIQ] == 9 && rec.uses[2].place.ino == 131073 &&
	   rec.uses[2].fields.number[IDGEN_NODE_SNO] == IDGEN_NODE_DERIVED,
	   "layout 4: the settings' place, the copied shard at an unknown place, the judged place derived (%d, %u uses)",
	   r, rec.nuses);
	s = self_at(place(2049, 262145, "db2"), sysid, 2, fields(-1, 0, 65535, 9, 99, -1, -1));
	ok(idgen_node_refusals(&rec, &s, m) == BIT(IDGEN_NODE_SIQ),
	   "... the copied shard stays refused on the server that recorded it");

	/* layout 1: no settings; 2 and 3 have fewer */
	r = idgen_node_upgrade(buf, IDGEN_NODE_V1_LEN, &us, &rec);
	ok(r == 2 && rec.nuses == 1 && rec.quiet_until == 0 &&
	   rec.uses[0].fields.number[IDGEN_NODE_SNO] == IDGEN_NODE_DERIVED &&
	   rec.uses[0].place.ino == 131073,
	   "layout 1: one use, where it was judged, every field derived");
	r = idgen_node_upgrade(buf, IDGEN_NODE_V3_LEN, &us, &rec);
	ok(r == 2 && rec.uses[0].place.ino == 131073 && rec.quiet_until == 42 &&
	   rec.uses[0].fields.number[IDGEN_NODE_SNO] == 7,
	   "layout 3: settings recorded where it was judged");
	r = idgen_node_upgrade(buf, IDGEN_NODE_V2_LEN, &us, &rec);
	ok(r == 2 && rec.uses[0].fields.number[IDGEN_NODE_SNOWFLAKE] == IDGEN_NODE_DERIVED,
	   "layout 2: the snowflake node derived");

	/* this layout: as stored; other lengths and headers refused */
	s = self_at(place(2049, 1, "db9"), sysid, 1, own);
	(void) idgen_node_judge(NULL, &s, draw, NULL, &rec);
	idgen_node_take(&rec, &s, 0, (IdgenNodeRecord *) buf);
	{
		IdgenNodeRecord back;

		r = idgen_node_upgrade(buf, IDGEN_NODE_RECORD_LEN(1), &us, &back);
		ok(r == 1 && memcmp(&back, buf, IDGEN_NODE_RECORD_LEN(1)) == 0 &&
		   idgen_node_upgrade(buf, IDGEN_NODE_RECORD_LEN(2), &us, &back) == 0 &&
		   idgen_node_upgrade(buf, IDGEN_NODE_RECORD_LEN(1) + 1, &us, &back) == 0,
		   "layout 5 is read as stored; a length its header does not give is refused");
	}
	{
		int			bad = 0;

		for (size_t len = 1; len <= sizeof(IdgenNodeRecord); len++)
		{
			int			old = len == IDGEN_NODE_V1_LEN || len == IDGEN_NODE_V2_LEN ||
				len == IDGEN_NODE_V3_LEN || len == IDGEN_NODE_V4_LEN;
			int			cur = len >= IDGEN_NODE_RECORD_LEN(0) &&
				(len - IDGEN_NODE_RECORD_LEN(0)) % sizeof(IdgenNodeUse) == 0;

			bad += (old && cur) || idgen_node_len_ok(len) != (old || cur);
		}
		ok(bad == 0, "no length of layout 5 is one of an older layout");
	}
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
	test_lineage();
	test_upgrade();
	if (test_no != NTESTS)
	{
		printf("# planned %d tests, ran %d\n", NTESTS, test_no);
		return 1;
	}
	return failures > 0 ? 1 : 0;
}
