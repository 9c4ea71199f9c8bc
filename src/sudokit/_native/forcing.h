/*
 * The logic engine's searches that nearly always come back empty, answered in C:
 *   - static forcing chains (sudokit/logic/techniques/forcing.py): the search for a group
 *     of assumptions that all force one conclusion along links, or for one assumption
 *     that breaks; the same search in the same order as the Python one, without the
 *     chains' parents (Python rebuilds the chains of the group found to tell them);
 *   - whether a level-1 pattern, an AIC without groups or a finned fish is there at all
 *     (the nets' stalls and the engine's steps ask; Python searches only when one is).
 * Every answer is the Python search's own (property tests compare them). Like the solvers
 * it trusts its input.
 */
#ifndef SUDOKIT_FORCING_H
#define SUDOKIT_FORCING_H

#include <stddef.h>
#include <stdint.h>

#include "general.h"

/* What to look for (bits of `kinds`), and what was found (the return value). */
#define FC_CONTRADICTION 1 /* a candidate of a cell of at most 3 whose chains break */
#define FC_CELL 2          /* every candidate of a cell agrees on something */
#define FC_CELL3 4         /* the same, for cells of 3 or 4 candidates only */
#define FC_UNIT 8          /* every place of a digit in a unit agrees on something */

/*
 * G: classic rules (gn_classic, or gn_build of plain rules: G->classic; for any other
 * rules every function here answers 0, nothing found); cands: n*n candidate masks (digit
 * d is bit d-1; 0 for a filled cell). Groups are tried by size (2, 3, 4 branches), and for
 * each size: contradictions (size 2 only), cells in ascending order, then units (rows,
 * columns, boxes) and digits in ascending order.
 * Returns 0 when nothing is found; FC_CONTRADICTION with *a = cell, *b = digit;
 * FC_CELL with *a = cell; FC_UNIT with *a = unit, *b = digit; -1 when out of memory.
 */
int fc_search(const GnGeo *G, const uint16_t *cands, int kinds, int *a, int *b);

/*
 * fc_search, and when a cell or unit group is found, what its branches agree on in
 * `agreed` (when not NULL): the true candidates, then the false ones, each as
 * (ncells * n + 63) / 64 words of candidates k = cell * n + (digit - 1), live ones only.
 */
int fc_search_agreed(const GnGeo *G, const uint16_t *cands, int kinds, int *a, int *b,
                     uint64_t *agreed);

/*
 * Which of the patterns a net of level 1 may use (sudokit's pointing, claiming, naked
 * pair, hidden pair and X-Wing finders, with their conditions: a cell with candidates
 * counts as open) finds something first in `cands`, in the order a net asks them:
 * 1 pointing, 2 claiming, 3 naked pair, 4 hidden pair, 5 X-Wing; 0 none. A net asks at
 * each stall, and most of the time the answer is none. For pointing and claiming, `at`
 * (3 ints, or NULL) gets the first instance the Python finders yield: the unit the digit
 * is confined in, the unit it leaves, the digit 1..n (-1 each otherwise, and when out of
 * memory).
 */
int fc_basic_first(const GnGeo *G, const uint16_t *cands, int *at);

/*
 * The chain sudokit's search for an alternating inference chain without grouped nodes of
 * at most `max_nodes` nodes (chains.short_aic) picks in `cands` (from every candidate with
 * a strong link assumed false, breadth first; the shortest; of those, the first by start,
 * digit then cell, as chains._search walks them): its number of nodes, 0 when there is none, -1 when
 * out of memory; its nodes in `nodes` (at least max_nodes of them), from the start
 * (false) to the end (true), as candidates k = cell * n + (digit - 1).
 */
int fc_chain_find(const GnGeo *G, const uint16_t *cands, int max_nodes, unsigned *nodes);

/*
 * A forcing net on its way (nets.propagate): what its assumption made true (`on`) and
 * false (`off`), per digit 1..n as cell sets of `words` 64-bit words; the candidates left
 * (`cands`, `dcells`: the position's less `off`); the nodes still to follow, queue[head ..
 * tail - 1] (node: +(digit * ncells + cell + 1) true, -(...) false); the records of the
 * nodes reached, (node, parent, reason) each, appended at rec[3 * nrec]; and where it
 * broke: a, b as nets_graph.Net.contradiction, with broken set.
 * queue must hold 2 * ncells * n nodes, rec 2 * ncells * n + 1 records.
 */
typedef struct {
    unsigned n, ncells, words;
    uint16_t cands[GN_MAXCELLS];
    uint64_t on[GN_MAXN + 1][4], off[GN_MAXN + 1][4], dcells[GN_MAXN + 1][4];
    int32_t *queue;
    unsigned head, tail;
    int32_t *rec;
    unsigned nrec;
    int broken, a, b;
} FcNet;

/*
 * Follow the queue of N as nets.propagate does (classic rules: G->classic), links and
 * singles in the same order, recording each node's first parent and reason, until it is
 * empty or the net breaks. Returns N->broken.
 */
int fc_net_run(const GnGeo *G, FcNet *N);

/*
 * What the inner search of a net of level 4, 5 or 6 (nets._exhaust at `level` 0, 1 or 2,
 * inner) finds in `cands`, without building its nets: 1 when the true-assumption of a
 * cell's candidate breaks, the first in the search's order (cells, then digits) in *cell,
 * *digit (1..n); 2 when none breaks but the nets of a cell's candidates or of a digit's
 * places in a unit agree on something (or a level-1 stall the core leaves to the Python
 * search); 0 nothing; -1 out of memory (classic rules; 0 otherwise). At levels 1 and 2 a
 * net's stall takes the eliminations of the first level-1 pattern (fc_basic_first), the
 * instance the Python finders yield; at level 2, when there is none, those of the chain
 * fc_chain_find names (or its placement, a loop back to its start).
 */
int fc_net_first(const GnGeo *G, const uint16_t *cands, int level, int *cell, int *digit);

/*
 * What an outer search of `level` 0 to 3 (nets._exhaust, not inner) offers in `cands`
 * (classic rules): it runs the true- and false-assumption nets of every candidate, as
 * fc_net_first does, then makes the search's offers in its order (cells ascending, their
 * digits ascending): for each, 6 ints kind, cell, digit, unit (-1 when none), the number
 * of places p and of eliminations e, then the p places and e eliminations as candidates
 * d * ncells + c, ascending. Kinds: 1 the true-assumption breaks, 2 the false one breaks,
 * 3 both nets of a candidate agree (cells of three candidates or more), 4 the nets of a
 * digit's places in a unit agree (from its first place), 5 the nets of a cell's candidates
 * agree. *out (kept until the next call) and *count get them. Returns 0; 1 when a net's
 * stall is left to the Python search (nothing offered: it searches it all); -1 out of
 * memory.
 */
int fc_net_offers(const GnGeo *G, const uint16_t *cands, int level, const int32_t **out,
                  size_t *count);

/*
 * Whether sudokit's search for a finned or sashimi fish of `size` base lines (2 to 4;
 * fish.py, _finned_pass) finds one in `cands`. The engine asks for them at every step
 * past the basic patterns, and nearly always there is none.
 */
int fc_finned_any(const GnGeo *G, const uint16_t *cands, int size);

#endif
