/*
 * Almost locked sets, their restricted-common graph and the ALS chain search: see als.h.
 * Each step follows sudokit/logic/techniques/als.py line for line where the order of what
 * it finds depends on it (the stack of _unit_sets, the first unit a set is found in, the
 * sorted edges, the chain search's stack and work count).
 */
#include "als.h"

#include <stdlib.h>
#include <string.h>

#define AL_TEST(set, c) ((set)[(c) >> 6] >> ((c)&63) & 1u)
#define AL_SET(set, c) ((set)[(c) >> 6] |= (uint64_t)1 << ((c)&63))

/* The buffers, kept between calls (callers hold the GIL), and the position they hold the
 * sets of: the engine asks for the sets and then for the chain of the same position. */
static struct {
    /* The position: rules (units), masks, empty cells, largest set. */
    int valid;
    unsigned n, nunits;
    uint8_t unit[GN_MAXUNITS][GN_MAXN];
    uint16_t cands[GN_MAXCELLS];
    uint64_t empty[AL_WORDS];
    int max_cells;
    /* The sets (see AlSets). */
    unsigned count, words, nplace;
    size_t cap, place_cap;
    uint64_t *cells;
    uint16_t *mask;
    uint8_t *unit_of;
    uint32_t *at;
    uint64_t *place;
    /* Sets by their cells, to keep a set only in the first unit it is found in. */
    uint32_t *hash;
    size_t hash_cap;
    /* The graph. */
    uint32_t *edge_at, *edge, *triple, *bucket;
    size_t edge_at_cap, edge_cap, triple_cap, bucket_cap;
    unsigned nedges;
} S;

/* Room for `need` items of `size` bytes in *buf. */
static int room(void **buf, size_t *cap, size_t need, size_t size)
{
    size_t c = *cap ? *cap : 64;
    void *p;
    if (need <= *cap)
        return 0;
    while (c < need)
        c *= 2;
    if (!(p = realloc(*buf, c * size)))
        return -1;
    *buf = p;
    *cap = c;
    return 0;
}

static uint64_t mix(const uint64_t *x, unsigned w)
{
    uint64_t h = 0x9E3779B97F4A7C15u;
    unsigned i;
    for (i = 0; i < w; i++) {
        h ^= x[i];
        h *= 0xBF58476D1CE4E5B9u;
        h ^= h >> 31;
    }
    return h;
}

/* Index + 1 of the set with these cells in the hash table, or the free slot's negation. */
static long find_set(const uint64_t *x)
{
    const unsigned w = S.words;
    size_t i = (size_t)mix(x, w) & (S.hash_cap - 1);
    for (;; i = (i + 1) & (S.hash_cap - 1)) {
        const uint32_t k = S.hash[i];
        if (!k)
            return -(long)i - 1;
        if (!memcmp(S.cells + (size_t)(k - 1) * w, x, w * sizeof *x))
            return (long)k;
    }
}

static int rehash(size_t cap)
{
    unsigned k;
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h)
        return -1;
    free(S.hash);
    S.hash = h;
    S.hash_cap = cap;
    for (k = 0; k < S.count; k++)
        S.hash[-find_set(S.cells + (size_t)k * S.words) - 1] = k + 1;
    return 0;
}

/* Room for `cap` sets. */
static int grow_sets(size_t cap)
{
    uint64_t *cells = realloc(S.cells, cap * AL_WORDS * sizeof *cells);
    uint16_t *mask;
    uint8_t *unit;
    uint32_t *at;
    if (!cells)
        return -1;
    S.cells = cells;
    if (!(mask = realloc(S.mask, cap * sizeof *mask)))
        return -1;
    S.mask = mask;
    if (!(unit = realloc(S.unit_of, cap * sizeof *unit)))
        return -1;
    S.unit_of = unit;
    if (!(at = realloc(S.at, cap * sizeof *at)))
        return -1;
    S.at = at;
    S.cap = cap;
    return 0;
}

/* Add the set of cells `cl[i]` (bit i of `bits`) of unit u with digits `mask`, unless an
 * earlier unit had it. */
static int add_set(const GnGeo *G, const uint64_t (*peer)[AL_WORDS],
                   const uint64_t (*dcells)[AL_WORDS], const uint8_t *cl, const uint16_t *ms,
                   uint32_t bits, uint16_t mask, unsigned u)
{
    const unsigned w = S.words;
    uint64_t x[AL_WORDS];
    unsigned i, k, d;
    long slot;
    uint32_t b;
    memset(x, 0, sizeof x);
    for (b = bits; b; b &= b - 1)
        AL_SET(x, cl[GN_CTZ(b)]);
    if ((S.count + 1) * 2 > S.hash_cap && rehash(S.hash_cap ? S.hash_cap * 2 : 1024) < 0)
        return -1;
    if ((slot = find_set(x)) > 0)
        return 0;
    if (S.count == S.cap && grow_sets(S.cap ? S.cap * 2 : 1024) < 0)
        return -1;
    if (room((void **)&S.place, &S.place_cap, ((size_t)S.nplace + GN_POP(mask)) * 2 * w,
             sizeof *S.place) < 0)
        return -1;
    S.hash[-slot - 1] = S.count + 1;
    memcpy(S.cells + (size_t)S.count * w, x, w * sizeof *x);
    S.mask[S.count] = mask;
    S.unit_of[S.count] = (uint8_t)u;
    S.at[S.count] = S.nplace;
    for (d = 1; d <= G->n; d++) {
        uint64_t *wh, *seen;
        if (!(mask >> (d - 1) & 1u))
            continue;
        wh = S.place + (size_t)S.nplace * 2 * w;
        seen = wh + w;
        memset(wh, 0, w * sizeof *wh);
        memcpy(seen, dcells[d], w * sizeof *seen);
        for (b = bits; b; b &= b - 1) {
            i = GN_CTZ(b);
            if (!(ms[i] >> (d - 1) & 1u))
                continue;
            AL_SET(wh, cl[i]);
            for (k = 0; k < w; k++)
                seen[k] &= peer[cl[i]][k];
        }
        S.nplace++;
    }
    S.count++;
    return 0;
}

/* Where digit d sits in set k (d one of its digits), and the cells seeing all of it. */
static const uint64_t *where_of(unsigned k, unsigned d)
{
    const unsigned i = GN_POP(S.mask[k] & ((1u << (d - 1)) - 1u));
    return S.place + (size_t)(S.at[k] + i) * 2 * S.words;
}

static int cmp_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* find_als: every unit in order, its sets in _unit_sets's order. */
static int build_sets(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells)
{
    static uint64_t peer[GN_MAXCELLS][AL_WORDS];
    uint64_t dcells[GN_MAXN + 1][AL_WORDS];
    const unsigned n = G->n, ncells = G->ncells;
    unsigned u, c, i, k;
    memset(dcells, 0, sizeof dcells);
    for (c = 0; c < ncells; c++) {
        const uint8_t *p = GN_PEERS(G, c);
        memset(peer[c], 0, sizeof peer[c]);
        for (i = 0; i < GN_NPEERS(G, c); i++)
            if (p[i] != c)
                AL_SET(peer[c], p[i]);
        for (k = cands[c]; k; k &= k - 1)
            AL_SET(dcells[GN_CTZ(k) + 1], c);
    }
    if (S.hash)
        memset(S.hash, 0, S.hash_cap * sizeof *S.hash);
    S.count = S.nplace = 0;
    for (u = 0; u < G->nunits; u++) {
        /* (next index, size, cells, digits), popped last in first out as in Python */
        struct {
            uint8_t start, size;
            uint16_t mask;
            uint32_t bits;
        } stack[GN_MAXN * GN_MAXN + 1];
        uint8_t cl[GN_MAXN];
        uint16_t ms[GN_MAXN];
        unsigned m = 0, sp = 0;
        int limit;
        for (i = 0; i < n; i++)
            if (AL_TEST(empty, G->unit[u][i]))
                cl[m++] = G->unit[u][i];
        for (i = 1; i < m; i++) /* the cells of a unit in ascending order */
            for (k = i; k > 0 && cl[k - 1] > cl[k]; k--) {
                const uint8_t t = cl[k];
                cl[k] = cl[k - 1];
                cl[k - 1] = t;
            }
        for (i = 0; i < m; i++)
            ms[i] = cands[cl[i]];
        limit = max_cells < (int)m - 1 ? max_cells : (int)m - 1;
        stack[sp].start = 0;
        stack[sp].size = 0;
        stack[sp].mask = 0;
        stack[sp++].bits = 0;
        while (sp) {
            const unsigned start = stack[--sp].start, size = stack[sp].size;
            const uint16_t mask = stack[sp].mask;
            const uint32_t bits = stack[sp].bits;
            if (size && GN_POP(mask) == size + 1 &&
                add_set(G, (const uint64_t(*)[AL_WORDS])peer, (const uint64_t(*)[AL_WORDS])dcells,
                        cl, ms, bits, mask, u) < 0)
                return -1;
            if ((int)size == limit)
                continue;
            for (i = start; i < m; i++) {
                const uint16_t nm = mask | ms[i];
                const int left = (int)(size + m - i), most = limit < left ? limit : left;
                if ((int)GN_POP(nm) <= most + 1) {
                    stack[sp].start = (uint8_t)(i + 1);
                    stack[sp].size = (uint8_t)(size + 1);
                    stack[sp].mask = nm;
                    stack[sp++].bits = bits | (uint32_t)1 << i;
                }
            }
        }
    }
    return 0;
}

/* _restricted_graph: the edges (i, x, j), i < j, sorted, each listed at both ends. */
static int build_graph(const GnGeo *G)
{
    const unsigned n = G->n, ncells = G->ncells, w = S.words, nkeys = (n + 1) * ncells;
    static uint32_t bucket_at[(GN_MAXN + 1) * GN_MAXCELLS + 1];
    static uint32_t pos[(GN_MAXN + 1) * GN_MAXCELLS + 1];
    unsigned i, d, e, c;
    size_t nt = 0;
    /* Per digit x and cell c, the sets whose first cell holding x is c, ascending. */
    memset(bucket_at, 0, (nkeys + 1) * sizeof *bucket_at);
    for (i = 0; i < S.count; i++)
        for (d = 1; d <= n; d++)
            if (S.mask[i] >> (d - 1) & 1u) {
                const uint64_t *wh = where_of(i, d);
                for (c = 0; !wh[c]; c++)
                    ;
                bucket_at[d * ncells + 64 * c + GN_CTZ64(wh[c]) + 1]++;
            }
    for (i = 0; i < nkeys; i++)
        bucket_at[i + 1] += bucket_at[i];
    if (room((void **)&S.bucket, &S.bucket_cap, (size_t)bucket_at[nkeys] + 1,
             sizeof *S.bucket) < 0 ||
        room((void **)&S.edge_at, &S.edge_at_cap, (size_t)S.count + 2, sizeof *S.edge_at) < 0)
        return -1;
    memcpy(pos, bucket_at, (nkeys + 1) * sizeof *pos);
    for (i = 0; i < S.count; i++)
        for (d = 1; d <= n; d++)
            if (S.mask[i] >> (d - 1) & 1u) {
                const uint64_t *wh = where_of(i, d);
                for (c = 0; !wh[c]; c++)
                    ;
                S.bucket[pos[d * ncells + 64 * c + GN_CTZ64(wh[c])]++] = i;
            }
    /* Per set i, its edges (x, j) with j > i, by x then j (x in the top byte). */
    S.nedges = 0;
    for (i = 0; i < S.count; i++) {
        const uint64_t *ci = S.cells + (size_t)i * w;
        for (d = 1; d <= n; d++) {
            const uint64_t *seen;
            size_t first = nt;
            if (!(S.mask[i] >> (d - 1) & 1u))
                continue;
            seen = where_of(i, d) + w;
            for (c = 0; c < w; c++) {
                uint64_t bits;
                for (bits = seen[c]; bits; bits &= bits - 1) {
                    const unsigned cell = 64 * c + GN_CTZ64(bits);
                    const uint32_t *b = S.bucket + bucket_at[d * ncells + cell];
                    const uint32_t *end = S.bucket + bucket_at[d * ncells + cell + 1];
                    for (; b < end; b++) {
                        const uint64_t *cj = S.cells + (size_t)*b * w, *wj;
                        unsigned k;
                        if (*b <= i)
                            continue;
                        wj = where_of(*b, d);
                        for (k = 0; k < w; k++)
                            if ((wj[k] & ~seen[k]) || (ci[k] & cj[k]))
                                break;
                        if (k < w)
                            continue;
                        if (room((void **)&S.triple, &S.triple_cap, nt + 1, sizeof *S.triple) < 0)
                            return -1;
                        S.triple[nt++] = *b;
                    }
                }
            }
            qsort(S.triple + first, nt - first, sizeof *S.triple, cmp_u32);
            for (e = (unsigned)first; e < nt; e++)
                S.triple[e] |= (uint32_t)d << 24;
        }
        if (room((void **)&S.edge, &S.edge_cap, 2 * (nt + 1), sizeof *S.edge) < 0)
            return -1;
        for (e = S.nedges; e < nt; e++) {
            S.edge[2 * e] = i;
            S.edge[2 * e + 1] = S.triple[e];
        }
        S.nedges = (unsigned)nt;
    }
    /* The lists: each edge in sorted order, appended at both ends. */
    memset(S.edge_at, 0, ((size_t)S.count + 2) * sizeof *S.edge_at);
    for (e = 0; e < S.nedges; e++) {
        S.edge_at[S.edge[2 * e] + 2]++;
        S.edge_at[(S.edge[2 * e + 1] & 0xFFFFFFu) + 2]++;
    }
    for (i = 0; i < S.count; i++)
        S.edge_at[i + 2] += S.edge_at[i + 1];
    if (room((void **)&S.triple, &S.triple_cap, 4 * (size_t)S.nedges + 1, sizeof *S.triple) < 0)
        return -1;
    for (e = 0; e < S.nedges; e++) {
        const uint32_t a = S.edge[2 * e], x = S.edge[2 * e + 1] >> 24,
                       b = S.edge[2 * e + 1] & 0xFFFFFFu;
        uint32_t *p = S.triple + 2 * (size_t)S.edge_at[a + 1]++;
        p[0] = b;
        p[1] = x;
        p = S.triple + 2 * (size_t)S.edge_at[b + 1]++;
        p[0] = a;
        p[1] = x;
    }
    /* The lists take the place of the edges. */
    {
        uint32_t *t = S.edge;
        size_t tc = S.edge_cap;
        S.edge = S.triple;
        S.edge_cap = S.triple_cap;
        S.triple = t;
        S.triple_cap = tc;
    }
    return 0;
}

/* The sets and graph of this position: those of the last call when it is the same. */
static int prepare(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells)
{
    const unsigned words = (G->ncells + 63) / 64;
    if (S.valid && S.n == G->n && S.nunits == G->nunits && S.max_cells == max_cells &&
        !memcmp(S.unit, G->unit, sizeof S.unit) &&
        !memcmp(S.cands, cands, G->ncells * sizeof *cands) &&
        !memcmp(S.empty, empty, words * sizeof *empty))
        return 0;
    S.valid = 0;
    S.words = words;
    if (build_sets(G, cands, empty, max_cells) < 0 || S.count >= 1u << 24 || build_graph(G) < 0)
        return -1;
    S.n = G->n;
    S.nunits = G->nunits;
    S.max_cells = max_cells;
    memcpy(S.unit, G->unit, sizeof S.unit);
    memcpy(S.cands, cands, G->ncells * sizeof *cands);
    memcpy(S.empty, empty, words * sizeof *empty);
    S.valid = 1;
    return 0;
}

int al_sets(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells,
            AlSets *out)
{
    if (prepare(G, cands, empty, max_cells) < 0)
        return -1;
    out->count = S.count;
    out->words = S.words;
    out->cells = S.cells;
    out->mask = S.mask;
    out->unit = S.unit_of;
    out->at = S.at;
    out->place = S.place;
    out->edge_at = S.edge_at;
    out->edge = S.edge;
    return 0;
}

/* A partial chain on the search's stack. */
typedef struct {
    uint32_t path[AL_MAXCHAIN];
    uint8_t rcc[AL_MAXCHAIN];
    uint8_t len;
} AlItem;

static AlItem *stack;
static size_t stack_cap;

int al_chain(const GnGeo *G, const uint16_t *cands, const uint64_t *empty, int max_cells,
             int max_chain, long long max_work, int *path, int *rcc, int *nelim,
             uint16_t *elim)
{
    static uint64_t *reach;
    static size_t reach_cap;
    const unsigned w = (G->ncells + 63) / 64;
    long long work = 0;
    unsigned i, k, d;
    int length;
    if (prepare(G, cands, empty, max_cells) < 0 ||
        room((void **)&reach, &reach_cap, (size_t)S.count * w + 1, sizeof *reach) < 0)
        return -1;
    /* Cells seeing every place of some digit of the set: only those sets end a chain. */
    for (i = 0; i < S.count; i++) {
        uint64_t *r = reach + (size_t)i * w;
        memset(r, 0, w * sizeof *r);
        for (d = 1; d <= G->n; d++)
            if (S.mask[i] >> (d - 1) & 1u) {
                const uint64_t *seen = where_of(i, d) + w;
                for (k = 0; k < w; k++)
                    r[k] |= seen[k];
            }
    }
    for (length = 4; length <= max_chain; length++) {
        int best_size = -1, best_len = 0;
        uint32_t best_path[AL_MAXCHAIN];
        uint8_t best_rcc[AL_MAXCHAIN];
        uint16_t best_zs = 0;
        uint32_t first;
        for (first = 0; first < S.count; first++) {
            const uint64_t *rf = reach + (size_t)first * w, *fc = S.cells + (size_t)first * w;
            size_t sp = 0;
            for (k = 0; k < w && !rf[k]; k++)
                ;
            if (k == w)
                continue;
            if (room((void **)&stack, &stack_cap, 1, sizeof *stack) < 0)
                return -1;
            stack[0].path[0] = first;
            stack[0].len = 1;
            sp = 1;
            while (sp) {
                const AlItem it = stack[--sp];
                const uint32_t last = it.path[it.len - 1];
                const uint32_t *e = S.edge + 2 * (size_t)S.edge_at[last],
                               *end = S.edge + 2 * (size_t)S.edge_at[last + 1];
                uint64_t cells[AL_WORDS];
                int stop = 0;
                if (++work > max_work)
                    break;
                if (it.len < length - 1) {
                    if (room((void **)&stack, &stack_cap, sp + (size_t)(end - e) / 2 + 1,
                             sizeof *stack) < 0)
                        return -1;
                    for (; e < end; e += 2) {
                        AlItem *nx;
                        for (k = 0; k < it.len && it.path[k] != e[0]; k++)
                            ;
                        if ((it.len > 1 && e[1] == it.rcc[it.len - 2]) || k < it.len)
                            continue;
                        nx = stack + sp++;
                        *nx = it;
                        nx->path[it.len] = e[0];
                        nx->rcc[it.len - 1] = (uint8_t)e[1];
                        nx->len = (uint8_t)(it.len + 1);
                    }
                    continue;
                }
                /* The last set: its chains judged in the order (and with the work) they
                 * would have been pushed and popped. */
                memcpy(cells, fc, w * sizeof *cells);
                for (k = 1; k < it.len; k++) {
                    const uint64_t *c = S.cells + (size_t)it.path[k] * w;
                    unsigned q;
                    for (q = 0; q < w; q++)
                        cells[q] |= c[q];
                }
                while (end > e) {
                    const uint32_t nxt = end[-2], r = end[-1];
                    const uint64_t *rn, *bc;
                    uint16_t zs;
                    unsigned size = 0, q;
                    end -= 2;
                    for (k = 0; k < it.len && it.path[k] != nxt; k++)
                        ;
                    if (r == it.rcc[it.len - 2] || k < it.len)
                        continue;
                    if (++work > max_work) {
                        stop = 1;
                        break;
                    }
                    if (nxt < first)
                        continue; /* the same chain read from the other end */
                    zs = (uint16_t)(S.mask[first] & S.mask[nxt] & ~(1u << (it.rcc[0] - 1)) &
                                    ~(1u << (r - 1)));
                    if (!zs)
                        continue;
                    bc = S.cells + (size_t)nxt * w;
                    for (q = 0; q < w; q++)
                        size += GN_POP64(cells[q] | bc[q]);
                    if (best_size >= 0 && (int)size >= best_size)
                        continue;
                    rn = reach + (size_t)nxt * w;
                    for (q = 0; q < w && !(rf[q] & rn[q]); q++)
                        ;
                    if (q == w)
                        continue;
                    for (d = 1; d <= G->n; d++) {
                        const uint64_t *sa, *sb;
                        if (!(zs >> (d - 1) & 1u))
                            continue;
                        sa = where_of(first, d) + w;
                        sb = where_of(nxt, d) + w;
                        for (q = 0; q < w && !(sa[q] & sb[q]); q++)
                            ;
                        if (q < w)
                            break;
                    }
                    if (d > G->n)
                        continue; /* nothing to remove */
                    best_size = (int)size;
                    best_len = it.len + 1;
                    memcpy(best_path, it.path, it.len * sizeof *best_path);
                    best_path[it.len] = nxt;
                    memcpy(best_rcc, it.rcc, (size_t)(it.len - 1));
                    best_rcc[it.len - 1] = (uint8_t)r;
                    best_zs = zs;
                }
                if (stop)
                    break;
            }
        }
        if (best_size >= 0) {
            const uint32_t a = best_path[0], b = best_path[best_len - 1];
            unsigned c;
            int m = 0;
            for (k = 0; k < (unsigned)best_len; k++)
                path[k] = (int)best_path[k];
            for (k = 0; k + 1 < (unsigned)best_len; k++)
                rcc[k] = best_rcc[k];
            for (c = 0; c < G->ncells; c++)
                for (d = 1; d <= G->n; d++)
                    if (best_zs >> (d - 1) & 1u && AL_TEST(where_of(a, d) + w, c) &&
                        AL_TEST(where_of(b, d) + w, c)) {
                        elim[2 * m] = (uint16_t)c;
                        elim[2 * m + 1] = (uint16_t)d;
                        m++;
                    }
            *nelim = m;
            return best_len;
        }
    }
    return 0;
}
