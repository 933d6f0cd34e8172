/* settle_fields.c — a comparison of two methods and "settle" (what an
 * undecided answer still needs, and why its budget is what it is, as codes
 * and figures the words are made from again) as tables of fields over results/saved.h's
 * structs, walked by fields.h's one writer and reader: the recommendation's
 * table (recommend_fields.c) has settle as a row, and --decide's groups and
 * an adaptive run's comparisons (schedule_fields.c) are tables with the same
 * rows. */
#include "report/fields.h"
#include "report/json_parts.h"

#include "model/method.h"
#include "results/settle.h"

#define CO(m) offsetof(struct wb_saved_comparison, m)
#define SE(m) offsetof(struct wb_saved_settle, m)
#define PAIRED .omit_unless = WB_F_IF(CO(paired))
#define REACHABLE .null_unless = WB_F_IF(SE(reachable))

static const struct wb_field comparison_rows[] = {
	WB_FIELD(DIFF_PCT, DOUBLE, CO(diff_pct), .unit = "%"),
	WB_FIELD(CI_LOW_PCT, DOUBLE, CO(ci_low_pct), .unit = "%"),
	WB_FIELD(CI_HIGH_PCT, DOUBLE, CO(ci_high_pct), .unit = "%"),
	WB_FIELD(SIGNIFICANT, BOOL, CO(significant)),
	WB_FIELD(WITHIN_MARGIN, BOOL, CO(within_margin)),
	WB_FIELD(PAIRED, BOOL, CO(paired)),
	WB_FIELD(REPLICATED, BOOL, CO(replicated), PAIRED),
	WB_FIELD(PAIRS, DOUBLE, CO(pairs), PAIRED),
	WB_FIELD(BATCH, DOUBLE, CO(batch), PAIRED),
};
const struct wb_fields wb_comparison_fields = WB_FIELDS(comparison_rows, NULL);

/* The method whose 95 % interval lies wholly on one side of 0 while the two
 * halves of the run disagree on it (why "not-replicated"): no budget can be
 * estimated, and the words name it where it is not settle's own method. */
static const struct wb_field split_rows[] = {
	WB_FIELD(METHOD, TEXT, SE(split_method)),
	WB_FIELD(SHAPE, TEXT, SE(split_shape), .null_unless = WB_F_IF(SE(split_flush_known))),
	WB_FIELD(FLUSH_BYTES, U64, SE(split_flush_bytes), .unit = "B",
		 .null_unless = WB_F_IF(SE(split_flush_known))),
	WB_FIELD(VS_BASELINE, OBJECT, SE(split), .sub = &wb_comparison_fields),
};
static const struct wb_fields split_table = WB_FIELDS(split_rows, NULL);

static const struct wb_field settle_rows[] = {
	WB_FIELD(METHOD, TEXT, SE(method)),
	WB_FIELD(SHAPE, TEXT, SE(shape), .null_unless = WB_F_IF(SE(flush_known))),
	WB_FIELD(FLUSH_BYTES, U64, SE(flush_bytes), .unit = "B",
		 .null_unless = WB_F_IF(SE(flush_known))),
	WB_FIELD(VS_BASELINE, OBJECT, SE(vs_baseline), .sub = &wb_comparison_fields),
	WB_FIELD(S_PER_ROUND, DOUBLE, SE(s_per_round), .unit = "s"),
	WB_FIELD(MORE_ROUNDS, DOUBLE, SE(more_rounds), REACHABLE),
	WB_FIELD(MORE_S, DOUBLE, SE(more_s), .unit = "s", REACHABLE),
	WB_FIELD(BUDGET_S, DOUBLE, SE(budget_s), .unit = "s", REACHABLE),
	WB_FIELD(BUDGET, TEXT, SE(budget), REACHABLE),
	WB_FIELD(WHY, TEXT, SE(why)),
	WB_FIELD(MIN_GAIN_PCT, FIGURE, SE(min_gain_pct), .unit = "%"),
	WB_FIELD(SPLIT, OBJECT, 0, .sub = &split_table, .null_unless = WB_F_IF(SE(split_known))),
	WB_FIELD(LEADER, TEXT, SE(leader), .null_unless = WB_F_IF(SE(leader_known))),
	WB_FIELD(LEADER_VS_BASELINE, OBJECT, SE(leader_vs_baseline), .sub = &wb_comparison_fields,
		 .null_unless = WB_F_IF(SE(leader_known))),
};
static const struct wb_fields settle_table = WB_FIELDS(settle_rows, NULL);

/* The key itself, null when no estimate could be made. */
static const struct wb_field settle_key[] = {
	WB_FIELD(SETTLE, OBJECT, 0, .sub = &settle_table, .null_unless = WB_F_IF(SE(known))),
};
const struct wb_fields wb_settle_fields = WB_FIELDS(settle_key, NULL);

struct wb_saved_comparison wb_saved_comparison_of(const struct wb_comparison *c)
{
	return (struct wb_saved_comparison){
		c->diff_pct, c->ci95_low_pct, c->ci95_high_pct, c->significant, c->small,
		c->paired, c->replicated, (double)c->pairs, (double)c->batch };
}

struct wb_saved_settle wb_saved_settle_of(const struct wb_settle *st, double min_gain_pct,
					  char *budget, size_t len)
{
	/* A budget is the reason whenever there is one (results/settle.c), and
	 * the words give it first: the file's why says the same. */
	bool reachable = st->budget_s > 0.0;
	enum wb_settle_why why = reachable ? WB_SETTLE_BUDGET : st->why;
	bool split = why == WB_SETTLE_NOT_REPLICATED && st->split_method != WB_METHOD_COUNT;
	bool leader = st->has_leader && st->leader != st->method;

	if (!st->known)
		return (struct wb_saved_settle){ .known = false };
	return (struct wb_saved_settle){
		.known = true, .method = wb_method_get(st->method)->name,
		.flush_known = st->shape && st->flush_bytes, .shape = st->shape ? st->shape : "",
		.flush_bytes = st->flush_bytes,
		.vs_baseline = wb_saved_comparison_of(&st->vs_baseline), .s_per_round = st->s_per_round,
		.reachable = reachable, .more_rounds = st->more_rounds,
		.more_s = reachable ? wb_settle_more_s(st) : 0, .budget_s = st->budget_s,
		.budget = reachable ? wb_words_budget(st->budget_s, budget, len) : "",
		.why = wb_settle_why_name(why), .min_gain_pct = min_gain_pct,
		.split_known = split,
		.split_method = split ? wb_method_get(st->split_method)->name : "",
		.split_flush_known = split && st->split_shape && st->split_flush_bytes,
		.split_shape = split && st->split_shape ? st->split_shape : "",
		.split_flush_bytes = split ? st->split_flush_bytes : 0,
		.split = split ? wb_saved_comparison_of(&st->split)
			       : (struct wb_saved_comparison){ .paired = false },
		.leader_known = leader, .leader = leader ? wb_method_get(st->leader)->name : "",
		.leader_vs_baseline = leader ? wb_saved_comparison_of(&st->leader_vs_baseline)
					     : (struct wb_saved_comparison){ .paired = false },
		.interrupted = st->interrupted };
}
