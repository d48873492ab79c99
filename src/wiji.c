/*
 * wiji.c
 *	  The wiji type: a 56-bit microsecond timestamp, a 16-bit sequence, the
 *	  version nibble 1 and a 52-bit node drawn at random per generator.
 *
 *	  bytes 0-6: timestamp_us | 7-8: sequence | 9-15: version << 52 | node
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"

#include "miscadmin.h"
#include "utils/builtins.h"

#define WIJI_NODE_MASK		((UINT64CONST(1) << 52) - 1)
#define WIJI_SEQUENCE_MAX	0xFFFF

/*
 * Canonical text starts with 0 or 1, so timestamps stop below 2^54 us
 * (2540-11-07), although the layout has room for 2^56.
 */
static const IdgenTimeUnit wiji_unit = {0, 1, 1, WIJI_MAX_US};

/* As two 8-byte words: byte by byte, gen_wiji() took 5 ns more (46 ns in all) */
static inline void
wiji_pack(uint8 *v, uint64 us, uint32 sequence, uint64 node)
{
	be_put(v, 8, us << 8 | (sequence >> 8 & 0xFF));
	be_put(v + 8, 8, (uint64) (sequence & 0xFF) << 56 | (uint64) WIJI_VERSION << 52 | node);
}

static TimestampTz
wiji_timestamp(const uint8 *v)
{
	return idgen_units_to_timestamp(wiji_timestamp_us(v), &wiji_unit);
}

/* The smallest wiji at a unit count: sequence and node zero */
static void
wiji_first_at_units(uint64 units, uint8 *v)
{
	wiji_pack(v, units, 0, 0);
}

static const IdgenType wiji_type = {
	.name = "wiji",
	.len = 16,
	.sigoff = 0,
	.siglen = 16,
	.uuid_v8 = false,
	.parse = wiji_parse,
	.check = wiji_check,
	.format = wiji_format,
	.timestamp = wiji_timestamp,
	.unit = &wiji_unit,
	.first_at = wiji_first_at_units,
};

IDGEN_TYPE_FUNCTIONS(wiji, wiji_type)

PG_FUNCTION_INFO_V1(wiji_extract_sequence);
Datum
wiji_extract_sequence(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) be_get((const uint8 *) PG_GETARG_POINTER(0) + 7, 2));
}

PG_FUNCTION_INFO_V1(wiji_extract_version);
Datum
wiji_extract_version(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32(((const uint8 *) PG_GETARG_POINTER(0))[9] >> 4);
}

PG_FUNCTION_INFO_V1(wiji_extract_node);
Datum
wiji_extract_node(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT64((int64) (be_get((const uint8 *) PG_GETARG_POINTER(0) + 9, 7) & WIJI_NODE_MASK));
}

PG_FUNCTION_INFO_V1(wiji_from_parts);
Datum
wiji_from_parts(PG_FUNCTION_ARGS)
{
	uint64		us = idgen_timestamp_to_units(PG_GETARG_TIMESTAMPTZ(0), &wiji_unit, "wiji");
	int32		sequence = PG_GETARG_INT32(1);
	int64		node = PG_GETARG_INT64(2);
	uint8	   *v = palloc(16);

	idgen_check_range(sequence, 0, WIJI_SEQUENCE_MAX, "wiji", "sequence");
	idgen_check_range(node, 0, WIJI_NODE_MASK, "wiji", "node");
	wiji_pack(v, us, sequence, node);
	PG_RETURN_POINTER(v);
}

PG_FUNCTION_INFO_V1(wiji_to_hex);
Datum
wiji_to_hex(PG_FUNCTION_ARGS)
{
	char		buf[33];

	codec_hex_encode((const uint8 *) PG_GETARG_POINTER(0), 16, buf, 0);
	buf[32] = '\0';
	PG_RETURN_TEXT_P(cstring_to_text(buf));
}

/*
 * Generation (Wiji spec 3.1, 3.2).  A generator keeps its last timestamp
 * and sequence: a later clock reading starts a new microsecond at sequence
 * 0; the same or an earlier one (the clock stepped back) counts the
 * sequence up; an exhausted sequence takes the next microsecond early
 * instead of spin-waiting.  Values therefore always strictly increase.
 */
typedef struct WijiStep
{
	bool		regressed;		/* the clock read earlier than last time */
	bool		overflowed;		/* the sequence ran out within one tick */
} WijiStep;

static inline WijiStep
wiji_advance(IdgenWijiState *s, int64 now)
{
	WijiStep	step = {now < s->last_clock, false};

	s->last_clock = now;
	if (now > s->last_us)
	{
		s->last_us = now;
		s->sequence = 0;
	}
	else if (s->sequence < WIJI_SEQUENCE_MAX)
		s->sequence++;
	else
	{
		s->last_us++;
		s->sequence = 0;
		step.overflowed = true;
	}
	return step;
}

/* Is state a past state b? */
static inline bool
wiji_state_after(const IdgenWijiState *a, const IdgenWijiState *b)
{
	return a->last_us > b->last_us ||
		(a->last_us == b->last_us && a->sequence > b->sequence);
}

/*
 * This backend's generator.  Its node is drawn lazily, never in the
 * postmaster, together with a second one that this backend offers the
 * server-wide generator should it be the first to use it: the server-wide
 * generator then has a node of its own, which no session's generator has.
 */
static IdgenWijiState wiji_local;
static uint64 wiji_server_node;
static int	wiji_local_pid = 0;

/*
 * Out of line: inlined, its array would cost every gen_wiji() call the
 * stack protector's check where the server is built with it (Debian's)
 */
static pg_noinline void
wiji_local_draw(void)
{
	uint64		node[2];

	do
	{
		idgen_random(node, sizeof(node));
		node[0] &= WIJI_NODE_MASK;
		node[1] &= WIJI_NODE_MASK;
	} while (node[0] == node[1]);
	memset(&wiji_local, 0, sizeof(wiji_local));
	wiji_local.node = node[0];
	wiji_local.has_node = true;
	wiji_server_node = node[1];
	wiji_local_pid = MyProcPid;
}

static inline void
wiji_local_ready(void)
{
	if (unlikely(wiji_local_pid != MyProcPid))
		wiji_local_draw();
}

PG_FUNCTION_INFO_V1(gen_wiji);
Datum
gen_wiji(PG_FUNCTION_ARGS)
{
	uint8	   *v = palloc(16);
	WijiStep	step;
	uint64		node;

	idgen_generator_start("gen_wiji()");
	wiji_local_ready();
	if (idgen_monotonic == IDGEN_MONOTONIC_SERVER)
	{
		/*
		 * One generator for the server, with a node of its own (never this
		 * backend's, which the backend goes on using when the scope changes
		 * back while other sessions are still in a statement under the
		 * server scope).  It never falls behind what this backend issued
		 * before, so each backend's values keep increasing across a change
		 * of idgen.monotonic.  The clock is read under the lock.
		 */
		IdgenShared *sh = idgen_shared();

		SpinLockAcquire(&sh->wiji_lock);
		if (!sh->wiji.has_node)
		{
			sh->wiji.node = wiji_server_node;
			sh->wiji.has_node = true;
		}
		if (wiji_state_after(&wiji_local, &sh->wiji))
		{
			sh->wiji.last_us = wiji_local.last_us;
			sh->wiji.sequence = wiji_local.sequence;
		}
		step = wiji_advance(&sh->wiji, idgen_clock_us());
		wiji_local.last_us = sh->wiji.last_us;
		wiji_local.sequence = sh->wiji.sequence;
		wiji_local.last_clock = sh->wiji.last_clock;
		node = sh->wiji.node;
		SpinLockRelease(&sh->wiji_lock);
	}
	else
	{
		step = wiji_advance(&wiji_local, idgen_clock_us());
		node = wiji_local.node;
	}
	wiji_pack(v, wiji_local.last_us, wiji_local.sequence, node);

	if (unlikely(step.regressed))
		idgen_count_event(idgen_shared()->clock_regressions, IDGEN_GEN_WIJI);
	if (unlikely(step.overflowed))
		idgen_count_event(idgen_shared()->overflow_waits, IDGEN_GEN_WIJI);
	if (unlikely((uint64) wiji_local.last_us > wiji_unit.max_units))
		ereport(ERROR,
				(errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
				 errmsg("timestamp out of range for type wiji"),
				 errdetail("The generator clock reads outside 1970-01-01 to 2540-11-07.")));
	idgen_count(IDGEN_GEN_WIJI);
	PG_RETURN_POINTER(v);
}

void
wiji_node_info(IdgenNodeInfo *info)
{
	const IdgenWijiState *s = &wiji_local;
	bool		server = idgen_monotonic == IDGEN_MONOTONIC_SERVER;

	info->scope = server ? "server" : "backend";
	strlcpy(info->source, "random", sizeof(info->source));
	if (server && idgen_shared()->wiji.has_node)
		s = &idgen_shared()->wiji;
	else if (server || wiji_local_pid != MyProcPid)
	{
		snprintf(info->node, sizeof(info->node), "not drawn yet");
		return;
	}
	snprintf(info->node, sizeof(info->node), "node=" UINT64_FORMAT, s->node);
}
