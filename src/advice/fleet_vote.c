/* fleet_vote.c — the fleet's votes (fleet_vote.h).
 * Trap: a tie at the top is no majority, and then nobody is named as differing:
 * two against two says nothing about which two are wrong. An undecided
 * recommendation keeps the default for want of an answer: it is counted, but
 * votes for nothing, so twelve undecided hosts are not a proven keep. */
#include "advice/fleet_vote.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Scratch for one vote at a time: the voters' answers and how often each is given. */
struct ballot {
	const char **answers;  /* answers[i]: host voters[i]'s answer */
	size_t *voters, *count;
};

/* Tallies the answers of the voters in b[0..m) into vote: its distinct answers
 * most common first (each at its first host), its majority, and the hosts that
 * answer otherwise. */
static void tally(struct wb_fleet_verdict *v, struct wb_fleet_vote *vote, const struct ballot *b,
		  size_t m)
{
	const char **answers = b->answers;
	size_t i, j, best = 0, *count = b->count;
	bool first = true;

	vote->hosts = m;
	vote->first_answer = v->nanswers;
	for (i = 0; i < m; i++) {
		count[i] = 0;
		for (j = 0; j < m; j++)
			count[i] += strcmp(answers[i], answers[j]) == 0;
	}
	for (i = 0; i < m; i++)
		if (count[i] > best)
			best = count[i];
	for (; best > 0; best--)
		for (i = 0; i < m; i++) {
			for (j = 0; j < i && strcmp(answers[i], answers[j]); j++)
				;
			if (j < i || count[i] != best)
				continue;
			if (first) {
				snprintf(vote->majority, sizeof(vote->majority), "%s", answers[i]);
				vote->majority_hosts = best;
				first = false;
			} else if (best == vote->majority_hosts) {
				vote->no_majority = true;
			}
			v->answers[v->nanswers++] = (struct wb_fleet_answer){ answers[i], best };
			vote->nanswers++;
		}
	if (vote->no_majority) {
		vote->majority[0] = '\0';
		return;
	}
	for (i = 0; i < m; i++) {
		struct wb_fleet_disagreement *x;

		if (strcmp(answers[i], vote->majority) == 0)
			continue;
		x = &v->disagreements[v->ndisagreements++];
		x->host = b->voters[i];
		x->vote = (size_t)(vote - v->votes);
		snprintf(x->value, sizeof(x->value), "%s", answers[i]);
		v->hosts[b->voters[i]].disagrees = true;
		vote->dissent++;
	}
}

/* A qualify run that failed before its verdict has no tier: its failure is
 * named among the failures, and it has no answer to vote with. */
static bool answers_tier(const struct wb_saved_results *r, const char *tier)
{
	return r->has_qualification && *r->tier && (!tier || strcmp(r->tier, tier) == 0);
}

/* A run file answers neither question. */
static void vote_all(const struct wb_saved_results *r, size_t n, struct wb_fleet_verdict *v,
		     const struct ballot *b)
{
	size_t h, k, m, undecided = 0;

	for (m = 0, h = 0; h < n; h++) {
		if (!r[h].has_recommendation || !*r[h].rec.method)
			continue;
		if (r[h].rec.state == WB_SAVED_REC_UNDECIDED) {
			undecided++;
			continue;
		}
		b->voters[m] = h;
		b->answers[m++] = r[h].rec.method;
	}
	if (m || undecided) {
		struct wb_fleet_vote *vote = &v->votes[v->nvotes++];

		vote->kind = WB_FLEET_RECOMMENDATION;
		tally(v, vote, b, m);
		vote->hosts += undecided;
		vote->undecided = undecided;
		vote->mostly_undecided = 2 * undecided > vote->hosts;
	}
	for (h = 0; h < n; h++) {
		if (!answers_tier(&r[h], NULL))
			continue;
		for (k = 0; k < h && !answers_tier(&r[k], r[h].tier); k++)
			; /* the tier's first file starts its vote */
		if (k < h)
			continue;
		for (m = 0, k = h; k < n; k++)
			if (answers_tier(&r[k], r[h].tier)) {
				b->voters[m] = k;
				b->answers[m++] = r[k].verdict;
			}
		v->votes[v->nvotes].kind = WB_FLEET_VERDICT;
		snprintf(v->votes[v->nvotes].tier, sizeof(v->votes[0].tier), "%s", r[h].tier);
		tally(v, &v->votes[v->nvotes++], b, m);
	}
}

int wb_fleet_vote_all(const struct wb_saved_results *r, size_t n, struct wb_fleet_verdict *v)
{
	struct ballot b = {
		.answers = calloc(n + 1, sizeof(*b.answers)),
		.voters = calloc(n + 1, sizeof(*b.voters)),
		.count = calloc(n + 1, sizeof(*b.count)),
	};
	int ret = 0;

	if (!b.answers || !b.voters || !b.count)
		ret = -ENOMEM;
	else
		vote_all(r, n, v, &b);
	free(b.answers);
	free(b.voters);
	free(b.count);
	return ret;
}
