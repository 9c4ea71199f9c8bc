/*
 * The C core for every size: see general.h. A board is the candidate masks and values of
 * its cells; the search copies the board at each branch (a few hundred bytes), so undoing
 * a trial is dropping its copy.
 */
#include "general.h"

#include <string.h>

#define GN_MAXUNITS (3 * GN_MAXN)
#define GN_MAXPEERS (3 * GN_MAXN)
#define GN_SHAPES 5
/* Nodes between two polls of the stop callback. */
#define GN_POLL 4096

typedef struct {
    int n, box_rows, box_cols, ncells, npeers;
    uint16_t full;
    uint8_t unit_cells[GN_MAXUNITS][GN_MAXN];
    uint8_t box_of[GN_MAXCELLS];
    uint8_t peers[GN_MAXCELLS][GN_MAXPEERS];
} Geo;

typedef struct {
    uint16_t cand[GN_MAXCELLS]; /* a placed cell keeps only its digit's bit */
    uint8_t value[GN_MAXCELLS];
    int left;                   /* empty cells */
} Board;

typedef struct {
    const Geo *g;
    uint64_t limit, count, guesses, nodes;
    uint8_t *solution;
    int (*stop)(void *);
    void *stop_arg;
    int stopped;
} Search;

static Geo geos[GN_SHAPES];
static const int shape_n[GN_SHAPES] = {4, 6, 9, 12, 16};
static const int shape_rows[GN_SHAPES] = {2, 2, 3, 3, 4};
static int ready;

static int popcount16(unsigned m) { return __builtin_popcount(m); }
static int ctz16(unsigned m) { return __builtin_ctz(m); }

static void build(Geo *g, int n, int br)
{
    int r, c, u, i, cell;
    memset(g, 0, sizeof *g);
    g->n = n;
    g->box_rows = br;
    g->box_cols = n / br;
    g->ncells = n * n;
    g->full = (uint16_t)((1u << n) - 1);
    for (r = 0; r < n; r++)
        for (c = 0; c < n; c++) {
            cell = r * n + c;
            g->box_of[cell] = (uint8_t)((r / br) * (n / g->box_cols) + c / g->box_cols);
        }
    for (i = 0; i < n; i++) {
        int filled = 0;
        for (c = 0; c < n; c++)
            g->unit_cells[i][c] = (uint8_t)(i * n + c);         /* row i */
        for (r = 0; r < n; r++)
            g->unit_cells[n + i][r] = (uint8_t)(r * n + i);     /* column i */
        for (cell = 0; cell < n * n; cell++)
            if (g->box_of[cell] == i)
                g->unit_cells[2 * n + i][filled++] = (uint8_t)cell; /* box i */
    }
    g->npeers = 0;
    for (cell = 0; cell < n * n; cell++) {
        int count = 0, units[3];
        units[0] = cell / n;
        units[1] = n + cell % n;
        units[2] = 2 * n + g->box_of[cell];
        for (u = 0; u < 3; u++)
            for (i = 0; i < n; i++) {
                int p = g->unit_cells[units[u]][i], k, seen = 0;
                if (p == cell)
                    continue;
                for (k = 0; k < count; k++)
                    if (g->peers[cell][k] == p)
                        seen = 1;
                if (!seen)
                    g->peers[cell][count++] = (uint8_t)p;
            }
        g->npeers = count; /* the same for every cell of a shape */
    }
}

void gn_init(void)
{
    int i;
    if (ready)
        return;
    for (i = 0; i < GN_SHAPES; i++)
        build(&geos[i], shape_n[i], shape_rows[i]);
    ready = 1;
}

static const Geo *geo_of(int n, int box_rows)
{
    int i;
    for (i = 0; i < GN_SHAPES; i++)
        if (shape_n[i] == n && shape_rows[i] == box_rows)
            return &geos[i];
    return NULL;
}

int gn_supported(int n, int box_rows) { return geo_of(n, box_rows) != NULL; }

/* Put digit d (1-based) in cell; 0 when that breaks a rule. */
static int place(const Geo *g, Board *b, int cell, int d)
{
    const unsigned bit = 1u << (d - 1);
    int i;
    if (!(b->cand[cell] & bit) || b->value[cell])
        return 0;
    b->value[cell] = (uint8_t)d;
    b->cand[cell] = (uint16_t)bit;
    b->left--;
    for (i = 0; i < g->npeers; i++) {
        const int p = g->peers[cell][i];
        if (b->value[p]) {
            if (b->value[p] == d)
                return 0;
            continue;
        }
        if (b->cand[p] & bit) {
            b->cand[p] = (uint16_t)(b->cand[p] & ~bit);
            if (!b->cand[p])
                return 0;
        }
    }
    return 1;
}

/* Remove digit bit `bit` from the empty cells of unit u except those in `keep` (a unit
 * of the other kind); -1 on a contradiction, else whether anything changed. */
static int eliminate_outside(const Geo *g, Board *b, int u, unsigned bit, int keep)
{
    int i, changed = 0;
    const int n = g->n;
    for (i = 0; i < n; i++) {
        const int c = g->unit_cells[u][i];
        int in_keep;
        if (b->value[c] || !(b->cand[c] & bit))
            continue;
        if (keep >= 2 * n)
            in_keep = 2 * n + g->box_of[c] == keep;
        else if (keep >= n)
            in_keep = n + c % n == keep;
        else
            in_keep = c / n == keep;
        if (in_keep)
            continue;
        b->cand[c] = (uint16_t)(b->cand[c] & ~bit);
        if (!b->cand[c])
            return -1;
        changed = 1;
    }
    return changed;
}

/* Locked candidates: a digit of a box confined to one line leaves the rest of the line
 * (pointing); a digit of a line confined to one box leaves the rest of the box
 * (claiming). -1 on a contradiction, else whether anything changed. */
static int locked(const Geo *g, Board *b)
{
    const int n = g->n;
    int u, d, i, changed = 0;
    for (u = 0; u < 3 * n; u++) {
        for (d = 0; d < n; d++) {
            const unsigned bit = 1u << d;
            int first = -1, same_row = 1, same_col = 1, same_box = 1, placed = 0, r;
            for (i = 0; i < n && !placed; i++) {
                const int c = g->unit_cells[u][i];
                if (b->value[c]) {
                    placed = b->value[c] == d + 1;
                    continue;
                }
                if (!(b->cand[c] & bit))
                    continue;
                if (first < 0) {
                    first = c;
                    continue;
                }
                same_row &= c / n == first / n;
                same_col &= c % n == first % n;
                same_box &= g->box_of[c] == g->box_of[first];
            }
            if (placed || first < 0)
                continue;
            if (u >= 2 * n) { /* a box: pointing */
                if (same_row) {
                    r = eliminate_outside(g, b, first / n, bit, u);
                    if (r < 0)
                        return -1;
                    changed |= r;
                }
                if (same_col) {
                    r = eliminate_outside(g, b, n + first % n, bit, u);
                    if (r < 0)
                        return -1;
                    changed |= r;
                }
            } else if (same_box) { /* a line: claiming */
                r = eliminate_outside(g, b, 2 * n + g->box_of[first], bit, u);
                if (r < 0)
                    return -1;
                changed |= r;
            }
        }
    }
    return changed;
}

/* Singles to a fixpoint, then locked candidates, again until nothing follows. 0 on a
 * contradiction. */
static int propagate(const Geo *g, Board *b)
{
    const int n = g->n, cells = g->ncells;
    for (;;) {
        int c, u, i, changed = 0;
        for (c = 0; c < cells; c++) {
            unsigned m;
            if (b->value[c])
                continue;
            m = b->cand[c];
            if (!m)
                return 0;
            if (!(m & (m - 1))) {
                if (!place(g, b, c, ctz16(m) + 1))
                    return 0;
                changed = 1;
            }
        }
        if (changed)
            continue;
        for (u = 0; u < 3 * n; u++) {
            unsigned once = 0, twice = 0, placed = 0, unique;
            for (i = 0; i < n; i++) {
                c = g->unit_cells[u][i];
                if (b->value[c]) {
                    placed |= 1u << (b->value[c] - 1);
                } else {
                    twice |= once & b->cand[c];
                    once |= b->cand[c];
                }
            }
            if ((once | placed) != g->full)
                return 0; /* a digit with no place left in this unit */
            unique = once & ~twice & ~placed;
            while (unique) {
                const int d = ctz16(unique);
                unique &= unique - 1;
                for (i = 0; i < n; i++) {
                    c = g->unit_cells[u][i];
                    if (!b->value[c] && (b->cand[c] & (1u << d))) {
                        if (!place(g, b, c, d + 1))
                            return 0;
                        changed = 1;
                        break;
                    }
                }
            }
        }
        if (changed)
            continue;
        if (b->left == 0)
            return 1;
        changed = locked(g, b);
        if (changed < 0)
            return 0;
        if (!changed)
            return 1;
    }
}

static void search(Search *s, Board *b)
{
    const Geo *g = s->g;
    int c, best = -1, fewest = GN_MAXN + 1;
    unsigned m;
    if (s->stop != NULL && ++s->nodes % GN_POLL == 0 && s->stop(s->stop_arg)) {
        s->stopped = 1;
        return;
    }
    if (!propagate(g, b))
        return;
    if (b->left == 0) {
        if (s->count++ == 0 && s->solution != NULL)
            memcpy(s->solution, b->value, (size_t)g->ncells);
        return;
    }
    for (c = 0; c < g->ncells; c++) {
        int k;
        if (b->value[c])
            continue;
        k = popcount16(b->cand[c]);
        if (k < fewest) {
            fewest = k;
            best = c;
            if (k == 2)
                break;
        }
    }
    m = b->cand[best];
    while (m && s->count < s->limit && !s->stopped) {
        Board child = *b;
        const int d = ctz16(m);
        m &= m - 1;
        s->guesses++;
        if (place(g, &child, best, d + 1))
            search(s, &child);
    }
}

uint64_t gn_search(int n, int box_rows, const uint8_t *cells, uint64_t limit, uint8_t *solution,
                   uint64_t *guesses, int (*stop)(void *), void *stop_arg, int *stopped)
{
    Search s;
    Board b;
    int c;
    const Geo *g = geo_of(n, box_rows);
    if (stopped != NULL)
        *stopped = 0;
    if (guesses != NULL)
        *guesses = 0;
    if (g == NULL || limit == 0)
        return 0;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.limit = limit;
    s.solution = solution;
    s.stop = stop;
    s.stop_arg = stop_arg;
    for (c = 0; c < g->ncells; c++) {
        b.cand[c] = g->full;
        b.value[c] = 0;
    }
    b.left = g->ncells;
    for (c = 0; c < g->ncells; c++)
        if (cells[c] && !place(g, &b, c, cells[c]))
            return 0; /* duplicate givens: no solution */
    search(&s, &b);
    if (guesses != NULL)
        *guesses = s.guesses;
    if (stopped != NULL)
        *stopped = s.stopped;
    return s.count;
}
