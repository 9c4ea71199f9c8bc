/*
 * See forcing.h. Static forcing chains first (sudokit/logic/techniques/forcing.py for the
 * technique), then the quick "is there one?" checks. A candidate is k = cell * n + (digit - 1). A branch assumes one candidate
 * true and follows the links: a true candidate makes its cell-mates and its peers with
 * the digit false (weak links); a false one makes true its partner of a bivalue cell or
 * of a unit where the digit has two places (strong links). Nothing is removed on the way
 * (that is the dynamic chains' business), so a branch is what the links reach from its
 * start, and it breaks when a candidate comes out both true and false: whatever the order
 * of the walk, the same as the Python branch. Branches are kept for the call, since a
 * candidate starts the group of its cell and those of its three units.
 */
#include "forcing.h"

#include <stdlib.h>
#include <string.h>

#include "general.h"

#define FC_CTZ(x) GN_CTZ(x)
#define FC_POP(x) GN_POP(x)

#define MAXC (GN_MAXCELLS * GN_MAXN) /* candidates of the largest shape */
#define MAXW ((MAXC + 63) / 64)
#define TEST(set, k) ((set)[(k) >> 6] >> ((k)&63) & 1u)
#define SET(set, k) ((set)[(k) >> 6] |= (uint64_t)1 << ((k)&63))

/* Strong links of every candidate: the other one of a bivalue cell, the other place of a
 * unit where the digit has two. */
typedef struct {
    uint8_t nstrong[MAXC];
    uint16_t strong[MAXC][4]; /* a bivalue cell, and the three units */
} Links;

typedef struct {
    const GnGeo *G;
    const uint16_t *cands;
    unsigned n, words;
    Links L;
    uint8_t state[MAXC]; /* branch from k: 0 not walked, 1 whole, 2 broken */
    uint32_t at[MAXC];        /* where its true and false sets start in bits[] */
    uint64_t *bits;
    size_t used;
    uint32_t queue[2 * MAXC]; /* node = k * 2 + (1 when false): each at most once */
    uint64_t live[MAXW];
    uint64_t *agreed; /* where the group found leaves what it agrees on (or NULL) */
    const uint64_t (*peer)[4]; /* each cell's peers */
    uint64_t dc[GN_MAXN][4];   /* each digit's cells */
} Ctx;

/* A buffer of words kept between calls, grown to hold `want`: 0, or -1 out of memory. */
static int grow_words(uint64_t **buf, size_t *cap, size_t want)
{
    if (want > *cap) {
        uint64_t *more = realloc(*buf, want * sizeof **buf);
        if (!more)
            return -1;
        *buf = more;
        *cap = want;
    }
    return 0;
}

static void link(Links *L, unsigned a, unsigned b)
{
    L->strong[a][L->nstrong[a]++] = (uint16_t)b;
    L->strong[b][L->nstrong[b]++] = (uint16_t)a;
}

typedef struct NetTables NetTables;
static NetTables *net_tables(const GnGeo *G);
static const uint64_t *tables_unit(const NetTables *T, unsigned u);
static void digit_sets(const GnGeo *G, const uint16_t *cands, uint64_t (*dc)[4], uint64_t *open);
static const uint64_t (*tables_peer(const NetTables *T))[4];

/* The strong links of cands (each digit's cells in dc), in the order the searches take
 * them: bivalue cells, then units and digits ascending (a classic unit lists its cells in
 * ascending order, so its two places are the digit's lowest and highest cell there). */
static void strong_links(Links *L, const GnGeo *G, const NetTables *T, const uint16_t *cands,
                         const uint64_t (*dc)[4])
{
    const unsigned n = G->n, w = (G->ncells + 63) / 64;
    unsigned c, u, d, i;
    memset(L->nstrong, 0, G->ncells * n);
    for (c = 0; c < G->ncells; c++) {
        const unsigned m = cands[c];
        if (m && FC_POP(m) == 2)
            link(L, c * n + FC_CTZ(m), c * n + FC_CTZ(m & (m - 1)));
    }
    for (u = 0; u < G->nunits; u++) {
        const uint64_t *ub = tables_unit(T, u);
        for (d = 0; d < n; d++) {
            unsigned count = 0, first = 0, second = 0;
            for (i = 0; i < w && count <= 2; i++) {
                uint64_t x = dc[d][i] & ub[i];
                for (; x && count <= 2; x &= x - 1, count++) {
                    if (count)
                        second = i * 64 + GN_CTZ64(x);
                    else
                        first = i * 64 + GN_CTZ64(x);
                }
            }
            if (count == 2)
                link(L, first * n + d, second * n + d);
        }
    }
}

/* Candidate k reached in `mine` (the true set, or the false one: `flag` 0 or 1): queued
 * the first time; 1 when it already is in `other` (the branch breaks). */
static int reach(Ctx *X, uint64_t *mine, const uint64_t *other, unsigned k, unsigned flag,
                 unsigned *tail)
{
    if (TEST(mine, k))
        return 0;
    if (TEST(other, k))
        return 1;
    SET(mine, k);
    X->queue[(*tail)++] = k << 1 | flag;
    return 0;
}

/* The true and false sets (2 * words) of the branch assuming candidate s. */
static const uint64_t *branch(Ctx *X, unsigned s, int *broken)
{
    const uint16_t *cands = X->cands;
    const unsigned n = X->n, cw = (X->G->ncells + 63) / 64;
    uint64_t *on, *off;
    unsigned head = 0, tail = 0, i;
    int bad = 0;
    if (X->state[s]) {
        *broken = X->state[s] == 2;
        return X->bits + X->at[s];
    }
    X->at[s] = (uint32_t)X->used;
    on = X->bits + X->used;
    off = on + X->words;
    X->used += 2 * (size_t)X->words;
    memset(on, 0, 2 * X->words * sizeof *on);
    SET(on, s);
    X->queue[tail++] = s << 1;
    while (head < tail && !bad) {
        const unsigned node = X->queue[head++], k = node >> 1, c = k / n, d = k % n;
        if (!(node & 1u)) {
            unsigned m = cands[c] & ~(1u << d);
            for (; m && !bad; m &= m - 1)
                bad = reach(X, off, on, c * n + FC_CTZ(m), 1u, &tail);
            for (i = 0; i < cw && !bad; i++) /* its peers with the digit */
                for (uint64_t x = X->peer[c][i] & X->dc[d][i]; x && !bad; x &= x - 1)
                    bad = reach(X, off, on, (i * 64 + GN_CTZ64(x)) * n + d, 1u, &tail);
        } else {
            for (i = 0; i < X->L.nstrong[k] && !bad; i++)
                bad = reach(X, on, off, X->L.strong[k][i], 0u, &tail);
        }
    }
    X->state[s] = bad ? 2 : 1;
    *broken = bad;
    return on;
}

/* Whether the branches of `starts` all hold and share a live true or false candidate. */
static int agree(Ctx *X, const unsigned *starts, unsigned count)
{
    uint64_t on[MAXW], off[MAXW];
    const unsigned w = X->words;
    unsigned i, j;
    memcpy(on, X->live, w * sizeof *on);
    memcpy(off, X->live, w * sizeof *off);
    for (i = 0; i < count; i++) {
        int broken;
        const uint64_t *b = branch(X, starts[i], &broken);
        uint64_t any = 0;
        if (broken)
            return 0;
        for (j = 0; j < w; j++) {
            on[j] &= b[j];
            off[j] &= b[w + j];
            any |= on[j] | off[j];
        }
        if (!any)
            return 0;
    }
    if (X->agreed) {
        memcpy(X->agreed, on, w * sizeof *on);
        memcpy(X->agreed + w, off, w * sizeof *off);
    }
    return 1;
}

static int run(Ctx *X, int kinds, int *a, int *b)
{
    const GnGeo *G = X->G;
    const uint16_t *cands = X->cands;
    const unsigned n = X->n;
    unsigned starts[GN_MAXN];
    unsigned size, c, u, d, i, count;
    for (size = 2; size <= 4; size++) {
        if ((kinds & FC_CONTRADICTION) && size == 2)
            for (c = 0; c < G->ncells; c++) {
                unsigned m = cands[c];
                if (FC_POP(m) > 3)
                    continue;
                for (; m; m &= m - 1) {
                    int broken;
                    branch(X, c * n + FC_CTZ(m), &broken);
                    if (broken) {
                        *a = (int)c;
                        *b = (int)FC_CTZ(m) + 1;
                        return FC_CONTRADICTION;
                    }
                }
            }
        if ((kinds & FC_CELL) || ((kinds & FC_CELL3) && size >= 3))
            for (c = 0; c < G->ncells; c++) {
                unsigned m = cands[c];
                if (FC_POP(m) != size)
                    continue;
                for (count = 0; m; m &= m - 1)
                    starts[count++] = c * n + FC_CTZ(m);
                if (agree(X, starts, count)) {
                    *a = (int)c;
                    *b = -1;
                    return FC_CELL;
                }
            }
        if (kinds & FC_UNIT)
            for (u = 0; u < G->nunits; u++)
                for (d = 0; d < n; d++) {
                    for (count = 0, i = 0; i < n && count <= size; i++) {
                        const unsigned c2 = G->unit[u][i];
                        if (cands[c2] >> d & 1u) {
                            if (count < size)
                                starts[count] = c2 * n + d;
                            count++;
                        }
                    }
                    if (count == size && agree(X, starts, count)) {
                        *a = (int)u;
                        *b = (int)d + 1;
                        return FC_UNIT;
                    }
                }
    }
    return 0;
}

int fc_search(const GnGeo *G, const uint16_t *cands, int kinds, int *a, int *b)
{
    return fc_search_agreed(G, cands, kinds, a, b, NULL);
}

int fc_search_agreed(const GnGeo *G, const uint16_t *cands, int kinds, int *a, int *b,
                     uint64_t *agreed)
{
    /* Kept between calls (callers hold the GIL): the level-3 nets ask at their stalls.
     * Large: only what is read before written is cleared. */
    static Ctx *X;
    static uint64_t *bits;
    static size_t cap;
    const int n = G != NULL ? (int)G->n : 0;
    uint64_t open[4];
    size_t live = 0, want;
    unsigned c;
    const NetTables *T;
    if (!G || !G->classic)
        return 0;
    if (!(T = net_tables(G)) || (!X && !(X = malloc(sizeof *X))))
        return -1;
    X->G = G;
    X->cands = cands;
    X->agreed = agreed;
    X->n = (unsigned)n;
    X->words = (G->ncells * (unsigned)n + 63) / 64;
    X->used = 0;
    memset(X->state, 0, G->ncells * (size_t)n);
    memset(X->live, 0, X->words * sizeof *X->live);
    for (c = 0; c < G->ncells; c++) {
        unsigned m = cands[c];
        live += FC_POP(m);
        for (; m; m &= m - 1)
            SET(X->live, c * (unsigned)n + FC_CTZ(m));
    }
    /* Every branch starts at a live candidate: room for all of them. */
    want = (live ? live : 1) * 2 * X->words;
    if (grow_words(&bits, &cap, want) < 0)
        return -1;
    X->bits = bits;
    X->peer = tables_peer(T);
    digit_sets(G, cands, X->dc, open);
    strong_links(&X->L, G, T, cands, (const uint64_t(*)[4])X->dc);
    return run(X, kinds, a, b);
}

/* --- the patterns of a level-1 net: does any remove something? --------------------- */

/* Cell sets of up to 256 cells (4 words), as the nets keep them. */
#define CTEST(set, c) ((set)[(c) >> 6] >> ((c)&63) & 1u)
#define CSET(set, c) ((set)[(c) >> 6] |= (uint64_t)1 << ((c)&63))
#define CCLR(set, c) ((set)[(c) >> 6] &= ~((uint64_t)1 << ((c)&63)))

static unsigned tables_units(const NetTables *T, unsigned c, const uint8_t **units);

/* Each digit's cells (digit 0..n-1) and the cells with candidates, from the masks. */
static void digit_sets(const GnGeo *G, const uint16_t *cands, uint64_t (*dc)[4], uint64_t *open)
{
    unsigned c;
    memset(dc, 0, G->n * sizeof *dc);
    memset(open, 0, 4 * sizeof *open);
    for (c = 0; c < G->ncells; c++) {
        unsigned m = cands[c];
        if (m)
            CSET(open, c);
        for (; m; m &= m - 1)
            CSET(dc[FC_CTZ(m)], c);
    }
}

/* How many cells of unit u are in `set` (words w). */
static unsigned in_unit(const NetTables *T, unsigned u, const uint64_t *set, unsigned w)
{
    const uint64_t *ub = tables_unit(T, u);
    unsigned i, k = 0;
    for (i = 0; i < w; i++)
        k += GN_POP64(set[i] & ub[i]);
    return k;
}

/* Naked pairs: two open cells of a unit with the same two candidates, a third open cell
 * in the unit, and one of the two digits elsewhere in a unit holding both cells. */
static int naked_pair_any(const GnGeo *G, const NetTables *T, const uint16_t *cands,
                          const uint64_t (*dc)[4], const uint64_t *open)
{
    const unsigned n = G->n, w = (G->ncells + 63) / 64;
    unsigned u, i, j, e, k;
    for (u = 0; u < 3 * n; u++) {
        if (in_unit(T, u, open, w) <= 2)
            continue;
        for (i = 0; i < n; i++) {
            const unsigned a = G->unit[u][i], m = cands[a];
            const uint8_t *units;
            const unsigned nunits = tables_units(T, a, &units);
            if (FC_POP(m) != 2)
                continue;
            for (j = i + 1; j < n; j++) {
                const unsigned b = G->unit[u][j];
                const uint64_t *d1 = dc[FC_CTZ(m)], *d2 = dc[FC_CTZ(m & (m - 1))];
                if (cands[b] != m)
                    continue;
                for (e = 0; e < nunits; e++) {
                    const uint64_t *ub = tables_unit(T, units[e]);
                    if (!CTEST(ub, b))
                        continue;
                    for (k = 0; k < w; k++) {
                        uint64_t x = (d1[k] | d2[k]) & ub[k];
                        if ((a >> 6) == k)
                            x &= ~((uint64_t)1 << (a & 63));
                        if ((b >> 6) == k)
                            x &= ~((uint64_t)1 << (b & 63));
                        if (x)
                            return 1;
                    }
                }
            }
        }
    }
    return 0;
}

/* Hidden pairs: two digits with the same two places in a unit of three or more open
 * cells, and another candidate in one of those places. */
static int hidden_pair_any(const GnGeo *G, const NetTables *T, const uint16_t *cands,
                           const uint64_t (*dc)[4], const uint64_t *open)
{
    const unsigned n = G->n, w = (G->ncells + 63) / 64;
    unsigned u, d, e, k;
    uint64_t at[GN_MAXN][4];
    unsigned count[GN_MAXN];
    for (u = 0; u < 3 * n; u++) {
        const uint64_t *ub = tables_unit(T, u);
        if (in_unit(T, u, open, w) <= 2)
            continue;
        for (d = 0; d < n; d++) {
            count[d] = 0;
            for (k = 0; k < w; k++) {
                at[d][k] = dc[d][k] & ub[k];
                count[d] += GN_POP64(at[d][k]);
            }
        }
        for (d = 0; d < n; d++) {
            if (count[d] != 2)
                continue;
            for (e = d + 1; e < n; e++) {
                const unsigned keep = 1u << d | 1u << e;
                if (count[e] != 2 || memcmp(at[d], at[e], w * sizeof at[d][0]))
                    continue;
                for (k = 0; k < w; k++)
                    for (uint64_t x = at[d][k]; x; x &= x - 1)
                        if (cands[k * 64 + GN_CTZ64(x)] & ~keep)
                            return 1;
            }
        }
    }
    return 0;
}

/* A cell set of an n x n grid (w words) as lines: the columns it holds in each row
 * (rows[r], bit c) and the rows in each column (cols[c], bit r). */
static void line_masks(const uint64_t *cells, unsigned n, unsigned w, unsigned *rows,
                       unsigned *cols)
{
    memset(rows, 0, n * sizeof *rows);
    memset(cols, 0, n * sizeof *cols);
    for (unsigned k = 0; k < w; k++)
        for (uint64_t x = cells[k]; x; x &= x - 1) {
            const unsigned c = k * 64 + GN_CTZ64(x);
            rows[c / n] |= 1u << (c % n);
            cols[c % n] |= 1u << (c / n);
        }
}

/* X-Wings: two lines where a digit has the same two places across, and the digit
 * elsewhere in those two cross lines. */
static int x_wing_any(const GnGeo *G, const uint64_t (*dc)[4])
{
    const unsigned n = G->n, w = (G->ncells + 63) / 64;
    unsigned d, dir, i, j;
    for (d = 0; d < n; d++) {
        unsigned rows[GN_MAXN], cols[GN_MAXN];
        line_masks(dc[d], n, w, rows, cols);
        for (dir = 0; dir < 2; dir++) {
            const unsigned *at = dir ? cols : rows, *cross = dir ? rows : cols;
            for (i = 0; i < n; i++) {
                if (FC_POP(at[i]) != 2)
                    continue;
                for (j = i + 1; j < n; j++) {
                    if (at[j] != at[i])
                        continue;
                    for (unsigned x = at[i]; x; x &= x - 1)
                        if (cross[FC_CTZ(x)] & ~(1u << i | 1u << j))
                            return 1;
                }
            }
        }
    }
    return 0;
}

static int locked_sets(const GnGeo *G, const NetTables *T, const uint64_t (*dc)[4],
                       unsigned from, unsigned to, int *at);

/* fc_basic_first on the digits' cell sets and the cells with candidates. */
static int basic_first_sets(const GnGeo *G, const NetTables *T, const uint16_t *cands,
                            const uint64_t (*dc)[4], const uint64_t *open, int *at)
{
    const unsigned n = G->n;
    if (locked_sets(G, T, dc, 2 * n, 3 * n, at))
        return 1;
    if (locked_sets(G, T, dc, 0, 2 * n, at))
        return 2;
    if (naked_pair_any(G, T, cands, dc, open))
        return 3;
    if (hidden_pair_any(G, T, cands, dc, open))
        return 4;
    return x_wing_any(G, dc) ? 5 : 0;
}

int fc_basic_first(const GnGeo *G, const uint16_t *cands, int *at)
{
    uint64_t dc[GN_MAXN][4], open[4];
    const NetTables *T;
    int spare[3];
    if (!at)
        at = spare;
    at[0] = at[1] = at[2] = -1;
    if (!G || !G->classic)
        return 0;
    if (!(T = net_tables(G)))
        return -1;
    digit_sets(G, cands, dc, open);
    return basic_first_sets(G, T, cands, (const uint64_t(*)[4])dc, open, at);
}

/* --- alternating inference chains without groups ----------------------------------- */

/* --- the chain itself, as sudokit's search picks it ----------------------------------- */

#define CELLW ((GN_MAXCELLS + 63) / 64)

typedef struct {
    Links L;
    uint64_t on[MAXW], off[MAXW];
    uint16_t par_on[MAXC], par_off[MAXC]; /* valid where on / off is set */
    uint32_t layer[2][MAXC];
    const uint64_t (*peer)[CELLW]; /* each cell's peers as a set: walked in ascending order */
    uint64_t dc[GN_MAXN][CELLW];   /* each digit's cells */
    unsigned cw;                       /* words of a cell set */
} Find;

/* Whether a chain from "a is false" to "z is true" proves something: z is a itself, or
 * a candidate sees both (same digit), or z and a share a cell with a third digit, or
 * they see each other and one's digit is a candidate of the other's cell. (Asked of
 * every true node a walk reaches: cell sets, not peer lists.) */
static int proves(const Find *W, const GnGeo *G, const uint16_t *cands, unsigned a,
                  unsigned z)
{
    const unsigned n = G->n, ca = a / n, da = a % n, cz = z / n, dz = z % n;
    unsigned i;
    if (a == z)
        return 1;
    if (da == dz) {
        for (i = 0; i < W->cw; i++)
            if (W->peer[ca][i] & W->peer[cz][i] & W->dc[da][i])
                return 1;
        return 0;
    }
    if (ca == cz)
        return (cands[ca] & ~(1u << da) & ~(1u << dz)) != 0;
    if (W->peer[ca][cz >> 6] >> (cz & 63) & 1u)
        return (cands[cz] >> da & 1u) || (cands[ca] >> dz & 1u);
    return 0;
}

/* Breadth-first from "s is false", as sudokit's chain search walks (chains._walk): true
 * nodes at every other layer, each checked as a chain end, up to `limit` nodes; each
 * node's parent kept and the peers taken in ascending cell order. The number of nodes of
 * the chain found (its end in *end), or 0. */
static unsigned find_from(Find *W, const GnGeo *G, const uint16_t *cands, unsigned s,
                          unsigned limit, unsigned *end)
{
    const unsigned n = G->n, words = (G->ncells * n + 63) / 64, cw = (G->ncells + 63) / 64;
    unsigned nf = 1, depth = 1, i, j, w;
    memset(W->on, 0, words * sizeof *W->on);
    memset(W->off, 0, words * sizeof *W->off);
    SET(W->off, s);
    W->layer[0][0] = s;
    while (nf && depth < limit) {
        unsigned non = 0;
        for (i = 0; i < nf; i++) {
            const unsigned x = W->layer[0][i];
            for (j = 0; j < W->L.nstrong[x]; j++) {
                const unsigned y = W->L.strong[x][j];
                if (!TEST(W->on, y)) {
                    SET(W->on, y);
                    W->par_on[y] = (uint16_t)x;
                    W->layer[1][non++] = y;
                }
            }
        }
        depth++;
        for (i = 0; i < non; i++)
            if (proves(W, G, cands, s, W->layer[1][i])) {
                *end = W->layer[1][i];
                return depth;
            }
        if (depth + 1 >= limit)
            break;
        nf = 0;
        for (i = 0; i < non; i++) {
            const unsigned y = W->layer[1][i], c = y / n, d = y % n;
            unsigned m = cands[c] & ~(1u << d);
            for (w = 0; w < cw; w++) {
                uint64_t x = W->peer[c][w] & W->dc[d][w]; /* its peers with the digit */
                for (; x; x &= x - 1) {
                    const unsigned p = w * 64 + (unsigned)GN_CTZ64(x), k = p * n + d;
                    if (!TEST(W->off, k)) {
                        SET(W->off, k);
                        if (W->L.nstrong[k]) {
                            W->par_off[k] = (uint16_t)y;
                            W->layer[0][nf++] = k;
                        }
                    }
                }
            }
            for (; m; m &= m - 1) {
                const unsigned k = c * n + FC_CTZ(m);
                if (W->L.nstrong[k] && !TEST(W->off, k)) {
                    SET(W->off, k);
                    W->par_off[k] = (uint16_t)y;
                    W->layer[0][nf++] = k;
                }
            }
        }
        depth++;
    }
    return 0;
}

int fc_chain_find(const GnGeo *G, const uint16_t *cands, int max_nodes, unsigned *nodes)
{
    static Find *W; /* kept between calls (callers hold the GIL): the nets ask at stalls */
    unsigned c, d, best = 0, limit = (unsigned)max_nodes + 1;
    const unsigned n = G ? G->n : 0;
    const NetTables *T;
    uint64_t open[4];
    if (!G || !G->classic)
        return 0;
    if (!(T = net_tables(G)) || (!W && !(W = malloc(sizeof *W))))
        return -1;
    W->peer = tables_peer(T);
    W->cw = (G->ncells + 63) / 64;
    digit_sets(G, cands, W->dc, open);
    strong_links(&W->L, G, T, cands, (const uint64_t(*)[4])W->dc);
    /* Starts in the order of the Python keys (digit, then cell); each walk after a chain
     * is found is cut at its length, and only a shorter one replaces it. */
    for (d = 0; d < n; d++)
        for (c = 0; c < G->ncells; c++) {
            const unsigned s = c * n + d;
            unsigned end, len, at, node;
            int on = 0;
            if (!W->L.nstrong[s] || !(len = find_from(W, G, cands, s, limit, &end)))
                continue;
            if (best && len >= best)
                continue;
            best = len;
            limit = len;
            /* From the end (true) back to the start (false), parents alternating. */
            at = len;
            nodes[--at] = end;
            node = W->par_on[end];
            while (at) {
                nodes[--at] = node;
                if (!on && node == s)
                    break;
                node = on ? W->par_on[node] : W->par_off[node];
                on = !on;
            }
            if (limit <= 4)
                return (int)best;
        }
    return (int)best;
}

/* --- forcing nets: links and singles, as nets.propagate follows them ----------------- */

#define NET_LINK (-1) /* reasons, as nets_graph has them (a unit is its number) */
#define NET_CELL (-2)

struct NetTables {
    uint64_t peer[GN_MAXCELLS][4];
    uint64_t unit[GN_MAXUNITS][4];
    uint8_t nunits[GN_MAXCELLS], units[GN_MAXCELLS][GN_MAXUNITS];
    /* The units sharing two cells or more with each unit (a box's lines, a line's boxes). */
    uint8_t nover[GN_MAXUNITS], over[GN_MAXUNITS][GN_MAXUNITS];
};

static const uint64_t *tables_unit(const NetTables *T, unsigned u) { return T->unit[u]; }
static const uint64_t (*tables_peer(const NetTables *T))[4] { return T->peer; }

/* The units of cell c (in *units), their number. */
static unsigned tables_units(const NetTables *T, unsigned c, const uint8_t **units)
{
    *units = T->units[c];
    return T->nunits[c];
}

static void net_record(FcNet *N, int node, int parent, int reason)
{
    int32_t *r = N->rec + 3 * (size_t)N->nrec++;
    r[0] = node;
    r[1] = parent;
    r[2] = reason;
}

/* The highest set bit of x (x != 0). */
static unsigned net_high(uint64_t x)
{
    unsigned b = 0;
    while (x >>= 1)
        b++;
    return b;
}

static int net_break(FcNet *N, int a, int b)
{
    N->broken = 1;
    N->a = a;
    N->b = b;
    return 1;
}

/* nets.propagate's set_on: 1 when the net breaks. */
static int net_on(FcNet *N, unsigned c, unsigned d, int parent, int reason)
{
    const int node = (int)(d * N->ncells + c + 1);
    if (CTEST(N->on[d], c))
        return 0;
    net_record(N, node, parent, reason);
    if (CTEST(N->off[d], c))
        return net_break(N, node, -node);
    CSET(N->on[d], c);
    N->queue[N->tail++] = node;
    return 0;
}

/* The tables of the last rules asked for, kept for the next call (the nets of one
 * search all ask with the same rules): checked against the units, which say it all for
 * classic rules. Callers hold the GIL, so one copy serves. */
static NetTables *net_tables(const GnGeo *G)
{
    static NetTables *T;
    static uint8_t units[GN_MAXUNITS][GN_MAXN];
    static unsigned n, nunits;
    const unsigned nc = G->ncells;
    unsigned c, u, i;
    if (T && n == G->n && nunits == G->nunits &&
        !memcmp(units, G->unit, G->nunits * sizeof units[0]))
        return T;
    if (!T && !(T = malloc(sizeof *T)))
        return NULL;
    n = G->n;
    nunits = G->nunits;
    memcpy(units, G->unit, G->nunits * sizeof units[0]);
    memset(T->peer, 0, nc * sizeof T->peer[0]);
    memset(T->unit, 0, G->nunits * sizeof T->unit[0]);
    memset(T->nunits, 0, nc);
    for (c = 0; c < nc; c++)
        for (i = 0; i < GN_NPEERS(G, c); i++)
            CSET(T->peer[c], GN_PEERS(G, c)[i]);
    for (u = 0; u < G->nunits; u++)
        for (i = 0; i < n; i++) {
            c = G->unit[u][i];
            CSET(T->unit[u], c);
            T->units[c][T->nunits[c]++] = (uint8_t)u;
        }
    for (u = 0; u < G->nunits; u++) {
        unsigned v;
        T->nover[u] = 0;
        for (v = 0; v < G->nunits; v++) {
            unsigned shared = 0;
            for (i = 0; i < (nc + 63) / 64; i++) {
                const uint64_t x = T->unit[u][i] & T->unit[v][i];
                shared += x ? (x & (x - 1) ? 2u : 1u) : 0u;
            }
            if (v != u && shared >= 2)
                T->over[u][T->nover[u]++] = (uint8_t)v;
        }
    }
    return T;
}

/* Pointing and claiming on cell sets: in a unit u of from..to - 1, a digit's places (two
 * or more) all inside a unit v sharing two cells or more with it, and the digit elsewhere
 * in v. The first found (units, digits, then v in ascending order, as the Python finders
 * take them) in at[0..2]: u, v, the digit 1..n. dc: each digit's cells (0..n-1). */
static int locked_sets(const GnGeo *G, const NetTables *T, const uint64_t (*dc)[4],
                       unsigned from, unsigned to, int *at)
{
    const unsigned n = G->n, w = (G->ncells + 63) / 64;
    unsigned u, d, i, j;
    for (u = from; u < to; u++)
        for (d = 0; d < n; d++) {
            uint64_t x[4];
            unsigned many = 0;
            for (i = 0; i < w; i++) {
                x[i] = dc[d][i] & T->unit[u][i];
                many += x[i] ? (x[i] & (x[i] - 1) ? 2u : 1u) : 0u;
            }
            if (many < 2)
                continue;
            for (j = 0; j < T->nover[u]; j++) {
                const unsigned v = T->over[u][j];
                uint64_t outside = 0, out = 0;
                for (i = 0; i < w; i++) {
                    outside |= x[i] & ~T->unit[v][i];
                    out |= dc[d][i] & T->unit[v][i] & ~T->unit[u][i];
                }
                if (!outside && out) {
                    at[0] = (int)u;
                    at[1] = (int)v;
                    at[2] = (int)d + 1;
                    return 1;
                }
            }
        }
    return 0;
}

int fc_net_run(const GnGeo *G, FcNet *N)
{
    const NetTables *T;
    const unsigned n = N->n, nc = N->ncells, w = N->words;
    unsigned c, u, i, j;
    if (N->broken || N->head == N->tail)
        return N->broken;
    if (!(T = net_tables(G)))
        return -1;
    while (N->head < N->tail) {
        const int node = N->queue[N->head++];
        const unsigned k = (unsigned)(node > 0 ? node : -node) - 1, d = k / nc;
        const unsigned bit = 1u << (d - 1);
        c = k % nc;
        if (node > 0) {
            /* Its cell-mates and its peers with the digit go. */
            unsigned m = N->cands[c] & ~bit, any = 0;
            uint64_t x[4];
            for (; m; m &= m - 1) {
                const unsigned d2 = FC_CTZ(m) + 1;
                const int nd = -(int)(d2 * nc + c + 1);
                net_record(N, nd, node, NET_LINK);
                if (CTEST(N->on[d2], c)) {
                    net_break(N, -nd, nd);
                    goto done;
                }
                CSET(N->off[d2], c);
                CCLR(N->dcells[d2], c);
                N->queue[N->tail++] = nd;
            }
            N->cands[c] = (uint16_t)bit;
            for (i = 0; i < w; i++) {
                x[i] = N->dcells[d][i] & T->peer[c][i];
                any |= x[i] != 0;
            }
            if (!any)
                continue;
            for (i = w; i-- > 0;) {
                const uint64_t clash = x[i] & N->on[d][i];
                if (clash) { /* the last cell of the clash, as Python's bit_length */
                    const unsigned cc = i * 64 + net_high(clash);
                    const int nd = -(int)(d * nc + cc + 1);
                    net_record(N, nd, node, NET_LINK);
                    net_break(N, -nd, nd);
                    goto done;
                }
            }
            for (i = 0; i < w; i++) {
                uint64_t y = x[i];
                N->off[d][i] |= y;
                N->dcells[d][i] &= ~y;
                for (; y; y &= y - 1) {
                    const unsigned cc = i * 64 + GN_CTZ64(y);
                    const int nd = -(int)(d * nc + cc + 1);
                    N->cands[cc] &= (uint16_t)~bit;
                    net_record(N, nd, node, NET_LINK);
                    N->queue[N->tail++] = nd;
                }
            }
            continue;
        }
        {
            /* A false node: its cell's last candidate, the digit's last place in a unit. */
            const unsigned m = N->cands[c];
            if (!m) {
                unsigned dd, held = 0;
                for (dd = 1; dd <= n; dd++)
                    held |= (unsigned)CTEST(N->on[dd], c);
                if (!held) {
                    net_break(N, node, NET_CELL);
                    goto done;
                }
            } else if (!(m & (m - 1)) && net_on(N, c, FC_CTZ(m) + 1, node, NET_CELL)) {
                goto done;
            }
            for (j = 0; j < T->nunits[c]; j++) {
                unsigned count = 0, last = 0, held = 0;
                u = T->units[c][j];
                for (i = 0; i < w; i++) {
                    const uint64_t x = N->dcells[d][i] & T->unit[u][i];
                    held |= (N->on[d][i] & T->unit[u][i]) != 0;
                    if (x) {
                        count += x & (x - 1) ? 2 : 1;
                        last = i * 64 + GN_CTZ64(x);
                    }
                }
                if (!count) {
                    if (!held) {
                        net_break(N, node, (int)u);
                        goto done;
                    }
                } else if (count == 1 && net_on(N, last, d, node, (int)u)) {
                    goto done;
                }
            }
        }
    }
done:
    return N->broken;
}

/* --- finned and sashimi fish: is there one? ----------------------------------------- */

typedef struct {
    const GnGeo *G;
    unsigned n, k, band, width, pos[GN_MAXN], lines[GN_MAXN], nlines;
    unsigned base[4];
} Fish;

/* Whether the base lines chosen (their cross indices `uni`on) make a finned or sashimi
 * fish: fins all in one box of a base band, cover lines (k of them, all but the fins'
 * extra ones) and a candidate in that box off the base lines to remove. */
static int fins_fit(const Fish *F)
{
    const unsigned k = F->k, band = F->band, width = F->width, n = F->n;
    unsigned b, i, s, bands = 0;
    for (i = 0; i < k; i++)
        bands |= 1u << (F->base[i] / band);
    for (b = 0; b < n / band; b++) {
        if (!(bands >> b & 1u))
            continue;
        for (s = 0; s < n / width; s++) {
            const unsigned smask = ((1u << width) - 1u) << (s * width);
            unsigned target = 0, must = 0, inbox = 0, spare, need, line, sub;
            for (line = b * band; line < b * band + band; line++) {
                int in_base = 0;
                for (i = 0; i < k; i++)
                    in_base |= F->base[i] == line;
                if (!in_base)
                    target |= F->pos[line] & smask;
            }
            if (!target)
                continue;
            for (i = 0; i < k; i++) {
                const unsigned p = F->pos[F->base[i]];
                if (F->base[i] / band == b) {
                    must |= p & ~smask;
                    inbox |= p & smask;
                } else {
                    must |= p;
                }
            }
            if (!inbox || FC_POP(must) > k)
                continue;
            spare = smask & ~must;
            need = k - FC_POP(must);
            if (need > FC_POP(spare))
                continue;
            /* every choice of `need` spare cross indices */
            for (sub = spare;; sub = (sub - 1) & spare) {
                if (FC_POP(sub) == need) {
                    const unsigned cover = must | sub;
                    if ((inbox & ~cover) && (target & cover))
                        return 1;
                }
                if (!sub)
                    break;
            }
        }
    }
    return 0;
}

static int bases(Fish *F, unsigned from, unsigned chosen, unsigned uni)
{
    unsigned j;
    if (chosen == F->k)
        return FC_POP(uni) > F->k && fins_fit(F);
    for (j = from; j + (F->k - chosen) <= F->nlines; j++) {
        const unsigned u = uni | F->pos[F->lines[j]];
        if (FC_POP(u) > F->k + F->width)
            continue;
        F->base[chosen] = F->lines[j];
        if (bases(F, j + 1, chosen + 1, u))
            return 1;
    }
    return 0;
}

int fc_finned_any(const GnGeo *G, const uint16_t *cands, int size)
{
    Fish F;
    unsigned d, dir, i, x;
    F.G = G;
    if (!G || !G->classic || size < 2 || size > 4)
        return 0;
    F.n = G->n;
    F.k = (unsigned)size;
    for (d = 0; d < F.n; d++)
        for (dir = 0; dir < 2; dir++) {
            /* rows: bands of box_rows rows, stacks of box_cols columns; columns: the other way */
            F.band = dir ? F.G->bc : F.G->br;
            F.width = dir ? F.G->br : F.G->bc;
            F.nlines = 0;
            for (i = 0; i < F.n; i++) {
                const unsigned line = dir * F.n + i;
                F.pos[i] = 0;
                for (x = 0; x < F.n; x++)
                    if (cands[F.G->unit[line][x]] >> d & 1u)
                        F.pos[i] |= 1u << x;
                if (F.pos[i] & (F.pos[i] - 1))
                    F.lines[F.nlines++] = i;
            }
            if (F.nlines >= F.k && bases(&F, 0, 0, 0))
                return 1;
        }
    return 0;
}

/* The eliminations of the first naked pair, hidden pair or X-Wing (rule 3, 4 or 5 of
 * fc_basic_first) the Python finders yield in N's candidates (subsets._naked,
 * subsets._hidden_iter, fish._basic at size 2), as candidates d * nc + c in out; their
 * number. `open` the cells of the searched position with candidates (the engine's empty
 * cells). */
static unsigned pair_first(const GnGeo *G, const NetTables *T, const FcNet *N, int rule,
                           const uint64_t *open, unsigned *out)
{
    const unsigned n = N->n, nc = N->ncells, w = N->words;
    unsigned u, i, j, v, d, e, k = 0;
    if (rule == 5) {
        for (d = 1; d <= n; d++) {
            unsigned in_rows[GN_MAXN], in_cols[GN_MAXN];
            line_masks(N->dcells[d], n, w, in_rows, in_cols);
            for (unsigned rows = 2; rows-- > 0;) { /* rows, then columns */
                /* Each line's cross indices holding d; two lines with the same two. */
                const unsigned *pos = rows ? in_rows : in_cols;
                for (i = 0; i < n; i++) {
                    if (FC_POP(pos[i]) != 2)
                        continue;
                    for (j = i + 1; j < n; j++) {
                        if (pos[j] != pos[i])
                            continue;
                        for (v = 0; v < nc; v++) {
                            const unsigned line = rows ? v / n : v % n;
                            const unsigned cross = rows ? v % n : v / n;
                            if (line != i && line != j && pos[i] >> cross & 1u &&
                                CTEST(N->dcells[d], v))
                                out[k++] = d * nc + v;
                        }
                        if (k)
                            return k;
                    }
                }
            }
        }
        return 0;
    }
    for (u = 0; u < G->nunits; u++) {
        unsigned nopen = 0, cells[GN_MAXN], m[GN_MAXN], places[GN_MAXN + 1];
        for (i = 0; i < n; i++) {
            cells[i] = G->unit[u][i];
            nopen += (unsigned)CTEST(open, cells[i]);
        }
        if (nopen <= 2)
            continue;
        if (rule == 3) {
            for (i = 0; i < n; i++)
                m[i] = CTEST(open, cells[i]) ? N->cands[cells[i]] : 0;
            for (i = 0; i < n; i++) {
                if (FC_POP(m[i]) != 2)
                    continue;
                for (j = i + 1; j < n; j++) {
                    uint64_t others[4] = {0, 0, 0, 0};
                    if (m[j] != m[i])
                        continue;
                    for (e = 0; e < T->nunits[cells[i]]; e++) {
                        v = T->units[cells[i]][e];
                        if (CTEST(T->unit[v], cells[j]))
                            for (unsigned x = 0; x < w; x++)
                                others[x] |= T->unit[v][x];
                    }
                    CCLR(others, cells[i]);
                    CCLR(others, cells[j]);
                    for (unsigned mm = m[i]; mm; mm &= mm - 1) {
                        d = FC_CTZ(mm) + 1;
                        for (unsigned c = 0; c < nc; c++)
                            if (CTEST(others, c) && CTEST(N->dcells[d], c))
                                out[k++] = d * nc + c;
                    }
                    if (k)
                        return k;
                }
            }
            continue;
        }
        /* rule 4: digits with exactly two places in u, in the same two cells */
        for (d = 1; d <= n; d++) {
            places[d] = 0;
            for (i = 0; i < n; i++)
                if (CTEST(N->dcells[d], cells[i]))
                    places[d] |= 1u << i;
        }
        for (d = 1; d <= n; d++) {
            if (FC_POP(places[d]) != 2)
                continue;
            for (e = d + 1; e <= n; e++) {
                if (places[e] != places[d])
                    continue;
                for (unsigned pm = places[d]; pm; pm &= pm - 1) {
                    const unsigned c = cells[FC_CTZ(pm)];
                    const unsigned keep = (1u << (d - 1)) | (1u << (e - 1));
                    for (unsigned mm = N->cands[c] & ~keep; mm; mm &= mm - 1)
                        out[k++] = (FC_CTZ(mm) + 1) * nc + c;
                }
                if (k)
                    return k;
            }
        }
    }
    return 0;
}

/* The eliminations of the chain a level-2 net takes at a stall (nets_rules._short_aic:
 * chains._elims of its ends, without groups), or its placement when it is a loop ending
 * where it starts (*place = 1); their number, 0 when there is no chain, -1 out of memory. */
static int chain_out(const GnGeo *G, const NetTables *T, const FcNet *N, unsigned *out,
                     int *place)
{
    const unsigned n = N->n, nc = N->ncells;
    unsigned nodes[16], ca, cz, da, dz, c;
    int len = fc_chain_find(G, N->cands, 16, nodes), k = 0;
    *place = 0;
    if (len <= 0)
        return len;
    ca = nodes[0] / n;
    da = nodes[0] % n + 1;
    cz = nodes[len - 1] / n;
    dz = nodes[len - 1] % n + 1;
    if (nodes[0] == nodes[len - 1]) {
        *place = 1;
        out[0] = dz * nc + cz;
        return 1;
    }
    if (da == dz) {
        for (c = 0; c < nc; c++)
            if (CTEST(N->dcells[da], c) && CTEST(T->peer[ca], c) && CTEST(T->peer[cz], c))
                out[k++] = da * nc + c;
    } else if (ca == cz) {
        const unsigned rest = N->cands[ca] & ~(1u << (da - 1)) & ~(1u << (dz - 1));
        for (unsigned m = rest; m; m &= m - 1)
            out[k++] = (FC_CTZ(m) + 1) * nc + ca;
    } else if (CTEST(T->peer[ca], cz)) {
        if (N->cands[cz] >> (da - 1) & 1u)
            out[k++] = da * nc + cz;
        if (N->cands[ca] >> (dz - 1) & 1u)
            out[k++] = dz * nc + ca;
    }
    return k;
}

/* What the cell or unit forcing chain a level-3 net takes at a stall proves
 * (forcing.multiple_forcing_chain: cells of three candidates or more, then units): its
 * placements in out[0 .. *places - 1], then its eliminations, as candidates d * nc + c;
 * their number, 0 when there is none, -1 out of memory. */
static int forcing_out(const GnGeo *G, const FcNet *N, unsigned *out, unsigned *places)
{
    const unsigned n = N->n, nc = N->ncells, w = (nc * n + 63) / 64;
    uint64_t agreed[2 * MAXW];
    unsigned half, k = 0;
    int a, b, found = fc_search_agreed(G, N->cands, FC_CELL3 | FC_UNIT, &a, &b, agreed);
    *places = 0;
    if (found <= 0)
        return found;
    for (half = 0; half < 2; half++) {
        for (unsigned i = 0; i < w; i++)
            for (uint64_t x = agreed[half * w + i]; x; x &= x - 1) {
                const unsigned kk = i * 64 + GN_CTZ64(x); /* cell * n + digit - 1 */
                out[k++] = (kk % n + 1) * nc + kk / n;
            }
        if (!half)
            *places = k;
    }
    return (int)k;
}

/* A level-1, 2 or 3 net's stall (nets._advanced): the first level-1 pattern's
 * eliminations go (at level 2, when there is none, the chain's; at level 3, when there is
 * no chain either, what a cell or unit forcing chain proves), and the net runs on; until
 * none is found or the net breaks. */
static int net_level1(const GnGeo *G, FcNet *N, const uint64_t *open, int level)
{
    const NetTables *T = net_tables(G);
    const unsigned n = N->n, nc = N->ncells;
    unsigned out[2 * GN_MAXN * GN_MAXCELLS], k, i, places = 0;
    int at[3], place = 0;
    if (!T)
        return -1;
    while (!N->broken) {
        uint64_t live[4] = {0, 0, 0, 0}; /* the cells with candidates */
        int rule;
        for (i = 1; i <= n; i++)
            for (unsigned x = 0; x < N->words; x++)
                live[x] |= N->dcells[i][x];
        at[0] = at[1] = at[2] = -1;
        rule = basic_first_sets(G, T, N->cands, (const uint64_t(*)[4])(N->dcells + 1), live, at);
        if (!rule && level < 2)
            return 0;
        places = 0;
        if (!rule) {
            int got = chain_out(G, T, N, out, &place);
            if (got < 0)
                return -1;
            if (!got && level >= 3) {
                got = forcing_out(G, N, out, &places);
                if (got < 0)
                    return -1;
            }
            if (!got)
                return 0;
            k = (unsigned)got;
        } else if (rule <= 2) {
            const unsigned u = (unsigned)at[0], v = (unsigned)at[1], d = (unsigned)at[2];
            if (at[0] < 0)
                return -2;
            k = 0;
            for (i = 0; i < n; i++) {
                const unsigned c = G->unit[v][i];
                if (CTEST(N->dcells[d], c) && !CTEST(T->unit[u], c))
                    out[k++] = d * nc + c;
            }
        } else {
            uint64_t opened[4];
            memcpy(opened, open, sizeof opened);
            k = pair_first(G, T, N, rule, opened, out);
        }
        if (!k)
            return -2; /* (not expected: the Python search decides) */
        const unsigned tail = N->tail;
        if (place) { /* a placement: on it goes (its record is not read) */
            if (net_on(N, out[0] % nc, out[0] / nc, 0, NET_LINK))
                return 1;
            k = 0;
            place = 0;
        }
        for (i = 0; i < places && !N->broken; i++)
            net_on(N, out[i] % nc, out[i] / nc, 0, NET_LINK);
        for (i = places; i < k && !N->broken; i++) {
            const unsigned d = out[i] / nc, c = out[i] % nc;
            const int node = (int)out[i] + 1;
            if (CTEST(N->off[d], c))
                continue;
            if (CTEST(N->on[d], c)) {
                net_break(N, node, -node);
                break;
            }
            CSET(N->off[d], c);
            CCLR(N->dcells[d], c);
            N->cands[c] &= (uint16_t) ~(1u << (d - 1));
            N->queue[N->tail++] = -node;
        }
        if (N->broken)
            return 1;
        if (N->tail == tail) /* (nothing new: the net ends, as in Python) */
            return 0;
        if (fc_net_run(G, N) < 0)
            return -1;
    }
    return 1;
}

/* One level-0 net from the assumption `start` (nets.propagate at level 0): N's buffers
 * (queue, rec) are the caller's. */
static int net_from(const GnGeo *G, FcNet *N, const uint16_t *cands, int start, int level,
                    const uint64_t *open)
{
    int r;
    const unsigned n = G->n, nc = G->ncells, k = (unsigned)(start < 0 ? -start : start) - 1;
    unsigned c;
    N->n = n;
    N->ncells = nc;
    N->words = (nc + 63) / 64;
    N->head = N->tail = N->nrec = 0;
    N->broken = N->a = N->b = 0;
    memset(N->on, 0, sizeof N->on);
    memset(N->off, 0, sizeof N->off);
    memset(N->dcells, 0, sizeof N->dcells);
    CSET(start > 0 ? N->on[k / nc] : N->off[k / nc], k % nc);
    net_record(N, start, 0, -1);
    N->queue[N->tail++] = start;
    for (c = 0; c < nc; c++) {
        unsigned m = cands[c];
        if (start < 0 && c == k % nc)
            m &= ~(1u << (k / nc - 1));
        N->cands[c] = (uint16_t)m;
        for (; m; m &= m - 1)
            CSET(N->dcells[FC_CTZ(m) + 1], c);
    }
    r = fc_net_run(G, N);
    return r || !level ? r : net_level1(G, N, open, level);
}

/* The net the searches below run their nets in, with room for G's nets in its queue and
 * records (kept between calls: callers hold the GIL); NULL when out of memory. */
static FcNet *net_buffers(const GnGeo *G)
{
    static FcNet N;
    static size_t cap;
    const size_t want = 2 * (size_t)G->ncells * G->n + 2;
    if (want > cap) {
        int32_t *q = realloc(N.queue, want * sizeof *N.queue);
        if (!q)
            return NULL;
        N.queue = q;
        if (!(q = realloc(N.rec, 3 * want * sizeof *N.rec)))
            return NULL;
        N.rec = q;
        cap = want;
    }
    return &N;
}

/* The outer search's nets, kept for its offers: per node (2 * k, + 1 for the false one,
 * k = d * nc + c), whether it broke, and what it made true and false per digit. */
typedef struct {
    uint8_t *broken;
    uint64_t *sets; /* per node: on then off, digits 0..n, 4 words each */
    size_t cap;
    int32_t *out;   /* the offers */
    size_t used, room;
} Offers;

#define OFFER_SET(O, node, half) ((O)->sets + ((size_t)(node)*2 + (half)) * (GN_MAXN + 1) * 4)

/* Room in O->out for `more` ints; 0, or -1 out of memory. */
static int offer_room(Offers *O, size_t more)
{
    if (O->used + more > O->room) {
        size_t room = 2 * (O->used + more);
        int32_t *bigger = realloc(O->out, room * sizeof *bigger);
        if (!bigger)
            return -1;
        O->out = bigger;
        O->room = room;
    }
    return 0;
}

/* What the nets of `nodes` all make true and false among the live candidates, less the
 * candidate `skip` (or -1); an offer of `kind` when that is anything (its places, then
 * its eliminations, each as d * nc + c, ascending). 0, or -1 out of memory. */
static int offer_common(Offers *O, const GnGeo *G, const uint64_t (*live)[4],
                        const unsigned *nodes, unsigned count, int skip, int kind, unsigned c,
                        unsigned d, int u)
{
    const unsigned n = G->n, nc = G->ncells, w = (nc + 63) / 64;
    uint64_t on[GN_MAXN + 1][4], off[GN_MAXN + 1][4], any = 0;
    unsigned e, i, j, half;
    size_t at;
    for (e = 1; e <= n; e++)
        for (i = 0; i < w; i++)
            on[e][i] = off[e][i] = live[e][i];
    for (j = 0; j < count; j++) {
        const uint64_t *a = OFFER_SET(O, nodes[j], 0), *b = OFFER_SET(O, nodes[j], 1);
        any = 0;
        for (e = 1; e <= n; e++)
            for (i = 0; i < w; i++) {
                on[e][i] &= a[e * 4 + i];
                off[e][i] &= b[e * 4 + i];
                any |= on[e][i] | off[e][i];
            }
        if (!any)
            return 0;
    }
    if (skip >= 0) {
        CCLR(on[skip / nc], (unsigned)skip % nc);
        CCLR(off[skip / nc], (unsigned)skip % nc);
    }
    if (offer_room(O, 6 + 2 * (size_t)n * nc) < 0)
        return -1;
    at = O->used;
    O->out[at] = kind;
    O->out[at + 1] = (int32_t)c;
    O->out[at + 2] = (int32_t)d;
    O->out[at + 3] = u;
    O->used += 6;
    for (half = 0; half < 2; half++) {
        size_t k = 0;
        for (e = 1; e <= n; e++)
            for (i = 0; i < w; i++)
                for (uint64_t x = (half ? off : on)[e][i]; x; x &= x - 1, k++)
                    O->out[O->used++] = (int32_t)(e * nc + i * 64 + GN_CTZ64(x));
        O->out[at + 4 + half] = (int32_t)k;
    }
    if (!O->out[at + 4] && !O->out[at + 5])
        O->used = at;
    return 0;
}

/* An offer without a common part: a contradiction's. */
static int offer_one(Offers *O, int kind, unsigned c, unsigned d)
{
    if (offer_room(O, 6) < 0)
        return -1;
    O->out[O->used++] = kind;
    O->out[O->used++] = (int32_t)c;
    O->out[O->used++] = (int32_t)d;
    O->out[O->used++] = -1;
    O->out[O->used++] = 0;
    O->out[O->used++] = 0;
    return 0;
}

int fc_net_offers(const GnGeo *G, const uint16_t *cands, int level, const int32_t **out,
                  size_t *count)
{
    static Offers O;
    const unsigned n = G->n, nc = G->ncells, w = (nc + 63) / 64;
    const size_t want = 2 * (size_t)(n + 1) * nc;
    const NetTables *T = net_tables(G);
    FcNet *N = net_buffers(G);
    uint64_t open[4] = {0}, live[GN_MAXN + 1][4];
    unsigned c, d, i, e, half;
    int sign, r;
    if (!N || !T)
        return -1;
    if (want > O.cap) {
        uint8_t *b = realloc(O.broken, want);
        if (!b)
            return -1;
        O.broken = b;
        uint64_t *sets = realloc(O.sets, want * 2 * (GN_MAXN + 1) * 4 * sizeof *sets);
        if (!sets)
            return -1;
        O.sets = sets;
        O.cap = want;
    }
    O.used = 0;
    memset(live, 0, sizeof live);
    for (c = 0; c < nc; c++) {
        if (cands[c])
            CSET(open, c);
        for (unsigned m = cands[c]; m; m &= m - 1)
            CSET(live[FC_CTZ(m) + 1], c);
    }
    /* Every net of the search, whether it breaks and what it makes true and false. */
    for (d = 1; d <= n; d++)
        for (c = 0; c < nc; c++) {
            if (!(cands[c] >> (d - 1) & 1u))
                continue;
            for (sign = 1; sign >= -1; sign -= 2) {
                const size_t node = 2 * ((size_t)d * nc + c) + (sign < 0);
                if ((r = net_from(G, N, cands, sign * (int)(d * nc + c + 1), level, open)) == -1)
                    return -1;
                if (r == -2)
                    return 1; /* a stall left to the Python search: it searches it all */
                O.broken[node] = (uint8_t)N->broken;
                for (half = 0; half < 2; half++) {
                    uint64_t *set = OFFER_SET(&O, node, half);
                    for (e = 0; e <= n; e++)
                        for (i = 0; i < w; i++)
                            set[e * 4 + i] = (half ? N->off : N->on)[e][i];
                }
            }
        }
    /* The offers, in the order nets._exhaust makes them. */
    for (c = 0; c < nc; c++) {
        const unsigned m = cands[c];
        unsigned ons[GN_MAXN], nons = 0;
        int broke = 0;
        if (FC_POP(m) < 2)
            continue;
        for (d = 1; d <= n; d++) {
            const unsigned k = d * nc + c, a = 2 * k, b = 2 * k + 1;
            if (!(m >> (d - 1) & 1u))
                continue;
            ons[nons++] = a;
            if (O.broken[a]) {
                broke = 1;
                if (offer_one(&O, 1, c, d) < 0)
                    return -1;
            }
            if (O.broken[b]) {
                if (offer_one(&O, 2, c, d) < 0)
                    return -1;
            } else if (!O.broken[a] && FC_POP(m) >= 3) {
                const unsigned pair[2] = {a, b};
                if (offer_common(&O, G, (const uint64_t(*)[4])live, pair, 2, (int)k, 3, c, d, -1) < 0)
                    return -1;
            }
            for (e = 0; e < T->nunits[c]; e++) {
                const unsigned u = T->units[c][e];
                unsigned group[GN_MAXN], ng = 0, low = nc, bad = 0;
                for (i = 0; i < w; i++)
                    for (uint64_t x = live[d][i] & T->unit[u][i]; x; x &= x - 1) {
                        const unsigned cc = i * 64 + GN_CTZ64(x);
                        low = cc < low ? cc : low;
                        group[ng++] = 2 * (d * nc + cc);
                        bad |= O.broken[2 * (d * nc + cc)];
                    }
                if (ng < 2 || low != c || bad)
                    continue; /* each unit once, from its first place */
                if (offer_common(&O, G, (const uint64_t(*)[4])live, group, ng, -1, 4, c, d,
                                 (int)u) < 0)
                    return -1;
            }
        }
        if (!broke &&
            offer_common(&O, G, (const uint64_t(*)[4])live, ons, nons, -1, 5, c, 0, -1) < 0)
            return -1;
    }
    *out = O.out;
    *count = O.used;
    return 0;
}

int fc_net_first(const GnGeo *G, const uint16_t *cands, int level, int *cell, int *digit)
{
    const unsigned n = G ? G->n : 0, nc = G ? G->ncells : 0, w = (nc + 63) / 64;
    static uint64_t *sets; /* per candidate d * nc + c: on then off, digits 0..n, w words */
    static size_t cap;
    const size_t per = 2 * (size_t)(n + 1) * w, want = (size_t)(n + 1) * nc * per;
    FcNet *N;
    uint64_t live[GN_MAXN + 1][4], on[GN_MAXN + 1][4], off[GN_MAXN + 1][4], open[4] = {0};
    unsigned c, d, u, i, j, pass;
    int r;
    *cell = *digit = -1;
    if (!G || !G->classic || level < 0 || level > 2)
        return 0;
    if (!(N = net_buffers(G)))
        return -1;
    if (grow_words(&sets, &cap, want) < 0)
        return -1;
    memset(live, 0, sizeof live);
    for (c = 0; c < nc; c++) {
        if (cands[c])
            CSET(open, c);
        for (unsigned m = cands[c]; m; m &= m - 1)
            CSET(live[FC_CTZ(m) + 1], c);
    }
    /* The true-assumptions of cells with two candidates or more, cell by cell, digit by
     * digit: the first to break is the inner search's find; then the other candidates'
     * nets (a unit's places may hold a cell's last candidate). */
    for (pass = 0; pass < 2; pass++)
        for (c = 0; c < nc; c++) {
            const unsigned m = cands[c];
            if (!m || ((m & (m - 1)) != 0) == pass)
                continue;
            for (d = 1; d <= n; d++) {
                uint64_t *s = sets + ((size_t)d * nc + c) * per;
                if (!(m >> (d - 1) & 1u))
                    continue;
                if ((r = net_from(G, N, cands, (int)(d * nc + c + 1), level, open)) < 0)
                    return r == -2 ? 2 : -1;
                if (N->broken && !pass) {
                    *cell = (int)c;
                    *digit = (int)d;
                    return 1;
                }
                for (i = 0; i <= n; i++)
                    for (j = 0; j < w; j++) {
                        s[i * w + j] = N->on[i][j];
                        s[((size_t)n + 1 + i) * w + j] = N->off[i][j];
                    }
            }
        }
    /* What every net of a cell's candidates, or of a digit's places in a unit, agrees on
     * (nets._common): a reduction the Python search then builds. */
    for (pass = 0; pass < 2; pass++)
        for (u = 0; u < (pass ? G->nunits : nc); u++)
            for (d = pass ? 1 : 0; d <= (pass ? n : 0); d++) {
                unsigned count = 0, e;
                memcpy(on, live, sizeof on);
                memcpy(off, live, sizeof off);
                for (i = 0; i < (pass ? n : 1); i++) {
                    const unsigned cc = pass ? G->unit[u][i] : u;
                    for (e = 1; e <= n; e++) {
                        const uint64_t *s;
                        if ((pass && e != d) || !(cands[cc] >> (e - 1) & 1u))
                            continue;
                        s = sets + ((size_t)e * nc + cc) * per;
                        count++;
                        for (unsigned x = 0; x <= n; x++)
                            for (j = 0; j < w; j++) {
                                on[x][j] &= s[x * w + j];
                                off[x][j] &= s[((size_t)n + 1 + x) * w + j];
                            }
                    }
                }
                if (count < 2)
                    continue;
                for (unsigned x = 1; x <= n; x++)
                    for (j = 0; j < w; j++)
                        if (on[x][j] | off[x][j])
                            return 2;
            }
    return 0;
}
