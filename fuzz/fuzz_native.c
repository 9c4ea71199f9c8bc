/*
 * Fuzz target for sudokit's C core (src/sudokit/_native/solver.c), libFuzzer style.
 *
 * It drives every entry point the Python boundary reaches, the way the boundary does:
 *   - sk_find_bad_symbol on the raw input (any bytes, any length);
 *   - sk_search_batch on the input when it is whole 81-byte records of valid symbols;
 *   - sk_search on 81 cell values made from the input (each byte mod 10), with a limit
 *     from the byte after them;
 *   - gn_search_budget (the general kernel) on a shape picked by the first byte, with cell
 *     values from the bytes after it (each mod n+1), half the time with a first budget of
 *     a few guesses (so it restarts), against a second, generic reference;
 *   - gn_build and gn_search_budget under variant rules (X, windoku, anti-knight,
 *     anti-king, non-consecutive, jigsaw regions, killer cages, any mix) picked by a
 *     hash of the input, against a reference that knows the rules only as lists;
 *   - fc_search (static forcing chains) on candidate masks made from the input, checking
 *     that what it names is a group of the kind asked for, and fc_basic_first,
 *     fc_chain_find and fc_finned_any (the engine's quick checks), fc_net_first (the
 *     nested nets' inner search) and fc_net_offers (an outer net search's offers, each a
 *     well-formed record of candidates) on the same masks, and the grouped-AIC check
 *     (ac_aic_any) and the almost locked sets (al_sets, al_chain: sets of the empty
 *     cells, a chain of 4 sets or more naming candidates) there too;
 * and checks the answers, not only memory safety: a solution must be a valid grid that
 * keeps the givens, counts must match an independent plain backtracking counter (written
 * here, sharing nothing with the core), and the batch must match single calls.
 *
 * Build with clang's libFuzzer:   see fuzz/README.md
 * Build with gcc (no libFuzzer):  link with fuzz/standalone.c, a small random driver.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/sudokit/_native/als.h"
#include "../src/sudokit/_native/chains.h"
#include "../src/sudokit/_native/forcing.h"
#include "../src/sudokit/_native/general.h"
#include "../src/sudokit/_native/solver.h"

#define FAIL(...)                                                                            \
    do {                                                                                     \
        fprintf(stderr, "fuzz_native: " __VA_ARGS__);                                        \
        fputc('\n', stderr);                                                                 \
        abort();                                                                             \
    } while (0)

/* --- an independent reference: bit masks per unit, fewest candidates first ------------ */

typedef struct {
    uint8_t cell[81];
    uint16_t row[9], col[9], box[9];
    unsigned count, limit;
    unsigned long nodes;
} Ref;

static unsigned box_of(unsigned i)
{
    return (i / 27) * 3 + (i % 9) / 3;
}

static int popcount9(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static void ref_search(Ref *R)
{
    unsigned i, best = 81, best_mask = 0;
    int fewest = 10;
    if (++R->nodes > 2000000UL)
        return; /* give up: the caller skips the comparison */
    for (i = 0; i < 81; i++) {
        if (!R->cell[i]) {
            const unsigned m = 0x1FFu & ~(R->row[i / 9] | R->col[i % 9] | R->box[box_of(i)]);
            const int k = popcount9(m);
            if (k < fewest) {
                fewest = k;
                best = i;
                best_mask = m;
                if (k <= 1)
                    break;
            }
        }
    }
    if (best == 81) {
        R->count++;
        return;
    }
    while (best_mask && R->count < R->limit) {
        const unsigned bit = best_mask & (0u - best_mask);
        unsigned d = 0;
        while (!(bit >> d & 1))
            d++;
        best_mask &= best_mask - 1;
        R->cell[best] = (uint8_t)(d + 1);
        R->row[best / 9] |= bit;
        R->col[best % 9] |= bit;
        R->box[box_of(best)] |= bit;
        ref_search(R);
        R->row[best / 9] &= ~bit;
        R->col[best % 9] &= ~bit;
        R->box[box_of(best)] &= ~bit;
        R->cell[best] = 0;
    }
}

/* Count up to limit; -1 when the reference gave up. */
static long ref_count(const uint8_t *cells, unsigned limit)
{
    Ref R;
    unsigned i;
    memset(&R, 0, sizeof R);
    R.limit = limit;
    for (i = 0; i < 81; i++) {
        const unsigned v = cells[i];
        if (v) {
            const unsigned bit = 1u << (v - 1);
            if ((R.row[i / 9] | R.col[i % 9] | R.box[box_of(i)]) & bit)
                return 0; /* duplicate given */
            R.row[i / 9] |= bit;
            R.col[i % 9] |= bit;
            R.box[box_of(i)] |= bit;
            R.cell[i] = (uint8_t)v;
        }
    }
    ref_search(&R);
    return R.nodes > 2000000UL ? -1 : (long)R.count;
}

static void check_solution(const uint8_t *cells, const uint8_t *solution)
{
    unsigned i;
    uint16_t row[9] = {0}, col[9] = {0}, box[9] = {0};
    for (i = 0; i < 81; i++) {
        const unsigned v = solution[i];
        unsigned bit;
        if (v < 1 || v > 9)
            FAIL("cell %u of the solution holds %u", i, v);
        if (cells[i] && cells[i] != v)
            FAIL("the solution changes the given at cell %u", i);
        bit = 1u << (v - 1);
        if ((row[i / 9] | col[i % 9] | box[box_of(i)]) & bit)
            FAIL("the solution repeats %u at cell %u", v, i);
        row[i / 9] |= bit;
        col[i % 9] |= bit;
        box[box_of(i)] |= bit;
    }
}

static void check_values(const uint8_t *cells, unsigned limit)
{
    uint8_t solution[81];
    uint64_t guesses = 0, count, again;
    long expected;
    memset(solution, 0xEE, sizeof solution);
    count = sk_search(cells, limit, solution, &guesses);
    if (count > limit)
        FAIL("count %llu above limit %u", (unsigned long long)count, limit);
    if (count)
        check_solution(cells, solution);
    again = sk_search(cells, limit, NULL, NULL); /* NULL outputs are allowed */
    if (again != count)
        FAIL("count changed between calls: %llu then %llu", (unsigned long long)count,
             (unsigned long long)again);
    expected = ref_count(cells, limit);
    if (expected >= 0 && (uint64_t)expected != count)
        FAIL("count %llu, reference %ld (limit %u)", (unsigned long long)count, expected, limit);
}

static void check_batch(const char *text, size_t n)
{
    uint64_t counts[4], guesses[4];
    char solutions[4 * 81];
    size_t i, k;
    sk_search_batch(text, n, 2, counts, solutions, guesses);
    for (i = 0; i < n; i++) {
        uint8_t cells[81], solution[81];
        uint64_t g;
        for (k = 0; k < 81; k++) {
            const char ch = text[81 * i + k];
            cells[k] = (uint8_t)(ch == '.' ? 0 : ch - '0');
        }
        if (sk_search(cells, 2, solution, &g) != counts[i] || g != guesses[i])
            FAIL("batch record %zu differs from a single call", i);
        for (k = 0; k < 81; k++) {
            const char want = counts[i] ? (char)('0' + solution[k]) : '.';
            if (solutions[81 * i + k] != want)
                FAIL("batch record %zu: solution byte %zu differs", i, k);
        }
    }
}

/* --- the general kernel: any shape, against a generic reference ------------------------ */

typedef struct {
    int n, br, bc;
    uint8_t cell[GN_MAXCELLS];
    uint16_t row[GN_MAXN], col[GN_MAXN], box[GN_MAXN];
    unsigned count, limit;
    unsigned long nodes;
} GRef;

static int gbox(const GRef *R, int i)
{
    return (i / R->n / R->br) * (R->n / R->bc) + (i % R->n) / R->bc;
}

static void gref_search(GRef *R)
{
    int i, best = -1, fewest = GN_MAXN + 1;
    unsigned best_mask = 0, full = (1u << R->n) - 1;
    if (++R->nodes > 300000UL)
        return;
    for (i = 0; i < R->n * R->n; i++)
        if (!R->cell[i]) {
            const unsigned m = full & ~(R->row[i / R->n] | R->col[i % R->n] | R->box[gbox(R, i)]);
            const int k = popcount9(m);
            if (k < fewest) {
                fewest = k;
                best = i;
                best_mask = m;
            }
        }
    if (best < 0) {
        R->count++;
        return;
    }
    while (best_mask && R->count < R->limit) {
        const unsigned bit = best_mask & (0u - best_mask);
        int d = 0;
        while (!(bit >> d & 1))
            d++;
        best_mask &= best_mask - 1;
        R->cell[best] = (uint8_t)(d + 1);
        R->row[best / R->n] |= (uint16_t)bit;
        R->col[best % R->n] |= (uint16_t)bit;
        R->box[gbox(R, best)] |= (uint16_t)bit;
        gref_search(R);
        R->row[best / R->n] &= (uint16_t)~bit;
        R->col[best % R->n] &= (uint16_t)~bit;
        R->box[gbox(R, best)] &= (uint16_t)~bit;
        R->cell[best] = 0;
    }
}

static void check_general(const uint8_t *data, size_t size)
{
    static const int ns[5] = {4, 6, 9, 12, 16}, rows[5] = {2, 2, 3, 3, 4};
    const int pick = data[0] % 5, n = ns[pick], br = rows[pick], cells_n = n * n;
    uint8_t cells[GN_MAXCELLS], solution[GN_MAXCELLS];
    uint64_t count, guesses;
    const unsigned limit = 1 + data[0] / 5 % 3;
    /* Half the inputs start with a budget of a few guesses, so they restart often. */
    const uint64_t budget = data[0] / 15 % 2 ? 1 + data[0] % 7 : GN_FIRST_BUDGET;
    GRef R;
    int i, stopped;
    memset(cells, 0, sizeof cells);
    /* Sparse givens: most bytes leave their cell empty, so searches go deep too. */
    for (i = 0; i < cells_n && (size_t)(i + 1) < size; i++)
        cells[i] = (uint8_t)(data[i + 1] % 4 == 0 ? data[i + 1] / 4 % (n + 1) : 0);
    count = gn_search_budget(gn_classic(n), cells, limit, solution, &guesses, NULL, NULL, &stopped,
                             budget);
    if (count > limit || stopped)
        FAIL("general %dx%d: count %llu above limit %u", n, n, (unsigned long long)count, limit);
    memset(&R, 0, sizeof R);
    R.n = n;
    R.br = br;
    R.bc = n / br;
    R.limit = limit;
    for (i = 0; i < cells_n; i++) {
        const unsigned v = cells[i];
        if (v) {
            const unsigned bit = 1u << (v - 1);
            if ((R.row[i / n] | R.col[i % n] | R.box[gbox(&R, i)]) & bit)
                R.nodes = ~0UL; /* duplicate given: 0 solutions */
            R.row[i / n] |= (uint16_t)bit;
            R.col[i % n] |= (uint16_t)bit;
            R.box[gbox(&R, i)] |= (uint16_t)bit;
            R.cell[i] = (uint8_t)v;
        }
    }
    if (R.nodes == ~0UL) {
        if (count)
            FAIL("general %dx%d: duplicate givens, yet %llu solutions", n, n,
                 (unsigned long long)count);
        return;
    }
    if (count) { /* the solution keeps the givens and the rules */
        GRef S;
        memset(&S, 0, sizeof S);
        S.n = n;
        S.br = br;
        S.bc = n / br;
        for (i = 0; i < cells_n; i++) {
            const unsigned v = solution[i], bit = 1u << (v - 1);
            if (v < 1 || (int)v > n || (cells[i] && cells[i] != v))
                FAIL("general %dx%d: bad solution value at cell %d", n, n, i);
            if ((S.row[i / n] | S.col[i % n] | S.box[gbox(&S, i)]) & bit)
                FAIL("general %dx%d: the solution repeats %u at cell %d", n, n, v, i);
            S.row[i / n] |= (uint16_t)bit;
            S.col[i % n] |= (uint16_t)bit;
            S.box[gbox(&S, i)] |= (uint16_t)bit;
        }
    }
    gref_search(&R);
    if (R.nodes <= 300000UL && R.count != count)
        FAIL("general %dx%d: count %llu, reference %u", n, n, (unsigned long long)count, R.count);
    if (n == 9 && sk_search(cells, limit, NULL, NULL) != count)
        FAIL("general 9x9 disagrees with the 9x9 kernel");
}

/* --- static forcing chains: any candidate masks, the answer names a group asked for ---- */

static void check_forcing(const uint8_t *data, size_t size)
{
    static const int shapes[][2] = {{4, 2}, {6, 2}, {9, 3}, {12, 3}, {16, 4}};
    const int n = shapes[data[0] % 5][0];
    const int kinds = size > 1 ? data[1] % 16 : 15;
    uint16_t cands[GN_MAXCELLS];
    unsigned chain[32]; /* fc_chain_find's nodes (max_nodes of them at most) */
    int i, a = -1, b = -1, found, places = 0;
    for (i = 0; i < n * n; i++) {
        const size_t at = 2 + 2 * (size_t)i;
        const unsigned v = at + 1 < size ? (unsigned)data[at] | (unsigned)data[at + 1] << 8 : 0;
        cands[i] = (uint16_t)(v & ((1u << n) - 1u));
    }
    const GnGeo *G = gn_classic(n);
    if (fc_basic_first(G, cands, NULL) < 0 || fc_chain_find(G, cands, 2 + kinds, chain) < 0 ||
        fc_finned_any(G, cands, 2 + kinds % 3) < 0)
        FAIL("basic_first, chain_find or finned_any failed");
    {
        /* The nested nets' inner search: a breaking assumption must be a candidate. */
        int nc = -1, nd = -1;
        const int r = fc_net_first(G, cands, kinds % 3, &nc, &nd);
        if (r < 0 || r > 2)
            FAIL("fc_net_first answered %d", r);
        if (r == 1 && (nc < 0 || nc >= n * n || nd < 1 || nd > n || !(cands[nc] >> (nd - 1) & 1u)))
            FAIL("fc_net_first named r%dc%d %d, not a candidate", nc / n + 1, nc % n + 1, nd);
    }
    {
        /* An outer search's offers: records of a kind, a cell, a digit, a unit and
         * candidates of the grid, filling the answer exactly. */
        const int32_t *out;
        size_t count, at = 0;
        const int r = fc_net_offers(G, cands, kinds % 4, &out, &count);
        if (r < 0 || r > 1)
            FAIL("fc_net_offers answered %d", r);
        while (r == 0 && at < count) {
            const int32_t *o = out + at;
            if (at + 6 > count || o[0] < 1 || o[0] > 5 || o[1] < 0 || o[1] >= n * n ||
                o[2] < 0 || o[2] > n || o[3] < -1 || o[3] >= 3 * n || o[4] < 0 || o[5] < 0 ||
                at + 6 + (size_t)o[4] + (size_t)o[5] > count)
                FAIL("fc_net_offers made a bad record at %zu", at);
            for (int k = 0; k < o[4] + o[5]; k++)
                if (o[6 + k] < n * n || o[6 + k] >= (n + 1) * n * n)
                    FAIL("fc_net_offers named candidate %d", o[6 + k]);
            at += 6 + (size_t)o[4] + (size_t)o[5];
        }
    }
    {
        /* Grouped AICs and almost locked sets on the same masks (the cells with
         * candidates taken as the empty ones). */
        uint64_t empty[AL_WORDS] = {0};
        AlSets sets;
        int path[AL_MAXCHAIN], rcc[AL_MAXCHAIN], nelim = 0, len;
        uint16_t elim[2 * GN_MAXCELLS];
        const int any = ac_aic_any(G, cands, 2 + kinds);
        if (any != 0 && any != 1)
            FAIL("ac_aic_any answered %d", any);
        for (i = 0; i < n * n; i++)
            if (cands[i])
                empty[i >> 6] |= (uint64_t)1 << (i & 63);
        if (al_sets(G, cands, empty, 1 + kinds % (n - 1), &sets) < 0)
            FAIL("al_sets failed");
        for (unsigned k = 0; k < sets.count; k++)
            if (!sets.mask[k] || sets.unit[k] >= 3 * n)
                FAIL("al_sets made set %u with digits %u in unit %u", k, sets.mask[k], sets.unit[k]);
        len = al_chain(G, cands, empty, 1 + kinds % (n - 1), 5, 2000, path, rcc, &nelim, elim);
        if (len < 0 || (len && (len < 4 || len > 5 || nelim < 1)))
            FAIL("al_chain answered %d sets, %d eliminations", len, nelim);
        for (int k = 0; k < nelim; k++)
            if (elim[2 * k] >= n * n || !(cands[elim[2 * k]] >> (elim[2 * k + 1] - 1) & 1u))
                FAIL("al_chain removed %d from cell %d, not a candidate", elim[2 * k + 1], elim[2 * k]);
    }
    found = fc_search(G, cands, kinds, &a, &b);
    if (found == 0 || found == -1)
        return;
    if (!(found & kinds) && !(found == FC_CELL && (kinds & FC_CELL3)))
        FAIL("fc_search found kind %d, not asked for (%d)", found, kinds);
    if (found == FC_CONTRADICTION || found == FC_CELL) {
        if (a < 0 || a >= n * n)
            FAIL("fc_search named cell %d", a);
        places = popcount9(cands[a]); /* counts every bit, not only nine */
        if (found == FC_CONTRADICTION && (places > 3 || !(cands[a] >> (b - 1) & 1u)))
            FAIL("fc_search named a contradiction on r%dc%d %d", a / n + 1, a % n + 1, b);
        if (found == FC_CELL && (places < 2 || places > 4))
            FAIL("fc_search named a cell of %d candidates", places);
    } else if (found == FC_UNIT) {
        if (a < 0 || a >= 3 * n || b < 1 || b > n)
            FAIL("fc_search named unit %d, digit %d", a, b);
    } else {
        FAIL("fc_search returned %d", found);
    }
}

/* --- the general kernel under variant rules, against a reference built from the rules ---
 *
 * The first byte picks a size (4x4, 6x6, 9x9), a hash of the input the rules: X, windoku (9x9), anti-knight,
 * anti-king, non-consecutive, jigsaw (the boxes with cells swapped between them, as
 * driven by the input: any partition into n regions of n cells) and killer cages (two
 * or three cells side by side, with a sum or none). The tables are built here from those
 * plain definitions, as sudokit.geometry.Rules gives them to the core, then:
 *   - gn_build must accept them;
 *   - gn_search_budget's count must match a reference counter that knows the rules only
 *     as lists (units, extra peers, neighbours, cages), and its solution keep them all;
 *   - with no variant at all, the count must match gn_classic's;
 *   - the logic helpers (fc_*), which take classic rules only, must find nothing. */

typedef struct {
    int n, ncells, nunits, ncages;
    uint8_t unit[GN_MAXUNITS][GN_MAXN];
    uint8_t cage_cell[16][3];
    int cage_size[16], cage_total[16], cage_of[GN_MAXCELLS];
    /* per cell: the cells it may not share a digit with (units, extra peers, cages), and
     * its orthogonal neighbours under non-consecutive rules */
    int npeer[GN_MAXCELLS], nnear[GN_MAXCELLS];
    uint8_t peer[GN_MAXCELLS][GN_MAXPEERS + 48], near[GN_MAXCELLS][4];
    uint8_t cell[GN_MAXCELLS];
    unsigned count, limit;
    unsigned long nodes;
} VRef;

static void vref_peer(VRef *R, int a, int b)
{
    int k;
    if (a == b)
        return;
    for (k = 0; k < R->npeer[a]; k++)
        if (R->peer[a][k] == b)
            return;
    R->peer[a][R->npeer[a]++] = (uint8_t)b;
}

/* The digits cell c may take now (bit d-1 for digit d): none of its peers', none next to
 * a neighbour's, none past the sum of its cage so far. */
static unsigned vref_fits(const VRef *R, int c)
{
    unsigned m = (1u << R->n) - 1;
    int k, i, d;
    for (k = 0; k < R->npeer[c]; k++) {
        const int v = R->cell[R->peer[c][k]];
        if (v)
            m &= ~(1u << (v - 1));
    }
    for (k = 0; k < R->nnear[c]; k++) {
        const int v = R->cell[R->near[c][k]];
        if (v)
            m &= ~((1u << v) | (v >= 2 ? 1u << (v - 2) : 0u));
    }
    k = R->cage_of[c];
    if (k >= 0 && R->cage_total[k]) {
        int sum = 0, empty = 0;
        for (i = 0; i < R->cage_size[k]; i++) {
            const int x = R->cage_cell[k][i];
            if (x != c && R->cell[x])
                sum += R->cell[x];
            else if (x != c)
                empty++;
        }
        for (d = 1; d <= R->n; d++)
            if (empty ? sum + d + empty > R->cage_total[k] : sum + d != R->cage_total[k])
                m &= ~(1u << (d - 1));
    }
    return m & ((1u << R->n) - 1);
}

/* Nodes the reference walks before it gives up (the comparison is then skipped). */
#define VREF_NODES 1500UL

static void vref_search(VRef *R)
{
    int c, d, best = -1, fewest = GN_MAXN + 1;
    unsigned best_mask = 0;
    if (++R->nodes > VREF_NODES)
        return;
    for (c = 0; c < R->ncells && fewest > 1; c++)
        if (!R->cell[c]) {
            const unsigned m = vref_fits(R, c);
            const int k = popcount9(m);
            if (k < fewest) {
                fewest = k;
                best = c;
                best_mask = m;
            }
        }
    if (best < 0) {
        R->count++;
        return;
    }
    for (d = 1; d <= R->n && R->count < R->limit; d++)
        if (best_mask >> (d - 1) & 1u) {
            R->cell[best] = (uint8_t)d;
            vref_search(R);
            R->cell[best] = 0;
        }
}

/* Whether the digits of cells (a full grid, or givens) break no rule. */
static int vref_keeps(VRef *R, const uint8_t *cells)
{
    int c, ok = 1;
    memset(R->cell, 0, sizeof R->cell);
    for (c = 0; c < R->ncells && ok; c++)
        if (cells[c]) {
            ok = vref_fits(R, c) >> (cells[c] - 1) & 1u;
            R->cell[c] = cells[c];
        }
    return ok;
}

static GnGeo rules_geo; /* big: one, reused */

/* Stops a search after a few polls (some thousands of nodes each): random rules and
 * givens can make trees too big for a fuzzing run. */
static int enough(void *polls)
{
    return ++*(unsigned *)polls > 4;
}

/* A hash of the input (FNV-1a): which rules it is fuzzed under. */
static unsigned mix(const uint8_t *data, size_t size)
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < size; i++)
        h = (h ^ data[i]) * 16777619u;
    return (unsigned)(h ^ h >> 16);
}

static void check_rules(const uint8_t *data, size_t size)
{
    static const int ns[3] = {4, 6, 9}, rows[3] = {2, 2, 3};
    static VRef R;
    const int pick = data[0] % 3, n = ns[pick], br = rows[pick], bc = n / br, nc = n * n;
    const unsigned flags = mix(data, size) & 255u;
    const int x = flags & 1, windoku = n == 9 && (flags & 2), knight = n >= 6 && (flags & 4),
              king = n >= 6 && (flags & 8), noncon = flags & 16, jigsaw = flags & 32,
              killer = flags & 64;
    const unsigned limit = 1 + data[0] / 3 % 3;
    const uint64_t budget = flags & 128 ? 1u + data[0] % 5u : GN_FIRST_BUDGET;
    uint8_t units[GN_MAXUNITS * GN_MAXN], extra[GN_MAXCELLS * GN_MAXPEERS];
    uint8_t nearl[GN_MAXCELLS * GN_MAXNEAR], cage_cells[48], region[GN_MAXCELLS];
    uint16_t extra_at[GN_MAXCELLS + 1], near_at[GN_MAXCELLS + 1], cage_at[17], totals[16];
    uint8_t cells[GN_MAXCELLS], solution[GN_MAXCELLS];
    uint16_t cands[GN_MAXCELLS];
    unsigned chain[32];
    size_t at = 2;
    int c, u, i, k, r, stopped = 0, a = -1, b = -1, used[GN_MAXCELLS];
    uint64_t count, guesses;
    unsigned polls = 0;
    const char *bad;
    memset(&R, 0, sizeof R);
    R.n = n;
    R.ncells = nc;
    R.limit = limit;
    for (c = 0; c < nc; c++)
        R.cage_of[c] = -1;
    for (c = 0; c < nc; c++)
        region[c] = (uint8_t)((c / n) / br * br + (c % n) / bc);
    if (jigsaw) /* swap cells between regions: each keeps n cells */
        for (k = 0; k < 24 && at + 1 < size; k++, at += 2) {
            const int p = data[at] % nc, q = data[at + 1] % nc;
            const uint8_t t = region[p];
            region[p] = region[q];
            region[q] = t;
        }
    for (r = 0; r < n; r++)
        for (i = 0; i < n; i++) {
            R.unit[r][i] = (uint8_t)(r * n + i);
            R.unit[n + r][i] = (uint8_t)(i * n + r);
        }
    for (r = 0; r < n; r++)
        for (c = 0, i = 0; c < nc; c++)
            if (region[c] == r)
                R.unit[2 * n + r][i++] = (uint8_t)c;
    R.nunits = 3 * n;
    if (x) {
        for (i = 0; i < n; i++) {
            R.unit[R.nunits][i] = (uint8_t)(i * n + i);
            R.unit[R.nunits + 1][i] = (uint8_t)(i * n + n - 1 - i);
        }
        R.nunits += 2;
    }
    if (windoku)
        for (k = 0; k < 4; k++, R.nunits++)
            for (i = 0; i < 9; i++)
                R.unit[R.nunits][i] = (uint8_t)((1 + k / 2 * 4 + i / 3) * 9 + 1 + k % 2 * 4 + i % 3);
    for (u = 0; u < R.nunits; u++)
        for (i = 0; i < n; i++) {
            units[u * n + i] = R.unit[u][i];
            for (k = 0; k < n; k++)
                vref_peer(&R, R.unit[u][i], R.unit[u][k]);
        }
    /* extra peers (knight's and king's moves outside the units) and neighbours */
    extra_at[0] = near_at[0] = 0;
    for (c = 0; c < nc; c++) {
        int dr, dc, ne = 0, nn = 0;
        for (dr = -2; dr <= 2; dr++)
            for (dc = -2; dc <= 2; dc++) {
                const int rr = c / n + dr, cc = c % n + dc, o = rr * n + cc;
                const int kn = (dr * dr + dc * dc) == 5, ki = dr * dr <= 1 && dc * dc <= 1;
                int shared = 0;
                if (rr < 0 || rr >= n || cc < 0 || cc >= n || (!dr && !dc))
                    continue;
                for (k = 0; k < R.npeer[c] && !shared; k++)
                    shared = R.peer[c][k] == o;
                if (((knight && kn) || (king && ki)) && !shared) {
                    extra[extra_at[c] + ne++] = (uint8_t)o;
                }
                if (noncon && dr * dr + dc * dc == 1) {
                    nearl[near_at[c] + nn++] = (uint8_t)o;
                    R.near[c][R.nnear[c]++] = (uint8_t)o;
                }
            }
        extra_at[c + 1] = (uint16_t)(extra_at[c] + ne);
        near_at[c + 1] = (uint16_t)(near_at[c] + nn);
    }
    for (c = 0; c < nc; c++)
        for (k = extra_at[c]; k < extra_at[c + 1]; k++)
            vref_peer(&R, c, extra[k]);
    /* cages: two or three cells in a row, disjoint, a sum or none */
    memset(used, 0, sizeof used);
    cage_at[0] = 0;
    if (killer)
        for (k = 0; k < 8 && at + 2 < size; k++, at += 3) {
            const int s = 2 + data[at] % 2, c0 = data[at + 1] % nc;
            int ok = c0 % n + s <= n;
            for (i = 0; i < s && ok; i++)
                ok = !used[c0 + i];
            if (!ok)
                continue;
            for (i = 0; i < s; i++) {
                used[c0 + i] = 1;
                R.cage_of[c0 + i] = R.ncages;
                R.cage_cell[R.ncages][i] = (uint8_t)(c0 + i);
                cage_cells[cage_at[R.ncages] + i] = (uint8_t)(c0 + i);
                for (u = 0; u < i; u++)
                    vref_peer(&R, c0 + i, c0 + u), vref_peer(&R, c0 + u, c0 + i);
            }
            R.cage_size[R.ncages] = s;
            R.cage_total[R.ncages] = data[at + 2] % 4 ? 1 + data[at + 2] % (s * n) : 0;
            totals[R.ncages] = (uint16_t)R.cage_total[R.ncages];
            cage_at[R.ncages + 1] = (uint16_t)(cage_at[R.ncages] + s);
            R.ncages++;
        }
    bad = gn_build(&rules_geo, (unsigned)n, (unsigned)R.nunits, units, extra_at, extra, near_at,
                   nearl, (unsigned)R.ncages, cage_at, cage_cells, totals);
    if (bad)
        FAIL("rules %dx%d (flags %u): gn_build refused good tables: %s", n, n, flags, bad);
    /* sparse givens from the bytes left */
    memset(cells, 0, sizeof cells);
    for (c = 0; c < nc && at < size; c++, at++)
        cells[c] = (uint8_t)(data[at] % 3 == 0 ? data[at] / 3 % (n + 1) : 0);
    count = gn_search_budget(&rules_geo, cells, limit, solution, &guesses, enough, &polls,
                             &stopped, budget);
    if (stopped)
        return; /* a search too long for a fuzzing run: nothing to compare */
    if (count > limit)
        FAIL("rules %dx%d (flags %u): count %llu above limit %u", n, n, flags,
             (unsigned long long)count, limit);
    if (count) {
        for (c = 0; c < nc; c++)
            if (solution[c] < 1 || solution[c] > n || (cells[c] && cells[c] != solution[c]))
                FAIL("rules %dx%d (flags %u): bad solution value at cell %d", n, n, flags, c);
        if (!vref_keeps(&R, solution))
            FAIL("rules %dx%d (flags %u): the solution breaks a rule", n, n, flags);
    }
    if (vref_keeps(&R, cells)) {
        vref_search(&R);
        if (R.nodes <= VREF_NODES && R.count != count)
            FAIL("rules %dx%d (flags %u): count %llu, reference %u", n, n, flags,
                 (unsigned long long)count, R.count);
    } else if (count) {
        FAIL("rules %dx%d (flags %u): givens break a rule, yet %llu solutions", n, n, flags,
             (unsigned long long)count);
    }
    if (!(x || windoku || knight || king || noncon || jigsaw || R.ncages) &&
        gn_search(gn_classic(n), cells, limit, NULL, NULL, NULL, NULL, &stopped) != count)
        FAIL("rules %dx%d: built classic tables disagree with gn_classic", n, n);
    if (!rules_geo.classic) {
        for (c = 0; c < nc; c++)
            cands[c] = (uint16_t)(cells[c] ? 0 : (1u << n) - 1);
        if (fc_search(&rules_geo, cands, 15, &a, &b) != 0 || fc_basic_first(&rules_geo, cands, NULL) ||
            fc_chain_find(&rules_geo, cands, 6, chain) > 0)
            FAIL("rules %dx%d (flags %u): a classic-only logic helper answered", n, n, flags);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const ptrdiff_t bad = sk_find_bad_symbol((const char *)data, size);
    size_t i;
    sk_init();
    gn_init();
    if (size >= 1) {
        check_general(data, size);
        check_rules(data, size);
        check_forcing(data, size);
    }
    if (bad >= (ptrdiff_t)size || bad < -1)
        FAIL("find_bad_symbol returned %ld for %zu bytes", (long)bad, size);
    for (i = 0; i < (bad < 0 ? size : (size_t)bad); i++)
        if (!(data[i] == '.' || (data[i] >= '0' && data[i] <= '9')))
            FAIL("find_bad_symbol missed byte %zu", i);
    if (bad >= 0 && (data[bad] == '.' || (data[bad] >= '0' && data[bad] <= '9')))
        FAIL("find_bad_symbol flagged a good byte at %ld", (long)bad);

    if (bad < 0 && size && size % 81 == 0 && size <= 4 * 81)
        check_batch((const char *)data, size / 81);

    if (size >= 81) {
        uint8_t cells[81];
        const unsigned limit = size > 81 ? 1 + data[81] % 3 : 2;
        for (i = 0; i < 81; i++) {
            const uint8_t c = data[i];
            cells[i] = (uint8_t)(c == '.' ? 0 : c >= '0' && c <= '9' ? c - '0' : c % 10);
        }
        check_values(cells, limit);
    }
    return 0;
}
