/*
 * Franken and mutant fish: which digits hold one (see franken.h). The search is
 * fish_franken.py's _digit, _covers and _judge, with the digit's candidate cells numbered
 * 0..m-1 in cell order (so one 64-bit word holds any set of them, and "the lowest cell"
 * is the same cell as in Python) and units as bits of a 64-bit word.
 */
#include "franken.h"

#define FF_MAX_SIZE 3 /* fish_franken.MAX_SIZE */
#define FF_MAX_FINS 2 /* fish_franken.MAX_FINS */
#define FF_MAX_GRID 9 /* fish_franken.MAX_GRID */

#define FF_POP(x) GN_POP64(x)

typedef struct {
    unsigned k, nbases;
    int mutant;
    uint64_t part[GN_MAXUNITS]; /* the digit's cells in each unit */
    unsigned kind[GN_MAXUNITS]; /* 0 row, 1 column, 2 box or region, 3 extra unit */
    uint64_t hmask[64];         /* the cover units (of two cells or more) holding each cell */
    uint64_t peer[64];          /* the digit's cells each cell sees */
    unsigned bases[GN_MAXUNITS];
    unsigned base[FF_MAX_SIZE + 1], cover[FF_MAX_SIZE + 1]; /* (+1: for the compiler) */
    uint64_t uni;   /* the base's cells */
    unsigned found; /* the kinds found: 1 without fins, 2 with */
} FF;

/* _apart: how many of `cells` no cover unit holds two of (greedily, lowest first). */
static unsigned ff_apart(const FF *F, uint64_t cells)
{
    uint64_t used = 0;
    unsigned count = 0;
    while (cells) {
        const uint64_t h = F->hmask[GN_CTZ64(cells)];
        cells &= cells - 1;
        if (!(h & used)) {
            count++;
            used |= h;
        }
    }
    return count;
}

static unsigned ff_kinds(const FF *F, const unsigned *units, unsigned count)
{
    unsigned i, kinds = 0;
    for (i = 0; i < count; i++)
        kinds |= 1u << F->kind[units[i]];
    return kinds;
}

/* _judge, without keeping the fish: whether this cover makes one of the family (its kind
 * is added to F->found); whether the search may stop (both kinds found). */
static int ff_judge(FF *F, uint64_t fins, uint64_t sight)
{
    uint64_t cov = 0, twice = 0, targets;
    unsigned i, kb, kc;
    int basic, franken;
    for (i = 0; i < F->k; i++) {
        twice |= cov & F->part[F->cover[i]];
        cov |= F->part[F->cover[i]];
    }
    targets = (cov & ~F->uni) | (twice & F->uni & ~fins);
    if (fins)
        targets &= sight;
    if (!targets || F->found >> (fins ? 1 : 0) & 1u)
        return 0;
    /* _family: kinds as bits (1 rows, 2 columns, 4 boxes, 8 extras) */
    kb = ff_kinds(F, F->base, F->k);
    kc = ff_kinds(F, F->cover, F->k);
    basic = (kb == 1u && kc == 2u) || (kb == 2u && kc == 1u);
    franken = (!(kb & ~5u) && !(kc & ~6u)) || (!(kb & ~6u) && !(kc & ~5u));
    if (F->mutant ? !basic && !franken : !basic && franken)
        F->found |= fins ? 2u : 1u;
    return F->found == 3u;
}

/* _covers' stack, as recursion: `ncover` covers chosen, holding `covered`; `fins` made.
 * Whether the search may stop. */
static int ff_cover(FF *F, uint64_t endo, unsigned ncover, uint64_t covered, uint64_t fins,
                    uint64_t sight, uint64_t banned)
{
    const uint64_t rest = F->uni & ~covered & ~fins & ~endo;
    uint64_t low, holders, ban = banned;
    unsigned c;
    int last;
    if (ncover == F->k) {
        uint64_t r = rest;
        if (FF_POP(fins | rest) > FF_MAX_FINS)
            return 0;
        for (; r; r &= r - 1)
            sight &= F->peer[GN_CTZ64(r)];
        return ff_judge(F, fins | rest | endo, sight);
    }
    if (!rest)
        return 0;
    low = rest & (~rest + 1);
    c = GN_CTZ64(rest);
    last = ncover + 1 == F->k;
    for (holders = F->hmask[c]; holders; holders &= holders - 1) {
        const unsigned u = GN_CTZ64(holders);
        if (ban >> u & 1u)
            continue;
        if (!last || FF_POP(fins | (rest & ~F->part[u])) <= FF_MAX_FINS) {
            F->cover[ncover] = u;
            if (ff_cover(F, endo, ncover + 1, covered | F->part[u], fins, sight, ban))
                return 1;
        }
        ban |= (uint64_t)1 << u;
    }
    if (FF_POP(fins | low) <= FF_MAX_FINS) {
        const uint64_t s = sight & F->peer[c];
        if (s & ~F->uni && ff_cover(F, endo, ncover, covered, fins | low, s, ban))
            return 1;
    }
    return 0;
}

static int ff_covers(FF *F, uint64_t endo)
{
    uint64_t sight = ~(uint64_t)0, banned = 0, e;
    unsigned i;
    for (e = endo; e; e &= e - 1)
        sight &= F->peer[GN_CTZ64(e)];
    if (endo && !sight)
        return 0;
    for (i = 0; i < F->k; i++)
        banned |= (uint64_t)1 << F->base[i];
    return ff_cover(F, endo, 0, 0, 0, sight, banned);
}

/* _digit's stack of partial bases, as recursion; whether the search may stop. */
static int ff_bases(FF *F, unsigned at, unsigned depth, uint64_t uni, uint64_t endo)
{
    unsigned i;
    for (i = at; i < F->nbases; i++) {
        const unsigned u = F->bases[i];
        const uint64_t e = endo | (uni & F->part[u]), un = uni | F->part[u];
        if (FF_POP(e) > FF_MAX_FINS)
            continue;
        if (ff_apart(F, un & ~e) > F->k + FF_MAX_FINS)
            continue;
        F->base[depth] = u;
        if (depth + 1 < F->k) {
            if (ff_bases(F, i + 1, depth + 1, un, e))
                return 1;
            continue;
        }
        if (F->mutant) {
            /* _mixed: rows and columns, or an extra unit */
            const unsigned kinds = ff_kinds(F, F->base, F->k);
            if ((kinds & 3u) != 3u && !(kinds & 8u))
                continue;
        }
        F->uni = un;
        if (ff_covers(F, e))
            return 1;
    }
    return 0;
}

/* The kinds of fish of the family on one digit (bits 1 without fins, 2 with), its cells
 * numbered by `index` (-1: not a cell of the digit). */
static unsigned ff_digit(FF *F, const GnGeo *G, const int8_t *index, unsigned m)
{
    /* base kinds, cover kinds (as bits of kind): Franken's two plans, or any with any */
    static const unsigned plans[3][2] = {{5u, 6u}, {6u, 5u}, {15u, 15u}};
    unsigned u, i, p, first = F->mutant ? 2 : 0, end = F->mutant ? 3 : 2;
    uint64_t all = m == 64 ? ~(uint64_t)0 : ((uint64_t)1 << m) - 1;
    for (i = 0; i < m; i++)
        F->peer[i] = 0;
    for (u = 0; u < G->nunits; u++) {
        uint64_t part = 0, q;
        for (i = 0; i < G->n; i++) {
            const int8_t x = index[G->unit[u][i]];
            if (x >= 0)
                part |= (uint64_t)1 << x;
        }
        F->part[u] = part;
        F->kind[u] = u / G->n < 3 ? u / G->n : 3;
        for (q = part; q; q &= q - 1)
            F->peer[GN_CTZ64(q)] |= part;
    }
    for (i = 0; i < m; i++)
        F->peer[i] &= all & ~((uint64_t)1 << i);
    for (p = first; p < end; p++) {
        F->nbases = 0;
        for (i = 0; i < m; i++)
            F->hmask[i] = 0;
        for (u = 0; u < G->nunits; u++) {
            uint64_t q;
            if (FF_POP(F->part[u]) < 2)
                continue;
            if (plans[p][0] >> F->kind[u] & 1u)
                F->bases[F->nbases++] = u;
            if (plans[p][1] >> F->kind[u] & 1u)
                for (q = F->part[u]; q; q &= q - 1)
                    F->hmask[GN_CTZ64(q)] |= (uint64_t)1 << u;
        }
        for (F->k = 2; F->k <= FF_MAX_SIZE; F->k++)
            if (ff_bases(F, 0, 0, 0, 0))
                return F->found;
    }
    return F->found;
}

unsigned ff_franken_digits(const GnGeo *G, const uint16_t *cands, int mutant)
{
    FF F;
    int8_t index[GN_MAXCELLS];
    unsigned d, c, found = 0;
    if (!G || !G->classic || G->n > FF_MAX_GRID || G->nunits > 64)
        return G ? ((1u << G->n) - 1u) * 0x10001u : 0u;
    F.mutant = mutant;
    for (d = 0; d < G->n; d++) {
        unsigned m = 0, kinds;
        for (c = 0; c < G->ncells; c++)
            m += cands[c] >> d & 1u;
        if (m > 64) {
            found |= 0x10001u << d; /* not searched here */
            continue;
        }
        m = 0;
        for (c = 0; c < G->ncells; c++)
            index[c] = (int8_t)(cands[c] >> d & 1u ? (int)m++ : -1);
        F.found = 0;
        kinds = ff_digit(&F, G, index, m);
        found |= (kinds & 1u) << d | (kinds >> 1 & 1u) << (d + 16);
    }
    return found;
}
