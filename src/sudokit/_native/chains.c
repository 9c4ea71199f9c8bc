/*
 * See chains.h. The same walk as chains._walk, breadth first from "s is false" for every
 * node s with a strong link: a layer of false nodes leads by strong links to a layer of
 * true ones (each node true at most once, false at most once, over the walk), each true
 * node is tested as a chain end, and its weak links lead to the next false layer. Which
 * nodes a layer holds does not depend on the order they are reached in, so the layers
 * are cell sets per digit (one AND for a whole layer's peers or its chain-end test), and
 * only whether some chain exists is answered, not which.
 *
 * Nodes: candidate (digit d 0-based, cell c) is d << 8 | c; group g is AC_GROUP + g.
 */
#include "chains.h"

#include <string.h>

#define CW (GN_MAXCELLS / 64)            /* words of a cell set */
#define AC_GROUP (GN_MAXN << 8)         /* the first group node */
#define MAXG (8 * GN_MAXN * GN_MAXN)    /* 4n links of two nodes per digit at most */
#define GW (MAXG / 64)
#define MAXNODES (AC_GROUP + MAXG)
#define DEG 8 /* a candidate has at most 5 strong partners, a group 2 */

#define CTZ64(x) GN_CTZ64(x)

typedef struct {
    unsigned n, ncells, cw, ngroups;
    uint64_t peer[GN_MAXCELLS][CW];
    uint64_t unit[3 * GN_MAXN][CW];
    uint64_t dc[GN_MAXN][CW];     /* each digit's cells */
    uint64_t strong[GN_MAXN][CW]; /* each digit's cells with a strong link */
    uint8_t deg[MAXNODES];
    uint16_t adj[MAXNODES][DEG];
    /* the segments where a line meets a box in two cells or more: per line, and per box
     * its rows' then its columns' */
    unsigned nlseg[2 * GN_MAXN], nbseg[GN_MAXN][2];
    uint64_t lseg[2 * GN_MAXN][GN_MAXN][CW], bseg[GN_MAXN][2][GN_MAXN][CW];
    uint8_t gdigit[MAXG];
    uint64_t gcells[MAXG][CW], gseen[MAXG][CW]; /* a group's cells; those seeing all of it */
    /* the walk */
    uint64_t on[GN_MAXN][CW], off[GN_MAXN][CW], gon[GW], goff[GW];
    uint64_t front[GN_MAXN][CW], layer[GN_MAXN][CW]; /* false layer, true layer */
    uint16_t gfront[MAXG], glayer[MAXG];
    unsigned ngfront, nglayer;
    uint64_t hit[GN_MAXN][CW]; /* per digit: the cells where a true candidate ends a chain */
} Aic;

static Aic A; /* callers hold the GIL */

/* Bits set in x: SWAR (no popcount instruction in the portable build). */
static unsigned pop64(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (unsigned)((x * 0x0101010101010101ull) >> 56);
}

static unsigned pop_cells(const uint64_t *x, unsigned cw)
{
    unsigned i, k = 0;
    for (i = 0; i < cw; i++)
        k += pop64(x[i]);
    return k;
}

static int any_cells(const uint64_t *x, unsigned cw)
{
    unsigned i;
    for (i = 0; i < cw; i++)
        if (x[i])
            return 1;
    return 0;
}

static void add_edge(unsigned a, unsigned b)
{
    unsigned i;
    for (i = 0; i < A.deg[a]; i++)
        if (A.adj[a][i] == b)
            return;
    if (A.deg[a] < DEG) /* never full: see DEG */
        A.adj[a][A.deg[a]++] = (uint16_t)b;
}

static void link(unsigned a, unsigned b)
{
    add_edge(a, b);
    add_edge(b, a);
    if (a < AC_GROUP)
        A.strong[a >> 8][(a & 255) >> 6] |= 1ull << (a & 63);
    if (b < AC_GROUP)
        A.strong[b >> 8][(b & 255) >> 6] |= 1ull << (b & 63);
}

/* The node of digit d in the cells x (a candidate for one cell, else a group, made once
 * per digit and cells; the digit's groups are gfirst..). */
static unsigned node(unsigned d, const uint64_t *x, unsigned gfirst)
{
    const unsigned cw = A.cw;
    unsigned g, i;
    if (pop_cells(x, cw) == 1) {
        for (i = 0; !x[i]; i++)
            ;
        return d << 8 | (i * 64 + CTZ64(x[i]));
    }
    for (g = gfirst; g < A.ngroups; g++)
        if (!memcmp(A.gcells[g], x, cw * sizeof *x))
            return AC_GROUP + g;
    g = A.ngroups++;
    A.gdigit[g] = (uint8_t)d;
    memcpy(A.gcells[g], x, cw * sizeof *x);
    A.deg[AC_GROUP + g] = 0;
    return AC_GROUP + g;
}

/* The digit's places x in a unit, against its segments: exactly two segments holding
 * them all make a strong link (chains._build). */
static void split(unsigned d, const uint64_t *x, unsigned nseg, uint64_t (*seg)[CW],
                  unsigned gfirst)
{
    uint64_t s[2][CW];
    unsigned k, i, count = 0;
    for (k = 0; k < nseg; k++) {
        uint64_t y[CW];
        for (i = 0; i < A.cw; i++)
            y[i] = x[i] & seg[k][i];
        if (!any_cells(y, A.cw))
            continue;
        if (count == 2)
            return;
        memcpy(s[count++], y, sizeof y);
    }
    if (count != 2)
        return;
    for (i = 0; i < A.cw; i++)
        if ((s[0][i] | s[1][i]) != x[i])
            return;
    link(node(d, s[0], gfirst), node(d, s[1], gfirst));
}

static void build(const GnGeo *G, const uint16_t *cands)
{
    const unsigned n = G->n, nc = G->ncells, cw = (nc + 63) / 64;
    unsigned c, u, v, d, i, k;
    A.n = n;
    A.ncells = nc;
    A.cw = cw;
    A.ngroups = 0;
    memset(A.peer, 0, nc * sizeof A.peer[0]);
    memset(A.unit, 0, sizeof A.unit);
    memset(A.dc, 0, sizeof A.dc);
    memset(A.strong, 0, sizeof A.strong);
    for (d = 0; d < n; d++)
        memset(A.deg + (d << 8), 0, nc);
    for (c = 0; c < nc; c++) {
        for (i = 0; i < GN_NPEERS(G, c); i++) {
            const unsigned p = GN_PEERS(G, c)[i];
            A.peer[c][p >> 6] |= 1ull << (p & 63);
        }
        for (unsigned m = cands[c]; m; m &= m - 1)
            A.dc[GN_CTZ(m)][c >> 6] |= 1ull << (c & 63);
    }
    for (u = 0; u < 3 * n; u++)
        for (i = 0; i < n; i++)
            A.unit[u][G->unit[u][i] >> 6] |= 1ull << (G->unit[u][i] & 63);
    for (u = 0; u < 2 * n; u++) /* rows and columns against boxes, both ways */
        A.nlseg[u] = 0;
    for (v = 0; v < n; v++)
        A.nbseg[v][0] = A.nbseg[v][1] = 0;
    for (u = 0; u < 2 * n; u++)
        for (v = 0; v < n; v++) {
            uint64_t x[CW];
            for (i = 0; i < cw; i++)
                x[i] = A.unit[u][i] & A.unit[2 * n + v][i];
            if (pop_cells(x, cw) < 2)
                continue;
            memcpy(A.lseg[u][A.nlseg[u]++], x, sizeof x);
            memcpy(A.bseg[v][u >= n][A.nbseg[v][u >= n]++], x, sizeof x);
        }
    /* Bivalue cells, then digits with two places in a unit. */
    for (c = 0; c < nc; c++) {
        const unsigned m = cands[c], rest = m & (m - 1u);
        if (m && rest && !(rest & (rest - 1u)))
            link(GN_CTZ(m) << 8 | c, GN_CTZ(rest) << 8 | c);
    }
    for (d = 0; d < n; d++) {
        const unsigned gfirst = A.ngroups;
        for (u = 0; u < 3 * n; u++) {
            uint64_t x[CW];
            unsigned count;
            for (i = 0; i < cw; i++)
                x[i] = A.dc[d][i] & A.unit[u][i];
            count = pop_cells(x, cw);
            if (count == 2) {
                unsigned a = 0, b = 0, seen = 0;
                for (i = 0; i < cw; i++)
                    for (uint64_t y = x[i]; y; y &= y - 1) {
                        const unsigned cell = i * 64 + CTZ64(y);
                        if (seen++)
                            b = cell;
                        else
                            a = cell;
                    }
                link(d << 8 | a, d << 8 | b);
            } else if (count >= 3) {
                if (u < 2 * n) {
                    split(d, x, A.nlseg[u], A.lseg[u], gfirst);
                } else {
                    split(d, x, A.nbseg[u - 2 * n][0], A.bseg[u - 2 * n][0], gfirst);
                    split(d, x, A.nbseg[u - 2 * n][1], A.bseg[u - 2 * n][1], gfirst);
                }
            }
        }
    }
    for (k = 0; k < A.ngroups; k++) {
        d = A.gdigit[k];
        for (i = 0; i < cw; i++)
            A.gseen[k][i] = A.dc[d][i];
        for (i = 0; i < cw; i++)
            for (uint64_t y = A.gcells[k][i]; y; y &= y - 1) {
                const unsigned cell = i * 64 + CTZ64(y);
                for (unsigned j = 0; j < cw; j++)
                    A.gseen[k][j] &= A.peer[cell][j];
            }
    }
}

/* out = the cells seeing some cell of x. */
static void peers_of(uint64_t *out, const uint64_t *x)
{
    const unsigned cw = A.cw;
    unsigned i, j;
    memset(out, 0, cw * sizeof *out);
    for (i = 0; i < cw; i++)
        for (uint64_t y = x[i]; y; y &= y - 1) {
            const uint64_t *p = A.peer[i * 64 + CTZ64(y)];
            for (j = 0; j < cw; j++)
                out[j] |= p[j];
        }
}

/* Where a true candidate ends a chain from "s is false" that proves something
 * (chains._elims nonempty, or the start itself: placed): with the same digit, a cell
 * seeing a candidate that sees both ends; with another digit, for a candidate start, its
 * peers when its cell holds that digit too, else the peers holding the start's digit, and
 * its own cell when a third digit is left there; for a group start, the cells seeing all
 * of it (they hold its digit). */
static void ends(unsigned s)
{
    const unsigned n = A.n, cw = A.cw;
    unsigned d, i;
    uint64_t near[CW];
    if (s < AC_GROUP) {
        const unsigned da = s >> 8, ca = s & 255;
        for (i = 0; i < cw; i++)
            near[i] = A.dc[da][i] & A.peer[ca][i];
        peers_of(A.hit[da], near);
        A.hit[da][ca >> 6] |= 1ull << (ca & 63);
    } else {
        const unsigned g = s - AC_GROUP, da = A.gdigit[g];
        memcpy(near, A.gseen[g], cw * sizeof *near);
        peers_of(A.hit[da], near);
        for (d = 0; d < n; d++)
            if (d != da)
                memcpy(A.hit[d], near, cw * sizeof *near);
    }
}

/* The same, for a candidate start: the other digits' end cells (they need the cell's
 * candidates). */
static void ends_other(unsigned s, const uint16_t *cands)
{
    const unsigned n = A.n, cw = A.cw, da = s >> 8, ca = s & 255, m = cands[ca];
    unsigned d, i;
    for (d = 0; d < n; d++) {
        if (d == da)
            continue;
        if (m >> d & 1u) {
            memcpy(A.hit[d], A.peer[ca], cw * sizeof A.hit[d][0]);
            if (m & ~(1u << da) & ~(1u << d))
                A.hit[d][ca >> 6] |= 1ull << (ca & 63);
        } else {
            for (i = 0; i < cw; i++)
                A.hit[d][i] = A.peer[ca][i] & A.dc[da][i];
        }
    }
}

/* A node reached by a strong link from a false one: true, the first time. */
static void reach_on(unsigned y)
{
    if (y < AC_GROUP) {
        uint64_t *w = &A.on[y >> 8][(y & 255) >> 6];
        const uint64_t bit = 1ull << (y & 63);
        if (!(*w & bit)) {
            *w |= bit;
            A.layer[y >> 8][(y & 255) >> 6] |= bit;
        }
    } else {
        const unsigned g = y - AC_GROUP;
        if (!(A.gon[g >> 6] >> (g & 63) & 1u)) {
            A.gon[g >> 6] |= 1ull << (g & 63);
            A.glayer[A.nglayer++] = (uint16_t)g;
        }
    }
}

/* Whether the walk from "s is false" meets a chain end within limit - 1 nodes (as
 * chains._walk counts them). */
static int walk(unsigned s, unsigned limit)
{
    const unsigned n = A.n, cw = A.cw, gw = (A.ngroups + 63) / 64;
    const unsigned da = s < AC_GROUP ? s >> 8 : A.gdigit[s - AC_GROUP];
    unsigned depth = 1, d, i, k, more;
    memset(A.on, 0, sizeof A.on);
    memset(A.off, 0, sizeof A.off);
    memset(A.front, 0, sizeof A.front);
    memset(A.gon, 0, gw * sizeof *A.gon);
    memset(A.goff, 0, gw * sizeof *A.goff);
    A.ngfront = 0;
    if (s < AC_GROUP) {
        A.off[da][(s & 255) >> 6] |= 1ull << (s & 63);
        A.front[da][(s & 255) >> 6] |= 1ull << (s & 63);
    } else {
        const unsigned g = s - AC_GROUP;
        A.goff[g >> 6] |= 1ull << (g & 63);
        A.gfront[A.ngfront++] = (uint16_t)g;
    }
    more = 1;
    while (more && depth < limit) {
        uint64_t all[CW] = {0}, twice[CW] = {0};
        /* false -> true: strong links */
        memset(A.layer, 0, sizeof A.layer);
        A.nglayer = 0;
        for (d = 0; d < n; d++)
            for (i = 0; i < cw; i++)
                for (uint64_t y = A.front[d][i]; y; y &= y - 1) {
                    const unsigned x = d << 8 | (i * 64 + CTZ64(y));
                    for (k = 0; k < A.deg[x]; k++)
                        reach_on(A.adj[x][k]);
                }
        for (k = 0; k < A.ngfront; k++) {
            const unsigned x = AC_GROUP + A.gfront[k];
            for (i = 0; i < A.deg[x]; i++)
                reach_on(A.adj[x][i]);
        }
        depth++;
        /* a true node ending a chain */
        for (d = 0; d < n; d++)
            for (i = 0; i < cw; i++)
                if (A.layer[d][i] & A.hit[d][i])
                    return 1;
        for (k = 0; k < A.nglayer; k++) {
            const unsigned z = A.glayer[k], dz = A.gdigit[z];
            if (dz == da) {
                /* a candidate seeing both (its digit, seeing all of the start) */
                if (s < AC_GROUP) {
                    uint64_t near[CW];
                    const unsigned ca = s & 255;
                    for (i = 0; i < cw; i++)
                        near[i] = A.dc[da][i] & A.peer[ca][i];
                    for (i = 0; i < cw; i++)
                        if (near[i] & A.gseen[z][i])
                            return 1;
                } else {
                    for (i = 0; i < cw; i++)
                        if (A.gseen[s - AC_GROUP][i] & A.gseen[z][i])
                            return 1;
                }
            } else if (s < AC_GROUP && (A.gseen[z][(s & 255) >> 6] >> (s & 63) & 1u)) {
                return 1; /* the start's cell sees all of the group: loses its digit */
            }
        }
        if (depth + 1 >= limit)
            break;
        /* true -> false: weak links */
        more = 0;
        memset(A.front, 0, sizeof A.front);
        A.ngfront = 0;
        for (d = 0; d < n; d++) {
            uint64_t p[CW];
            if (!any_cells(A.layer[d], cw))
                continue;
            for (i = 0; i < cw; i++) {
                twice[i] |= all[i] & A.layer[d][i];
                all[i] |= A.layer[d][i];
            }
            peers_of(p, A.layer[d]);
            for (i = 0; i < cw; i++) {
                const uint64_t x = p[i] & A.strong[d][i] & ~A.off[d][i];
                A.off[d][i] |= x;
                A.front[d][i] |= x;
                more |= x != 0;
            }
        }
        for (d = 0; d < n; d++) /* the other candidates of a true candidate's cell */
            for (i = 0; i < cw; i++) {
                const uint64_t x =
                    ((all[i] & ~A.layer[d][i]) | twice[i]) & A.strong[d][i] & ~A.off[d][i];
                A.off[d][i] |= x;
                A.front[d][i] |= x;
                more |= x != 0;
            }
        for (k = 0; k < A.nglayer; k++) { /* a true group: the cells seeing all of it */
            const unsigned g = A.glayer[k], dg = A.gdigit[g];
            for (i = 0; i < cw; i++) {
                const uint64_t x = A.gseen[g][i] & A.strong[dg][i] & ~A.off[dg][i];
                A.off[dg][i] |= x;
                A.front[dg][i] |= x;
                more |= x != 0;
            }
        }
        /* groups seen entirely by a true candidate of their digit, or lying entirely
         * where a true group of their digit is seen from */
        for (k = 0; k < A.ngroups; k++) {
            const unsigned dk = A.gdigit[k];
            int hit = 0;
            if (A.goff[k >> 6] >> (k & 63) & 1u)
                continue;
            for (i = 0; i < cw && !hit; i++)
                hit = (A.layer[dk][i] & A.gseen[k][i]) != 0;
            for (unsigned j = 0; j < A.nglayer && !hit; j++) {
                const unsigned g = A.glayer[j];
                if (g == k || A.gdigit[g] != dk)
                    continue;
                hit = 1;
                for (i = 0; i < cw; i++)
                    if (A.gcells[k][i] & ~A.gseen[g][i])
                        hit = 0;
            }
            if (hit) {
                A.goff[k >> 6] |= 1ull << (k & 63);
                A.gfront[A.ngfront++] = (uint16_t)k;
                more = 1;
            }
        }
        depth++;
    }
    return 0;
}

int ac_aic_any(const GnGeo *G, const uint16_t *cands, int max_nodes)
{
    const unsigned limit = (unsigned)max_nodes + 1;
    unsigned d, c, g;
    if (!G || !G->classic || max_nodes < 0)
        return 0;
    build(G, cands);
    for (d = 0; d < A.n; d++)
        for (c = 0; c < A.ncells; c++) {
            const unsigned s = d << 8 | c;
            if (!A.deg[s])
                continue;
            ends(s);
            ends_other(s, cands);
            if (walk(s, limit))
                return 1;
        }
    for (g = 0; g < A.ngroups; g++) {
        ends(AC_GROUP + g);
        if (walk(AC_GROUP + g, limit))
            return 1;
    }
    return 0;
}
