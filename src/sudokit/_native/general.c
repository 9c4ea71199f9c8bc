/*
 * The C core for every size: see general.h. One 16-bit candidate mask per cell and a
 * `done` flag for cells whose single candidate has left their peers (or is queued to).
 * A board is under 800 bytes and is copied at each branch: undoing a trial is dropping
 * its copy.
 *
 * Propagation, to a fixpoint, cheapest first:
 *  1. naked singles: a queue of settled cells, each removing its digit from its peers
 *     (no scan of the grid for singles) and, under non-consecutive rules, the digits
 *     next to it from its orthogonal neighbours;
 *  2. hidden singles: per unit (extras included), the digits seen once (a digit seen
 *     nowhere fails);
 *  2b. non-consecutive: a cell whose candidates all lie within {e-1, e, e+1} takes e
 *      from its neighbours (d-1 and d+1 take d; d and d+1 take both); and a cell beside
 *      (or at) every place of a digit d in a unit loses d-1 and d+1;
 *  3. locked candidates from the masks of the (line, box) segments: a digit confined to
 *     one segment inside its box leaves the rest of the line (pointing), one confined to
 *     it inside its line leaves the rest of the box (claiming); then the same between any
 *     other two units that share cells (irregular regions, diagonals, windows);
 *  4. under knight's or king's moves, instead of 3: a digit whose places in a unit all
 *     see a cell (through a unit or a move) leaves that cell, which covers pointing and
 *     claiming between any two units and reaches the cells a move away. This step and
 *     the last of 2b look again only at a digit's places in a unit that changed since
 *     they last did (at a child node: since its parent's fixpoint).
 * These deductions only remove candidates, so their fixpoint does not depend on the
 * order: the search tree (and the guesses) are those of any order of the same rules.
 *
 * Hidden singles and locked candidates between two units look again only at the units
 * whose cells lost candidates since they last looked (at a child node: since its
 * parent's fixpoint); so do step 3's box-line pass (per band of lines) and step 4 and
 * the last of 2b (per unit, and per digit whose places moved).
 *
 * Search: the open cell with the fewest candidates (the first in row-major order on
 * ties; under other rules than the classic ones, the one with the most open peers and
 * neighbours), digits ascending, within a budget of guesses; then restarts (see below).
 * `guesses` counts each trial assignment, over all runs.
 */
#include "general.h"

#include <string.h>

#define ANY_CTZ(x) GN_CTZ(x)

/* Set bits of a 16-bit mask by two table lookups: a build for any x86-64 has no popcount
 * instruction (the builtin becomes a library call), and the search counts candidates of
 * every open cell at every node. */
#define POP2(k) k, k + 1, k + 1, k + 2
#define POP4(k) POP2(k), POP2(k + 1), POP2(k + 1), POP2(k + 2)
#define POP6(k) POP4(k), POP4(k + 1), POP4(k + 1), POP4(k + 2)
static const uint8_t pop8[256] = {POP6(0), POP6(1), POP6(1), POP6(2)};
#define ANY_POP(x) ((unsigned)pop8[(x) & 0xFFu] + pop8[((x) >> 8) & 0xFFu])

#define MAX_N GN_MAXN
#define MAX_CELLS GN_MAXCELLS
/* Nodes between two polls of the stop callback. */
#define GN_POLL 4096
#define MAX_BOX_SIDE GN_MAXBOX

typedef GnGeo Geo;

static const unsigned SHAPES[][2] = {{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}};
#define NSHAPES (sizeof SHAPES / sizeof SHAPES[0])
static Geo classic[NSHAPES];
static int ready;

/*
 * The digit sets of cages: for the s-th shape (side n), every subset of 1..n as a bit mask,
 * grouped by (size, sum): those of key size * (GN_MAXSUM + 1) + sum are
 * combo_tab[combo_start[s][key] .. combo_start[s][key + 1] - 1], ascending.
 */
#define COMBO_KEYS ((GN_MAXN + 1) * (GN_MAXSUM + 1))
static uint16_t combo_tab[(1u << 2 * 2) + (1u << 2 * 3) + (1u << 3 * 3) + (1u << 3 * 4) +
                          (1u << 4 * 4)];
static uint32_t combo_start[NSHAPES][COMBO_KEYS + 1];
const uint16_t *gn_combo = combo_tab;

static unsigned combo_key(unsigned m)
{
    unsigned sum = 0, size = 0;
    for (; m; m &= m - 1) {
        sum += ANY_CTZ(m) + 1;
        size++;
    }
    return size * (GN_MAXSUM + 1) + sum;
}

static void build_combos(void)
{
    static uint32_t next[COMBO_KEYS];
    uint32_t base = 0;
    unsigned s, m, k;
    for (s = 0; s < NSHAPES; s++) {
        const unsigned n = SHAPES[s][0] * SHAPES[s][1];
        uint32_t *start = combo_start[s];
        memset(start, 0, sizeof combo_start[s]);
        for (m = 0; m < 1u << n; m++)
            start[combo_key(m) + 1]++;
        start[0] = base;
        for (k = 0; k < COMBO_KEYS; k++)
            start[k + 1] += start[k];
        memcpy(next, start, sizeof next);
        for (m = 0; m < 1u << n; m++)
            combo_tab[next[combo_key(m)]++] = (uint16_t)m;
        base += 1u << n;
    }
}

/* The cells of the rows, columns and usual boxes of a shape: units[u * n + i]. */
static void classic_units(unsigned br, unsigned bc, uint8_t *units)
{
    const unsigned n = br * bc;
    unsigned r, c;
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
            const unsigned cell = r * n + c, box = (r / br) * br + c / bc;
            const unsigned pos = (r % br) * bc + c % bc; /* inside the box, row-major */
            units[r * n + c] = (uint8_t)cell;
            units[(n + c) * n + r] = (uint8_t)cell;
            units[(2 * n + box) * n + pos] = (uint8_t)cell;
        }
}

static unsigned shape_of(unsigned n)
{
    unsigned s;
    for (s = 0; s < NSHAPES; s++)
        if (SHAPES[s][0] * SHAPES[s][1] == n)
            return s;
    return NSHAPES;
}

void gn_init(void)
{
    static const uint16_t none[GN_MAXCELLS + 1];
    uint8_t units[3 * MAX_CELLS];
    size_t s;
    if (ready)
        return;
    ready = 1; /* gn_build looks the classic tables up: they compare with themselves */
    build_combos();
    for (s = 0; s < NSHAPES; s++) {
        const unsigned n = SHAPES[s][0] * SHAPES[s][1];
        classic_units(SHAPES[s][0], SHAPES[s][1], units);
        classic[s].n = 0; /* not yet built: gn_build sees no classic table to compare */
        gn_build(&classic[s], n, 3 * n, units, none, NULL, none, NULL, 0, NULL, NULL, NULL);
        classic[s].classic = 1;
    }
}

const GnGeo *gn_classic(int n)
{
    const unsigned s = n > 0 ? shape_of((unsigned)n) : NSHAPES;
    return s < NSHAPES ? &classic[s] : NULL;
}

/* The positions in unit u (bits over 0..n-1) of the cells it shares with unit v. */
static uint16_t shared(const Geo *G, unsigned u, unsigned v, uint16_t *in_v)
{
    unsigned i, j;
    uint16_t in_u = 0;
    *in_v = 0;
    for (i = 0; i < G->n; i++)
        for (j = 0; j < G->n; j++)
            if (G->unit[u][i] == G->unit[v][j]) {
                in_u |= (uint16_t)(1u << i);
                *in_v |= (uint16_t)(1u << j);
            }
    return in_u;
}

/* Add a cage with a sum to G (its digit sets from the table of shape s). */
static const char *add_cage(Geo *G, unsigned s, const uint8_t *cells, unsigned size,
                            unsigned total, int given)
{
    GnCage *K;
    const unsigned at = G->ncages ? G->cage[G->ncages - 1].at + G->cage[G->ncages - 1].size : 0;
    if (G->ncages >= GN_MAXCAGES || at + size > GN_MAXCAGECELLS)
        return "too many cages";
    K = &G->cage[G->ncages++];
    K->at = (uint16_t)at;
    K->size = (uint8_t)size;
    K->given = (uint8_t)given;
    K->total = (uint16_t)total;
    memcpy(G->cage_cell + at, cells, size);
    if (total > GN_MAXSUM || size > G->n) {
        K->combo_at = K->combo_end = 0;
    } else {
        const unsigned key = size * (GN_MAXSUM + 1) + total;
        K->combo_at = combo_start[s][key];
        K->combo_end = combo_start[s][key + 1];
    }
    if (K->combo_at == K->combo_end)
        G->impossible = 1; /* no digits make this sum */
    return NULL;
}

/*
 * The cages of the puzzle with a sum, then per unit the cells outside the cages that lie
 * inside it: their digits differ and make up the rest of the unit's sum (the innies of the
 * "45 rule"), a cage of their own. Cages without a sum only added peers.
 */
static const char *build_cages(Geo *G, unsigned s, unsigned ncages, const uint16_t *cage_at,
                               const uint8_t *cage_cells, const uint16_t *totals)
{
    const unsigned n = G->n, whole = n * (n + 1) / 2;
    unsigned k, u, i, c;
    const char *bad;
    for (c = 0; c < G->ncells; c++)
        G->cage_rank[c] = (uint8_t)(GN_MAXN + 1);
    for (k = 0; k < ncages; k++) {
        const unsigned size = (unsigned)(cage_at[k + 1] - cage_at[k]);
        if (size > n)
            G->impossible = 1; /* more cells than digits: they cannot all differ */
        if (!totals[k])
            continue;
        if ((bad = add_cage(G, s, cage_cells + cage_at[k], size, totals[k], 1)) != NULL)
            return bad;
        for (i = 0; i < size; i++) {
            c = cage_cells[cage_at[k] + i];
            if (size < G->cage_rank[c])
                G->cage_rank[c] = (uint8_t)size;
        }
    }
    G->ngiven = G->ncages;
    for (u = 0; u < G->nunits; u++) {
        uint8_t in_unit[MAX_CELLS] = {0}, covered[MAX_CELLS] = {0}, rest[MAX_N];
        unsigned sum = 0, ncovered = 0, nrest = 0;
        int overlap = 0;
        for (i = 0; i < n; i++)
            in_unit[G->unit[u][i]] = 1;
        for (k = 0; k < G->ngiven && !overlap; k++) {
            const GnCage *K = &G->cage[k];
            const uint8_t *cells = G->cage_cell + K->at;
            for (i = 0; i < K->size && in_unit[cells[i]]; i++)
                ;
            if (i < K->size)
                continue; /* not inside the unit */
            for (i = 0; i < K->size; i++) {
                overlap |= covered[cells[i]];
                covered[cells[i]] = 1;
            }
            ncovered += K->size;
            sum += K->total;
        }
        if (overlap || !ncovered)
            continue; /* cages that share cells say nothing about the unit's sum */
        if (ncovered == n) {
            if (sum != whole)
                G->impossible = 1;
            continue;
        }
        for (i = 0; i < n; i++)
            if (!covered[G->unit[u][i]])
                rest[nrest++] = G->unit[u][i];
        if (sum >= whole) {
            G->impossible = 1;
            continue;
        }
        if ((bad = add_cage(G, s, rest, nrest, whole - sum, 0)) != NULL)
            return bad;
    }
    return NULL;
}

/* Whether the cells a[0..k-1] are pairwise peers (their digits differ). */
static int all_peers(const Geo *G, const uint8_t *a, unsigned k)
{
    unsigned i, j;
    for (i = 0; i < k; i++)
        for (j = i + 1; j < k; j++)
            if (!(G->peerbits[a[i]][a[j] / 64] >> (a[j] % 64) & 1u))
                return 0;
    return 1;
}

/* Whether x[0..k-1] and y[0..k-1] hold the same cells (each list without repeats). */
static int same_cells(const uint8_t *x, const uint8_t *y, unsigned k)
{
    unsigned i, j;
    for (i = 0; i < k; i++) {
        for (j = 0; j < k && y[j] != x[i]; j++)
            ;
        if (j == k)
            return 0;
    }
    return 1;
}

/* The cells a[0..k-1] add up to `total`: a derived cage when they are all peers, else a
 * sum over cells that may repeat digits; no solution when no digits make it. */
static void add_sum(Geo *G, unsigned s, const uint8_t *a, unsigned k, int total)
{
    unsigned j;
    if (total < (int)k || total > (int)(k * G->n)) {
        G->impossible = 1;
        return;
    }
    if (!k)
        return;
    if (all_peers(G, a, k)) {
        for (j = 0; j < G->ncages; j++)
            if (G->cage[j].size == k && same_cells(G->cage_cell + G->cage[j].at, a, k))
                return;
        (void)add_cage(G, s, a, k, (unsigned)total, 0); /* when full, the rest is left out */
        return;
    }
    if (k > GN_MAXSUMCELLS || k * G->n > 63 || G->nsums >= GN_MAXSUMS)
        return;
    for (j = 0; j < G->nsums; j++)
        if ((unsigned)(G->sum_at[j + 1] - G->sum_at[j]) == k &&
            same_cells(G->sum_cell + G->sum_at[j], a, k))
            return;
    memcpy(G->sum_cell + G->sum_at[G->nsums], a, k);
    G->sum_total[G->nsums] = (uint16_t)total;
    G->nsums++;
    G->sum_at[G->nsums] = (uint16_t)(G->sum_at[G->nsums - 1] + k);
}

/*
 * The 45 rule over a region (cells in[c], whose digits add up to `total`): the cages of the
 * puzzle wholly inside it leave the rest of it (its innies) a known sum; when every cell of
 * it is in a cage, the cells outside it of the cages it cuts (its outies) have a known sum
 * too: theirs minus what the region leaves them.
 */
static void region_sums(Geo *G, unsigned s, const uint8_t *loose, unsigned nloose,
                        const uint8_t *in, int total)
{
    uint8_t innie[MAX_CELLS] = {0}, outie[MAX_CELLS] = {0};
    unsigned k, i, ni = 0, no = 0;
    int inside = 0, cut = 0, covered;
    for (i = 0; i < nloose; i++)
        if (in[loose[i]])
            innie[ni++] = loose[i];
    covered = ni == 0;
    for (k = 0; k < G->ngiven; k++) {
        const GnCage *K = &G->cage[k];
        const uint8_t *cells = G->cage_cell + K->at;
        unsigned m = 0;
        for (i = 0; i < K->size; i++)
            m += in[cells[i]];
        if (m == K->size) {
            inside += K->total;
        } else if (m) {
            cut += K->total;
            for (i = 0; i < K->size; i++) {
                if (in[cells[i]])
                    innie[ni++] = cells[i];
                else
                    outie[no++] = cells[i];
            }
        }
    }
    add_sum(G, s, innie, ni, total - inside);
    if (covered)
        add_sum(G, s, outie, no, inside + cut - total);
}

/* The 45 rule over runs of adjacent rows, of adjacent columns, and over each region, when
 * the puzzle's cages with a sum do not share cells. */
static void build_sums(Geo *G, unsigned s)
{
    const unsigned n = G->n, whole = n * (n + 1) / 2;
    uint8_t caged[MAX_CELLS] = {0}, in[MAX_CELLS], line[MAX_CELLS], loose[MAX_CELLS];
    unsigned c, k, i, a, b, dir, u, nloose = 0;
    for (k = 0; k < G->ngiven; k++)
        for (i = 0; i < G->cage[k].size; i++) {
            c = G->cage_cell[G->cage[k].at + i];
            if (caged[c])
                return; /* cages that share cells say nothing about a region's sum */
            caged[c] = 1;
        }
    for (c = 0; c < G->ncells; c++)
        if (!caged[c])
            loose[nloose++] = (uint8_t)c;
    for (dir = 0; dir < 2; dir++) {
        int lines = 1;
        for (c = 0; c < G->ncells; c++)
            line[c] = (uint8_t)(dir ? c % n : c / n);
        for (a = 0; a < n && lines; a++)
            for (i = 0; i < n; i++)
                lines &= line[G->unit[dir * n + a][i]] == a;
        if (!lines)
            continue; /* units dir * n .. are not the rows (columns) in order */
        for (a = 0; a < n; a++)
            for (b = a; b < n; b++) {
                if (b - a + 1 == n)
                    continue;
                for (c = 0; c < G->ncells; c++)
                    in[c] = (uint8_t)(line[c] - a <= b - a);
                region_sums(G, s, loose, nloose, in, (int)((b - a + 1) * whole));
            }
    }
    for (u = 2 * n; u < 3 * n; u++) {
        memset(in, 0, G->ncells);
        for (i = 0; i < n; i++)
            in[G->unit[u][i]] = 1;
        region_sums(G, s, loose, nloose, in, (int)whole);
    }
}

const char *gn_build(GnGeo *G, unsigned n, unsigned nunits, const uint8_t *units,
                     const uint16_t *extra_at, const uint8_t *extra, const uint16_t *near_at,
                     const uint8_t *near, unsigned ncages, const uint16_t *cage_at,
                     const uint8_t *cage_cells, const uint16_t *totals)
{
    const unsigned s = shape_of(n);
    const Geo *plain = s < NSHAPES && classic[s].n ? &classic[s] : NULL;
    unsigned c, u, i, v, np = 0, k;
    int extras = 0;
    const char *bad;
    if (s >= NSHAPES)
        return "the side must be 4, 6, 9, 12 or 16";
    if (nunits < 3 * n || nunits > GN_MAXUNITS)
        return "too few or too many units";
    memset(G, 0, sizeof *G);
    G->n = n;
    G->ncells = n * n;
    G->nunits = nunits;
    G->all = (uint16_t)((1u << n) - 1u);
    for (u = 0; u < nunits; u++) {
        uint8_t seen[MAX_CELLS] = {0};
        for (i = 0; i < n; i++) {
            const unsigned cell = units[u * n + i];
            if (cell >= G->ncells || seen[cell])
                return "a unit holds a cell twice or a cell off the grid";
            seen[cell] = 1;
            G->unit[u][i] = (uint8_t)cell;
        }
    }
    for (k = 0; k < ncages; k++) {
        uint8_t seen[MAX_CELLS] = {0};
        if (cage_at[k + 1] < cage_at[k])
            return "a cage ends before it starts";
        for (i = cage_at[k]; i < cage_at[k + 1]; i++) {
            if (cage_cells[i] >= G->ncells || seen[cage_cells[i]])
                return "a cage holds a cell twice or a cell off the grid";
            seen[cage_cells[i]] = 1;
        }
    }
    for (c = 0; c < G->ncells; c++) {
        uint8_t seen[MAX_CELLS] = {0};
        seen[c] = 1;
        G->peer_at[c] = (uint16_t)np;
        for (u = 0; u < nunits; u++) {
            int in = 0;
            for (i = 0; i < n; i++)
                in |= G->unit[u][i] == c;
            if (!in)
                continue;
            for (i = 0; i < n; i++) {
                const unsigned p = G->unit[u][i];
                if (!seen[p]) {
                    if (np - G->peer_at[c] >= GN_MAXPEERS)
                        return "a cell has too many peers";
                    seen[p] = 1;
                    G->peer[np++] = (uint8_t)p;
                }
            }
        }
        for (k = extra_at[c]; k < extra_at[c + 1]; k++) {
            const unsigned p = extra[k];
            if (p >= G->ncells)
                return "an extra peer is off the grid";
            extras = 1;
            if (!seen[p]) {
                if (np - G->peer_at[c] >= GN_MAXPEERS)
                    return "a cell has too many peers";
                seen[p] = 1;
                G->peer[np++] = (uint8_t)p;
            }
        }
        /* the other cells of its cages (their digits differ) */
        for (k = 0; k < ncages; k++) {
            const unsigned first = cage_at[k], end = cage_at[k + 1];
            for (i = first; i < end && cage_cells[i] != c; i++)
                ;
            if (i == end)
                continue;
            for (i = first; i < end; i++) {
                const unsigned p = cage_cells[i];
                if (!seen[p]) {
                    if (np - G->peer_at[c] >= GN_MAXPEERS)
                        return "a cell has too many peers";
                    seen[p] = 1;
                    G->peer[np++] = (uint8_t)p;
                }
            }
        }
        if (near_at[c + 1] - near_at[c] > GN_MAXNEAR)
            return "a cell has more than 4 neighbours";
        for (k = near_at[c]; k < near_at[c + 1]; k++) {
            if (near[k] >= G->ncells || near[k] == c)
                return "a neighbour is off the grid";
            G->near[c][G->nnear[c]++] = near[k];
            G->nonconsecutive = 1;
        }
    }
    G->peer_at[G->ncells] = (uint16_t)np;
    G->extras = extras;
    G->allunits = nunits >= 64 ? ~0ull : (1ull << nunits) - 1u;
    for (u = 0; u < nunits; u++)
        for (i = 0; i < n; i++)
            G->cell_units[G->unit[u][i]] |= 1ull << u;
    if ((bad = build_cages(G, s, ncages, cage_at, cage_cells, totals)) != NULL)
        return bad;
    if (G->nonconsecutive)
        for (c = 0; c < G->ncells; c++) {
            G->nearbits[c][c / 64] |= 1ull << (c % 64);
            for (i = 0; i < G->nnear[c]; i++)
                G->nearbits[c][G->near[c][i] / 64] |= 1ull << (G->near[c][i] % 64);
        }
    if (extras || ncages || G->nonconsecutive) {
        for (c = 0; c < G->ncells; c++)
            for (k = G->peer_at[c]; k < G->peer_at[c + 1]; k++)
                G->peerbits[c][G->peer[k] / 64] |= 1ull << (G->peer[k] % 64);
        for (u = 0; u < nunits; u++)
            for (i = 0; i < n; i++)
                G->unitbits[u][G->unit[u][i] / 64] |= 1ull << (G->unit[u][i] % 64);
    }
    if (G->ngiven)
        build_sums(G, s);
    G->npeers = np % G->ncells ? 0 : np / G->ncells;
    for (c = 0; c < G->ncells && G->npeers; c++)
        if (GN_NPEERS(G, c) != G->npeers)
            G->npeers = 0;
    /* Rows, columns and usual boxes first: the line-box segments of the boxes. */
    if (plain == NULL || !memcmp(G->unit, plain->unit, sizeof G->unit[0] * 3 * n)) {
        const unsigned br = SHAPES[s][0], bc = SHAPES[s][1];
        unsigned r;
        G->br = br;
        G->bc = bc;
        for (r = 0; r < n; r++)
            for (c = 0; c < n; c++) {
                const unsigned cell = r * n + c;
                G->rseg[r][c / bc][c % bc] = (uint8_t)cell;
                G->cseg[c][r / br][r % br] = (uint8_t)cell;
            }
        G->classic = nunits == 3 * n && !extras && !G->nonconsecutive && !ncages;
    }
    /* Every other pair of units that shares two cells or more. */
    for (u = 0; u < nunits; u++)
        for (v = u + 1; v < nunits; v++) {
            uint16_t in_u, in_v;
            if (G->br && u < 2 * n && v >= 2 * n && v < 3 * n)
                continue; /* a line and a box: rseg, cseg */
            in_u = shared(G, u, v, &in_v);
            if (GN_POP(in_u) < 2 || G->nsegs >= GN_MAXSEGS)
                continue;
            G->seg[G->nsegs].u = (uint8_t)u;
            G->seg[G->nsegs].v = (uint8_t)v;
            G->seg[G->nsegs].in_u = in_u;
            G->seg[G->nsegs].in_v = in_v;
            G->nsegs++;
        }
    return NULL;
}

typedef struct {
    uint16_t cand[MAX_CELLS];
    uint8_t done[MAX_CELLS];
    unsigned left; /* cells not yet done */
} Board;

typedef struct {
    uint8_t q[MAX_CELLS]; /* each cell is queued at most once: when it becomes done */
    unsigned n;
    /* The units whose cells lost candidates since the passes last took them (bits over
     * units; cu: the geometry's cell_units). */
    uint64_t touched;
    const uint64_t *cu;
} Queue;

static void queue_init(const Geo *G, Queue *Q)
{
    Q->n = 0;
    Q->touched = 0;
    Q->cu = G->cell_units;
}

static void settle_cell(Board *B, Queue *Q, unsigned c)
{
    Q->touched |= Q->cu[c];
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
    Q->touched |= Q->cu[c];
    if (!x)
        return 0;
    if (!(x & (x - 1)) && !B->done[c])
        settle_cell(B, Q, c);
    return 1;
}

static int drain_queue(const Geo *G, Board *B, Queue *Q)
{
    if (G->npeers && !G->nonconsecutive) {
        /* every cell has as many peers (classic rules): a fixed stride, as before */
        const unsigned np = G->npeers;
        while (Q->n) {
            const unsigned c = Q->q[--Q->n];
            const uint16_t bit = B->cand[c];
            const uint8_t *p = G->peer + c * np;
            unsigned i;
            for (i = 0; i < np; i++)
                if (!elim(B, Q, p[i], bit))
                    return 0;
        }
        return 1;
    }
    while (Q->n) {
        const unsigned c = Q->q[--Q->n];
        const uint16_t bit = B->cand[c];
        const uint8_t *p = GN_PEERS(G, c);
        const unsigned np = GN_NPEERS(G, c);
        unsigned i;
        for (i = 0; i < np; i++)
            if (!elim(B, Q, p[i], bit))
                return 0;
        if (G->nonconsecutive) {
            /* its orthogonal neighbours lose the digits one above and one below */
            const uint16_t next = (uint16_t)(((unsigned)bit << 1 | bit >> 1) & G->all);
            for (i = 0; i < G->nnear[c]; i++)
                if (!elim(B, Q, G->near[c][i], next))
                    return 0;
        }
    }
    return 1;
}

/* The settled cells' digits leave their peers (nothing to do, and no call, when none is
 * queued: the passes drain after each unit). */
static inline int drain(const Geo *G, Board *B, Queue *Q)
{
    return !Q->n || drain_queue(G, B, Q);
}

/* Hidden singles in the units of *todo (cleared as they are looked at); sets *changed
 * when a cell was settled. A unit whose cells did not change since it was last looked at
 * holds no new single. */
static int hidden(const Geo *G, Board *B, Queue *Q, int *changed, uint64_t *todo)
{
    unsigned u, i;
    while (*todo) {
        const uint8_t *cells;
        uint16_t once = 0, twice = 0, placed = 0, hs;
        u = GN_CTZ64(*todo);
        *todo &= *todo - 1;
        cells = G->unit[u];
        for (i = 0; i < G->n; i++) {
            const uint16_t x = B->cand[cells[i]];
            twice |= (uint16_t)(once & x);
            once |= x;
            placed |= (x & (x - 1)) ? 0 : x;
        }
        if (once != G->all)
            return 0; /* a digit has no place left in this unit */
        /* digits seen once, but not those of settled cells (nothing to do for them) */
        hs = (uint16_t)(once & ~twice & ~placed);
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
 * k-th box along it (`nk` boxes), `band` lines share those boxes; the lines are units
 * `off`, `off + 1`... A band none of whose lines is in `look` (the units whose cells
 * changed since the pass last looked) is as it was then, and is skipped. Masks are taken
 * once per pass; eliminations only shrink them, so a stale mask never claims too much.
 */
static int locked_dir(const Geo *G, Board *B, Queue *Q, const uint8_t (*seg)[MAX_BOX_SIDE][MAX_BOX_SIDE],
                      unsigned nk, unsigned len, unsigned band, int *changed, uint64_t look,
                      unsigned off)
{
    uint16_t M[MAX_N][MAX_BOX_SIDE];
    unsigned line, k, j, first;
    for (line = 0; line < G->n; line++) {
        first = line - line % band;
        if (line == first) {
            if (!(look >> (off + first) & ((1ull << band) - 1u))) {
                line += band - 1; /* no cell of the band changed */
                continue;
            }
            for (j = first; j < first + band; j++)
                for (k = 0; k < nk; k++)
                    M[j][k] = seg_mask(B, seg[j][k], len);
        }
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

/*
 * Locked candidates between any two units u and v sharing the cells I (a diagonal and a
 * box, a window and a row, a jigsaw region and a column...): a digit whose places in u
 * are all in I leaves v outside I, and the other way round.
 */
static int locked_segs(const Geo *G, Board *B, Queue *Q, int *changed, uint64_t *todo)
{
    const uint64_t look = *todo; /* the units whose cells changed since the last pass */
    unsigned k, i;
    *todo = 0;
    for (k = 0; k < G->nsegs; k++) {
        const GnSeg *S = &G->seg[k];
        const uint8_t *cu = G->unit[S->u], *cv = G->unit[S->v];
        uint16_t inside = 0, rest_u = 0, rest_v = 0, only;
        if (!((look >> S->u | look >> S->v) & 1u))
            continue;
        /* without branches on where each cell is (a pattern per pair of units, which
         * the processor would guess wrong) */
        for (i = 0; i < G->n; i++) {
            const uint16_t x = B->cand[cu[i]], in = (uint16_t)(0u - (S->in_u >> i & 1u));
            inside |= (uint16_t)(x & in);
            rest_u |= (uint16_t)(x & ~in);
            rest_v |= (uint16_t)(B->cand[cv[i]] & ((S->in_v >> i & 1u) - 1u));
        }
        only = (uint16_t)(inside & ~rest_u & rest_v); /* confined in u: leaves v */
        if (only)
            for (i = 0; i < G->n; i++)
                if (!(S->in_v >> i & 1u) && (B->cand[cv[i]] & only)) {
                    *changed = 1;
                    if (!elim(B, Q, cv[i], only))
                        return 0;
                }
        only = (uint16_t)(inside & ~rest_v & rest_u); /* confined in v: leaves u */
        if (only)
            for (i = 0; i < G->n; i++)
                if (!(S->in_u >> i & 1u) && (B->cand[cu[i]] & only)) {
                    *changed = 1;
                    if (!elim(B, Q, cu[i], only))
                        return 0;
                }
        if (!drain(G, B, Q))
            return 0;
    }
    return 1;
}

/*
 * Non-consecutive, beyond settled cells: a cell whose candidates all lie in {e-1, e, e+1}
 * takes e from its orthogonal neighbours whichever it holds (d-1 or d+1 forbid e next
 * to it; e itself is in the row or column it shares with each neighbour). So {d-1, d+1}
 * takes d, {d, d+1} takes d and d+1, {d-1, d, d+1} takes d.
 */
static int nonconsecutive_pairs(const Geo *G, Board *B, Queue *Q, int *changed)
{
    unsigned c, i;
    for (c = 0; c < G->ncells; c++) {
        const uint16_t m = B->cand[c];
        unsigned lo, hi;
        uint16_t mid;
        if (B->done[c])
            continue;
        lo = ANY_CTZ(m);
        if ((unsigned)m >> lo > 7u)
            continue; /* candidates more than three apart */
        for (hi = lo; (unsigned)m >> hi > 1u; hi++)
            ;
        /* a digit e with every candidate within {e-1, e, e+1}: e - 1 <= lo, hi <= e + 1 */
        mid = (uint16_t)(((2u << (lo + 1)) - 1u) & ~((1u << (hi ? hi - 1 : 0)) - 1u) & G->all);
        if (!mid)
            continue;
        for (i = 0; i < G->nnear[c]; i++)
            if (B->cand[G->near[c][i]] & mid) {
                *changed = 1;
                if (!elim(B, Q, G->near[c][i], mid))
                    return 0;
            }
    }
    return drain(G, B, Q);
}

/*
 * Rules with extra peers (knight's or king's moves): a digit whose places in a unit all
 * see a cell (through a unit or a move) leaves that cell, which holding it would leave the
 * digit no place in the unit. Pointing and claiming are the case of two units; this one
 * reaches the cells a move away. The places' peers are intersected as bit sets.
 */
#if defined(__GNUC__) || defined(__clang__)
#define GN_INLINE inline __attribute__((always_inline))
#else
#define GN_INLINE inline
#endif

/* The open cells of every digit (where[d]: those that may hold d) as sets of cells. */
typedef uint64_t Places[MAX_N][MAX_CELLS / 64];

static GN_INLINE void places_w(const Geo *G, const Board *B, Places where, const unsigned words)
{
    unsigned c, d, w;
    for (d = 0; d < G->n; d++)
        for (w = 0; w < words; w++)
            where[d][w] = 0;
    if (G->n == 9) {
        /* 9x9: the nine digits' sets built in registers, one bit per cell each, instead
         * of a read-modify-write of memory per candidate (6-10 % of the time under
         * knight's and king's moves and non-consecutive) */
        for (w = 0; w < words; w++) {
            uint64_t p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0, p8 = 0;
            const unsigned end = (w + 1) * 64 < G->ncells ? (w + 1) * 64 : G->ncells;
            for (c = w * 64; c < end; c++) {
                const uint64_t m = B->done[c] ? 0u : B->cand[c];
                const unsigned i = c % 64;
                p0 |= (m & 1u) << i;
                p1 |= (m >> 1 & 1u) << i;
                p2 |= (m >> 2 & 1u) << i;
                p3 |= (m >> 3 & 1u) << i;
                p4 |= (m >> 4 & 1u) << i;
                p5 |= (m >> 5 & 1u) << i;
                p6 |= (m >> 6 & 1u) << i;
                p7 |= (m >> 7 & 1u) << i;
                p8 |= (m >> 8 & 1u) << i;
            }
            where[0][w] = p0;
            where[1][w] = p1;
            where[2][w] = p2;
            where[3][w] = p3;
            where[4][w] = p4;
            where[5][w] = p5;
            where[6][w] = p6;
            where[7][w] = p7;
            where[8][w] = p8;
        }
        return;
    }
    for (c = 0; c < G->ncells; c++)
        if (!B->done[c]) {
            uint16_t m;
            for (m = B->cand[c]; m; m &= (uint16_t)(m - 1))
                where[ANY_CTZ(m)][c / 64] |= 1ull << (c % 64);
        }
}

/* What seen_by_all last looked at: at a child node, the places of its parent (where a
 * pass found nothing), else none (it looks at everything). */
static void places_from(const Geo *G, const Board *from, Places last)
{
    if (from != NULL)
        places_w(G, from, last, (G->ncells + 63) / 64);
    else
        memset(last, 0, sizeof(Places));
}

/*
 * A digit's places in a unit, intersected: with ``near`` 0, the cells that see every place
 * (through a unit, a move or a cage: peerbits) lose the digit; with ``near`` 1
 * (non-consecutive), the cells next to every place or on it (nearbits) lose the digits
 * one above and one below (whichever place takes d, the cell is it or beside it).
 * Places are taken once per pass: eliminations only shrink them, and a superset of a
 * digit's places only makes the cells seeing all of them fewer. ``near`` and ``words``
 * are constants in each caller, so each case compiles to its own loop.
 */
static GN_INLINE int places_seen_w(const Geo *G, Board *B, Queue *Q, int *changed,
                                   Places last, const unsigned words, const int near,
                                   uint64_t look)
{
    const unsigned n = G->n;
    Places where, moves;
    unsigned u, w, c, d, digits = 0;
    places_w(G, B, where, words);
    /* the digits whose places moved since last looked at, and where */
    for (d = 0; d < n; d++) {
        uint64_t any = 0;
        for (w = 0; w < words; w++)
            any |= moves[d][w] = where[d][w] ^ last[d][w];
        digits |= (any != 0) << d;
    }
    /* only the units in `look` (those whose cells changed since) can have moved places */
    for (; look && digits; look &= look - 1) {
        const uint64_t *in_u;
        unsigned todo;
        u = GN_CTZ64(look);
        in_u = G->unitbits[u];
        for (todo = digits; todo; todo &= todo - 1) {
            uint64_t see[MAX_CELLS / 64], at[MAX_CELLS / 64], any = 0, moved = 0;
            int many = 0, some = 0;
            uint16_t mask;
            d = GN_CTZ(todo);
            mask = near ? (uint16_t)(((2u << d) | (1u << d >> 1)) & G->all) : (uint16_t)(1u << d);
            for (w = 0; w < words; w++) {
                at[w] = where[d][w] & in_u[w];
                moved |= moves[d][w] & in_u[w];
                if (at[w]) {
                    many |= some || (at[w] & (at[w] - 1));
                    some = 1;
                }
            }
            /* Places as when last looked at: the cells seeing them all have lost the
             * digits then (places only shrink, and so do the cells seeing them). One place
             * or none: the singles see to it. */
            if (!moved || !many)
                continue;
            for (w = 0; w < words; w++)
                see[w] = near ? ~0ull : where[d][w] & ~in_u[w];
            for (w = 0; w < words; w++) {
                uint64_t x;
                for (x = at[w]; x; x &= x - 1) {
                    const uint64_t *p = near ? G->nearbits[w * 64 + GN_CTZ64(x)]
                                             : G->peerbits[w * 64 + GN_CTZ64(x)];
                    unsigned v;
                    any = 0;
                    for (v = 0; v < words; v++)
                        any |= see[v] &= p[v];
                    if (!any)
                        goto next; /* no cell sees them all */
                }
            }
            for (w = 0; w < words; w++) {
                uint64_t x;
                for (x = see[w]; x; x &= x - 1) {
                    c = w * 64 + GN_CTZ64(x);
                    if (B->cand[c] & mask) {
                        *changed = 1;
                        if (!elim(B, Q, c, mask))
                            return 0;
                    }
                }
            }
        next:;
        }
        if (!drain(G, B, Q))
            return 0;
    }
    memcpy(last, where, sizeof(Places));
    return 1;
}

/* The word count a constant: 2 words for 9x9, 1 for smaller grids, 3 or 4 beyond. */
#define PLACES_SEEN(G, B, Q, changed, last, near, look)                                  \
    switch (((G)->ncells + 63) / 64) {                                                   \
    case 1:                                                                              \
        return places_seen_w(G, B, Q, changed, last, 1, near, look);                     \
    case 2:                                                                              \
        return places_seen_w(G, B, Q, changed, last, 2, near, look);                     \
    case 3:                                                                              \
        return places_seen_w(G, B, Q, changed, last, 3, near, look);                     \
    default:                                                                             \
        return places_seen_w(G, B, Q, changed, last, 4, near, look);                     \
    }

/* `look`: the units whose cells changed since `last` (all of them will do). */
static int seen_by_all(const Geo *G, Board *B, Queue *Q, int *changed, Places last,
                       uint64_t look)
{
    PLACES_SEEN(G, B, Q, changed, last, 0, look)
}

static int near_places(const Geo *G, Board *B, Queue *Q, int *changed, Places last,
                       uint64_t look)
{
    PLACES_SEEN(G, B, Q, changed, last, 1, look)
}

/* Set bits of a 16-bit mask (the killer code counts digits in its inner loops). */
#define pop16(x) GN_POP(x)

/* Whether the digits of `set` (k of them) go one per cell of m[0..k-1], each into a cell
 * that allows it: the tightest cell first, its digits in turn. */
static int matches(const uint16_t *m, unsigned k, uint16_t set)
{
    uint16_t rest[MAX_N], x;
    unsigned i, j, best = 0, fewest = MAX_N + 1;
    if (!k)
        return 1;
    for (i = 0; i < k; i++) {
        const unsigned p = pop16(m[i] & set);
        if (p < fewest) {
            fewest = p;
            best = i;
            if (p <= 1)
                break;
        }
    }
    if (!fewest)
        return 0;
    for (i = j = 0; i < k; i++)
        if (i != best)
            rest[j++] = m[i];
    for (x = (uint16_t)(m[best] & set); x; x &= (uint16_t)(x - 1))
        if (matches(rest, k - 1, (uint16_t)(set & ~(x & (0u - x)))))
            return 1;
    return 0;
}

/*
 * Hall's condition for k cells with candidates m[0..k-1] and the k digits of `set`: 0 when
 * some cells together allow fewer of its digits than they are (no way to place them one per
 * cell); else forbid[i] gets the digits that cell i cannot take in any placement: those of
 * every other set of cells that allow exactly as many digits as they are (they need them
 * all). Only cells allowing fewer than k digits can be in such a set: the subsets of those
 * are walked as bit masks, each union from a smaller one.
 */
#define HALL_MAX 10

static int hall(const uint16_t *m, unsigned k, uint16_t set, uint16_t *forbid)
{
    uint16_t U[1u << HALL_MAX], mine[HALL_MAX];
    uint8_t N[1u << HALL_MAX], at[HALL_MAX];
    unsigned T, i, r = 0, full;
    for (i = 0; i < k; i++) {
        forbid[i] = 0;
        if (pop16(m[i] & set) < k) {
            at[r] = (uint8_t)i;
            mine[r++] = (uint16_t)(m[i] & set);
        }
    }
    full = (1u << r) - 1u;
    U[0] = 0;
    N[0] = 0;
    for (T = 1; T <= full; T++) {
        const unsigned rest = T & (T - 1);
        const uint16_t u = (uint16_t)(U[rest] | mine[ANY_CTZ(T)]);
        const unsigned cells = N[rest] + 1u, digits = pop16(u);
        U[T] = u;
        N[T] = (uint8_t)cells;
        if (digits < cells)
            return 0;
        if (digits == cells && cells < k) {
            /* these cells need these digits: every other cell loses them */
            unsigned in = 0, j;
            for (j = T; j; j &= j - 1)
                in |= 1u << at[ANY_CTZ(j)];
            for (i = 0; i < k; i++)
                if (!(in >> i & 1u))
                    forbid[i] |= u;
        }
    }
    return 1;
}

/*
 * Cage sums (killer), per cage with a sum: its digit sets of the right size and sum are
 * narrowed to those its cells still allow (every settled digit in it, every cell meeting
 * it, no digit no cell can take). A digit in none of them leaves every cell of the cage; a
 * digit in all of them that only one cell can take goes there (a hidden single in the
 * cage), and leaves every cell that sees all its places in the cage (through a unit, a
 * move or another cage: a cage inside a unit takes its sure digits from the rest of it).
 */
static int cage_sums(const Geo *G, Board *B, Queue *Q, int exact, uint16_t *seen, int *changed)
{
    const unsigned words = (G->ncells + 63) / 64;
    unsigned k, i, j, w;
    for (k = 0; k < G->ncages; k++) {
        const GnCage *K = &G->cage[k];
        const uint8_t *cells = G->cage_cell + K->at;
        const unsigned size = K->size;
        uint16_t m[MAX_N], support[MAX_N], rest[MAX_N], mo[MAX_N], forbid[MAX_N];
        uint8_t open_at[MAX_N];
        unsigned nopen;
        int quick;
        uint16_t any = 0, fixed = 0, allowed = 0, required = G->all;
        uint16_t once = 0, twice = 0, single, sure;
        int open = 0, same = 1;
        for (i = 0; i < size; i++) {
            const uint16_t x = B->cand[cells[i]];
            m[i] = x;
            any |= x;
            same &= x == seen[K->at + i];
            if (x & (x - 1))
                open = 1;
            else
                fixed |= x;
        }
        if (same)
            continue; /* as when last looked at */
        if (!open && pop16(fixed) == size) {
            /* full: its digits make the sum, or the board fails */
            unsigned sum = 0;
            for (i = 0; i < size; i++)
                sum += ANY_CTZ(m[i]) + 1;
            if (sum != K->total)
                return 0;
            continue;
        }
        nopen = 0;
        for (i = 0; i < size; i++) {
            support[i] = 0;
            if (m[i] & (m[i] - 1)) {
                open_at[nopen] = (uint8_t)i;
                mo[nopen++] = (uint16_t)(m[i] & ~fixed);
            } else {
                support[i] = m[i];
            }
        }
        quick = !exact;
        for (j = K->combo_at; j < K->combo_end; j++) {
            const uint16_t set = gn_combo[j];
            if ((set & fixed) != fixed || (set & ~any))
                continue;
            if (quick) {
                /* quick: every cell meets the set */
                for (i = 0; i < size && (m[i] & set); i++)
                    ;
                if (i == size) {
                    allowed |= set;
                    required &= set;
                }
                continue;
            }
            for (i = 0; i < size && (m[i] & set); i++)
                ;
            if (i < size)
                continue; /* a cell meets none of its digits */
            if (nopen <= HALL_MAX) {
                /* the open cells and the set's other digits, by Hall's condition */
                const uint16_t free = (uint16_t)(set & ~fixed);
                if ((set & ~allowed) == 0 && (required & ~set) == 0) {
                    /* nothing to learn from it unless it gives a cell a new digit */
                    for (i = 0; i < nopen && !(mo[i] & free & ~support[open_at[i]]); i++)
                        ;
                    if (i == nopen)
                        continue;
                }
                if (!hall(mo, nopen, free, forbid))
                    continue;
                allowed |= set;
                required &= set;
                for (i = 0; i < nopen; i++)
                    support[open_at[i]] |= (uint16_t)(mo[i] & free & ~forbid[i]);
                continue;
            }
            if (!matches(m, size, set))
                continue;
            allowed |= set;
            required &= set;
            /* each digit a cell may hold in it: the others can take the rest, one each */
            for (i = 0; i < size; i++) {
                uint16_t x = (uint16_t)(m[i] & set & ~support[i]);
                unsigned a, b = 0;
                if (!x)
                    continue;
                for (a = 0; a < size; a++)
                    if (a != i)
                        rest[b++] = m[a];
                for (; x; x &= (uint16_t)(x - 1)) {
                    const uint16_t bit = (uint16_t)(x & (0u - x));
                    if (matches(rest, size - 1, (uint16_t)(set & ~bit)))
                        support[i] |= bit;
                }
            }
        }
        if (!allowed)
            return 0;
        if (quick)
            for (i = 0; i < size; i++)
                support[i] = allowed;
        for (i = 0; i < size; i++) {
            if (m[i] & ~support[i]) {
                *changed = 1;
                if (!elim(B, Q, cells[i], (uint16_t)~support[i]))
                    return 0;
            }
            seen[K->at + i] = B->cand[cells[i]];
        }
        for (i = 0; i < size; i++) {
            const uint16_t x = B->cand[cells[i]];
            twice |= (uint16_t)(once & x);
            once |= x;
        }
        if (required & ~once)
            return 0; /* a digit the cage must hold has no place in it */
        single = (uint16_t)(required & once & ~twice);
        if (single) {
            for (i = 0; i < size; i++) {
                const unsigned c = cells[i];
                uint16_t x;
                if (B->done[c] || !(B->cand[c] & single))
                    continue;
                x = (uint16_t)(B->cand[c] & single);
                if (x & (x - 1))
                    return 0; /* one cell would need two digits */
                B->cand[c] = x;
                settle_cell(B, Q, c);
                *changed = 1;
            }
        }
        /* sure digits not yet placed: every cell seeing all their places loses them */
        sure = (uint16_t)(required & twice);
        for (; sure; sure &= (uint16_t)(sure - 1)) {
            const uint16_t bit = (uint16_t)(sure & (0u - sure));
            uint64_t see[MAX_CELLS / 64];
            int first = 1;
            for (i = 0; i < size; i++) {
                const unsigned c = cells[i];
                if (!(B->cand[c] & bit))
                    continue;
                if (first) {
                    memcpy(see, G->peerbits[c], words * sizeof see[0]);
                    first = 0;
                } else {
                    for (w = 0; w < words; w++)
                        see[w] &= G->peerbits[c][w];
                }
            }
            if (first)
                return 0;
            for (w = 0; w < words; w++) {
                uint64_t x;
                for (x = see[w]; x; x &= x - 1) {
                    const unsigned c = w * 64 + GN_CTZ64(x);
                    if (B->cand[c] & bit) {
                        *changed = 1;
                        if (!elim(B, Q, c, bit))
                            return 0;
                    }
                }
            }
        }
        if (!drain(G, B, Q))
            return 0;
    }
    return 1;
}

/*
 * Sums over cells that may repeat digits (the 45 rule over several units): each cell keeps
 * the digits that, with some digits the other cells allow, make the sum. The sums each
 * first few cells can make and those each last few can make, as bit sets (every sum is
 * below 64), meet at each cell.
 */
static int repeat_sums(const Geo *G, Board *B, Queue *Q, int *changed)
{
    unsigned k, i;
    for (k = 0; k < G->nsums; k++) {
        const uint8_t *cells = G->sum_cell + G->sum_at[k];
        const unsigned size = (unsigned)(G->sum_at[k + 1] - G->sum_at[k]);
        const unsigned total = G->sum_total[k];
        uint64_t head[GN_MAXSUMCELLS + 1], tail[GN_MAXSUMCELLS + 1];
        int open = 0;
        head[0] = 1;
        for (i = 0; i < size; i++) {
            uint16_t x = B->cand[cells[i]];
            open |= !B->done[cells[i]];
            head[i + 1] = 0;
            for (; x; x &= (uint16_t)(x - 1))
                head[i + 1] |= head[i] << (ANY_CTZ(x) + 1);
        }
        if (!(head[size] >> total & 1u))
            return 0;
        if (!open)
            continue;
        tail[size] = 1;
        for (i = size; i-- > 0;) {
            uint16_t x = B->cand[cells[i]];
            tail[i] = 0;
            for (; x; x &= (uint16_t)(x - 1))
                tail[i] |= tail[i + 1] << (ANY_CTZ(x) + 1);
        }
        for (i = 0; i < size; i++) {
            const uint16_t m = B->cand[cells[i]];
            uint64_t both = 0, t;
            uint16_t keep = 0, x;
            if (!(m & (m - 1)))
                continue;
            for (t = tail[i + 1]; t; t &= t - 1)
                both |= head[i] << GN_CTZ64(t);
            for (x = m; x; x &= (uint16_t)(x - 1)) {
                const unsigned d = ANY_CTZ(x) + 1;
                if (d <= total && (both >> (total - d) & 1u))
                    keep |= (uint16_t)(x & (0u - x));
            }
            if (m & ~keep) {
                *changed = 1;
                if (!elim(B, Q, cells[i], (uint16_t)(m & ~keep)))
                    return 0;
            }
        }
        if (!drain(G, B, Q))
            return 0;
    }
    return 1;
}

/* A full board: whether every cage with a sum has it (their digits differ: peers). */
static int sums_hold(const Geo *G, const Board *B)
{
    unsigned k, i;
    for (k = 0; k < G->ngiven; k++) {
        const GnCage *K = &G->cage[k];
        unsigned sum = 0;
        for (i = 0; i < K->size; i++)
            sum += ANY_CTZ(B->cand[G->cage_cell[K->at + i]]) + 1;
        if (sum != K->total)
            return 0;
    }
    return 1;
}

static int locked(const Geo *G, Board *B, Queue *Q, int *changed, Places last,
                  uint64_t *todo);

/*
 * propagate() under cages: the same steps, the cages' quick pass after the singles and
 * their exact pass last. Each pass skips a cage whose cells are as they were when the pass
 * last looked at it (what it would do is done): at a child node, as they were at its
 * parent, which propagation left at a fixpoint.
 */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static int propagate_cages(const Geo *G, Board *B, Queue *Q, const Board *from)
{
    uint16_t quick[GN_MAXCAGECELLS], exact[GN_MAXCAGECELLS];
    const GnCage *last = &G->cage[G->ncages - 1];
    const unsigned ncells = last->at + last->size;
    unsigned t;
    uint64_t units;
    Places seen, near;
    for (t = 0; t < ncells; t++)
        quick[t] = exact[t] = from != NULL ? from->cand[G->cage_cell[t]] : 0;
    if (G->extras)
        places_from(G, from, seen);
    if (G->nonconsecutive)
        places_from(G, from, near);
    for (;;) {
        int changed = 0;
        if (!drain(G, B, Q))
            return 0;
        if (!B->left)
            return sums_hold(G, B);
        units = G->allunits;
        if (!hidden(G, B, Q, &changed, &units))
            return 0;
        if (changed)
            continue;
        if (G->nonconsecutive && !nonconsecutive_pairs(G, B, Q, &changed))
            return 0;
        if (changed)
            continue;
        if (G->nonconsecutive && !near_places(G, B, Q, &changed, near, G->allunits))
            return 0;
        if (changed)
            continue;
        if (!cage_sums(G, B, Q, 0, quick, &changed))
            return 0;
        if (changed)
            continue;
        if (G->nsums && !repeat_sums(G, B, Q, &changed))
            return 0;
        if (changed)
            continue;
        units = G->allunits;
        if (!locked(G, B, Q, &changed, seen, &units))
            return 0;
        /* last, the costliest: which digits a cage's cells can take */
        if (!changed && !cage_sums(G, B, Q, 1, exact, &changed))
            return 0;
        if (!changed)
            return 1;
    }
}

/*
 * To a fixpoint. `from`: the parent node (NULL at the root) and `from_places` its digits'
 * places at its fixpoint (what the passes over places last looked at); `places` receives
 * this node's, for its children (under extra peers or neighbours only).
 */
static int propagate(const Geo *G, Board *B, Queue *Q, const Board *from, const Places from_places,
                     Places places)
{
    Places last, near;
    /* The units hidden singles and locked candidates look at: every one at the root, at a
     * child node those whose cells changed since its parent's fixpoint. */
    uint64_t hid = from != NULL ? 0 : G->allunits, segs = hid, lines = hid, nears = hid;
    if (G->ncages)
        return propagate_cages(G, B, Q, from);
    if (from != NULL && (G->extras || G->nonconsecutive)) {
        memcpy(last, from_places, sizeof(Places));
        memcpy(near, from_places, sizeof(Places));
    } else {
        memset(last, 0, sizeof(Places));
        memset(near, 0, sizeof(Places));
    }
    for (;;) {
        int changed = 0;
        if (!drain(G, B, Q))
            return 0;
        if (!B->left)
            return 1;
        hid |= Q->touched;
        segs |= Q->touched;
        lines |= Q->touched;
        nears |= Q->touched;
        Q->touched = 0;
        if (!hidden(G, B, Q, &changed, &hid))
            return 0;
        if (changed)
            continue;
        if (G->nonconsecutive && !nonconsecutive_pairs(G, B, Q, &changed))
            return 0;
        if (changed)
            continue;
        if (G->nonconsecutive) {
            /* nears: the units changed since it last looked */
            const uint64_t look = nears | Q->touched;
            nears = 0;
            if (!near_places(G, B, Q, &changed, near, look))
                return 0;
        }
        if (changed)
            continue;
        if (G->extras) {
            /* it covers pointing and claiming between any two units; `lines`: the
             * units changed since it last looked */
            const uint64_t look = lines;
            lines = 0;
            if (!seen_by_all(G, B, Q, &changed, last, look))
                return 0;
        } else if (G->br) {
            /* the bands whose lines changed since the last pass (the column pass also
             * looks again at what the row pass changed) */
            const uint64_t look = lines;
            lines = 0;
            if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->rseg,
                            G->br, G->bc, G->br, &changed, look, 0))
                return 0;
            if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->cseg,
                            G->bc, G->br, G->bc, &changed, look | Q->touched, G->n))
                return 0;
        }
        segs |= Q->touched;
        hid |= Q->touched;
        lines |= Q->touched;
        nears |= Q->touched;
        Q->touched = 0;
        if (!G->extras && G->nsegs && !locked_segs(G, B, Q, &changed, &segs))
            return 0;
        if (!changed) {
            /* the last passes over places looked at this fixpoint */
            if (G->extras)
                memcpy(places, last, sizeof(Places));
            else if (G->nonconsecutive)
                memcpy(places, near, sizeof(Places));
            return 1;
        }
    }
}

/* Locked candidates (or, under extra peers, the eliminations that cover them). */
static int locked(const Geo *G, Board *B, Queue *Q, int *changed, Places last,
                  uint64_t *todo)
{
    if (G->extras) {
        /* it covers pointing and claiming between any two units */
        if (!seen_by_all(G, B, Q, changed, last, G->allunits))
            return 0;
    } else if (G->br) {
        if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->rseg, G->br,
                        G->bc, G->br, changed, G->allunits, 0))
            return 0;
        if (!locked_dir(G, B, Q, (const uint8_t(*)[MAX_BOX_SIDE][MAX_BOX_SIDE])G->cseg, G->bc,
                        G->br, G->bc, changed, G->allunits, G->n))
            return 0;
    }
    if (!G->extras && G->nsegs && !locked_segs(G, B, Q, changed, todo))
        return 0;
    return 1;
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
    Places places; /* the root's places at its fixpoint */
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

/* Killer: among the open cells with the fewest candidates, one of the smallest cage (its
 * sum settles it soonest); at random among ties in shuffled runs. */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((noinline))
#endif
static unsigned killer_cell(Search *S, const Board *B)
{
    const Geo *G = S->G;
    unsigned c, best = MAX_CELLS, ties = 0, score, least = ~0u;
    for (c = 0; c < G->ncells; c++)
        if (!B->done[c]) {
            score = pop16(B->cand[c]) * 32u + G->cage_rank[c];
            if (score < least) {
                least = score;
                best = c;
                ties = 1;
            } else if (score == least && S->shuffled && rand_below(S, ++ties) == 0) {
                best = c;
            }
        }
    return best;
}

/*
 * Rules beyond the classic ones: among the open cells with the fewest candidates, the one
 * with the most open peers and neighbours (the first in row-major order on ties): its
 * value leaves the most candidates, so wrong guesses fail soonest. Under extra peers and
 * neighbours the cells differ much in how many they see, and the tree shrinks.
 */
static unsigned busiest_cell(const Geo *G, const Board *B)
{
    unsigned c, i, best = MAX_CELLS, most = 0, fewest = MAX_N + 1;
    uint8_t k[MAX_CELLS];
    /* first the fewest candidates, then the open peers of those cells only */
    for (c = 0; c < G->ncells; c++) {
        k[c] = (uint8_t)(B->done[c] ? MAX_N + 1 : ANY_POP(B->cand[c]));
        if (k[c] < fewest)
            fewest = k[c];
    }
    for (c = 0; c < G->ncells; c++)
        if (k[c] == fewest) {
            const uint8_t *p = GN_PEERS(G, c);
            const unsigned np = GN_NPEERS(G, c);
            unsigned open = 1;
            for (i = 0; i < np; i++)
                open += !B->done[p[i]];
            for (i = 0; i < G->nnear[c]; i++)
                open += !B->done[G->near[c][i]];
            if (open > most) {
                most = open;
                best = c;
            }
        }
    return best;
}

static void search(Search *S, const Board *B, const Places places)
{
    Places child;
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
    if (G->ngiven) {
        best = killer_cell(S, B);
    } else if (!G->classic && !S->shuffled) {
        best = busiest_cell(G, B);
    } else {
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
        queue_init(G, &Q);
        settle_cell(&next, &Q, best);
        if (propagate(G, &next, &Q, B, places, child))
            search(S, &next, child);
    }
}

uint64_t gn_search(const GnGeo *G, const uint8_t *cells, uint64_t limit, uint8_t *solution,
                   uint64_t *guesses, int (*stop)(void *), void *stop_arg, int *stopped)
{
    return gn_search_budget(G, cells, limit, solution, guesses, stop, stop_arg, stopped,
                            GN_FIRST_BUDGET);
}

uint64_t gn_search_budget(const GnGeo *G, const uint8_t *cells, uint64_t limit,
                          uint8_t *solution, uint64_t *guesses, int (*stop)(void *),
                          void *stop_arg, int *stopped, uint64_t first_budget)
{
    Board B;
    Queue Q;
    Search S;
    unsigned c, run;
    uint64_t count = 0;
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
    queue_init(G, &Q);
    for (c = 0; c < G->ncells; c++) {
        const unsigned v = cells[c];
        B.done[c] = 0;
        B.cand[c] = G->all;
        if (v >= 1 && v <= G->n) {
            B.cand[c] = (uint16_t)(1u << (v - 1));
            settle_cell(&B, &Q, c);
        }
    }
    if (first_budget == GN_FIRST_BUDGET && !G->classic && G->n <= 9)
        first_budget = GN_SMALL_BUDGET;
    if (!G->impossible && propagate(G, &B, &Q, NULL, NULL, S.places)) {
        S.budget = first_budget ? first_budget : 1;
        for (run = 0;; run++) {
            S.count = 0;
            S.spent = 0;
            S.out_of_budget = 0;
            S.shuffled = run > 0;
            S.rng = 0x9E3779B97F4A7C15ull * (run + 1u);
            search(&S, &B, S.places);
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
