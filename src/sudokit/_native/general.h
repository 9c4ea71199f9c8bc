/*
 * sudokit's C core for every size (4x4, 6x6, 9x9, 12x12, 16x16) and every rules given as
 * tables (units, extra peers, non-consecutive neighbours): one candidate mask of up to 16
 * bits per cell, naked singles over the peers, hidden singles over every unit, the
 * non-consecutive eliminations, locked candidates (any two units sharing cells: pointing
 * and claiming, a diagonal or window against a box...), cage sums (killer), branching on
 * the cell with the fewest candidates, and restarts.
 *
 * The 9x9 kernel (solver.h) stays the fast path for classic 9x9; this one serves the rest and
 * is what big grids need: locked candidates refute the near-minimal 16x16 puzzles of the
 * generator early, where singles alone wander. Like solver.h it trusts its input.
 */
#ifndef SUDOKIT_GENERAL_H
#define SUDOKIT_GENERAL_H

#include <stdint.h>

/* Lowest set bit and number of set bits of an unsigned (x != 0 for GN_CTZ). */
#if defined(__GNUC__) || defined(__clang__)
#define GN_CTZ(x) ((unsigned)__builtin_ctz((unsigned)(x)))
#define GN_CTZ64(x) ((unsigned)__builtin_ctzll((unsigned long long)(x)))
#if defined(__POPCNT__)
#define GN_POP(x) ((unsigned)__builtin_popcount((unsigned)(x)))
#define GN_POP64(x) ((unsigned)__builtin_popcountll((unsigned long long)(x)))
#else
/* A portable build has no popcount instruction (the builtin becomes a library call, and
 * the searches count candidates in their inner loops): the bits are added in place. */
static inline unsigned gn_pop(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}
static inline unsigned gn_pop64(uint64_t x)
{
    x = x - ((x >> 1) & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}
#define GN_POP(x) gn_pop((uint32_t)(x))
#define GN_POP64(x) gn_pop64((uint64_t)(x))
#endif
#else
static unsigned gn_ctz(unsigned x)
{
    unsigned n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}
static unsigned gn_pop(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
static unsigned gn_ctz64(uint64_t x)
{
    unsigned n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}
static unsigned gn_pop64(uint64_t x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
#define GN_CTZ(x) gn_ctz((unsigned)(x))
#define GN_POP(x) gn_pop((unsigned)(x))
#define GN_CTZ64(x) gn_ctz64((uint64_t)(x))
#define GN_POP64(x) gn_pop64((uint64_t)(x))
#endif

#define GN_MAXN 16
#define GN_MAXCELLS (GN_MAXN * GN_MAXN)

/* At most this many box rows and box columns (the supported shapes). */
#define GN_MAXBOX 4
/* Units: rows, columns, boxes or regions (3n), then extras (2 diagonals, up to 9 windows). */
#define GN_MAXUNITS 64
/* Peers of one cell: its units' cells and its extra peers (knight's and king's moves).
 * No cell of any rules sudokit knows has more than 15 * 6 + 16 = 106. */
#define GN_MAXPEERS 128
/* Orthogonal neighbours of one cell (non-consecutive). */
#define GN_MAXNEAR 4
/* Intersections of two units (two cells or more) beyond the line-box ones of regular
 * boxes, for locked candidates; more are ignored (a weaker propagation, same counts). */
#define GN_MAXSEGS 1024

/* Cages (killer): cells whose digits never repeat, with a sum or none. At most
 * GN_MAXCAGES cages with a sum (those given, then the hidden ones gn_build derives), over
 * GN_MAXCAGECELLS cells in all. */
#define GN_MAXCAGES 512
#define GN_MAXCAGECELLS 4096
/* Sums over cells whose digits may repeat: at most this many, of at most so many cells. */
#define GN_MAXSUMS 256
#define GN_MAXSUMCELLS 8
/* Sums of distinct digits 1..16 run up to 136. */
#define GN_MAXSUM 136

/* A cage with a sum: its cells are cage_cell[at .. at + size - 1]; the sets of `size`
 * digits that sum to `total` are gn_combo[combo_at .. combo_end - 1] (bit masks). */
typedef struct {
    uint16_t at;
    uint8_t size;
    uint8_t given; /* 1 for a cage of the puzzle, 0 for one derived (a unit's innies) */
    uint16_t total;
    uint32_t combo_at, combo_end;
} GnCage;

/* The digit sets (bit masks) of the cages, for every side, grouped by size and sum. */
extern const uint16_t *gn_combo;

/* Two units u and v that share two cells or more: in_u, in_v are the positions (bits over
 * 0..n-1) of the shared cells inside u and inside v. */
typedef struct {
    uint8_t u, v;
    uint16_t in_u, in_v;
} GnSeg;

/*
 * The rules as tables: one geometry argument for every entry point, built once per rules
 * (gn_build) from explicit lists, so nothing is derived from a (size, box rows) pair.
 */
typedef struct {
    unsigned n, ncells, nunits;
    /* Whether these are the plain rules of the shape (rows, columns, usual boxes only). */
    int classic;
    /* Box rows and columns when units 0..3n-1 are the rows, columns and usual boxes of
     * the shape (rseg and cseg are then set), else 0. */
    unsigned br, bc;
    /* Peers of every cell when they all have as many (classic rules), else 0. */
    unsigned npeers;
    /* Whether orthogonal neighbours may not hold consecutive digits. */
    int nonconsecutive;
    uint16_t all;
    uint8_t unit[GN_MAXUNITS][GN_MAXN]; /* rows, then columns, then regions, then extras */
    /* The peers of cell c are peer[peer_at[c] .. peer_at[c + 1] - 1]: its units' cells
     * in unit order, then its extra peers. */
    uint16_t peer_at[GN_MAXCELLS + 1];
    uint8_t peer[GN_MAXCELLS * GN_MAXPEERS];
    uint8_t nnear[GN_MAXCELLS];
    uint8_t near[GN_MAXCELLS][GN_MAXNEAR];
    /* rseg[r][k]: the bc cells of row r in the k-th box along it (k < br);
     * cseg[c][k]: the br cells of column c in the k-th box down it (k < bc). */
    uint8_t rseg[GN_MAXN][GN_MAXBOX][GN_MAXBOX];
    uint8_t cseg[GN_MAXN][GN_MAXBOX][GN_MAXBOX];
    /* The other intersections of two units (all of them for irregular regions). */
    unsigned nsegs;
    GnSeg seg[GN_MAXSEGS];
    /* The units holding cell c (bit u of cell_units[c]), and every unit (allunits): the
     * search looks again only at the units whose cells changed. */
    uint64_t cell_units[GN_MAXCELLS];
    uint64_t allunits;
    /* Whether some cells have extra peers (knight's or king's moves); then peerbits[c]
     * are the peers of cell c and unitbits[u] the cells of unit u as sets of cells (bit
     * c % 64 of word c / 64). */
    int extras;
    uint64_t peerbits[GN_MAXCELLS][GN_MAXCELLS / 64];
    uint64_t unitbits[GN_MAXUNITS][GN_MAXCELLS / 64];
    /* Under non-consecutive rules: cell c and its orthogonal neighbours as a set of cells
     * (unitbits are then set too). */
    uint64_t nearbits[GN_MAXCELLS][GN_MAXCELLS / 64];
    /* Cages with a sum (killer): those of the puzzle (`ngiven`), then one per unit whose
     * cells outside the puzzle's cages inside it must make up the rest of the unit's sum
     * (innies). Cages without a sum only add peers. peerbits are set when there are any.
     * `impossible`: a cage no digits can fill (more cells than digits, a sum no set of
     * digits makes): no solution. cage_rank[c]: the size of the smallest given cage with a
     * sum holding cell c (GN_MAXN + 1 outside them), to break ties when branching. */
    unsigned ncages, ngiven;
    int impossible;
    GnCage cage[GN_MAXCAGES];
    uint8_t cage_cell[GN_MAXCAGECELLS];
    uint8_t cage_rank[GN_MAXCELLS];
    /* Sums over cells that may repeat digits (killer, the 45 rule over several units): the
     * innies or the outies of a run of adjacent rows or columns or of a region, when they
     * are not all peers (else they are a derived cage). Sum k holds the cells
     * sum_cell[sum_at[k] .. sum_at[k + 1] - 1], adding up to sum_total[k]; only sets whose
     * largest possible sum is below 64. */
    unsigned nsums;
    uint16_t sum_at[GN_MAXSUMS + 1];
    uint16_t sum_total[GN_MAXSUMS];
    uint8_t sum_cell[GN_MAXSUMS * GN_MAXSUMCELLS];
} GnGeo;

/* The peers of cell c and their number. */
#define GN_PEERS(G, c) ((G)->peer + (G)->peer_at[c])
#define GN_NPEERS(G, c) ((unsigned)((G)->peer_at[(c) + 1] - (G)->peer_at[c]))

/* Build the classic tables of the five shapes. Idempotent; call before any other function. */
void gn_init(void);

/* The classic rules of the n x n shape with its usual boxes (4, 6, 9, 12, 16), or NULL. */
const GnGeo *gn_classic(int n);

/*
 * Fill G with the rules given as lists (trusted only as far as said here; NULL when they
 * are good, else a message naming what is wrong):
 *   n:        the side, 4, 6, 9, 12 or 16;
 *   nunits:   at most GN_MAXUNITS units, units[u * n + i] the i-th cell of unit u
 *             (n distinct cells each); the first 3n are rows, columns and regions;
 *   extra_at, extra: for cell c, extra[extra_at[c] .. extra_at[c + 1] - 1] are cells it may
 *             not share a digit with outside its units (extra_at has n*n + 1 entries);
 *   near_at, near: likewise, its orthogonal neighbours under non-consecutive rules;
 *   ncages, cage_at, cage_cells, totals: cage k is the cells cage_cells[cage_at[k] ..
 *             cage_at[k + 1] - 1] (distinct, on the grid; cage_at has ncages + 1 entries)
 *             and its sum totals[k] (0: none). May be 0, NULL, NULL, NULL.
 * gn_init must have run.
 */
const char *gn_build(GnGeo *G, unsigned n, unsigned nunits, const uint8_t *units,
                     const uint16_t *extra_at, const uint8_t *extra, const uint16_t *near_at,
                     const uint8_t *near, unsigned ncages, const uint16_t *cage_at,
                     const uint8_t *cage_cells, const uint16_t *totals);

/*
 * Count solutions of one puzzle up to `limit` (>= 1) and keep the first one found.
 *   G:        the rules (gn_classic or gn_build).
 *   cells:    n*n values, 0 = empty, 1..n = given (trusted).
 *   solution: n*n bytes written with digits 1..n when the count is >= 1; may be NULL.
 *   guesses:  receives the number of trial assignments at branch points; may be NULL.
 *   stop:     polled every so many nodes; a non-zero return abandons the search (the
 *             count so far is returned and *stopped is set to 1). May be NULL.
 * Duplicate givens are not an error: the puzzle simply has no solution.
 */
uint64_t gn_search(const GnGeo *G, const uint8_t *cells, uint64_t limit, uint8_t *solution,
                   uint64_t *guesses, int (*stop)(void *), void *stop_arg, int *stopped);

/*
 * The search is run with a budget of guesses, then restarted in other orders with the
 * budget doubled each time, until a run walks its whole tree (see general.c): heavy
 * search trees on big grids do not survive a change of order. gn_search starts with
 * GN_FIRST_BUDGET; gn_search_budget takes the first budget (>= 1), for tests that make
 * every search restart. Counts do not depend on it; guesses (and which solution is kept
 * when there are several) do.
 */
#define GN_FIRST_BUDGET 1000u
/* Asked for GN_FIRST_BUDGET, a grid of side 9 or less under other rules than the classic
 * ones gets this one: its trees stay small enough to walk whole, and restarts would walk
 * again what the run before walked (counting to 2 on minimal 9x9 non-consecutive puzzles
 * took 2.7 times the guesses with the first budget of 1000). */
#define GN_SMALL_BUDGET (1u << 17)

uint64_t gn_search_budget(const GnGeo *G, const uint8_t *cells, uint64_t limit,
                          uint8_t *solution, uint64_t *guesses, int (*stop)(void *),
                          void *stop_arg, int *stopped, uint64_t first_budget);

#endif
