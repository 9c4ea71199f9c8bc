/*
 * The C core for every size: see general.h. One 16-bit candidate mask per cell and a
 * `done` flag for cells whose single candidate has left their peers (or is queued to).
 * A board is under 800 bytes and is copied at each branch: undoing a trial is dropping
 * its copy.
 *
 * Propagation, to a fixpoint, cheapest first:
 *  1. naked singles: a queue of settled cells, each removing its digit from its peers
 *     (no scan of the grid for singles);
 *  2. hidden singles: per unit, the digits seen once (a digit seen nowhere fails);
 *  3. locked candidates from the masks of the (line, box) segments: a digit confined to
 *     one segment inside its box leaves the rest of the line (pointing), one confined to
 *     it inside its line leaves the rest of the box (claiming).
 * These deductions only remove candidates, so their fixpoint does not depend on the
 * order: the search tree (and the guesses) are those of any order of the same rules.
 *
 * Search: the open cell with the fewest candidates (the first in row-major order on
 * ties), digits ascending, within a budget of guesses; then restarts (see below).
 * `guesses` counts each trial assignment, over all runs.
 */
#include "general.h"

#include <string.h>

#define ANY_CTZ(x) GN_CTZ(x)
#define ANY_POP(x) GN_POP(x)

#define MAX_N GN_MAXN
#define MAX_CELLS GN_MAXCELLS
/* Nodes between two polls of the stop callback. */
#define GN_POLL 4096
#define MAX_BOX_SIDE GN_MAXBOX
#define MAX_PEERS GN_MAXPEERS

typedef GnGeo Geo;

static const unsigned SHAPES[][2] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}};
#define NSHAPES (sizeof SHAPES / sizeof SHAPES[0])
static Geo geos[NSHAPES];
static int ready;

static void build(Geo *G, unsigned br, unsigned bc)
{
    const unsigned n = br * bc;
    unsigned r, c, k, i, u;
    memset(G, 0, sizeof *G);
    G->br = br;
    G->bc = bc;
    G->n = n;
    G->ncells = n * n;
    G->nunits = 3 * n;
    G->all = (uint16_t)((1u << n) - 1u);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
            const unsigned cell = r * n + c, box = (r / br) * br + c / bc;
            /* position inside the box, row-major */
            const unsigned pos = (r % br) * bc + c % bc;
            G->unit[r][c] = (uint8_t)cell;
            G->unit[n + c][r] = (uint8_t)cell;
            G->unit[2 * n + box][pos] = (uint8_t)cell;
            G->rseg[r][c / bc][c % bc] = (uint8_t)cell;
            G->cseg[c][r / br][r % br] = (uint8_t)cell;
        }
    for (c = 0; c < G->ncells; c++) {
        const unsigned row = c / n, col = c % n, box = (row / br) * br + col / bc;
        const unsigned units[3] = {row, n + col, 2 * n + box};
        uint8_t seen[MAX_CELLS] = {0};
        unsigned np = 0;
        seen[c] = 1;
        for (u = 0; u < 3; u++)
            for (i = 0; i < n; i++) {
                const unsigned p = G->unit[units[u]][i];
                if (!seen[p]) {
                    seen[p] = 1;
                    G->peers[c][np++] = (uint8_t)p;
                }
            }
        G->npeers = np;
    }
    (void)k;
}

void gn_init(void)
{
    size_t s;
    if (ready)
        return;
    for (s = 0; s < NSHAPES; s++)
        build(&geos[s], SHAPES[s][0], SHAPES[s][1]);
    ready = 1;
}

static const Geo *geo_of(unsigned br, unsigned bc)
{
    size_t s;
    for (s = 0; s < NSHAPES; s++)
        if (SHAPES[s][0] == br && SHAPES[s][1] == bc)
            return &geos[s];
    return NULL;
}

const GnGeo *gn_geo(int n, int box_rows)
{
    return gn_supported(n, box_rows) ? geo_of((unsigned)box_rows, (unsigned)(n / box_rows)) : NULL;
}

int gn_supported(int n, int box_rows)
{
    if (box_rows < 1 || n < 1 || n % box_rows)
        return 0;
    return geo_of((unsigned)box_rows, (unsigned)(n / box_rows)) != NULL;
}

typedef struct {
    uint16_t cand[MAX_CELLS];
    uint8_t done[MAX_CELLS];
    unsigned left; /* cells not yet done */
} Board;

typedef struct {
    uint8_t q[MAX_CELLS]; /* each cell is queued at most once: when it becomes done */
    unsigned n;
} Queue;

static void settle_cell(Board *B, Queue *Q, unsigned c)
{
    B->done[c] = 1;
    B->left--;
    Q->q[Q->n++] = (uint8_t)c;
}

/* Remove mask m from cell c; 0 when the cell is left with no candidate. */
static int elim(Board *B, Queue *Q, unsigned c, uint16_t m)
{
    uint16_t x = B->cand[c];
    if (!(x & m))
        return 1;
    x = (uint16_t)(x & ~m);
    B->cand[c] = x;
    if (!x)
        return 0;
    if (!(x & (x - 1)) && !B->done[c])
        settle_cell(B, Q, c);
    return 1;
}

static int drain(const Geo *G, Board *B, Queue *Q)
{
    while (Q->n) {
        const unsigned c = Q->q[--Q->n];
        const uint16_t bit = B->cand[c];
        const uint8_t *p = G->peers[c];
        unsigned i;
        for (i = 0; i < G->npeers; i++)
            if (!elim(B, Q, p[i], bit))
                return 0;
    }
    return 1;
}

/* Hidden singles in every unit; sets *changed when a cell was settled. */
static int hidden(const Geo *G, Board *B, Queue *Q, int *changed)
{
    unsigned u, i;
    for (u = 0; u < G->nunits; u++) {
        const uint8_t *cells = G->unit[u];
        uint16_t once = 0, twice = 0, hs;
        for (i = 0; i < G->n; i++) {
            const uint16_t x = B->cand[cells[i]];
            twice |= (uint16_t)(once & x);
            once |= x;
        }
        if (once != G->all)
            return 0; /* a digit has no place left in this unit */
        hs = (uint16_t)(once & ~twice);
        if (!hs)
            continue;
        for (i = 0; i < G->n; i++) {
            const unsigned c = cells[i];
            uint16_t m;
            if (B->done[c] || !(B->cand[c] & hs))
                continue;
            m = (uint16_t)(B->cand[c] & hs);
            if (m & (m - 1))
                return 0; /* one cell would need two digits */
            B->cand[c] = m;
            settle_cell(B, Q, c);
            *changed = 1;
        }
        if (!drain(G, B, Q))
            return 0;
    }
    return 1;
}

static uint16_t seg_mask(const Board *B, const uint8_t *seg, unsigned len)
{
    uint16_t m = 0;
    unsigned i;
    for (i = 0; i < len; i++)
        m |= B->cand[seg[i]];
    return m;
}

static int elim_seg(Board *B, Queue *Q, const uint8_t *seg, unsigned len, uint16_t m,
                    int *changed)
{
    unsigned i;
    for (i = 0; i < len; i++) {
        const unsigned c = seg[i];
        if (B->cand[c] & m) {
            *changed = 1;
            if (!elim(B, Q, c, m))
                return 0;
        }
    }
    return 1;
}

/*
 * Locked candidates for one direction: `seg[line][k]` are the `len` cells of a line in the
 * k-th box along it (`nk` boxes), `band` lines share those boxes. Masks are taken once
 * per pass; eliminations only shrink them, so a stale mask never claims too much.
 */
static int locked_dir(const Geo *G, Board *B, Queue *Q, const uint8_t (*seg)[MAX_BOX_SIDE][MAX_BOX_SIDE],
                      unsigned nk, unsigned len, unsigned band, int *changed)
{
    uint16_t M[MAX_N][MAX_BOX_SIDE];
    unsigned line, k, j, first;
    for (line = 0; line < G->n; line++)
        for (k = 0; k < nk; k++)
            M[line][k] = seg_mask(B, seg[line][k], len);
    for (line = 0; line < G->n; line++) {
        first = line - line % band;
        for (k = 0; k < nk; k++) {
            uint16_t in_line = 0, in_box = 0, only;
            for (j = 0; j < nk; j++)
                if (j != k)
                    in_line |= M[line][j];
            for (j = first; j < first + band; j++)
                if (j != line)
                    in_box |= M[j][k];
            /* claiming: confined to this segment within the line -> leaves the box */
            only = (uint16_t)(M[line][k] & ~in_line);
            if (only & in_box)
                for (j = first; j < first + band; j++)
                    if (j != line && !elim_seg(B, Q, seg[j][k], len, only, changed))
                        return 0;
            /* pointing: confined to this segment within the box -> leaves the line */
            only = (uint16_t)(M[line][k] & ~in_box);
            if (only & in_line)
                for (j = 0; j < nk; j++)
                    if (j != k && !elim_seg(B, Q, seg[line][j], len, only, changed))
                        return 0;
        }
    }
    return drain(G, B, Q);
}

static int propagate(const Geo *G, Board *B, Queue *Q)
{
    for (;;) {
        int changed = 0;
        if (!drain(G, B, Q))
            return 0;
        if (!B->left)
            return 1;
        if (!hidden(G, B, Q, &changed))
            return 0;
        if (changed)
            continue;
        if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->rseg, G->br,
                        G->bc, G->br, &changed))
            return 0;
        if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->cseg, G->bc,
                        G->br, G->bc, &changed))
            return 0;
        if (!changed)
            return 1;
    }
}

/*
 * Restarts. Search trees on big grids are heavy-tailed: one early wrong guess can open a
 * barren subtree that propagation of this strength refutes only after millions of nodes,
 * while another order of the same branch points finds a solution at once. So the search
 * runs with a budget of guesses: the first run in the canonical order (what nearly every
 * puzzle needs, and the guesses of earlier versions), each later run with ties between
 * the fewest-candidate cells broken at random and the digits tried from a random one, its
 * budget doubled. A run that ends within its budget has walked its whole tree: its count
 * is the answer. Solutions met on the way are remembered (two suffice for the usual limit
 * of 2), so a later run counts only solutions it has not seen. The random streams are
 * seeded by the run's number: the same puzzle gives the same answer and guesses every time.
 */
#define GN_KNOWN 2

typedef struct {
    const Geo *G;
    uint64_t limit, count, guesses, nodes;
    int (*stop)(void *);
    void *stop_arg;
    int stopped;
    uint64_t budget, spent, rng;
    int shuffled, out_of_budget;
    unsigned nknown;
    uint8_t known[GN_KNOWN][MAX_CELLS];
} Search;

static unsigned rand_below(Search *S, unsigned n)
{
    /* xorshift64: quality is beside the point, diversity between runs is what counts */
    uint64_t x = S->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    S->rng = x;
    return (unsigned)((x >> 32) % n);
}

/* A solution: counted in this run; remembered when new. */
static void found(Search *S, const Board *B)
{
    const Geo *G = S->G;
    uint8_t sol[MAX_CELLS];
    unsigned c, k;
    S->count++;
    for (c = 0; c < G->ncells; c++)
        sol[c] = (uint8_t)(ANY_CTZ(B->cand[c]) + 1);
    for (k = 0; k < S->nknown; k++)
        if (!memcmp(S->known[k], sol, G->ncells))
            return;
    if (S->nknown < GN_KNOWN)
        memcpy(S->known[S->nknown++], sol, G->ncells);
}

static void search(Search *S, const Board *B)
{
    const Geo *G = S->G;
    unsigned c, j, rot = 0, best = MAX_CELLS, fewest = MAX_N + 1, ties = 0;
    uint16_t m;
    if (S->stop != NULL && ++S->nodes % GN_POLL == 0 && S->stop(S->stop_arg)) {
        S->stopped = 1;
        return;
    }
    if (!B->left) {
        found(S, B);
        return;
    }
    for (c = 0; c < G->ncells; c++)
        if (!B->done[c]) {
            const unsigned k = ANY_POP(B->cand[c]);
            if (k < fewest) {
                fewest = k;
                best = c;
                ties = 1;
                if (k == 2 && !S->shuffled)
                    break;
            } else if (k == fewest && S->shuffled && rand_below(S, ++ties) == 0) {
                best = c; /* a uniform choice among the ties seen so far */
            }
        }
    if (S->shuffled)
        rot = rand_below(S, G->n);
    m = B->cand[best];
    for (j = 0; j < G->n && S->count < S->limit && !S->stopped && !S->out_of_budget; j++) {
        const uint16_t bit = (uint16_t)(1u << ((j + rot) % G->n));
        Board next;
        Queue Q;
        if (!(m & bit))
            continue;
        if (++S->spent > S->budget) {
            S->out_of_budget = 1;
            return;
        }
        S->guesses++;
        memcpy(&next, B, sizeof next);
        next.cand[best] = bit;
        Q.n = 0;
        settle_cell(&next, &Q, best);
        if (propagate(G, &next, &Q))
            search(S, &next);
    }
}

uint64_t gn_search(int n, int box_rows, const uint8_t *cells, uint64_t limit, uint8_t *solution,
                   uint64_t *guesses, int (*stop)(void *), void *stop_arg, int *stopped)
{
    return gn_search_budget(n, box_rows, cells, limit, solution, guesses, stop, stop_arg,
                            stopped, GN_FIRST_BUDGET);
}

uint64_t gn_search_budget(int n, int box_rows, const uint8_t *cells, uint64_t limit,
                          uint8_t *solution, uint64_t *guesses, int (*stop)(void *),
                          void *stop_arg, int *stopped, uint64_t first_budget)
{
    Board B;
    Queue Q;
    Search S;
    unsigned c, run;
    uint64_t count = 0;
    const Geo *G = gn_supported(n, box_rows) ? geo_of((unsigned)box_rows, (unsigned)(n / box_rows)) : NULL;
    if (stopped != NULL)
        *stopped = 0;
    if (guesses != NULL)
        *guesses = 0;
    if (G == NULL || limit == 0)
        return 0;
    memset(&S, 0, sizeof S);
    S.G = G;
    S.limit = limit;
    S.stop = stop;
    S.stop_arg = stop_arg;
    B.left = G->ncells;
    Q.n = 0;
    for (c = 0; c < G->ncells; c++) {
        const unsigned v = cells[c];
        B.done[c] = 0;
        B.cand[c] = G->all;
        if (v >= 1 && v <= G->n) {
            B.cand[c] = (uint16_t)(1u << (v - 1));
            settle_cell(&B, &Q, c);
        }
    }
    if (propagate(G, &B, &Q)) {
        S.budget = first_budget ? first_budget : 1;
        for (run = 0;; run++) {
            S.count = 0;
            S.spent = 0;
            S.out_of_budget = 0;
            S.shuffled = run > 0;
            S.rng = 0x9E3779B97F4A7C15ull * (run + 1u);
            search(&S, &B);
            if (S.stopped) {
                count = S.nknown < limit ? S.nknown : limit;
                break;
            }
            if (!S.out_of_budget) {
                count = S.count;
                break;
            }
            if (S.nknown >= limit) {
                count = limit;
                break;
            }
            /* doubling, saturating: the last run is in effect unbounded */
            S.budget = S.budget > UINT64_MAX / 2 ? UINT64_MAX : 2 * S.budget;
        }
    }
    if (solution != NULL && count > 0)
        memcpy(solution, S.known[0], G->ncells);
    if (guesses != NULL)
        *guesses = S.guesses;
    if (stopped != NULL)
        *stopped = S.stopped;
    return count;
}
