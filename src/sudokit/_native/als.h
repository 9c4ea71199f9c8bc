/*
 * Almost locked sets for the logic engine (sudokit/logic/techniques/als.py): every ALS of
 * up to so many cells, by unit (find_als, _unit_sets), the graph of the restricted common
 * digits between disjoint sets (_restricted_graph), and the ALS chain search (als_chain)
 * with its exact work bound. Every answer, and its order, is the Python search's own
 * (property tests compare them). Classic rules only; like the solvers it trusts its input.
 */
#ifndef SUDOKIT_ALS_H
#define SUDOKIT_ALS_H

#include <stdint.h>

#include "general.h"

/* Most cells of a set (the sets of a unit of 16 cells have at most 15). */
#define AL_MAXCELLS (GN_MAXN - 1)
/* Longest chain searched (in sets). */
#define AL_MAXCHAIN 8
/* 64-bit words of a cell set. */
#define AL_WORDS (GN_MAXCELLS / 64)

/*
 * The sets and the graph of one position, valid until the next call. Set k: its cells
 * cells[k * words ..], digits mask[k] (bit d-1 for digit d), unit[k]; for its i-th digit
 * d (ascending), where it sits in the set at place[(at[k] + i) * 2 * words ..] and the
 * cells holding d that see all of those at place[(at[k] + i) * 2 * words + words ..]. The
 * graph of set k: edge[2 * e] (a set) and edge[2 * e + 1] (a restricted common digit) for
 * e in edge_at[k] .. edge_at[k + 1] - 1, in _restricted_graph's order.
 */
typedef struct {
    unsigned count, words;
    const uint64_t *cells;
    const uint16_t *mask;
    const uint8_t *unit;
    const uint32_t *at;
    const uint64_t *place;
    const uint32_t *edge_at;
    const uint32_t *edge;
} AlSets;

/*
 * The sets of up to max_cells cells (1 .. n-1) among the cells `empty` (words of 64 cells)
 * holding the candidate masks `cands`, and their graph. 0, or -1 when memory runs out.
 */
int al_sets(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells,
            AlSets *out);

/*
 * The chain als_chain picks among those sets, of 4 .. max_chain (at most AL_MAXCHAIN) sets,
 * counting work as it does up to max_work: its sets (path), restricted commons (rcc, one
 * fewer) and eliminations (elim[2 * i] the cell, elim[2 * i + 1] the digit, by cell then
 * digit; at most n * n). Returns the number of sets, 0 when there is no chain, -1 when
 * memory runs out.
 */
int al_chain(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells,
             int max_chain, long long max_work, int *path, int *rcc, int *nelim,
             uint16_t *elim);

#endif
