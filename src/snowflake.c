/*
 * snowflake.c
 *	  Snowflake ids on plain bigint (SPEC section 12), in the layout of
 *	  Twitter's Snowflake and of pgEdge's snowflake extension, so that their
 *	  values and these decode alike and mix in one column; and their one
 *	  generator for the whole server.
 *
 *	  bit 63: zero | 22-62: milliseconds since 2023-01-01 00:00:00 UTC |
 *	  12-21: node | 0-11: sequence within the millisecond
 */
#include "clock.h"
#include "idgen.h"
#include "idtype.h"
#include "shmem.h"
#include "tickseq.h"

#define SNOWFLAKE_EPOCH_UNIX_S	INT64CONST(1672531200)
#define SNOWFLAKE_MAX_MS		((UINT64CONST(1) << 41) - 1)
#define SNOWFLAKE_NODE_MAX		1023
#define SNOWFLAKE_SEQUENCE_MAX	4095
#define SNOWFLAKE_MS_SHIFT		22
#define SNOWFLAKE_NODE_SHIFT	12
/* How far ahead of the clock the mark on disk is written, in ms */
#define SNOWFLAKE_HWM_AHEAD		(IDGEN_HWM_WINDOW_US / 1000)
/* The furthest ahead of the clock snowflake_continue_above() waits for, in ms */
#define SNOWFLAKE_FLOOR_MAX_AHEAD	INT64CONST(60000)

static const IdgenTimeUnit snowflake_unit = {SNOWFLAKE_EPOCH_UNIX_S * 1000000, 1, 1000,
SNOWFLAKE_MAX_MS};

/* Every error on a value or its parts: an invalid argument */
#define SNOWFLAKE_ERRCODE		ERRCODE_INVALID_PARAMETER_VALUE

static inline int64
snowflake_pack(uint64 ms, uint64 node, uint64 sequence)
{
	return (int64) ((ms << SNOWFLAKE_MS_SHIFT) | (node << SNOWFLAKE_NODE_SHIFT) | sequence);
}

/* A value's bits: 22023 for a negative bigint, which no layout gives */
static uint64
snowflake_arg(FunctionCallInfo fcinfo)
{
	int64		v = PG_GETARG_INT64(0);

	if (v < 0)
		ereport(ERROR,
				(errcode(SNOWFLAKE_ERRCODE),
				 errmsg("snowflake id " INT64_FORMAT " is negative", v),
				 errdetail("A snowflake id has bit 63 clear: it lies between 0 and 9223372036854775807.")));
	return (uint64) v;
}

PG_FUNCTION_INFO_V1(snowflake_extract_timestamp);
Datum
snowflake_extract_timestamp(PG_FUNCTION_ARGS)
{
	PG_RETURN_TIMESTAMPTZ(idgen_units_to_timestamp(snowflake_arg(fcinfo) >> SNOWFLAKE_MS_SHIFT,
												   &snowflake_unit));
}

PG_FUNCTION_INFO_V1(snowflake_extract_node);
Datum
snowflake_extract_node(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) ((snowflake_arg(fcinfo) >> SNOWFLAKE_NODE_SHIFT) & SNOWFLAKE_NODE_MAX));
}

PG_FUNCTION_INFO_V1(snowflake_extract_sequence);
Datum
snowflake_extract_sequence(PG_FUNCTION_ARGS)
{
	PG_RETURN_INT32((int32) (snowflake_arg(fcinfo) & SNOWFLAKE_SEQUENCE_MAX));
}

/*
 * The timestamp is rounded up to the millisecond, so snowflake_from_parts(ts)
 * is the smallest value at or after ts
 */
PG_FUNCTION_INFO_V1(snowflake_from_parts);
Datum
snowflake_from_parts(PG_FUNCTION_ARGS)
{
	uint64		ms = idgen_timestamp_to_units_code(PG_GETARG_TIMESTAMPTZ(0), &snowflake_unit,
												   "snowflake id", SNOWFLAKE_ERRCODE);
	int32		node = PG_GETARG_INT32(1);
	int32		sequence = PG_GETARG_INT32(2);

	idgen_check_range_code(node, 0, SNOWFLAKE_NODE_MAX, "snowflake id", "node", SNOWFLAKE_ERRCODE);
	idgen_check_range_code(sequence, 0, SNOWFLAKE_SEQUENCE_MAX, "snowflake id", "sequence",
						   SNOWFLAKE_ERRCODE);
	PG_RETURN_INT64(snowflake_pack(ms, (uint64) node, (uint64) sequence));
}

/*
 * Generation: the server-wide tick sequencer (tickseq.c), in milliseconds,
 * with one counter, the sequence, and the node as its node field.
 */

/* The clock in ms since the epoch; false outside the range a value can hold */
static inline bool
snowflake_clock(uint64 *now)
{
	int64		ms = idgen_clock_us() / 1000 - SNOWFLAKE_EPOCH_UNIX_S * 1000;

	if (unlikely(ms < 0))
		return false;
	*now = (uint64) ms;
	return likely(*now <= SNOWFLAKE_MAX_MS);
}

/* The first clock reading in a millisecond */
static int64
snowflake_tick_ns(uint64 ms)
{
	return (int64) (ms + SNOWFLAKE_EPOCH_UNIX_S * 1000) * 1000000;
}

/* snowflake's clock for the idgen worker (hwm.c) */
const IdgenHwmClock snowflake_hwm_clock = {snowflake_clock, SNOWFLAKE_HWM_AHEAD};

static const IdgenTickSequencer snowflake_seq = {
	.clock = snowflake_clock,
	.tick_ns = snowflake_tick_ns,
	.max_ticks = SNOWFLAKE_MAX_MS,
	.slot = IDGEN_HWM_SNOWFLAKE,
	.ahead = SNOWFLAKE_HWM_AHEAD,
	.pace_us = 100,
	.gen = IDGEN_GEN_SNOWFLAKE,
	.ncounters = 1,
	.what = "snowflake ids",
	.range = "2023-01-01 to 2092-09-06",
	.tick_name = "millisecond",
	.unit = &snowflake_unit,
};

/* The node: idgen.snowflake_node, or derived from the cluster */
static IdgenNodeField snowflake_node = {.kind = IDGEN_NODE_SNOWFLAKE};

/* What is left of this backend's block of sequence numbers */
static IdgenTickBlock snowflake_block;

static void
snowflake_take_block(void)
{
	uint64		node = idgen_node_field(&snowflake_node, idgen_node.snowflake_node);
	IdgenShared *sh = idgen_shared();

	idgen_tick_take(&snowflake_seq, &sh->snowflake_lock, &sh->snowflake.seq, &sh->snowflake.next,
					node, 0, SNOWFLAKE_SEQUENCE_MAX + 1, &snowflake_block);
}

PG_FUNCTION_INFO_V1(gen_snowflake);
Datum
gen_snowflake(PG_FUNCTION_ARGS)
{
	idgen_generator_start("gen_snowflake()");
	if (!idgen_tick_block_serves(&snowflake_block))
		snowflake_take_block();
	idgen_count(IDGEN_GEN_SNOWFLAKE);
	PG_RETURN_INT64(snowflake_pack(snowflake_block.tick, snowflake_block.node,
								   snowflake_block.next++));
}

/*
 * snowflake_continue_above(value): every later value of the server's
 * generator is greater than value, in a later millisecond than value's
 * (whatever its node and sequence), for a move from pgEdge's
 * snowflake.nextval(), whose values may run ahead of the clock.  It waits
 * for the clock to pass value's millisecond rather than move the generator
 * ahead of it (idgen_tick_floor): so a floor runs no value ahead of the
 * clock, with or without preloading, and the blocks other sessions hold
 * serve nothing below it any more.  A floor more than a minute ahead of the
 * clock is refused (22023): no column of live values is that far ahead,
 * and a value from far in the future would make this wait for it.
 * Preloaded, the high-water mark on disk is past value's millisecond
 * before this returns, so a restart or a crash with the clock set back goes
 * on above it too.  Any role may call it: it moves the generator nowhere
 * the clock has not reached.
 */
PG_FUNCTION_INFO_V1(snowflake_continue_above);
Datum
snowflake_continue_above(PG_FUNCTION_ARGS)
{
	uint64		value = snowflake_arg(fcinfo);
	uint64		above = value >> SNOWFLAKE_MS_SHIFT;
	IdgenShared *sh = idgen_shared();

	if (!idgen_tick_floor(&snowflake_seq, &sh->snowflake_lock, &sh->snowflake.seq, above,
						  SNOWFLAKE_FLOOR_MAX_AHEAD))
		ereport(ERROR,
				(errcode(SNOWFLAKE_ERRCODE),
				 errmsg("snowflake id " UINT64_FORMAT " is too far ahead of the clock", value),
				 errdetail("It was made at %s, more than %d s ahead of the generator clock; gen_snowflake() continues above a value at most that far ahead, once the clock has passed it.",
						   timestamptz_to_str(idgen_units_to_timestamp(above, &snowflake_unit)),
						   (int) (SNOWFLAKE_FLOOR_MAX_AHEAD / 1000)),
				 errhint("Check that the value is one of the column's. If values that far ahead are in use, call this again once the clock is within %d s of them.",
						 (int) (SNOWFLAKE_FLOOR_MAX_AHEAD / 1000))));
	PG_RETURN_VOID();
}

/* idgen_stats(): this backend's setting, which the next new millisecond takes */
void
snowflake_node_info(IdgenNodeInfo *info)
{
	uint64		value;

	info->scope = "server";
	if (idgen_node_field_info(&snowflake_node, idgen_snowflake_node, info, &value))
		snprintf(info->node, sizeof(info->node), "node=" UINT64_FORMAT, value);
	else
		strlcpy(info->node, "node=none", sizeof(info->node));
}
