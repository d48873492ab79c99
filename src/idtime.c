/*
 * idtime.c
 *	  Ids compared with times, for every idgen type (SPEC section 10): the
 *	  comparisons with timestamptz that sit in the type's btree operator
 *	  family, containment in a tstzrange or tstzmultirange, and the planner
 *	  support that lets an index on the id answer both: index conditions,
 *	  partition pruning on partitioned tables, and row estimates from the id
 *	  column's statistics.
 *
 *	  A time sits just before the ids made at that time: in the gap of the
 *	  type's order before the smallest id whose timestamp is at or after it
 *	  (T_from_parts(t), rounded up to the type's tick).  A time a whole
 *	  tick or more before the type's first tick sits below every id (a time
 *	  less than a tick before it rounds up to it), one after its last tick
 *	  above every id.  No id equals a time, so equality in the family stays
 *	  transitive, and id >= t holds exactly when T_extract_timestamp(id) >= t.
 */
#include "idtype.h"

#include "access/stratnum.h"
#include "access/table.h"
#include "catalog/pg_class_d.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type_d.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/supportnodes.h"
#include "optimizer/clauses.h"
#include "optimizer/optimizer.h"
#include "parser/parse_func.h"
#include "parser/parsetree.h"
#include "partitioning/partbounds.h"
#include "partitioning/partdesc.h"
#include "utils/datum.h"
#include "utils/fmgrprotos.h"
#include "utils/fmgroids.h"
#include "utils/lsyscache.h"
#include "utils/multirangetypes.h"
#include "utils/partcache.h"
#include "utils/rangetypes.h"
#include "utils/selfuncs.h"
#include "utils/syscache.h"
#include "utils/typcache.h"

/* Find where ts sits among t's values */
static void
idtime_place(const IdgenType *t, TimestampTz ts, IdtimeBound *b)
{
	uint64		units = 0;

	b->ts = ts;
	memset(b->val, 0, sizeof(b->val));
	b->place = idgen_timestamp_place(ts, t->unit, &units);
	if (b->place == 0)
		t->first_at(units, b->val);
	else if (t->boundfn != NULL)
		memset(b->val, b->place < 0 ? 0x00 : 0xFF, t->len);
}

/*
 * Where recent times sit, for idtime_cmp(): a few slots of static storage,
 * chosen by time and type.  A call's FmgrInfo points to the slot of its
 * time in fn_extra, which idtime_cmp() checks at every call, since another
 * time may have taken the slot since.  Nothing is allocated per FmgrInfo: a
 * btree scan sets up new ones for its keys at every rescan, in memory that
 * lasts until the end of the query.
 */
#define IDTIME_SLOTS	64

static IdtimeBound idtime_slots[IDTIME_SLOTS];

const IdtimeBound *
idtime_bound_slow(FunctionCallInfo fcinfo, const IdgenType *t, TimestampTz ts)
{
	uint64		key = (uint64) ts ^ (uint64) (uintptr_t) t;
	IdtimeBound *b = &idtime_slots[(key * UINT64CONST(0x9E3779B97F4A7C15)) >> 58];

	StaticAssertStmt(IDTIME_SLOTS == 64, "the slot is the hash's top 6 bits");
	if (b->type != t || b->ts != ts)
	{
		idtime_place(t, ts, b);
		b->type = t;
	}
	if (fcinfo->flinfo != NULL)
		fcinfo->flinfo->fn_extra = b;
	return b;
}

/*
 * For a type whose times compare as their bounds (IdgenType's boundfn), the
 * value its boundfn(ts) gives, or with before its beforefn(ts): the bound,
 * or the value just below it; outside the type's range, the smallest or
 * largest value for both
 */
void
idtime_bound_value(FunctionCallInfo fcinfo, const IdgenType *t, TimestampTz ts, bool before,
				   uint8 *val)
{
	const IdtimeBound *b = idtime_bound_slow(fcinfo, t, ts);

	memcpy(val, b->val, t->len);
	/* a bound is never the smallest value: first_at() sets a version */
	for (int i = t->len - 1; before && b->place == 0 && i >= 0; i--)
	{
		if (val[i]-- != 0)
			break;
	}
}

/* ts, or the microsecond after it (infinity after the last finite one) */
static TimestampTz
idtime_next_if(TimestampTz ts, bool next)
{
	if (!next || TIMESTAMP_NOT_FINITE(ts))
		return ts;
	return ts + 1 < END_TIMESTAMP ? ts + 1 : DT_NOEND;
}

/*
 * A tstzrange as a half-open range of microseconds [start, end): a time is
 * in the range exactly when start <= time < end.  Unbounded sides are
 * -infinity and infinity; an empty range is [infinity, -infinity).  With
 * these, id <@ r is exactly id >= start AND id < end.
 */
static void
idtime_range_bounds(TypeCacheEntry *typcache, const RangeType *r,
					TimestampTz *start, TimestampTz *end)
{
	RangeBound	lower,
				upper;
	bool		empty;

	range_deserialize(typcache, r, &lower, &upper, &empty);
	if (empty)
	{
		*start = DT_NOEND;
		*end = DT_NOBEGIN;
		return;
	}
	*start = lower.infinite ? DT_NOBEGIN :
		idtime_next_if(DatumGetTimestampTz(lower.val), !lower.inclusive);
	*end = upper.infinite ? DT_NOEND :
		idtime_next_if(DatumGetTimestampTz(upper.val), upper.inclusive);
}

/* The bounds of a range held in a Datum, outside any SQL function call */
static void
idtime_range_datum_bounds(Datum range, TimestampTz *start, TimestampTz *end)
{
	RangeType  *r = DatumGetRangeTypeP(range);

	idtime_range_bounds(lookup_type_cache(RangeTypeGetOid(r), TYPECACHE_RANGE_INFO),
						r, start, end);
}

/*
 * idgen_range_start(tstzrange) and idgen_range_end(tstzrange): the range's
 * half-open microsecond bounds, which the index conditions derived from
 * id <@ r compare with when r is not a constant.
 */
PG_FUNCTION_INFO_V1(idgen_range_start);
Datum
idgen_range_start(PG_FUNCTION_ARGS)
{
	RangeType  *r = PG_GETARG_RANGE_P(0);
	TimestampTz start,
				end;

	idtime_range_bounds(range_get_typcache(fcinfo, RangeTypeGetOid(r)), r, &start, &end);
	PG_RETURN_TIMESTAMPTZ(start);
}

PG_FUNCTION_INFO_V1(idgen_range_end);
Datum
idgen_range_end(PG_FUNCTION_ARGS)
{
	RangeType  *r = PG_GETARG_RANGE_P(0);
	TimestampTz start,
				end;

	idtime_range_bounds(range_get_typcache(fcinfo, RangeTypeGetOid(r)), r, &start, &end);
	PG_RETURN_TIMESTAMPTZ(end);
}

/*
 * id <@ r for a type whose times compare as their bounds (IdgenType's
 * boundfn): id >= start AND id < end, as the planner writes it, where an
 * unbounded or infinite side is no condition
 */
static bool
idtime_bound_contains(FunctionCallInfo fcinfo, const IdgenType *t, TypeCacheEntry *typcache,
					  const RangeType *r, Datum id)
{
	TimestampTz start,
				end;

	idtime_range_bounds(typcache, r, &start, &end);
	return (start == DT_NOBEGIN || idtime_cmp(fcinfo, t, id, start) > 0) &&
		(end == DT_NOEND || idtime_cmp(fcinfo, t, id, end) < 0);
}

/*
 * id <@ r and r @> id: the range's own containment test on the id's
 * timestamp, so that every kind of bound behaves as it does for times.
 */
Datum
idtime_contained_by(FunctionCallInfo fcinfo, const IdgenType *t, int idarg)
{
	const uint8 *id = (const uint8 *) PG_GETARG_POINTER(idarg);
	RangeType  *r = PG_GETARG_RANGE_P(1 - idarg);
	TypeCacheEntry *typcache = range_get_typcache(fcinfo, RangeTypeGetOid(r));

	if (t->boundfn != NULL)
		PG_RETURN_BOOL(idtime_bound_contains(fcinfo, t, typcache, r, PG_GETARG_DATUM(idarg)));
	PG_RETURN_BOOL(range_contains_elem_internal(typcache, r,
												TimestampTzGetDatum(t->timestamp(id))));
}

/*
 * id <@ m and m @> id for a tstzmultirange m: true when the id's timestamp
 * lies in any of m's ranges.
 */
Datum
idtime_contained_by_multirange(FunctionCallInfo fcinfo, const IdgenType *t, int idarg)
{
	const uint8 *id = (const uint8 *) PG_GETARG_POINTER(idarg);
	MultirangeType *mr = PG_GETARG_MULTIRANGE_P(1 - idarg);
	TypeCacheEntry *typcache = multirange_get_typcache(fcinfo, MultirangeTypeGetOid(mr));

	if (t->boundfn != NULL)
	{
		for (uint32 i = 0; i < mr->rangeCount; i++)
		{
			if (idtime_bound_contains(fcinfo, t, typcache->rngtype,
									  multirange_get_range(typcache->rngtype, mr, i),
									  PG_GETARG_DATUM(idarg)))
				PG_RETURN_BOOL(true);
		}
		PG_RETURN_BOOL(false);
	}
	PG_RETURN_BOOL(multirange_contains_elem_internal(typcache->rngtype, mr,
													 TimestampTzGetDatum(t->timestamp(id))));
}

/* Is type the time side of a containment: tstzrange or tstzmultirange? */
static bool
idtime_is_time_set(Oid type)
{
	return type == TSTZRANGEOID || type == TSTZMULTIRANGEOID;
}

/*
 * Are these the arguments of T_contained_by_tstzrange(),
 * tstzrange_contains_T() or their tstzmultirange twins?  The support
 * function serves the comparisons with timestamptz too, whose calls must
 * not be taken for containment.
 */
static bool
idtime_is_containment(List *args)
{
	return list_length(args) == 2 &&
		(idtime_is_time_set(exprType(linitial(args))) ||
		 idtime_is_time_set(exprType(lsecond(args))));
}

/* Is this a containment in a tstzmultirange? */
static bool
idtime_is_multirange(List *args)
{
	return idtime_is_containment(args) &&
		(exprType(linitial(args)) == TSTZMULTIRANGEOID ||
		 exprType(lsecond(args)) == TSTZMULTIRANGEOID);
}

/*
 * A tstzmultirange as the smallest tstzrange that holds it (range_merge(m),
 * computed now for a constant): the bounds of an index scan, which the
 * multirange's own test then narrows to its ranges.  Any other expression
 * is returned as it is.
 */
static Expr *
idtime_as_range(Expr *expr)
{
	Const	   *c = (Const *) expr;
	MultirangeType *mr;
	TypeCacheEntry *typcache;

	if (exprType((Node *) expr) != TSTZMULTIRANGEOID)
		return expr;
	if (!IsA(expr, Const))
		return (Expr *) makeFuncExpr(F_RANGE_MERGE_ANYMULTIRANGE, TSTZRANGEOID,
									 list_make1(expr), InvalidOid, InvalidOid,
									 COERCE_EXPLICIT_CALL);
	if (c->constisnull)
		return (Expr *) makeNullConst(TSTZRANGEOID, -1, InvalidOid);
	mr = DatumGetMultirangeTypeP(c->constvalue);
	typcache = lookup_type_cache(MultirangeTypeGetOid(mr), TYPECACHE_MULTIRANGE_INFO);
	return (Expr *) makeConst(TSTZRANGEOID, -1, InvalidOid, -1,
							  RangeTypePGetDatum(multirange_get_union_range(typcache->rngtype, mr)),
							  false, false);
}

/*
 * The id and range arguments of a containment: whichever argument is the
 * range or multirange, the other is the id.  A multirange comes back as the
 * range that holds it (idtime_as_range).  Returns the id's position in args.
 */
static int
idtime_split_args(List *args, Expr **idexpr, Expr **rangeexpr)
{
	int			idarg = idtime_is_time_set(exprType(linitial(args))) ? 1 : 0;

	*idexpr = (Expr *) list_nth(args, idarg);
	*rangeexpr = idtime_as_range((Expr *) list_nth(args, 1 - idarg));
	return idarg;
}

/*
 * Are args those of a call the estimators and the support function of T
 * serve: one argument of type T (or a domain over it), the other a time, a
 * range or a multirange of times?  T is found by its name in the schema of
 * fnoid, the estimator or support function called.  Attached by hand to an
 * operator or function of another type, they read nothing (that type's
 * statistics are no values of T) and give PostgreSQL's default estimate.
 * (A column of T can still be one relabelled to T, whose statistics
 * PostgreSQL reads: a binary-coercible type has T's length.)
 */
static bool
idtime_args_ok(const IdgenType *t, Oid fnoid, List *args)
{
	Oid			types[2];
	Oid			nsp;
	Oid			idtype;

	if (list_length(args) != 2 || !OidIsValid(fnoid))
		return false;
	nsp = get_func_namespace(fnoid);
	if (!OidIsValid(nsp))
		return false;
	idtype = OidIsValid(t->typid) ? t->typid :
		GetSysCacheOid2(TYPENAMENSP, Anum_pg_type_oid,
						CStringGetDatum(t->name), ObjectIdGetDatum(nsp));
	types[0] = getBaseType(exprType(linitial(args)));
	types[1] = getBaseType(exprType(lsecond(args)));
	for (int i = 0; i < 2; i++)
	{
		if (types[i] == idtype &&
			(types[1 - i] == TIMESTAMPTZOID || idtime_is_time_set(types[1 - i])))
			return true;
	}
	return false;
}

/* A function of the extension, found in the schema of one of its functions */
static Oid
idtime_sibling_function(Oid funcid, const char *name, Oid argtype)
{
	char	   *nspname = get_namespace_name(get_func_namespace(funcid));

	if (nspname == NULL)
		return InvalidOid;
	return LookupFuncName(list_make2(makeString(nspname), makeString(pstrdup(name))),
						  1, &argtype, true);
}

/*
 * The locations given to the time or range of an operator kept beside the
 * comparisons that prune for it on a partition key (idtime_edge_clauses,
 * idtime_simplify_bound): the planner simplifies the arms of an AND it was
 * given by a simplification once more, and this arm must then stay as it is.
 * IDTIME_KEPT_LOCATION marks one that carries its own estimate, beside
 * partition bounds, which hold for nearly every row of the partitions kept;
 * IDTIME_BESIDE_LOCATION one beside the comparisons with its own bounds,
 * which carry the estimate (see idtime_kept_beside).
 */
#define IDTIME_KEPT_LOCATION	(-2)
#define IDTIME_BESIDE_LOCATION	(-3)

/*
 * The location field of the nodes a kept operator's time or range can be: a
 * constant, a parameter, a call, an operator or a column of an outer query,
 * which the planner copies with their locations when it simplifies them
 * again.  NULL for any other node, whose operator is not kept.
 */
static int *
idtime_location(Node *node)
{
	switch (nodeTag(node))
	{
		case T_Const:
			return &((Const *) node)->location;
		case T_Param:
			return &((Param *) node)->location;
		case T_FuncExpr:
			return &((FuncExpr *) node)->location;
		case T_OpExpr:
			return &((OpExpr *) node)->location;
		case T_Var:
			return &((Var *) node)->location;
		case T_SQLValueFunction:
			return &((SQLValueFunction *) node)->location;
		default:
			return NULL;
	}
}

/* Is node the time or range of a kept operator? */
static bool
idtime_is_kept(Node *node)
{
	int		   *location = idtime_location(node);

	return location != NULL &&
		(*location == IDTIME_KEPT_LOCATION || *location == IDTIME_BESIDE_LOCATION);
}

/* The argument of a comparison or containment that is no id */
static Node *
idtime_time_arg(List *args)
{
	Oid			first = exprType(linitial(args));

	return first == TIMESTAMPTZOID || idtime_is_time_set(first) ?
		linitial(args) : lsecond(args);
}

/*
 * Is this the operator kept beside the comparisons of the id with its own
 * bounds (IDTIME_BESIDE_LOCATION): those of a time or range known only at
 * run time (idtime_simplify_bound, idtime_runtime_range), or the overall
 * bounds of a multirange?  Those comparisons are its index conditions and
 * carry its estimate, all of it, or a multirange's but for its gaps.
 */
static bool
idtime_kept_beside(List *args)
{
	int		   *location = idtime_location(idtime_time_arg(args));

	return location != NULL && *location == IDTIME_BESIDE_LOCATION;
}

/* A timestamptz constant */
static Expr *
idtime_tstz_const(TimestampTz ts)
{
	return (Expr *) makeConst(TIMESTAMPTZOID, -1, InvalidOid, sizeof(TimestampTz),
							  TimestampTzGetDatum(ts), false, FLOAT8PASSBYVAL);
}

/* Strip binary-compatible relabelling, as examine_variable() does */
static Node *
idtime_strip(Node *node)
{
	while (node != NULL && IsA(node, RelabelType))
		node = (Node *) ((RelabelType *) node)->arg;
	return node;
}

/*
 * A partition key column that an id is, on a partitioned table of this query
 * level (the table being planned, or a partitioned partition of it)
 */
typedef struct IdtimePartKey
{
	Oid			relid;			/* the partitioned table */
	int			keyno;			/* the column's place in its partition key */
	Oid			opfamily;		/* the key's operator family there */
	bool		ordered;		/* partitioned by range or list, on the btree
								 * family of the id's type */
	bool		edges;			/* ordered, by range of this column alone, and
								 * no partition partitioned again: an id
								 * between two bounds prunes as either does */
} IdtimePartKey;

/*
 * Is expr (under binary relabelling, as for a domain over the id's type) a
 * column of the partition key of a partitioned table of this query level?
 * Only then can partition pruning use conditions on it, so only then is a
 * condition rewritten for pruning: a comparison or <@ only where the key is
 * ordered, id = t (false) on any key.  Elsewhere the condition stays as
 * written, with its own estimate.
 */
static bool
idtime_partition_key(PlannerInfo *root, Expr *expr, IdtimePartKey *key)
{
	Var		   *var = (Var *) idtime_strip((Node *) expr);
	RangeTblEntry *rte;
	Relation	rel;
	PartitionKey partkey;
	Oid			opfamily;
	bool		found = false;

	if (root == NULL || root->parse == NULL || var == NULL || !IsA(var, Var) ||
		var->varlevelsup != 0 || var->varattno <= 0 || var->varno < 1 ||
		var->varno > list_length(root->parse->rtable))
		return false;
	rte = rt_fetch(var->varno, root->parse->rtable);
	if (rte->rtekind != RTE_RELATION || rte->relkind != RELKIND_PARTITIONED_TABLE)
		return false;
	opfamily = lookup_type_cache(exprType((Node *) expr), TYPECACHE_BTREE_OPFAMILY)->btree_opf;

	/* the planner holds a lock on every table it plans */
	rel = table_open(rte->relid, NoLock);
	partkey = RelationGetPartitionKey(rel);
	for (int i = 0; partkey != NULL && i < partkey->partnatts && !found; i++)
	{
		if (partkey->partattrs[i] == var->varattno)
		{
			key->relid = rte->relid;
			key->keyno = i;
			key->opfamily = partkey->partopfamily[i];
			key->ordered = partkey->strategy != PARTITION_STRATEGY_HASH &&
				OidIsValid(opfamily) && key->opfamily == opfamily;
			key->edges = key->ordered && partkey->partnatts == 1 &&
				partkey->strategy == PARTITION_STRATEGY_RANGE;
			found = true;
		}
	}
	if (found && key->edges)
	{
		PartitionDesc desc = RelationGetPartitionDesc(rel, true);

		for (int i = 0; i < desc->nparts; i++)
			key->edges = key->edges && desc->is_leaf[i];
	}
	table_close(rel, NoLock);
	return found;
}

/*
 * The bound of the partitions of key's table nearest the id val in the key's
 * column, on one side: the greatest at or below val (lower) or the least at
 * or above it, copied.  false when there is none; *exact when it is val.
 */
static bool
idtime_partition_edge(const IdtimePartKey *key, Datum val, bool lower, Datum *edge,
					  bool *exact)
{
	Relation	rel = table_open(key->relid, NoLock);
	PartitionKey partkey = RelationGetPartitionKey(rel);
	PartitionBoundInfo bounds = RelationGetPartitionDesc(rel, true)->boundinfo;
	FmgrInfo   *cmp = &partkey->partsupfunc[key->keyno];
	Oid			coll = partkey->partcollation[key->keyno];
	Datum		best = (Datum) 0;
	bool		found = false;

	*exact = false;
	for (int i = 0; bounds != NULL && i < bounds->ndatums && !*exact; i++)
	{
		Datum		d = bounds->datums[i][key->keyno];
		int			c;

		if (bounds->kind != NULL &&
			bounds->kind[i][key->keyno] != PARTITION_RANGE_DATUM_VALUE)
			continue;
		c = DatumGetInt32(FunctionCall2Coll(cmp, coll, d, val));
		if (c == 0 || (lower ? c < 0 : c > 0))
		{
			if (!found || (lower ? 1 : -1) *
				DatumGetInt32(FunctionCall2Coll(cmp, coll, d, best)) > 0)
				best = d;
			found = true;
			*exact = c == 0;
		}
	}
	if (found)
		*edge = datumCopy(best, partkey->parttypbyval[key->keyno],
						  partkey->parttyplen[key->keyno]);
	table_close(rel, NoLock);
	return found;
}

/*
 * Is the id val one of the bounds of the partitions of key's table, in the
 * key's column?  A comparison with a time prunes as the comparison with the
 * smallest id at or after it, except where that id is a bound: pruning takes
 * the values between the time and that id to be possible, and keeps the
 * partition that ends there for id >= t.
 */
static bool
idtime_is_partition_bound(const IdtimePartKey *key, Datum val)
{
	Datum		edge;
	bool		exact;

	return idtime_partition_edge(key, val, true, &edge, &exact) && exact;
}

/*
 * Which ids one side of a range of times holds, id >= ts for a lower side,
 * id < ts for an upper one: 1 every id (ts is -infinity for a lower side,
 * infinity for an upper one, or lies beyond the type's range on that side),
 * -1 none (it lies beyond the range on the other side), 0 those on one side
 * of b's value.
 */
static int
idtime_side_holds(const IdgenType *t, TimestampTz ts, bool lower, IdtimeBound *b)
{
	if (ts == (lower ? DT_NOBEGIN : DT_NOEND))
		return 1;
	idtime_place(t, ts, b);
	if (b->place == 0)
		return 0;
	return (b->place < 0) == lower ? 1 : -1;
}

/*
 * One side of a range of times, for a type whose times compare as their
 * bounds (IdgenType's boundfn), as the comparison of the id with an id, with
 * the btree family opfamily's operators: id >= bound or id < bound, and a
 * side beyond the type's range, which no id can express, as id >= the
 * smallest id (every id) or id < it (none).  Exact; NULL when the family
 * lacks the operator.
 */
static Expr *
idtime_bound_clause(const IdgenType *t, Oid opfamily, Expr *idexpr, TimestampTz ts,
					bool lower)
{
	Oid			idtype = exprType((Node *) idexpr);
	IdtimeBound b;
	int			holds = idtime_side_holds(t, ts, lower, &b);
	uint8	   *val = (uint8 *) palloc0(t->len);
	Oid			opno;

	if (holds == 0)
		memcpy(val, b.val, t->len);
	opno = get_opfamily_member(opfamily, idtype, idtype,
							   holds > 0 || (holds == 0 && lower) ?
							   BTGreaterEqualStrategyNumber : BTLessStrategyNumber);
	if (!OidIsValid(opno))
		return NULL;
	return make_opclause(opno, BOOLOID, false, copyObject(idexpr),
						 (Expr *) makeConst(idtype, -1, InvalidOid, t->len,
											PointerGetDatum(val), false, false),
						 InvalidOid, InvalidOid);
}

/*
 * One side of a range of times as a comparison of the id with the btree
 * family opfamily's operators: id >= ts for a lower side, id < ts for an
 * upper one.  On a partition key (key not NULL), a time whose smallest id at
 * or after it is a partition bound is replaced by that id, which is the same
 * condition, so that pruning does not keep the partition before that bound
 * (see idtime_is_partition_bound); other times stay, and keep the
 * estimate from the times of the id's histogram.  A type whose times
 * compare as their bounds (IdgenType's boundfn) always gets its bound
 * (idtime_bound_clause).  NULL when the side selects every id (ts is
 * -infinity for a lower side, infinity for an upper one, or for such a
 * type, beyond its range on that side), or when the family lacks the
 * operator.
 */
static Expr *
idtime_side_clause(const IdgenType *t, Oid opfamily, Expr *idexpr, TimestampTz ts,
				   bool lower, const IdtimePartKey *key)
{
	Oid			idtype = exprType((Node *) idexpr);
	int			strategy = lower ? BTGreaterEqualStrategyNumber : BTLessStrategyNumber;
	IdtimeBound b;
	Oid			opno;
	Expr	   *value;

	if (idtime_side_holds(t, ts, lower, &b) > 0 &&
		(t->boundfn != NULL || TIMESTAMP_NOT_FINITE(ts)))
		return NULL;
	if (t->boundfn != NULL)
		return idtime_bound_clause(t, opfamily, idexpr, ts, lower);
	if (key != NULL && b.place == 0 &&
		idtime_is_partition_bound(key, PointerGetDatum(b.val)))
	{
		uint8	   *val = (uint8 *) palloc(t->len);

		memcpy(val, b.val, t->len);
		opno = get_opfamily_member(opfamily, idtype, idtype, strategy);
		value = (Expr *) makeConst(idtype, -1, InvalidOid, t->len, PointerGetDatum(val),
								   false, false);
	}
	else
	{
		opno = get_opfamily_member(opfamily, idtype, TIMESTAMPTZOID, strategy);
		value = idtime_tstz_const(ts);
	}
	if (!OidIsValid(opno))
		return NULL;
	return make_opclause(opno, BOOLOID, false, copyObject(idexpr), value,
						 InvalidOid, InvalidOid);
}

/*
 * A time as the other side of a comparison with an id of type t: the time
 * itself, or for a type whose times compare as their bounds, the call of
 * t->boundfn on it for a lower side (id >= the bound), of t->beforefn for
 * an upper one (id <= the value before it), found next to the support
 * function supportfn; NULL without it.  The planner folds the call for a
 * constant time.
 */
static Expr *
idtime_time_value(const IdgenType *t, Oid supportfn, Oid idtype, Expr *timeexpr, bool lower)
{
	Oid			boundfn;

	if (t->boundfn == NULL)
		return timeexpr;
	boundfn = idtime_sibling_function(supportfn, lower ? t->boundfn : t->beforefn,
									  TIMESTAMPTZOID);
	if (!OidIsValid(boundfn))
		return NULL;
	return (Expr *) makeFuncExpr(boundfn, idtype, list_make1(timeexpr), InvalidOid,
								 InvalidOid, COERCE_EXPLICIT_CALL);
}

/*
 * The comparisons equivalent to id <@ range, with the operators of the
 * btree family opfamily: id >= start AND id < end.  A constant range gives
 * constant bounds (ids at a partition bound of key), leaving out a side that
 * selects every id (NIL when both do); any other range gives calls of
 * idgen_range_start() and idgen_range_end(), found next to the support
 * function supportfn, each of which evaluates the range: so NIL when it
 * could give the two a different answer (it is volatile or holds a
 * subquery, whose volatility is not seen from outside).  NIL too when the
 * family has no comparisons of the id's type with timestamptz.  For a type
 * whose times compare as their bounds (IdgenType's boundfn), the
 * comparisons are the family's own, of ids with the bounds: constants
 * (idtime_bound_clause), or id >= the bound of the start and id <= the
 * value before the bound of the end (idtime_time_value): an unbounded or
 * infinite end's is the max uuid, which id <@ r holds.  So they are implied
 * by id <@ r, and select exactly its ids but where an end lies outside the
 * type's range: then they hold for the max uuid (a start after the last
 * tick) or the nil uuid (an end before the first) too.
 */
static List *
idtime_bound_clauses(const IdgenType *t, Oid supportfn, Oid opfamily,
					 Expr *idexpr, Expr *rangeexpr, const IdtimePartKey *key)
{
	Oid			idtype = exprType((Node *) idexpr);
	Oid			timetype = t->boundfn != NULL ? idtype : TIMESTAMPTZOID;
	Oid			geop = get_opfamily_member(opfamily, idtype, timetype,
										   BTGreaterEqualStrategyNumber);
	Oid			endop = get_opfamily_member(opfamily, idtype, timetype,
											t->boundfn != NULL ? BTLessEqualStrategyNumber :
											BTLessStrategyNumber);
	Expr	   *startexpr,
			   *endexpr;
	List	   *clauses = NIL;

	if (!OidIsValid(geop) || !OidIsValid(endop))
		return NIL;

	if (IsA(rangeexpr, Const))
	{
		Const	   *c = (Const *) rangeexpr;
		TimestampTz start,
					end;

		if (c->constisnull)
			return NIL;
		idtime_range_datum_bounds(c->constvalue, &start, &end);
		startexpr = idtime_side_clause(t, opfamily, idexpr, start, true, key);
		endexpr = idtime_side_clause(t, opfamily, idexpr, end, false, key);
	}
	else
	{
		Oid			startfn,
					endfn;
		Expr	   *startval,
				   *endval;

		if (contain_volatile_functions((Node *) rangeexpr) ||
			contain_subplans((Node *) rangeexpr))
			return NIL;
		startfn = idtime_sibling_function(supportfn, "idgen_range_start", TSTZRANGEOID);
		endfn = idtime_sibling_function(supportfn, "idgen_range_end", TSTZRANGEOID);
		if (!OidIsValid(startfn) || !OidIsValid(endfn))
			return NIL;
		startval = idtime_time_value(t, supportfn, idtype,
									 (Expr *) makeFuncExpr(startfn, TIMESTAMPTZOID,
														   list_make1(copyObject(rangeexpr)),
														   InvalidOid, InvalidOid,
														   COERCE_EXPLICIT_CALL),
									 true);
		endval = idtime_time_value(t, supportfn, idtype,
								   (Expr *) makeFuncExpr(endfn, TIMESTAMPTZOID,
														 list_make1(copyObject(rangeexpr)),
														 InvalidOid, InvalidOid,
														 COERCE_EXPLICIT_CALL),
								   false);
		if (startval == NULL || endval == NULL)
			return NIL;
		startexpr = make_opclause(geop, BOOLOID, false, copyObject(idexpr), startval,
								  InvalidOid, InvalidOid);
		endexpr = make_opclause(endop, BOOLOID, false, copyObject(idexpr), endval,
								InvalidOid, InvalidOid);
	}

	if (startexpr != NULL)
		clauses = lappend(clauses, startexpr);
	if (endexpr != NULL)
		clauses = lappend(clauses, endexpr);
	return clauses;
}

/* What idtime_probe_lt() saw */
typedef struct IdtimeProbe
{
	const IdgenType *type;
	bool		seen;
	uint8		last[IDGEN_MAX_LEN];	/* the id it was called with last */
} IdtimeProbe;

/*
 * id < c for c infinity or -infinity, as the comparison function handed to
 * ineq_histogram_selectivity() by idtime_actual_end(), which keeps the id
 */
static Datum
idtime_probe_lt(PG_FUNCTION_ARGS)
{
	IdtimeProbe *probe = (IdtimeProbe *) fcinfo->flinfo->fn_extra;

	memcpy(probe->last, DatumGetPointer(PG_GETARG_DATUM(0)), probe->type->len);
	probe->seen = true;
	PG_RETURN_BOOL(PG_GETARG_TIMESTAMPTZ(1) == DT_NOEND);
}

/*
 * The time of the column's actual largest id (max) or smallest one, read
 * from a btree index as PostgreSQL reads it past the ends of its histogram
 * (get_actual_variable_range(), which it does not export): before comparing
 * a constant with the histogram's last or first entry,
 * ineq_histogram_selectivity() replaces that entry with the column's actual
 * end.  Its binary search for id < infinity, which holds for every id, ends
 * on the last entry, and for id < -infinity, which holds for none, on the
 * first; so the id compared last is the actual end (or the histogram's
 * own, where no index has it).  ltop is T's < timestamptz (core's uuid
 * has none in its family: its own <), whose function's OID the security
 * check of the statistics sees.  False without a histogram.
 */
static bool
idtime_actual_end(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
				  Oid ltop, bool max, TimestampTz *ts)
{
	IdtimeProbe probe;
	FmgrInfo	proc;

	memset(&probe, 0, sizeof(probe));
	probe.type = t;
	memset(&proc, 0, sizeof(proc));
	proc.fn_addr = idtime_probe_lt;
	proc.fn_oid = get_opcode(ltop);
	proc.fn_nargs = 2;
	proc.fn_strict = true;
	proc.fn_extra = &probe;
	proc.fn_mcxt = CurrentMemoryContext;
	if (ineq_histogram_selectivity(root, vardata, ltop, &proc, false, false, InvalidOid,
								   TimestampTzGetDatum(max ? DT_NOEND : DT_NOBEGIN),
								   TIMESTAMPTZOID) < 0.0 || !probe.seen)
		return false;
	*ts = t->timestamp(probe.last);
	return true;
}

/* The time of an id held in a Datum (a value of the column's statistics) */
static inline TimestampTz
idtime_datum_time(const IdgenType *t, Datum id)
{
	return t->timestamp((const uint8 *) DatumGetPointer(id));
}

/*
 * The part of the rows whose id's time is below ts, among those the
 * histogram describes: the times of its bounds interpolated linearly
 * (PostgreSQL's own estimate cannot do that for a type it does not know, and
 * takes half a bin).  In the first and last bins and past them, the
 * column's actual first and last ids stand for the histogram's, as
 * PostgreSQL does for the scalars it knows: ids made since ANALYZE are
 * counted, and a time past the newest of them is past every row.
 */
static double
idtime_hist_below(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
				  const AttStatsSlot *hist, TimestampTz ts)
{
	int			n = hist->nvalues;
	int			lo = 0,
				hi = n - 1;
	TimestampTz first = idtime_datum_time(t, hist->values[0]);
	TimestampTz last = idtime_datum_time(t, hist->values[n - 1]);
	bool		in_first = ts <= idtime_datum_time(t, hist->values[1]);
	bool		in_last = ts > idtime_datum_time(t, hist->values[n - 2]);
	TimestampTz lots,
				hits;

	if (TIMESTAMP_NOT_FINITE(ts))
		return ts == DT_NOBEGIN ? 0.0 : 1.0;
	if (in_first || in_last)
	{
		Oid			basetype = getBaseType(vardata->vartype);
		TypeCacheEntry *tc = lookup_type_cache(basetype, TYPECACHE_BTREE_OPFAMILY);
		Oid			ltop = get_opfamily_member(tc->btree_opf, basetype, TIMESTAMPTZOID,
											   BTLessStrategyNumber);

		/* a family with no comparisons with times (core's uuid): its own < */
		if (!OidIsValid(ltop))
			ltop = get_opfamily_member(tc->btree_opf, basetype, basetype,
									   BTLessStrategyNumber);
		if (OidIsValid(ltop) && in_first)
			idtime_actual_end(root, vardata, t, ltop, false, &first);
		if (OidIsValid(ltop) && in_last)
			idtime_actual_end(root, vardata, t, ltop, true, &last);
	}
	if (ts <= first)
		return 0.0;
	if (ts > last)
		return 1.0;

	/* Find the bin with time(values[lo]) < ts <= time(values[hi]) */
	while (hi - lo > 1)
	{
		int			mid = (lo + hi) / 2;

		if (idtime_datum_time(t, hist->values[mid]) < ts)
			lo = mid;
		else
			hi = mid;
	}
	lots = lo == 0 ? first : idtime_datum_time(t, hist->values[lo]);
	hits = hi == n - 1 ? last : idtime_datum_time(t, hist->values[hi]);
	return (lo + (double) (ts - lots) / (double) (hits - lots)) / (n - 1);
}

/* Estimates without statistics, as PostgreSQL makes for ranges of scalars */
static Selectivity
idtime_default_selectivity(TimestampTz start, TimestampTz end)
{
	if (start >= end)
		return 0.0;
	if (start == DT_NOBEGIN && end == DT_NOEND)
		return 1.0;
	if (start == DT_NOBEGIN || end == DT_NOEND)
		return DEFAULT_INEQ_SEL;
	return DEFAULT_RANGE_INEQ_SEL;
}

/*
 * The part of the rows whose id's time lies in [start, end), from the id
 * column's statistics: the most common values counted one by one, the rest
 * from the histogram.
 */
static Selectivity
idtime_fraction(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
				TimestampTz start, TimestampTz end)
{
	Form_pg_statistic stats;
	AttStatsSlot sslot;
	double		mcv_in = 0.0,
				mcv_all = 0.0,
				histsel;
	Selectivity sel;

	if (start >= end)
		return 0.0;
	if (!HeapTupleIsValid(vardata->statsTuple))
		return idtime_default_selectivity(start, end);
	stats = (Form_pg_statistic) GETSTRUCT(vardata->statsTuple);

	if (get_attstatsslot(&sslot, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
						 ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS))
	{
		for (int i = 0; i < sslot.nvalues && i < sslot.nnumbers; i++)
		{
			TimestampTz ts = idtime_datum_time(t, sslot.values[i]);

			if (ts >= start && ts < end)
				mcv_in += sslot.numbers[i];
			mcv_all += sslot.numbers[i];
		}
		free_attstatsslot(&sslot);
	}

	histsel = idtime_default_selectivity(start, end);
	if (get_attstatsslot(&sslot, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid,
						 ATTSTATSSLOT_VALUES))
	{
		if (sslot.nvalues >= 2)
			histsel = idtime_hist_below(root, vardata, t, &sslot, end) -
				idtime_hist_below(root, vardata, t, &sslot, start);
		free_attstatsslot(&sslot);
	}

	sel = mcv_in + (1.0 - stats->stanullfrac - mcv_all) * Max(histsel, 0.0);
	CLAMP_PROBABILITY(sel);
	return sel;
}

/*
 * The part of the rows whose id's time lies in the tstzmultirange held in a
 * Datum: the sum over its ranges, which do not overlap
 */
static Selectivity
idtime_multirange_fraction(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
						   Datum multirange)
{
	MultirangeType *mr = DatumGetMultirangeTypeP(multirange);
	TypeCacheEntry *typcache = lookup_type_cache(MultirangeTypeGetOid(mr),
												 TYPECACHE_MULTIRANGE_INFO)->rngtype;
	Selectivity sel = 0.0;

	for (uint32 i = 0; i < mr->rangeCount; i++)
	{
		TimestampTz start,
					end;

		idtime_range_bounds(typcache, multirange_get_range(typcache, mr, i), &start, &end);
		sel += idtime_fraction(root, vardata, t, start, end);
	}
	CLAMP_PROBABILITY(sel);
	return sel;
}

/*
 * The selectivity of id <@ r (either argument order) restricting one
 * relation, when r is or estimates to a constant range or multirange; else
 * PostgreSQL's default for a range containing a scalar.
 */
static Selectivity
idtime_selectivity(PlannerInfo *root, const IdgenType *t, Oid fnoid, List *args,
				   int varRelid)
{
	VariableStatData vardata;
	Node	   *other;
	bool		varonleft;
	bool		beside;
	Selectivity sel = DEFAULT_RANGE_INEQ_SEL;

	if (!idtime_args_ok(t, fnoid, args))
		return sel;
	/*
	 * the comparisons it was kept beside carry its estimate, a constant
	 * multirange's but for the part of its overall range in its gaps
	 */
	beside = idtime_kept_beside(args);
	if (beside && !(IsA(idtime_time_arg(args), Const) &&
					exprType(idtime_time_arg(args)) == TSTZMULTIRANGEOID))
		return 1.0;
	if (!get_restriction_variable(root, args, varRelid, &vardata, &other, &varonleft))
		return sel;
	if (IsA(other, Const) && exprType(other) == TSTZRANGEOID &&
		vardata.vartype != TSTZRANGEOID)
	{
		Const	   *c = (Const *) other;
		TimestampTz start,
					end;

		if (c->constisnull)
			sel = 0.0;
		else
		{
			idtime_range_datum_bounds(c->constvalue, &start, &end);
			sel = idtime_fraction(root, &vardata, t, start, end);
		}
	}
	else if (IsA(other, Const) && exprType(other) == TSTZMULTIRANGEOID &&
			 vardata.vartype != TSTZMULTIRANGEOID)
	{
		Const	   *c = (Const *) other;

		sel = c->constisnull ? 0.0 :
			idtime_multirange_fraction(root, &vardata, t, c->constvalue);
		if (beside && !c->constisnull)
		{
			TimestampTz start,
						end;
			Selectivity whole;

			idtime_range_datum_bounds(((Const *) idtime_as_range((Expr *) c))->constvalue,
									  &start, &end);
			whole = idtime_fraction(root, &vardata, t, start, end);
			sel = whole > 0.0 ? Min(sel / whole, 1.0) : 1.0;
		}
	}
	ReleaseVariableStats(vardata);
	return sel;
}

/* The restriction estimator of the <@ and @> operators */
Datum
idtime_range_sel(FunctionCallInfo fcinfo, const IdgenType *t)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	Oid			selfn = fcinfo->flinfo != NULL ? fcinfo->flinfo->fn_oid : InvalidOid;

	PG_RETURN_FLOAT8(idtime_selectivity(root, t, selfn, args, varRelid));
}

/*
 * Comparisons of ids with times: their estimates.
 *
 * PostgreSQL estimates id >= a AND id < b as a range only for operators
 * whose estimator is one of its own scalar inequality estimators, and those
 * cannot read an id as a number: they take half of the histogram bin a bound
 * falls into.  So the comparisons have an estimator of their own, which reads
 * the times of the histogram's bounds as id <@ r does (idtime_fraction).
 * Clauses it does not pair are multiplied by the planner, and the product
 * P(time >= a) * P(time < b) is far too large for a narrow range; so each
 * clause looks at its relation's other conditions on the same column, and
 * the clauses share out the estimate of the range they bound together (see
 * idtime_cmp_sel).
 */

/* One comparison of an id column with a time, as estimated */
typedef struct IdtimeSide
{
	bool		lower;			/* the id's time >= c; else < c */
	bool		exact;			/* c is a constant time and the column has
								 * statistics: estimated from its histogram */
	bool		has_sel;		/* sel is known */
	TimestampTz ts;				/* c, when exact */
	Selectivity sel;			/* the clause's own estimate */
	Node	   *other;			/* the other side, as estimated */
} IdtimeSide;

/*
 * The btree strategy of a comparison of an id with a time (0 when opno is
 * none), and whether the id is its left argument
 */
static int
idtime_cmp_strategy(Oid opno, bool *idleft)
{
	Oid			lefttype,
				righttype,
				idtype;
	Oid			opfamily;
	int			strategy;

	op_input_types(opno, &lefttype, &righttype);
	if (righttype == TIMESTAMPTZOID && lefttype != TIMESTAMPTZOID)
		idtype = lefttype;
	else if (lefttype == TIMESTAMPTZOID && righttype != TIMESTAMPTZOID)
		idtype = righttype;
	else
		return 0;
	*idleft = idtype == lefttype;
	opfamily = lookup_type_cache(idtype, TYPECACHE_BTREE_OPFAMILY)->btree_opf;
	strategy = OidIsValid(opfamily) ? get_op_opfamily_strategy(opno, opfamily) : 0;
	if (strategy == 0)
	{
		/* not in the family (core's uuid): the operator's name tells */
		static const char *const names[] = {"<", "<=", "=", ">=", ">"};
		char	   *name = get_opname(opno);

		for (int i = 0; name != NULL && i < (int) lengthof(names); i++)
		{
			if (strcmp(name, names[i]) == 0)
				strategy = BTLessStrategyNumber + i;
		}
	}
	return strategy == BTEqualStrategyNumber ? 0 : strategy;
}

/* PostgreSQL's own estimate of a comparison with this strategy */
static Selectivity
idtime_core_sel(PlannerInfo *root, Oid opno, List *args, int varRelid,
				Oid collation, int strategy)
{
	PGFunction	fn;

	switch (strategy)
	{
		case BTLessStrategyNumber:
			fn = scalarltsel;
			break;
		case BTLessEqualStrategyNumber:
			fn = scalarlesel;
			break;
		case BTGreaterEqualStrategyNumber:
			fn = scalargesel;
			break;
		case BTGreaterStrategyNumber:
			fn = scalargtsel;
			break;
		default:
			return DEFAULT_INEQ_SEL;
	}
	return DatumGetFloat8(DirectFunctionCall4Coll(fn, collation,
												  PointerGetDatum(root),
												  ObjectIdGetDatum(opno),
												  PointerGetDatum(args),
												  Int32GetDatum(varRelid)));
}

/*
 * Read a comparison of an id column with something that is constant for the
 * scan (var op other), as the estimator sees it: false when it is none, or
 * when the column is on the time side.  Otherwise vardata describes the
 * column (the caller releases it), and side the comparison; its selectivity
 * is left for idtime_side_sel() when it is exact, which only the histogram
 * can tell.  A comparison is exact when the other side estimates to a
 * constant time and the column is a plain column of a table with
 * statistics; any other is estimated by PostgreSQL's own estimator.
 */
static bool
idtime_read_side(PlannerInfo *root, Oid opno, List *args, int varRelid, Oid collation,
				 VariableStatData *vardata, IdtimeSide *side)
{
	bool		idleft = false,
				varonleft;
	int			strategy = idtime_cmp_strategy(opno, &idleft);
	Node	   *other;

	if (strategy == 0 ||
		!get_restriction_variable(root, args, varRelid, vardata, &other, &varonleft))
		return false;
	if (varonleft != idleft)
	{
		ReleaseVariableStats(*vardata);
		return false;
	}

	/* The id on the greater side: the id's time >= c (id > c means that too) */
	side->lower = idleft == (strategy > BTEqualStrategyNumber);
	side->other = other;
	side->exact = IsA(other, Const) && ((Const *) other)->consttype == TIMESTAMPTZOID &&
		!((Const *) other)->constisnull &&
		HeapTupleIsValid(vardata->statsTuple) &&
		vardata->var != NULL && IsA(vardata->var, Var) &&
		((Var *) vardata->var)->varlevelsup == 0 &&
		vardata->rel != NULL && vardata->rel->rtekind == RTE_RELATION;
	side->ts = side->exact ? DatumGetTimestampTz(((Const *) other)->constvalue) : 0;
	side->has_sel = !side->exact;
	if (!side->exact)
		side->sel = idtime_core_sel(root, opno, args, varRelid, collation, strategy);
	return true;
}

/* The estimate of one comparison on its own */
static Selectivity
idtime_side_sel(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
				IdtimeSide *side)
{
	if (!side->has_sel)
	{
		side->sel = side->lower ?
			idtime_fraction(root, vardata, t, side->ts, DT_NOEND) :
			idtime_fraction(root, vardata, t, DT_NOBEGIN, side->ts);
		side->has_sel = true;
	}
	return side->sel;
}

/*
 * Is side a tighter bound than best (which may be NULL)?  Exact bounds come
 * first, then the largest lower or smallest upper time; bounds PostgreSQL
 * estimates come by their estimate, as it chooses between them.  Ties keep
 * the first.
 */
static bool
idtime_tighter(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
			   IdtimeSide *side, IdtimeSide *best)
{
	if (best == NULL)
		return true;
	if (side->exact != best->exact)
		return side->exact;
	if (side->exact)
		return side->lower ? side->ts > best->ts : side->ts < best->ts;
	return idtime_side_sel(root, vardata, t, side) < idtime_side_sel(root, vardata, t, best);
}

/*
 * The estimate of lo AND hi: from the histogram when both are exact, else
 * as PostgreSQL combines two bounds of a range (clauselist_selectivity)
 */
static Selectivity
idtime_pair_sel(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
				int varRelid, IdtimeSide *lo, IdtimeSide *hi)
{
	Selectivity losel,
				hisel,
				sel;

	if (lo->exact && hi->exact)
		return idtime_fraction(root, vardata, t, lo->ts, hi->ts);
	losel = idtime_side_sel(root, vardata, t, lo);
	hisel = idtime_side_sel(root, vardata, t, hi);
	if (losel == DEFAULT_INEQ_SEL || hisel == DEFAULT_INEQ_SEL)
		return DEFAULT_RANGE_INEQ_SEL;
	sel = losel + hisel - 1.0 +
		nulltestsel(root, IS_NULL, vardata->var, varRelid, JOIN_INNER, NULL);
	if (sel <= 0.0)
		sel = sel < -0.01 ? DEFAULT_RANGE_INEQ_SEL : 1.0e-10;
	return sel;
}

/*
 * The share of self, one of the bounds lo and hi (either may be NULL) of a
 * range, in the estimate of the range: lo gives its own estimate, hi the
 * rest, so that their product is the range's estimate; a bound that is
 * neither (a looser one) gives 1.0.
 */
static Selectivity
idtime_share(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
			 int varRelid, IdtimeSide *self, IdtimeSide *lo, IdtimeSide *hi)
{
	Selectivity losel;

	if (self == lo || (self == hi && lo == NULL))
		return idtime_side_sel(root, vardata, t, self);
	if (self != hi)
		return 1.0;
	losel = idtime_side_sel(root, vardata, t, lo);
	if (losel <= 0.0)
		return 1.0;
	return Min(idtime_pair_sel(root, vardata, t, varRelid, lo, hi) / losel, 1.0);
}

/* Does a clause with arguments cargs have the argument nodes of args? */
static bool
idtime_same_args(List *cargs, List *args)
{
	return list_length(cargs) == 2 &&
		((linitial(cargs) == linitial(args) && lsecond(cargs) == lsecond(args)) ||
		 (linitial(cargs) == lsecond(args) && lsecond(cargs) == linitial(args)));
}

/*
 * A comparison that is no condition of the relation's own may be one side
 * of a top-level id <@ r on the same column: an index condition the support
 * function derived from it (id >= start, id < end).  Then both sides share
 * out the estimate of id <@ r.  Returns the share, or -1.0 when self is no
 * such side.
 */
static Selectivity
idtime_contained_share(PlannerInfo *root, VariableStatData *vardata, const IdgenType *t,
					   int varRelid, Oid supportfn, IdtimeSide *self)
{
	ListCell   *lc;

	foreach(lc, vardata->rel->baserestrictinfo)
	{
		RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
		Node	   *clause = (Node *) rinfo->clause;
		Oid			funcid;
		List	   *args;
		Expr	   *idexpr,
				   *rangeexpr;
		Node	   *range;
		IdtimeSide	lo,
					hi;
		bool		has_lo,
					has_hi;

		if (IsA(clause, OpExpr))
		{
			funcid = get_opcode(((OpExpr *) clause)->opno);
			args = ((OpExpr *) clause)->args;
		}
		else if (IsA(clause, FuncExpr))
		{
			funcid = ((FuncExpr *) clause)->funcid;
			args = ((FuncExpr *) clause)->args;
		}
		else
			continue;
		if (!idtime_is_containment(args) || get_func_support(funcid) != supportfn)
			continue;
		idtime_split_args(args, &idexpr, &rangeexpr);
		if (!equal(idtime_strip((Node *) idexpr), vardata->var))
			continue;

		memset(&lo, 0, sizeof(lo));
		memset(&hi, 0, sizeof(hi));
		lo.lower = true;
		range = estimate_expression_value(root, (Node *) rangeexpr);
		if (IsA(range, Const))
		{
			TimestampTz start,
						end;

			if (!self->exact || ((Const *) range)->constisnull)
				continue;
			idtime_range_datum_bounds(((Const *) range)->constvalue, &start, &end);
			if (self->ts != (self->lower ? start : end))
				continue;
			lo.exact = hi.exact = true;
			lo.ts = start;
			hi.ts = end;
			/* the support function leaves out a side that holds every id */
			has_lo = start != DT_NOBEGIN;
			has_hi = end != DT_NOEND;
		}
		else
		{
			/* idgen_range_start(r) or idgen_range_end(r) */
			if (self->exact || !IsA(self->other, FuncExpr) ||
				list_length(((FuncExpr *) self->other)->args) != 1 ||
				!equal(linitial(((FuncExpr *) self->other)->args), range))
				continue;
			lo.has_sel = hi.has_sel = true;
			lo.sel = hi.sel = DEFAULT_INEQ_SEL;
			has_lo = has_hi = true;
		}
		if (self->lower ? !has_lo : !has_hi)
			continue;

		/* self is one of the two, as it was estimated */
		if (self->lower)
			lo = *self;
		else
			hi = *self;
		return idtime_share(root, vardata, t, varRelid, self->lower ? &lo : &hi,
							has_lo ? &lo : NULL, has_hi ? &hi : NULL);
	}
	return -1.0;
}

/*
 * The restriction estimator of the comparisons of T with timestamptz (<,
 * <=, >, >=, either argument order).  A comparison of the id column with a
 * constant time is estimated from the times of the column's histogram, as
 * id <@ r is: the rows whose id's time is >= c (for > and >=) or < c (for <
 * and <=).  Anything else (a column on the time side, an expression, no
 * statistics, a value known only at run time) gets PostgreSQL's own
 * estimate.
 *
 * The planner multiplies the estimates of the clauses on a relation, pairing
 * a lower and an upper bound on one column into a range only when their
 * estimator is PostgreSQL's own.  So a comparison that is a top-level
 * condition of its relation (one of its baserestrictinfo, the relation's own
 * for a child of an inheritance tree or partitioned table) looks at the
 * relation's other such comparisons on the same column: the tightest lower
 * bound a (the largest time, the first of equal ones) gives P(time >= a),
 * the tightest upper bound b gives P(a <= time < b) / P(time >= a), and every
 * looser bound 1.0, so that the product is P(a <= time < b), as a range of
 * another type would get.  Bounds known only at run time are paired as
 * PostgreSQL pairs them.  The clause is found by its argument nodes, which
 * it shares with the condition (and the commuted copy an index path makes of
 * it); equal() would not tell apart a condition written twice.  A comparison
 * that is no such condition (inside an OR, say, or an index condition the
 * support function derived from id <@ r) gets its own estimate, or shares
 * that of the id <@ r it was derived from.
 */
Datum
idtime_cmp_sel(FunctionCallInfo fcinfo, const IdgenType *t)
{
	PlannerInfo *root = (PlannerInfo *) PG_GETARG_POINTER(0);
	Oid			opno = PG_GETARG_OID(1);
	List	   *args = (List *) PG_GETARG_POINTER(2);
	int			varRelid = PG_GETARG_INT32(3);
	Oid			collation = PG_GET_COLLATION();
	Oid			selfn = fcinfo->flinfo != NULL ? fcinfo->flinfo->fn_oid : InvalidOid;
	VariableStatData vardata;
	IdtimeSide	self;
	IdtimeSide *lo = NULL,
			   *hi = NULL,
			   *me = NULL;
	Selectivity sel;
	ListCell   *lc;

	if (!idtime_args_ok(t, selfn, args))
		PG_RETURN_FLOAT8(DEFAULT_INEQ_SEL);
	/* the comparison with its bound it was kept beside carries its estimate */
	if (idtime_kept_beside(args))
		PG_RETURN_FLOAT8(1.0);
	if (!idtime_read_side(root, opno, args, varRelid, collation, &vardata, &self))
	{
		bool		idleft;

		PG_RETURN_FLOAT8(idtime_core_sel(root, opno, args, varRelid, collation,
										 idtime_cmp_strategy(opno, &idleft)));
	}

	/* The bounds on the column among the relation's conditions */
	if (OidIsValid(selfn) && vardata.rel != NULL)
	{
		foreach(lc, vardata.rel->baserestrictinfo)
		{
			RestrictInfo *rinfo = lfirst_node(RestrictInfo, lc);
			OpExpr	   *op = (OpExpr *) rinfo->clause;
			IdtimeSide *side;

			if (!IsA(op, OpExpr) || list_length(op->args) != 2 ||
				get_oprrest(op->opno) != selfn)
				continue;
			if (me == NULL && idtime_same_args(op->args, args))
				side = me = &self;
			else
			{
				VariableStatData other;
				bool		same;

				side = (IdtimeSide *) palloc(sizeof(IdtimeSide));
				if (!idtime_read_side(root, op->opno, op->args, varRelid, op->inputcollid,
									  &other, side))
					continue;
				same = equal(other.var, vardata.var);
				ReleaseVariableStats(other);
				if (!same)
					continue;
			}
			if (side->lower ? idtime_tighter(root, &vardata, t, side, lo) :
				idtime_tighter(root, &vardata, t, side, hi))
			{
				if (side->lower)
					lo = side;
				else
					hi = side;
			}
		}
	}

	if (me != NULL)
		sel = idtime_share(root, &vardata, t, varRelid, &self, lo, hi);
	else
	{
		Oid			supportfn = get_func_support(get_opcode(opno));

		sel = OidIsValid(supportfn) ?
			idtime_contained_share(root, &vardata, t, varRelid, supportfn, &self) : -1.0;
		if (sel < 0.0)
			sel = idtime_side_sel(root, &vardata, t, &self);
	}
	ReleaseVariableStats(vardata);
	CLAMP_PROBABILITY(sel);
	PG_RETURN_FLOAT8(sel);
}

static Node *idtime_multirange_clauses(const IdgenType *t, Oid supportfn,
									   const IdtimePartKey *key, Expr *idexpr,
									   Expr *rangeexpr, Oid funcid, List *args, int idarg);

/*
 * id <@ r on a partition key, as the comparisons it stands for, which
 * partition pruning understands, unless r is volatile or holds a subquery,
 * which must not run twice; a multirange as the comparisons with its
 * overall bounds, with the operator kept beside them for its gaps
 * (idtime_multirange_clauses)
 */
static Node *
idtime_simplify_contained(const IdgenType *t, Oid supportfn, PlannerInfo *root, Oid funcid,
						  List *args)
{
	Expr	   *idexpr,
			   *rangeexpr;
	IdtimePartKey key;
	List	   *clauses;
	int			idarg = idtime_split_args(args, &idexpr, &rangeexpr);

	if (idtime_is_kept(idtime_time_arg(args)) ||
		!idtime_partition_key(root, idexpr, &key) || !key.ordered)
		return NULL;
	if (idtime_is_multirange(args))
		return idtime_multirange_clauses(t, supportfn, &key, idexpr, rangeexpr, funcid, args,
										 idarg);
	/* NIL for a volatile range or one with a subquery too */
	clauses = idtime_bound_clauses(t, supportfn, key.opfamily, idexpr, rangeexpr, &key);
	if (clauses == NIL)
		return NULL;
	return list_length(clauses) == 1 ? (Node *) linitial(clauses) :
		(Node *) make_andclause(clauses);
}

/*
 * id = x, which is never true: false, or null where the comparison is (a
 * null id or x), so that NOT (id = x) keeps its meaning.  In a WHERE clause
 * a null is false, and the planner reduces the condition to false, which
 * prunes every partition.
 */
static Node *
idtime_never_equal(Expr *idexpr, Expr *timeexpr)
{
	Expr	   *args[2] = {idexpr, timeexpr};
	List	   *nulltests = NIL;

	/* A null constant never gets here: the strict call folds to null first */
	for (int i = 0; i < (IsA(timeexpr, Const) ? 1 : 2); i++)
	{
		NullTest   *test = makeNode(NullTest);

		test->arg = (Expr *) copyObject(args[i]);
		test->nulltesttype = IS_NULL;
		test->location = -1;
		nulltests = lappend(nulltests, test);
	}
	return (Node *) make_andclause(list_make2(list_length(nulltests) == 1 ?
											  linitial(nulltests) :
											  make_orclause(nulltests),
											  makeBoolConst(false, true)));
}

/*
 * A comparison of a partition key with a time (see idtime_partition_key):
 *  - on a range or list key, id < t and id <= t with a constant time whose
 *    smallest id at or after it, T_from_parts(t), is a partition bound
 *    become id < T_from_parts(t), id >= t and id > t become
 *    id >= T_from_parts(t), which select the same ids and prune exactly
 *    (see idtime_side_clause);
 *  - on any key, id = t (any t that is neither volatile nor a subquery) is
 *    never true (see idtime_never_equal);
 *  - any other is left as written.
 * The result is no call of this function again, so simplifying it once more
 * changes nothing.
 */
static Node *
idtime_simplify_comparison(const IdgenType *t, PlannerInfo *root, Oid funcid, List *args)
{
	int			idarg = exprType(linitial(args)) == TIMESTAMPTZOID ? 1 : 0;
	Expr	   *idexpr = (Expr *) list_nth(args, idarg);
	Expr	   *timeexpr = (Expr *) list_nth(args, 1 - idarg);
	Oid			idtype = exprType((Node *) idexpr);
	IdtimePartKey key;
	Oid			opfamily;
	int			strategy = 0;
	TimestampTz ts;
	IdtimeBound b;

	if (exprType((Node *) timeexpr) != TIMESTAMPTZOID ||
		!idtime_partition_key(root, idexpr, &key))
		return NULL;

	/* Which comparison this is, from the members of the type's family */
	opfamily = lookup_type_cache(idtype, TYPECACHE_BTREE_OPFAMILY)->btree_opf;
	for (int s = BTLessStrategyNumber; s <= BTGreaterStrategyNumber && OidIsValid(opfamily); s++)
	{
		Oid			member = idarg == 0 ?
			get_opfamily_member(opfamily, idtype, TIMESTAMPTZOID, s) :
			get_opfamily_member(opfamily, TIMESTAMPTZOID, idtype, s);

		if (OidIsValid(member) && get_opcode(member) == funcid)
			strategy = s;
	}
	if (strategy == BTEqualStrategyNumber)
	{
		if (contain_volatile_functions((Node *) timeexpr) ||
			contain_subplans((Node *) timeexpr))
			return NULL;
		return idtime_never_equal(idexpr, timeexpr);
	}
	if (strategy == 0 || !key.ordered || !IsA(timeexpr, Const) ||
		((Const *) timeexpr)->constisnull)
		return NULL;
	ts = DatumGetTimestampTz(((Const *) timeexpr)->constvalue);
	idtime_place(t, ts, &b);
	if (b.place != 0 || !idtime_is_partition_bound(&key, PointerGetDatum(b.val)))
		return NULL;

	/* A lower bound when the id is on the greater side */
	return (Node *) idtime_side_clause(t, key.opfamily, idexpr, ts,
									   (idarg == 0) == (strategy > BTEqualStrategyNumber),
									   &key);
}

/*
 * The operator of idgen's schema that calls funcid, on args again, with the
 * argument that is no id (args' other than idarg) marked as kept (mark,
 * IDTIME_KEPT_LOCATION or IDTIME_BESIDE_LOCATION).  NULL when there is none,
 * or when that argument cannot be marked (idtime_location).  Read from the catalog cache: a
 * lookup by name would check the planning user's right to the schema, which
 * running the operator does not.
 */
static Expr *
idtime_kept_operator(Oid funcid, List *args, int idarg, int mark)
{
	static const char *const names[] = {"<", "<=", ">", ">=", "<@", "@>"};
	Oid			nsp = get_func_namespace(funcid);

	for (int i = 0; i < (int) lengthof(names); i++)
	{
		HeapTuple	tup = SearchSysCache4(OPERNAMENSP, CStringGetDatum(names[i]),
										  ObjectIdGetDatum(exprType(linitial(args))),
										  ObjectIdGetDatum(exprType(lsecond(args))),
										  ObjectIdGetDatum(nsp));
		Oid			opno;
		bool		calls;
		List	   *kept;
		int		   *location;

		if (!HeapTupleIsValid(tup))
			continue;
		opno = ((Form_pg_operator) GETSTRUCT(tup))->oid;
		calls = ((Form_pg_operator) GETSTRUCT(tup))->oprcode == funcid;
		ReleaseSysCache(tup);
		if (!calls)
			continue;
		kept = copyObject(args);
		location = idtime_location(list_nth(kept, 1 - idarg));
		if (location == NULL)
			return NULL;
		*location = mark;
		return make_opclause(opno, BOOLOID, false, linitial(kept), lsecond(kept),
							 InvalidOid, InvalidOid);
	}
	return NULL;
}

/*
 * On a partition key whose bounds prune one by one (IdtimePartKey's edges),
 * id >= start AND id < end for constant times, with the operators of the
 * key's family, for a type whose times compare as their bounds:
 *  - a side whose bound is a partition bound as the comparison with it,
 *    which is the same condition and prunes exactly;
 *  - any other as the comparison with the partition bound next to it on
 *    the outer side, which prunes the same partitions and holds for every
 *    id in those kept, so that its estimate there is about 1; the operator
 *    itself (funcid's on args) is kept beside it, for the ids and for their
 *    estimate from the times of the histogram;
 *  - a side that is infinite, or beyond every partition bound, prunes
 *    nothing and has no comparison, nor has one beyond the type's range
 *    that holds every id; one beyond it that holds none makes the whole
 *    condition never true (idtime_never_equal), which prunes every
 *    partition.
 * A comparison with the bound instead gets core's estimate, at the
 * resolution of the histogram's bins: 1 row for a range inside one bin.
 * keep asks for the operator to be kept whatever the sides (a multirange,
 * for its gaps).  NULL when both sides are infinite and nothing is kept,
 * or when the operator cannot be kept: the caller then compares with the
 * bounds.
 */
static Node *
idtime_edge_clauses(const IdgenType *t, const IdtimePartKey *key, Expr *idexpr,
					TimestampTz start, TimestampTz end, Oid funcid, List *args, int idarg,
					bool keep)
{
	Oid			idtype = exprType((Node *) idexpr);
	List	   *clauses = NIL;

	for (int side = 0; side < 2; side++)
	{
		bool		lower = side == 0;
		TimestampTz ts = lower ? start : end;
		IdtimeBound b;
		Datum		edge;
		bool		exact;
		Oid			opno;
		int			holds = idtime_side_holds(t, ts, lower, &b);

		if (holds > 0)
			continue;
		if (holds < 0)
			return idtime_never_equal(idexpr, idtime_tstz_const(ts));
		if (!idtime_partition_edge(key, PointerGetDatum(b.val), lower, &edge, &exact))
		{
			keep = true;
			continue;
		}
		keep = keep || !exact;
		opno = get_opfamily_member(key->opfamily, idtype, idtype,
								   lower ? BTGreaterEqualStrategyNumber : BTLessStrategyNumber);
		if (!OidIsValid(opno))
			return NULL;
		clauses = lappend(clauses,
						  make_opclause(opno, BOOLOID, false, copyObject(idexpr),
										(Expr *) makeConst(idtype, -1, InvalidOid, t->len,
														   edge, false, false),
										InvalidOid, InvalidOid));
	}
	if (keep)
	{
		Expr	   *kept = idtime_kept_operator(funcid, args, idarg, IDTIME_KEPT_LOCATION);

		if (kept == NULL)
			return NULL;
		clauses = lappend(clauses, kept);
	}
	if (clauses == NIL)
		return NULL;
	return list_length(clauses) == 1 ? (Node *) linitial(clauses) :
		(Node *) make_andclause(clauses);
}

/*
 * id <@ r on a partition key, for a range r known only at run time (a
 * parameter, now()), of a type whose times compare as their bounds: core's
 * comparisons with the bounds of r's ends, which the executor prunes with
 * and which id <@ r implies (idtime_bound_clauses), and the operator kept
 * beside them, which is then the whole condition.  The estimate is theirs:
 * the kept operator adds none (idtime_selectivity), nor an index
 * condition.  NULL for a volatile range, one with a subquery or one with a
 * column of this query level (a join, which is estimated as written).
 */
static Node *
idtime_runtime_range(const IdgenType *t, Oid supportfn, Oid opfamily, Expr *idexpr,
					 Expr *rangeexpr, Oid funcid, List *args, int idarg)
{
	List	   *clauses;
	Expr	   *kept;

	if (contain_var_clause((Node *) rangeexpr))
		return NULL;
	clauses = idtime_bound_clauses(t, supportfn, opfamily, idexpr, rangeexpr, NULL);
	if (clauses == NIL ||
		(kept = idtime_kept_operator(funcid, args, idarg, IDTIME_BESIDE_LOCATION)) == NULL)
		return NULL;
	return (Node *) make_andclause(lappend(clauses, kept));
}

/*
 * id <@ m for a tstzmultirange m on a partition key (rangeexpr: the range
 * that holds m, idtime_as_range): the comparisons with its overall bounds,
 * which prune as those of a range do (for a type whose times compare as
 * their bounds and a key whose bounds prune one by one, partition bounds:
 * idtime_edge_clauses), and the operator kept beside them for the gaps.  A
 * constant multirange that holds no id is never true, which prunes every
 * partition.  NULL, the operator staying as written, when nothing prunes
 * (both overall bounds infinite) or as idtime_bound_clauses and
 * idtime_runtime_range give none.
 */
static Node *
idtime_multirange_clauses(const IdgenType *t, Oid supportfn, const IdtimePartKey *key,
						  Expr *idexpr, Expr *rangeexpr, Oid funcid, List *args, int idarg)
{
	List	   *clauses;
	Expr	   *kept;

	if (IsA(rangeexpr, Const))
	{
		TimestampTz start,
					end;
		IdtimeBound b;
		Node	   *edged;

		if (((Const *) rangeexpr)->constisnull)
			return NULL;
		idtime_range_datum_bounds(((Const *) rangeexpr)->constvalue, &start, &end);
		if (start >= end || idtime_side_holds(t, start, true, &b) < 0 ||
			idtime_side_holds(t, end, false, &b) < 0)
			return idtime_never_equal(idexpr, rangeexpr);
		if (t->boundfn != NULL && key->edges &&
			(edged = idtime_edge_clauses(t, key, idexpr, start, end, funcid, args, idarg,
										 true)) != NULL)
			return edged;
	}
	else if (contain_var_clause((Node *) rangeexpr))
		return NULL;
	clauses = idtime_bound_clauses(t, supportfn, key->opfamily, idexpr, rangeexpr,
								   t->boundfn != NULL ? NULL : key);
	if (clauses == NIL ||
		(kept = idtime_kept_operator(funcid, args, idarg, IDTIME_BESIDE_LOCATION)) == NULL)
		return NULL;
	return (Node *) make_andclause(lappend(clauses, kept));
}

/*
 * For a type whose times compare as their bounds (IdgenType's boundfn,
 * core's uuid), whose btree family idgen leaves as it is: a comparison with
 * a time as the comparison with its bound, with the operator of the btree
 * family opfamily (id < t and id <= t: id < bound; id > t and id >= t:
 * id >= bound; a time outside the type's range as idtime_bound_clause
 * writes it), and containment in a constant range as the two comparisons
 * with its ends' bounds (a side that is unbounded or infinite left out).
 * These are the index conditions of the comparisons, and, on a partition
 * key (key not NULL), what the planner writes instead of them, so that
 * partition pruning applies (at plan time for a constant, at run time for a
 * stable time or a parameter, with the operator kept beside a comparison
 * that holds for one id more); with a constant time where a partition's
 * bounds prune one by one, the bounds of the partitions instead, with the
 * operator kept (idtime_edge_clauses).  A multirange on a partition key
 * prunes by its overall bounds (idtime_multirange_clauses).  NULL for
 * containment in a range or multirange anywhere else, or when the family
 * lacks the operator.
 */
static Node *
idtime_simplify_bound(const IdgenType *t, Oid supportfn, const IdtimePartKey *key,
					  Oid opfamily, Oid funcid, List *args)
{
	int			idarg = exprType(linitial(args)) == TIMESTAMPTZOID ? 1 : 0;
	Expr	   *idexpr = (Expr *) list_nth(args, idarg);
	Expr	   *other = (Expr *) list_nth(args, 1 - idarg);
	Oid			idtype;
	char	   *name;
	bool		lower;
	Oid			geop,
				leop,
				ltop;
	Expr	   *value;
	Expr	   *clause;
	Expr	   *kept;
	List	   *clauses;
	Node	   *edged;

	if (idtime_is_containment(args))
		idarg = idtime_split_args(args, &idexpr, &other);
	idtype = exprType((Node *) idexpr);
	/* on a partition key, an operator kept beside partition bounds stays */
	if (key != NULL && idtime_is_kept(idtime_time_arg(args)))
		return NULL;
	if (idtime_is_containment(args))
	{
		TimestampTz start,
					end;

		if (idtime_is_multirange(args))
			return key != NULL ? idtime_multirange_clauses(t, supportfn, key, idexpr, other,
														   funcid, args, idarg) : NULL;
		if (!IsA(other, Const))
			return key != NULL ? idtime_runtime_range(t, supportfn, opfamily, idexpr, other,
													  funcid, args, idarg) : NULL;
		if (((Const *) other)->constisnull)
			return NULL;
		/* an empty range: never true, which prunes every partition */
		idtime_range_datum_bounds(((Const *) other)->constvalue, &start, &end);
		if (start >= end)
			return key != NULL ? idtime_never_equal(idexpr, other) :
				(Node *) idtime_bound_clause(t, opfamily, idexpr, DT_NOBEGIN, false);
		if (key != NULL && key->edges &&
			(edged = idtime_edge_clauses(t, key, idexpr, start, end, funcid, args,
										 idarg, false)) != NULL)
			return edged;
		clauses = idtime_bound_clauses(t, supportfn, opfamily, idexpr, other, NULL);
		if (clauses == NIL)
			return NULL;
		return list_length(clauses) == 1 ? (Node *) linitial(clauses) :
			(Node *) make_andclause(clauses);
	}

	/* T_lt_timestamptz, timestamptz_ge_T and so on: which comparison */
	name = get_func_name(funcid);
	if (name == NULL)
		return NULL;
	if (strstr(name, "_lt_") != NULL || strstr(name, "_le_") != NULL)
		lower = idarg == 1;
	else if (strstr(name, "_gt_") != NULL || strstr(name, "_ge_") != NULL)
		lower = idarg == 0;
	else
		return NULL;
	/* all, so that a family of other strategies (hash's =) gives none */
	geop = get_opfamily_member(opfamily, idtype, idtype, BTGreaterEqualStrategyNumber);
	leop = get_opfamily_member(opfamily, idtype, idtype, BTLessEqualStrategyNumber);
	ltop = get_opfamily_member(opfamily, idtype, idtype, BTLessStrategyNumber);
	if (!OidIsValid(geop) || !OidIsValid(leop) || !OidIsValid(ltop))
		return NULL;
	if (IsA(other, Const) && !((Const *) other)->constisnull)
	{
		TimestampTz ts = DatumGetTimestampTz(((Const *) other)->constvalue);

		if (key != NULL && key->edges &&
			(edged = idtime_edge_clauses(t, key, idexpr, lower ? ts : DT_NOBEGIN,
										 lower ? DT_NOEND : ts, funcid, args,
										 idarg, false)) != NULL)
			return edged;
		return (Node *) idtime_bound_clause(t, opfamily, idexpr, ts, lower);
	}

	/*
	 * A time known at run time: id >= the bound of t, or id <= the value
	 * before it (idtime_time_value), which hold for exactly the ids the
	 * operator holds for while t lies in the type's range, and for one more
	 * outside it: the max uuid for id >= t after the last tick, the nil uuid
	 * for id < t before the first (no uuid lies beyond those).  So, as an
	 * index condition, lossy; on a partition key, with the operator kept
	 * beside it.
	 */
	if ((value = idtime_time_value(t, supportfn, idtype, other, lower)) == NULL)
		return NULL;
	clause = make_opclause(lower ? geop : leop, BOOLOID, false, copyObject(idexpr), value,
						   InvalidOid, InvalidOid);
	if (key == NULL)
		return (Node *) clause;
	if ((kept = idtime_kept_operator(funcid, args, idarg, IDTIME_BESIDE_LOCATION)) == NULL)
		return NULL;
	return (Node *) make_andclause(list_make2(clause, kept));
}

/*
 * The planner support function of T_contained_by_tstzrange(),
 * tstzrange_contains_T() and the comparisons of T with timestamptz:
 *  - an index condition: an index on the id whose operator family compares
 *    ids with times (btree, BRIN minmax) answers id <@ r with
 *    id >= start AND id < end, exactly;
 *  - on a partition key, id <@ r becomes those two comparisons, which
 *    partition pruning understands (at plan time for a constant range, at
 *    run time for a stable one), a comparison with a constant time at a
 *    partition bound becomes one with an id, and id = t becomes false (see
 *    idtime_simplify_comparison);
 *  - a selectivity for id <@ r called as a function (the operators have
 *    their own estimator, the same).
 * For a tstzmultirange m, the index condition is that of the smallest range
 * holding m, lossy, and on a partition key it prunes by that range, the
 * operator kept beside it (idtime_multirange_clauses).
 * For a type whose times compare as their bounds (core's uuid, whose family
 * has no comparisons with times), the index conditions of id op t and
 * id <@ r are comparisons of ids with the bounds (idtime_simplify_bound),
 * exact but for a time or range known only at run time (whose are implied
 * by it), and only on a partition key are the operators written as those
 * comparisons (beside the operator, for such a time or range: see
 * idtime_runtime_range); elsewhere they stay, with their own estimates.  A
 * time or range that is volatile or holds a subquery gets no index
 * condition.
 * A btree index on a timestamptz column can ask it for an index condition
 * from time_column >= id: that is no containment, and gets none.  Attached
 * to a function of other types, it does nothing (see idtime_args_ok).
 */
Datum
idtime_support(FunctionCallInfo fcinfo, const IdgenType *t)
{
	Node	   *rawreq = (Node *) PG_GETARG_POINTER(0);
	Oid			supportfn = fcinfo->flinfo->fn_oid;
	Node	   *ret = NULL;
	Expr	   *idexpr,
			   *rangeexpr;

	if (IsA(rawreq, SupportRequestSimplify))
	{
		SupportRequestSimplify *req = (SupportRequestSimplify *) rawreq;
		List	   *args = req->fcall->args;

		if (!idtime_args_ok(t, supportfn, args))
			ret = NULL;
		else if (t->boundfn != NULL)
		{
			IdtimePartKey key;

			idexpr = linitial(args);
			if (idtime_is_containment(args))
				idtime_split_args(args, &idexpr, &rangeexpr);
			else if (exprType((Node *) idexpr) == TIMESTAMPTZOID)
				idexpr = lsecond(args);
			if (idtime_partition_key(req->root, idexpr, &key) && key.ordered)
				ret = idtime_simplify_bound(t, supportfn, &key, key.opfamily,
											req->fcall->funcid, args);
		}
		else if (idtime_is_containment(args))
			ret = idtime_simplify_contained(t, supportfn, req->root, req->fcall->funcid,
											args);
		else
			ret = idtime_simplify_comparison(t, req->root, req->fcall->funcid, args);
	}
	else if (IsA(rawreq, SupportRequestIndexCondition))
	{
		SupportRequestIndexCondition *req = (SupportRequestIndexCondition *) rawreq;
		List	   *args;
		Oid			funcid;

		if (IsA(req->node, OpExpr))
		{
			args = ((OpExpr *) req->node)->args;
			funcid = get_opcode(((OpExpr *) req->node)->opno);
		}
		else if (IsA(req->node, FuncExpr))
		{
			args = ((FuncExpr *) req->node)->args;
			funcid = ((FuncExpr *) req->node)->funcid;
		}
		else
			PG_RETURN_POINTER(NULL);

		if (!idtime_args_ok(t, supportfn, args))
			PG_RETURN_POINTER(NULL);
		/* a kept operator's index conditions are the comparisons beside it */
		if (idtime_kept_beside(args))
			PG_RETURN_POINTER(NULL);
		if (idtime_is_containment(args) &&
			idtime_split_args(args, &idexpr, &rangeexpr) == req->indexarg &&
			is_pseudo_constant_for_index(req->root, (Node *) rangeexpr, req->index))
		{
			List	   *clauses = idtime_bound_clauses(t, supportfn, req->opfamily,
													   idexpr, rangeexpr, NULL);

			if (clauses != NIL)
			{
				/*
				 * a multirange's gaps are left to the operator itself, and
				 * so is, for a type whose times compare as their bounds, an
				 * end of a range known at run time that may be unbounded or
				 * infinite (a constant's is left out)
				 */
				req->lossy = idtime_is_multirange(args) ||
					(t->boundfn != NULL && !IsA(rangeexpr, Const));
				ret = (Node *) clauses;
			}
		}
		else if (t->boundfn != NULL && !idtime_is_containment(args))
		{
			/* id op t as id op bound(t), which the family's index answers */
			int			idarg = exprType(linitial(args)) == TIMESTAMPTZOID ? 1 : 0;
			Node	   *timeexpr = list_nth(args, 1 - idarg);

			if (idarg == req->indexarg &&
				is_pseudo_constant_for_index(req->root, timeexpr, req->index) &&
				!contain_subplans(timeexpr))
			{
				Node	   *clause = idtime_simplify_bound(t, supportfn, NULL, req->opfamily,
														   funcid, args);

				if (clause != NULL)
				{
					/* exact for a constant time (see idtime_simplify_bound) */
					req->lossy = !IsA(timeexpr, Const);
					ret = (Node *) list_make1(clause);
				}
			}
		}
	}
	else if (IsA(rawreq, SupportRequestSelectivity))
	{
		SupportRequestSelectivity *req = (SupportRequestSelectivity *) rawreq;

		if (!req->is_join && idtime_is_containment(req->args))
		{
			req->selectivity = idtime_selectivity(req->root, t, supportfn, req->args,
												  req->varRelid);
			ret = (Node *) req;
		}
	}

	PG_RETURN_POINTER(ret);
}
