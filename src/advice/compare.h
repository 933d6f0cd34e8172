/* compare.h — walbench compare's verdict: results file B against results file A
 * (the same tests before and after a kernel upgrade or a setting change). A
 * pure function of the two files' contents and the gate's threshold: no I/O, no
 * printing, no sentences; report/words.h words the verdict, unit tests
 * feed it synthetic files. */
#ifndef WB_ADVICE_COMPARE_H
#define WB_ADVICE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "results/saved.h"
#include "results/stats.h"

/* Without --fail-on-regression, two tests are the same when the 95 % interval
 * of their difference lies within +-this: the default --min-gain, the least
 * difference recommend acts on (plan/options.c). With a gate, its threshold is
 * the margin: what the user said they will tolerate. */
#define WB_COMPARE_SAME_PCT 5.0

/* A side its file calls unstable has trials that are not independent draws
 * around one rate (they drift, or vary past max-cv), so its mean is known no
 * better than one of its trials: the gate then asks a slowdown to lie outside
 * the spread of one trial of each side, mean +- this many of their combined
 * relative standard deviations (sqrt(cv_a^2 + cv_b^2), on the log of the
 * ratio), 95 % of a normal. Two back-to-back quick runs of one directory were
 * -11 % [-20, -1] apart on trials of about 10 % CV: inside this spread. */
#define WB_COMPARE_NOISE_Z 1.96

/* The most runs one side of a comparison may hold (A1.json,A2.json,...). */
#define WB_COMPARE_MAX_RUNS 32

/* One side of a comparison: one results file, or several runs of the same
 * tests (before, measured more than once), whose means give the variation
 * between runs that one run's trials cannot. */
struct wb_compare_side {
	const struct wb_saved_results *runs;
	size_t n; /* 1..WB_COMPARE_MAX_RUNS */
};

/* What one matched pair of tests says. An interval that holds 0 is not a
 * proof of sameness: only one within the margin is a tie. */
enum wb_pair_state {
	WB_PAIR_SLOWER,       /* B significantly slower than A */
	WB_PAIR_FASTER,       /* B significantly faster */
	WB_PAIR_TIE,          /* the 95 % interval lies within +-margin_pct: the same */
	WB_PAIR_UNCLEAR,      /* it holds 0 but reaches past +-margin_pct: not shown
			       * different, not shown the same; more trials would settle it */
	WB_PAIR_NO_INTERVAL,  /* both ok, but a side has fewer than 2 trials: a point figure only */
	WB_PAIR_FAILED_B,     /* ok (or anything) in A, not ok in B: reported loudly */
	WB_PAIR_FAILED_A,     /* not ok in A, ok in B: nothing to compare against */
	WB_PAIR_FAILED_BOTH,  /* not ok on either side */
};

struct wb_compare_pair {
	const struct wb_saved_test *a, *b; /* the same test (wb_compare_same_test), in each
					    * side's first file; a side's failed run's, when
					    * it failed */
	enum wb_pair_state state;
	double rate_a, rate_b;   /* the mean trial rate, ops/s, averaged over the side's runs */
	size_t runs_a, runs_b;   /* runs in which the test ran ok (a run that lacks it or
				  * failed it in A is left out; failed in B, it fails) */
	bool between_runs;       /* the interval is over the runs' means (a side of one run
				  * taking the other side's variation between runs), so it
				  * holds that variation; else over the two runs' trials */
	bool has_ci;             /* cmp holds a Welch comparison */
	struct wb_comparison cmp; /* B against A: diff_pct, 95 % CI by Welch on the log ratio */
	double diff_pct;         /* cmp.diff_pct, or the point change of rate_a to rate_b without CI */
	bool has_p99;            /* both sides report a p99 */
	double p99_a_us, p99_b_us;
	double p99_diff_pct;     /* point figure: there is no interval for a percentile here */
	bool regression;         /* fails the gate: failed in B, or slower by more than the
				  * threshold (and, a side unstable, than its trials' spread) */
	bool has_noise;          /* noise_*_pct hold the trials' spread: a side is unstable and
				  * the interval is over one run's trials a side */
	double noise_low_pct, noise_high_pct; /* diff_pct +- WB_COMPARE_NOISE_Z single trials'
					       * spread: what the runs' noise explains */
	bool inconclusive;       /* significantly slower past the threshold, but a side is
				  * unstable and the slowdown lies within its trials' spread
				  * (noise_high_pct >= 0): the gate neither passes nor fails it */
	bool unstable_a, unstable_b; /* that side's file says unstable (its interval missed the
				      * CI target, which is what not converged means there, or
				      * its trials varied past max-cv): its rate is no one number,
				      * so the pair's verdict may not be either */
};

/* What a results file's host and storage facts can differ by from the first
 * file of A, in the order the words name them. The first four make the files
 * measurements of other storage, which a reader of the table would take for
 * one disk over time; the kernel alone does not: the same disk before and
 * after a kernel upgrade is what compare is for, so it is information. */
enum wb_compare_fact {
	WB_CMP_HOST,     /* host.hostname: another machine */
	WB_CMP_DEVICE,   /* host.device.block_device, or the disk's model under the same name */
	WB_CMP_FS,       /* host.device.fs_type */
	WB_CMP_MOUNT,    /* host.device.mount_point */
	WB_CMP_KERNEL,   /* host.kernel: information only */
	WB_CMP_FACT_COUNT
};

/* The facts that make other storage (every fact but the kernel). */
#define WB_CMP_STORAGE ((1u << WB_CMP_KERNEL) - 1u)

/* A file of a comparison: its side and run, to name it ("B", "A2"). */
struct wb_compare_file {
	const struct wb_saved_results *r; /* NULL: none */
	char side;                        /* 'A' or 'B' */
	size_t run;                       /* from 0, in the side's order */
};

/* Where the files were measured against A's first file. A fact either file
 * does not know ("" in it: a file before the device facts, a hand-made one)
 * is not said to differ: unknown is not different. */
struct wb_compare_storage {
	struct wb_compare_file ref;     /* A's first file */
	unsigned differs;               /* bit 1u << WB_CMP_*: a fact differs in some file */
	struct wb_compare_file other;   /* the first file (A's further runs, then B's) whose
					 * storage differs; r NULL: every file's agrees */
	unsigned other_differs;         /* of WB_CMP_STORAGE, what differs in other */
	size_t files;                   /* files whose storage differs */
	struct wb_compare_file kernel;  /* the first file whose kernel differs; r NULL: none */
};

struct wb_compare_verdict {
	struct wb_compare_pair *pairs;   /* in A's order */
	size_t npairs;
	const struct wb_saved_test **only_a, **only_b; /* tests in one file only */
	size_t nonly_a, nonly_b;
	size_t slower, faster, ties, unclear, no_interval, failed_b, failed_a, failed_both;
	double margin_pct;               /* a tie's: gate_pct with a gate, else WB_COMPARE_SAME_PCT */
	const struct wb_compare_pair *open; /* the unclear pair that may be slowest in B (the
					     * lowest interval end); NULL: none */
	int schema_a, schema_b;          /* differ: the headline's context says so */
	size_t runs_a, runs_b;           /* files given for each side */
	bool between_runs;               /* a side has more than one run: the intervals hold
					  * the variation between runs */
	bool unusable;                   /* no test is in both files: nothing was compared,
					  * so no verdict and no gate (compare exits 2, as for
					  * input it cannot read), with or without a gate */
	bool gate;                       /* --fail-on-regression given */
	double gate_pct;                 /* its threshold, percent */
	bool regression;                 /* the gate failed (false without a gate) */
	size_t regressions;              /* what would fail the gate: the three below */
	size_t gate_slower;              /* pairs significantly slower past the threshold */
	size_t gate_failed;              /* pairs failed in B (an error in both too) */
	size_t gate_unstable;            /* of gate_slower, pairs with a side measured unstable
					  * slower past their trials' spread too: still failures */
	size_t gate_inconclusive;        /* pairs slower past the threshold with a side measured
					  * unstable, within their trials' spread: not counted
					  * in regressions; neither a pass nor a failure */
	bool inconclusive;               /* the gate did not fail, but gate_inconclusive > 0:
					  * compare exits WB_EXIT_INCONCLUSIVE (4), so CI can
					  * tell "rerun" from "regression" and from "passed" */
	size_t unstable;                 /* pairs with a side measured unstable */
	size_t gate_missing;             /* tests in A, missing in B (nonly_a): not measured
					  * in B, so no more a pass than a test not run there;
					  * a test only in B is new, and not gated */
	const struct wb_compare_pair *lead; /* what the headline is about; NULL: nothing stands out */
	struct wb_compare_storage storage; /* other storage is said, and in the headline's
					    * context as the schema is; no gate or exit
					    * status is changed by it (comparing two disks
					    * on purpose is fair, and not bad input) */
};

/* Matches B's tests to A's by their whole description (in each side's first
 * file; a further run's test is its file's same test, duplicates in order) and
 * judges each pair. gate_pct < 0: no gate (regression stays false). 0 or
 * -ENOMEM (or -EINVAL for a side of no run or over WB_COMPARE_MAX_RUNS). */
int wb_compare_decide_runs(const struct wb_compare_side *a, const struct wb_compare_side *b,
			   double gate_pct, struct wb_compare_verdict *out);

/* One file each side. */
int wb_compare_decide(const struct wb_saved_results *a, const struct wb_saved_results *b,
		      double gate_pct, struct wb_compare_verdict *out);

void wb_compare_free(struct wb_compare_verdict *v);

/* Which facts of file r differ from ref's (bits 1u << WB_CMP_*), each only
 * where both files know it. */
unsigned wb_compare_facts_differ(const struct wb_saved_results *ref,
				 const struct wb_saved_results *r);

/* True when two tests are the same test (every key of the description equal). */
bool wb_compare_same_test(const struct wb_saved_test *a, const struct wb_saved_test *b);

#endif
