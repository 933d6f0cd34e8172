/* decision.h — what the sequential decision (decide.c) reaches for one group of
 * tests that differ only in method, and the parameters it runs with. Types only,
 * so a run's results (results.h) can hold their decisions while decide.c, which
 * reads those results, includes results.h without a circle. */
#ifndef WB_RESULTS_DECISION_H
#define WB_RESULTS_DECISION_H

#include <stddef.h>
#include <stdint.h>

#include "model/method.h"
#include "results/stats.h"

/* The four answers a group can end in, and "open" while it runs. Only SWITCH
 * changes a setting; TIE and SLOWER are proven keeps; UNDECIDED keeps the
 * baseline for want of an answer and says what is open (struct wb_settle). */
enum wb_decide_state {
	WB_DECIDE_OPEN,        /* not answered yet */
	WB_DECIDE_SWITCH,      /* another method beats the baseline by at least the minimum gain */
	WB_DECIDE_TIE,         /* every other method proven within +-min gain, or slower */
	WB_DECIDE_SLOWER,      /* every other method proven slower: keep the baseline */
	WB_DECIDE_UNDECIDED,   /* the budget ran out (or a signal stopped the run) with the
				* question open */
};

/* The sequential rule's parameters. Interim looks use a stricter confidence
 * than the reports' 95 %: looking after every round would otherwise find a
 * difference among equal methods far more often than 5 % of the time. */
struct wb_decide_params {
	enum wb_method_id baseline;  /* e.g. fdatasync, the Linux default */
	double min_gain_pct;         /* a switch must gain at least this much */
	double conf;                 /* confidence of interim switch and drop intervals */
	double equiv_conf;           /* confidence of the interval a tie must fit in */
	unsigned min_rounds;         /* no switch before this many paired rounds */
	unsigned min_settle_rounds;  /* no drop or tie before this many */
	double commit_work_us;       /* > 0: min_gain_pct is a gain in commits, each its commit
				      * flush plus this much of the server's own work (recommend
				      * without a server, --commit-work); every commit group then
				      * asks its flush equivalent, at each look; bulk
				      * groups ask min_gain_pct of flushes. 0: in flushes */
};

#define WB_DECIDE_CONF 0.995
/* Switches are looked for at min_rounds and then each time the rounds have
 * grown by this factor: a look after every round would test the same
 * hypothesis hundreds of times and find a "winner" among equal methods far too
 * often; geometric looks keep their number to the logarithm of the run's
 * length and delay a switch by at most 40 % of the rounds it needed. With
 * 0.995 and trimmed means (results/stats.c), the simulations of
 * tests/unit/test_decide_errors.c switch between equal methods in 0.5 % of
 * runs and find a lead of twice the minimum gain in 92 %. */
#define WB_LOOK_GROWTH 1.4
/* No look before this many rounds: on the simulated token-bucket device of
 * tests/unit/test_decide.c, looks from round 8 switched between identical
 * methods in 4.5 % of seeds, from round 12 in 2.5 %. */
#define WB_DECIDE_MIN_ROUNDS 12
/* Drops and ties only keep the baseline, and are tried after every round from
 * here: two-thirds of the rounds a switch waits for, enough pairs for a
 * trimmed mean to trim one from each end. The error rates of
 * tests/unit/test_decide_errors.c were measured with it; no other value was
 * tried. */
#define WB_DECIDE_MIN_SETTLE_ROUNDS 8
/* A tie only keeps the default, so it may be proven at 95 %: a false tie misses
 * a gain; a false switch changes a production setting for nothing. */
#define WB_EQUIV_CONF 0.95

/* Why a group ended as it did; report/words.h says it in words. */
enum wb_decide_why {
	WB_WHY_OPEN,            /* not decided yet */
	WB_WHY_BEATS,           /* the leader beats the baseline by at least the minimum gain */
	WB_WHY_BEATS_SET_ASIDE, /* as BEATS, but set_aside_method, as fast, changes more and
				 * is set aside for the leader */
	WB_WHY_ALL_SLOWER,      /* every other method is significantly slower: keep */
	WB_WHY_ALL_WITHIN,      /* every other method within +-min gain (or slower): keep */
	WB_WHY_TIE,             /* the methods left are all within +-min gain; the fastest
				 * (leader_method) named with its margin */
	WB_WHY_NO_BASELINE,     /* the group has no test of the baseline method */
	WB_WHY_BUDGET_OPEN,     /* budget spent (or the run interrupted: interrupted), no
				 * method shown faster or within the gain */
	WB_WHY_BUDGET_LEADS,    /* as BUDGET_OPEN, with the leader ahead, neither proven */
	WB_WHY_COMMIT_BOUND,    /* in commits: the baseline's whole flush is under min gain of
				 * a commit, so no method can gain it; a tie (commit_* figures) */
};

/* Why an undecided group's budget is what it is: each is worded apart
 * (report/words.h), so the words give the reason that holds and no other. */
enum wb_settle_why {
	WB_SETTLE_NO_ESTIMATE,    /* this run gives no estimate (too few rounds to see a spread) */
	WB_SETTLE_BUDGET,         /* budget_s would settle it */
	WB_SETTLE_BEYOND_MAX,     /* it would take more than WB_SETTLE_MAX_S: the difference
				   * sits that near the minimum gain */
	WB_SETTLE_NOT_REPLICATED, /* split_method's 95 % interval is wholly on one side of 0,
				   * but the two halves of the run disagree (results/stats.h):
				   * more rounds of this run say nothing of when they will agree */
	WB_SETTLE_WHY_COUNT
};

/* What an undecided group still needs: the open comparison that would take
 * longest to settle, and how long it would take at the variance seen. */
struct wb_settle {
	bool known;                  /* an estimate could be made */
	enum wb_method_id method;    /* the open method the words name */
	struct wb_comparison vs_baseline; /* it against the baseline, paired, at 95 % (the
					   * tie's confidence, equiv_conf) */
	double switch_conf;          /* the confidence a switch is proven at (conf), which the
				      * words name beside vs_baseline's 95 %: "up to +44 %"
				      * read at the decision's confidence */
	/* The flush that comparison is of: a mixed or bulk run has several
	 * sizes, and "fsync may be up to +44 % faster" of bulk 1MiB flushes
	 * read as of commits beside a commit row where fsync was slower. */
	const char *shape;           /* wb_shape_name(): "commit" or "bulk" */
	uint64_t flush_bytes;        /* wb_flush_bytes() */
	double more_rounds;          /* rounds past those run; INFINITY: out of reach */
	double s_per_round;          /* seconds a round took in this run */
	double budget_s;             /* a budget that would settle it from scratch; 0 if beyond
				      * WB_SETTLE_MAX_S */
	enum wb_settle_why why;      /* why budget_s is what it is */
	enum wb_method_id split_method; /* WB_SETTLE_NOT_REPLICATED: the method whose halves
					 * disagree (not always the one named); else
					 * WB_METHOD_COUNT */
	struct wb_comparison split;  /* it against the baseline, paired, at 95 % */
	const char *split_shape;     /* the flush split is of, as shape above */
	uint64_t split_flush_bytes;
	bool interrupted;            /* a signal ended the run first (the group's): no
				      * --budget fell short, so none is asked for */
	/* The group's leader by point, which the decision's why names ("fsync
	 * leads fdatasync by ..."), where it is not `method`: named beside it,
	 * the two read as one answer. */
	bool has_leader;             /* false: none, or `method` itself */
	enum wb_method_id leader;
	struct wb_comparison leader_vs_baseline; /* it against the baseline at 95 % */
};

/* A suggested budget is never above this: past an hour the difference sits
 * so near the minimum gain that more time is not the answer. */
#define WB_SETTLE_MAX_S 3600.0

/* One group's decision. Indexes are into the result array the step was given. */
struct wb_group_decision {
	size_t first;                /* the group's first test (its key) */
	size_t baseline;             /* the baseline's test; SIZE_MAX when the group has none */
	size_t leader;               /* the fastest test still running */
	enum wb_decide_state state;
	struct wb_comparison margin; /* leader against baseline, paired, at margin_conf */
	double margin_conf;          /* margin's confidence: conf, raised by Bonferroni over
				      * the methods still open when a switch was proven
				      * (beats), equiv_conf for a tie's */
	uint32_t rounds;             /* rounds run when decided */
	double decided_s;            /* seconds into the run when decided */
	enum wb_decide_why why;
	bool interrupted;            /* WB_WHY_BUDGET_*: a signal ended the run at decided_s,
				      * before its budget was spent; the words say so */
	enum wb_method_id leader_method; /* the leader the why names (the baseline is params') */
	enum wb_method_id set_aside_method; /* WB_WHY_BEATS_SET_ASIDE: the faster one set aside */
	size_t equivalent;           /* WB_WHY_ALL_WITHIN: methods proven within the gain */
	bool any_dropped;            /* WB_WHY_ALL_WITHIN: some were significantly slower */
	struct wb_decide_params params; /* what it was decided with, for the words */
	struct wb_settle settle;     /* WB_DECIDE_UNDECIDED: what is open, and for how long */
	bool transient_found;        /* the group's warm-up transient was looked for (once) */
	bool switch_waits;           /* the leader beat the baseline, but a method preferred to
				      * it may yet: looked at again after every round */
	/* In commits (params.commit_work_us > 0, a commit group), as of the
	 * group's latest look: params.min_gain_pct is then the flush gain asked.
	 * Each claim is proven at its own cautious end of the baseline's flush:
	 * a tie (nothing gains the minimum) at the slowest the flush may be, the
	 * largest share; a switch (this one gains it) at the fastest, the
	 * smallest share. One figure for both let a flush inflated by a loaded
	 * host's stalls lower the lead a switch had to prove (issue 46). */
	bool in_commits;
	double flush_us;             /* the baseline's mean flush, the top of its 95 % interval */
	double flush_share;          /* flush_us of a commit of flush_us + commit_work_us */
	double switch_flush_us;      /* the baseline's mean flush, the bottom of its interval */
	double switch_flush_share;   /* switch_flush_us of a commit of it + commit_work_us */
	double switch_gain_pct;      /* the flush gain a switch must prove (INFINITY: none can) */
	double commit_min_gain_pct;  /* the gain in commits asked (the run's min_gain_pct) */
	double commit_bound_pct;     /* the most any method could gain in commits */
};


/* "open", "switch", "tie", "keep" (every other slower), "undecided". */
const char *wb_decide_state_name(enum wb_decide_state s);

#endif
