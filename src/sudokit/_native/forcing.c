/*
 * Static forcing chains: see forcing.h, and sudokit/logic/techniques/forcing.py for the
 * technique. A candidate is k = cell * n + (digit - 1). A branch assumes one candidate
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

#if defined(__GNUC__) || defined(__clang__)
#define FC_CTZ(x) ((unsigned)__builtin_ctz((unsigned)(x)))
#define FC_POP(x) ((unsigned)__builtin_popcount((unsigned)(x)))
#else
static unsigned fc_ctz(unsigned x)
{
    unsigned k = 0;
    while (!(x & 1u)) {
        x >>= 1;
        k++;
    }
    return k;
}
static unsigned fc_pop(unsigned x)
{
    unsigned k = 0;
    for (; x; x &= x - 1)
        k++;
    return k;
}
#define FC_CTZ(x) fc_ctz((unsigned)(x))
#define FC_POP(x) fc_pop((unsigned)(x))
#endif

#define MAXC (GN_MAXCELLS * GN_MAXN) /* candidates of the largest shape */
#define MAXW ((MAXC + 63) / 64)
#define TEST(set, k) ((set)[(k) >> 6] >> ((k)&63) & 1u)
#define SET(set, k) ((set)[(k) >> 6] |= (uint64_t)1 << ((k)&63))

typedef struct {
    const GnGeo *G;
    const uint16_t *cands;
    unsigned n, words;
    uint8_t nstrong[MAXC];
    uint16_t strong[MAXC][4]; /* a bivalue cell, and the three units */
    uint8_t state[MAXC];      /* branch from k: 0 not walked, 1 whole, 2 broken */
    uint32_t at[MAXC];        /* where its true and false sets start in bits[] */
    uint64_t *bits;
    size_t used;
    uint32_t queue[2 * MAXC]; /* node = k * 2 + (1 when false): each at most once */
    uint64_t live[MAXW];
} Ctx;

static void link(Ctx *X, unsigned a, unsigned b)
{
    X->strong[a][X->nstrong[a]++] = (uint16_t)b;
    X->strong[b][X->nstrong[b]++] = (uint16_t)a;
}

static void strong_links(Ctx *X)
{
    const GnGeo *G = X->G;
    const unsigned n = X->n;
    unsigned c, u, d, i;
    for (c = 0; c < G->ncells; c++) {
        const unsigned m = X->cands[c];
        if (m && FC_POP(m) == 2)
            link(X, c * n + FC_CTZ(m), c * n + FC_CTZ(m & (m - 1)));
    }
    for (u = 0; u < G->nunits; u++)
        for (d = 0; d < n; d++) {
            unsigned places = 0, first = 0, second = 0;
            for (i = 0; i < n; i++) {
                const unsigned c2 = G->unit[u][i];
                if (X->cands[c2] >> d & 1u) {
                    if (places == 0)
                        first = c2;
                    else
                        second = c2;
                    places++;
                }
            }
            if (places == 2)
                link(X, first * n + d, second * n + d);
        }
}

/* The true and false sets (2 * words) of the branch assuming candidate s. */
static const uint64_t *branch(Ctx *X, unsigned s, int *broken)
{
    const GnGeo *G = X->G;
    const uint16_t *cands = X->cands;
    const unsigned n = X->n;
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
            const uint8_t *p = G->peers[c];
            while (m) {
                const unsigned k2 = c * n + FC_CTZ(m);
                m &= m - 1;
                if (TEST(off, k2))
                    continue;
                if (TEST(on, k2)) {
                    bad = 1;
                    break;
                }
                SET(off, k2);
                X->queue[tail++] = k2 << 1 | 1u;
            }
            for (i = 0; i < G->npeers && !bad; i++) {
                const unsigned k2 = p[i] * n + d;
                if (!(cands[p[i]] >> d & 1u) || TEST(off, k2))
                    continue;
                if (TEST(on, k2)) {
                    bad = 1;
                    break;
                }
                SET(off, k2);
                X->queue[tail++] = k2 << 1 | 1u;
            }
        } else {
            for (i = 0; i < X->nstrong[k]; i++) {
                const unsigned k2 = X->strong[k][i];
                if (TEST(on, k2))
                    continue;
                if (TEST(off, k2)) {
                    bad = 1;
                    break;
                }
                SET(on, k2);
                X->queue[tail++] = k2 << 1;
            }
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

int fc_search(int n, int box_rows, const uint16_t *cands, int kinds, int *a, int *b)
{
    const GnGeo *G = gn_geo(n, box_rows);
    Ctx *X;
    size_t live = 0;
    unsigned c;
    int found;
    if (!G)
        return 0;
    X = calloc(1, sizeof *X);
    if (!X)
        return -1;
    X->G = G;
    X->cands = cands;
    X->n = (unsigned)n;
    X->words = (G->ncells * (unsigned)n + 63) / 64;
    for (c = 0; c < G->ncells; c++) {
        unsigned m = cands[c];
        live += FC_POP(m);
        for (; m; m &= m - 1)
            SET(X->live, c * (unsigned)n + FC_CTZ(m));
    }
    /* Every branch starts at a live candidate: room for all of them. */
    X->bits = malloc((live ? live : 1) * 2 * X->words * sizeof *X->bits);
    if (!X->bits) {
        free(X);
        return -1;
    }
    strong_links(X);
    found = run(X, kinds, a, b);
    free(X->bits);
    free(X);
    return found;
}
