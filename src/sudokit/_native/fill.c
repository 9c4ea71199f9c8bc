/*
 * The random full grid of the generator (see fill.h), specified exactly so that the
 * pure-Python reference (sudokit.generator_fill.random_solution) gives the same grid:
 *
 * Random numbers: xoshiro256** whose four words are four successive outputs of
 * splitmix64 started at `seed`. below(k) (0 <= below(k) < k) is ((x >> 32) * k) >> 32
 * for the next output x. A shuffle of a list of length L is Fisher-Yates from the end:
 * for i = L-1 down to 1, swap items i and below(i + 1).
 *
 * Propagation (to a fixpoint, which does not depend on the order of the deductions: they
 * only remove candidates): naked singles over the peers; under non-consecutive rules a
 * settled digit d leaves d-1 and d+1 from its orthogonal neighbours; hidden singles in
 * every unit (a digit with no place, or two digits with only one cell, fail); locked
 * candidates between any two units u, v sharing two cells or more (a digit whose places
 * in u all lie in v leaves v's other cells).
 *
 * Search: depth-first from the propagated empty grid. The open cells with the fewest
 * candidates, in cell order, are the ties; with several, the one at below(ties) is
 * taken. Its digits, ascending, are shuffled and tried in turn, each trial one guess;
 * a run ends when its guesses are spent (the guess that would exceed them is not made).
 * Run r (from 1) may make run * luby(r) guesses, capped by what is left of `limit`;
 * runs go on with the same random stream until one finds a grid or proves there is
 * none, or `limit` is spent.
 */
#include "fill.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
    const GnGeo *G;
    unsigned n, ncells;
    uint16_t all;
    /* Locked candidates: pair k has its shared cells at cells[at[3k] .. at[3k+1]-1], the
     * rest of u at .. at[3k+2]-1 and the rest of v at .. at[3k+3]-1. */
    unsigned npairs;
    uint32_t *at;
    uint8_t *cells;
    uint64_t s[4];
    int64_t left;
    uint16_t *stack; /* (ncells + 1) boards */
    unsigned found;  /* the depth of the board that is the grid */
    uint16_t todo[2 * GN_MAXCELLS];
} Fill;

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t next(Fill *F)
{
    uint64_t *s = F->s;
    const uint64_t result = rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

static unsigned below(Fill *F, unsigned k)
{
    return (unsigned)(((next(F) >> 32) * k) >> 32);
}

static void seed_with(Fill *F, uint64_t x)
{
    int i;
    for (i = 0; i < 4; i++) {
        uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        F->s[i] = z ^ (z >> 31);
    }
}

static uint64_t luby(uint64_t i)
{
    for (;;) {
        unsigned k = 1;
        while ((1ull << k) - 1 < i)
            k++;
        if ((1ull << k) - 1 == i)
            return 1ull << (k - 1);
        i -= (1ull << (k - 1)) - 1;
    }
}

/* The pairs of units for locked candidates; 0 when out of memory. */
static int build_pairs(Fill *F)
{
    const GnGeo *G = F->G;
    const unsigned n = F->n, nu = G->nunits;
    unsigned u, v, i, k = 0, used = 0;
    F->at = malloc(sizeof *F->at * (3 * (size_t)nu * nu + 1));
    F->cells = malloc((size_t)nu * nu * 2 * n + 1);
    if (!F->at || !F->cells)
        return 0;
    for (u = 0; u < nu; u++) {
        uint8_t in_u[GN_MAXCELLS] = {0};
        for (i = 0; i < n; i++)
            in_u[G->unit[u][i]] = 1;
        for (v = 0; v < nu; v++) {
            uint8_t in_v[GN_MAXCELLS] = {0};
            unsigned shared = 0;
            if (u == v)
                continue;
            for (i = 0; i < n; i++) {
                in_v[G->unit[v][i]] = 1;
                shared += in_u[G->unit[v][i]];
            }
            if (shared < 2 || shared == n)
                continue;
            F->at[3 * k] = used;
            for (i = 0; i < n; i++)
                if (in_v[G->unit[u][i]])
                    F->cells[used++] = G->unit[u][i];
            F->at[3 * k + 1] = used;
            for (i = 0; i < n; i++)
                if (!in_v[G->unit[u][i]])
                    F->cells[used++] = G->unit[u][i];
            F->at[3 * k + 2] = used;
            for (i = 0; i < n; i++)
                if (!in_u[G->unit[v][i]])
                    F->cells[used++] = G->unit[v][i];
            k++;
        }
    }
    F->at[3 * k] = used;
    F->npairs = k;
    return 1;
}

#define SINGLE(m) (!((m) & ((m) - 1)))

/* Singles, non-consecutive and locked candidates to a fixpoint from the `ntodo` cells in
 * F->todo (just settled); 0 on a contradiction. */
static int propagate(Fill *F, uint16_t *cand, unsigned ntodo)
{
    const GnGeo *G = F->G;
    const unsigned n = F->n, nu = G->nunits;
    const uint16_t all = F->all;
    uint16_t *todo = F->todo;
    unsigned u, i, k;
    for (;;) {
        int changed = 0;
        while (ntodo) {
            const unsigned cell = todo[--ntodo];
            const uint16_t bit = cand[cell];
            const uint8_t *peer = GN_PEERS(G, cell);
            const unsigned np = GN_NPEERS(G, cell);
            for (i = 0; i < np; i++) {
                uint16_t m = cand[peer[i]];
                if (m & bit) {
                    m &= (uint16_t)~bit;
                    if (!m)
                        return 0;
                    cand[peer[i]] = m;
                    if (SINGLE(m))
                        todo[ntodo++] = peer[i];
                }
            }
            if (G->nonconsecutive) {
                const uint16_t adj = (uint16_t)(((bit << 1) | (bit >> 1)) & all);
                for (i = 0; i < G->nnear[cell]; i++) {
                    const unsigned p = G->near[cell][i];
                    uint16_t m = cand[p];
                    if (m & adj) {
                        m &= (uint16_t)~adj;
                        if (!m)
                            return 0;
                        cand[p] = m;
                        if (SINGLE(m))
                            todo[ntodo++] = (uint16_t)p;
                    }
                }
            }
        }
        for (u = 0; u < nu; u++) {
            const uint8_t *unit = G->unit[u];
            uint16_t once = 0, twice = 0, hidden;
            for (i = 0; i < n; i++) {
                twice |= once & cand[unit[i]];
                once |= cand[unit[i]];
            }
            if (once != all)
                return 0;
            hidden = once & (uint16_t)~twice;
            if (hidden) {
                for (i = 0; i < n; i++) {
                    const uint16_t m = cand[unit[i]];
                    if ((m & hidden) && !SINGLE(m)) {
                        const uint16_t h = m & hidden;
                        if (!SINGLE(h))
                            return 0;
                        cand[unit[i]] = h;
                        todo[ntodo++] = unit[i];
                    }
                }
            }
        }
        if (ntodo)
            continue;
        for (k = 0; k < F->npairs; k++) {
            const uint32_t *at = F->at + 3 * k;
            uint16_t inside = 0, outside = 0, elim;
            for (i = at[1]; i < at[2]; i++)
                outside |= cand[F->cells[i]];
            for (i = at[0]; i < at[1]; i++)
                inside |= cand[F->cells[i]];
            elim = inside & (uint16_t)~outside;
            if (!elim)
                continue;
            for (i = at[2]; i < at[3]; i++) {
                const unsigned c = F->cells[i];
                uint16_t m = cand[c];
                if (m & elim) {
                    m &= (uint16_t)~elim;
                    if (!m)
                        return 0;
                    cand[c] = m;
                    changed = 1;
                    if (SINGLE(m))
                        todo[ntodo++] = (uint16_t)c;
                }
            }
        }
        if (!changed)
            return 1;
    }
}

/* 1: a grid at F->found; 0: none below this board; -1: the run's guesses are spent. */
static int search(Fill *F, unsigned depth)
{
    const unsigned ncells = F->ncells;
    uint16_t *cand = F->stack + (size_t)depth * ncells;
    uint16_t ties[GN_MAXCELLS], bits[GN_MAXN];
    unsigned fewest = F->n + 1, nties = 0, nbits = 0, cell, i;
    uint16_t m;
    for (cell = 0; cell < ncells; cell++) {
        m = cand[cell];
        if (!SINGLE(m)) {
            const unsigned k = GN_POP(m);
            if (k < fewest) {
                fewest = k;
                nties = 0;
                ties[nties++] = (uint16_t)cell;
            } else if (k == fewest) {
                ties[nties++] = (uint16_t)cell;
            }
        }
    }
    if (!nties) {
        F->found = depth;
        return 1;
    }
    cell = nties > 1 ? ties[below(F, nties)] : ties[0];
    for (m = cand[cell]; m; m &= (uint16_t)(m - 1))
        bits[nbits++] = m & (uint16_t)-m;
    for (i = nbits - 1; i >= 1; i--) {
        const unsigned j = below(F, i + 1);
        const uint16_t t = bits[i];
        bits[i] = bits[j];
        bits[j] = t;
    }
    for (i = 0; i < nbits; i++) {
        uint16_t *trial = cand + ncells;
        int r;
        if (--F->left < 0)
            return -1;
        memcpy(trial, cand, ncells * sizeof *trial);
        trial[cell] = bits[i];
        F->todo[0] = (uint16_t)cell;
        if (propagate(F, trial, 1)) {
            r = search(F, depth + 1);
            if (r)
                return r;
        }
    }
    return 0;
}

int gn_fill(const GnGeo *G, uint64_t seed, uint64_t limit, uint64_t run, uint8_t *out)
{
    Fill *F = calloc(1, sizeof *F);
    uint64_t spent = 0, r = 0;
    unsigned i;
    int status = FILL_MEMORY;
    if (!F)
        return FILL_MEMORY;
    F->G = G;
    F->n = G->n;
    F->ncells = G->ncells;
    F->all = G->all;
    seed_with(F, seed);
    F->stack = malloc(sizeof *F->stack * (size_t)(F->ncells + 1) * F->ncells);
    if (!F->stack || !build_pairs(F))
        goto done;
    for (i = 0; i < F->ncells; i++)
        F->stack[i] = F->all;
    if (!propagate(F, F->stack, 0)) {
        status = FILL_NONE;
        goto done;
    }
    status = FILL_BUDGET;
    while (spent < limit) {
        uint64_t budget = run * luby(++r);
        int found;
        if (budget > limit - spent)
            budget = limit - spent;
        F->left = (int64_t)budget;
        found = search(F, 0);
        if (found < 0) {
            spent += budget;
            continue;
        }
        if (found == 0) {
            status = FILL_NONE;
        } else {
            const uint16_t *grid = F->stack + (size_t)F->found * F->ncells;
            for (i = 0; i < F->ncells; i++)
                out[i] = (uint8_t)(GN_CTZ(grid[i]) + 1);
            status = FILL_FOUND;
        }
        break;
    }
done:
    free(F->stack);
    free(F->at);
    free(F->cells);
    free(F);
    return status;
}
