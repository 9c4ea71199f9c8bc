/*
 * sudokit's C core for every size (4x4, 6x6, 9x9, 12x12, 16x16): one candidate mask of
 * up to 16 bits per cell, naked and hidden singles, locked candidates (pointing and
 * claiming), branching on the cell with the fewest candidates, and restarts.
 *
 * The 9x9 kernel (solver.h) stays the fast path for 9x9; this one serves every shape and
 * is what big grids need: locked candidates refute the near-minimal 16x16 puzzles of the
 * generator early, where singles alone wander. Like solver.h it trusts its input.
 */
#ifndef SUDOKIT_GENERAL_H
#define SUDOKIT_GENERAL_H

#include <stdint.h>

/* Lowest set bit and number of set bits of an unsigned (x != 0 for GN_CTZ). */
#if defined(__GNUC__) || defined(__clang__)
#define GN_CTZ(x) ((unsigned)__builtin_ctz((unsigned)(x)))
#define GN_POP(x) ((unsigned)__builtin_popcount((unsigned)(x)))
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
#define GN_CTZ(x) gn_ctz((unsigned)(x))
#define GN_POP(x) gn_pop((unsigned)(x))
#endif

#define GN_MAXN 16
#define GN_MAXCELLS (GN_MAXN * GN_MAXN)

/* At most this many box rows and box columns (the supported shapes). */
#define GN_MAXBOX 4
#define GN_MAXPEERS (3 * GN_MAXN - 2)

/* A shape's tables, shared with the other C parts (forcing.c). */
typedef struct {
    unsigned br, bc, n, ncells, nunits, npeers;
    uint16_t all;
    uint8_t unit[3 * GN_MAXN][GN_MAXN]; /* rows, then columns, then boxes; cells ascending */
    uint8_t peers[GN_MAXCELLS][GN_MAXPEERS];
    /* rseg[r][k]: the bc cells of row r in the k-th box along it (k < br);
     * cseg[c][k]: the br cells of column c in the k-th box down it (k < bc). */
    uint8_t rseg[GN_MAXN][GN_MAXBOX][GN_MAXBOX];
    uint8_t cseg[GN_MAXN][GN_MAXBOX][GN_MAXBOX];
} GnGeo;

/* Build the tables of the five shapes. Idempotent; call before any other function. */
void gn_init(void);

/* Whether n x n with boxes of box_rows rows is a shape this core knows. */
int gn_supported(int n, int box_rows);

/* The tables of a supported shape (NULL for any other); gn_init must have run. */
const GnGeo *gn_geo(int n, int box_rows);

/*
 * Count solutions of one puzzle up to `limit` (>= 1) and keep the first one found.
 *   n, box_rows: a supported shape (checked by the caller with gn_supported).
 *   cells:    n*n values, 0 = empty, 1..n = given (trusted).
 *   solution: n*n bytes written with digits 1..n when the count is >= 1; may be NULL.
 *   guesses:  receives the number of trial assignments at branch points; may be NULL.
 *   stop:     polled every so many nodes; a non-zero return abandons the search (the
 *             count so far is returned and *stopped is set to 1). May be NULL.
 * Duplicate givens are not an error: the puzzle simply has no solution.
 */
uint64_t gn_search(int n, int box_rows, const uint8_t *cells, uint64_t limit, uint8_t *solution,
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

uint64_t gn_search_budget(int n, int box_rows, const uint8_t *cells, uint64_t limit,
                          uint8_t *solution, uint64_t *guesses, int (*stop)(void *),
                          void *stop_arg, int *stopped, uint64_t first_budget);

#endif
