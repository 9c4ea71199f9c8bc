/*
 * sudokit's C core for 9x9: see solver.h for the interface and docs/solver.md for the
 * design and the measurements behind each choice.
 *
 * Representation. For each digit d (0..8) and band b (rows 3b..3b+2) one 27-bit word
 * f[3*d + b] holds where d can still go: bit 9*r + c is row 3b+r, column c. A cell is
 * placed when it leaves `open`; it then keeps exactly one candidate bit. With the pair
 * sets the propagation keeps, the whole state is 212 bytes, copied by value at each
 * guess: no allocation, no undo log.
 *
 * Inside a band a digit takes one (row, box) pair per row and per box: a permutation of
 * three, one of six "configurations". The same holds for (band, column) pairs inside a
 * stack. Most of the solver works on these 3x3 pair sets through 512-entry tables.
 *
 * Propagation, in order of cost:
 *  1. band step, per changed word: keep only the (row, box) pairs that some permutation
 *     uses. That is locked candidates along rows (pointing and claiming) and hidden
 *     singles in boxes and rows at once. A row left with one cell is a placement: the
 *     cell leaves the other digits' words and its column leaves the other bands.
 *  2. naked singles and dead cells, counted bit-sliced over the nine words of a band.
 *  3. stack step: the same permutation logic on (band, column) pairs, which also finds
 *     hidden singles in columns and digits with no place left in a column.
 *  4. triads: a minirow (a row's three cells in one box) and a minicolumn hold exactly
 *     three digits. Counting, over the digits, the minirows each can or must take finds
 *     locked triples and, above all, contradictions between digits' configurations
 *     early (without it, configuration branching below is exponential on sparse grids).
 * Steps 2-4 only look at bands, stacks and digits changed since they last ran.
 *
 * Search: pick the band or stack with the fewest configurations left over all digits,
 * then in it the digit with the fewest (two, mostly), and try each of its configurations:
 * tdoku's branching, which needs about half the guesses of branching on a bivalue cell.
 * `guesses` counts every configuration (or cell digit) tried.
 *
 * Compile-time switches, for the ablation benchmark only (the defaults are the product):
 *   SK_LOCKED=0   band step: hidden singles only, no locked candidates
 *   SK_STACKS=0   stack step: hidden singles in columns only, no locked candidates
 *   SK_TRIADS=0   no triad step
 *   SK_TRIAD_OPEN=n  the triad step runs while at least n cells are open (default 45; 0: always)
 *   SK_GUESS=0    branch on the first open cell, digits ascending
 *   SK_GUESS=1    branch on the first cell with the fewest candidates (bivalue first)
 *   SK_GUESS=2    branch on band and stack configurations (default)
 */
#include "solver.h"

#ifndef SK_LOCKED
#define SK_LOCKED 1
#endif
#ifndef SK_STACKS
#define SK_STACKS 1
#endif
#ifndef SK_GUESS
#define SK_GUESS 2
#endif
#ifndef SK_TRIADS
#define SK_TRIADS 1
#endif
#ifndef SK_TRIAD_OPEN
#define SK_TRIAD_OPEN 45
#endif
/* The band and stack steps keep the board's pair sets as they go (see Board). */
#define SK_CACHED (SK_LOCKED && SK_STACKS)

#if defined(__GNUC__) || defined(__clang__)
#define SK_CTZ(x) ((unsigned)__builtin_ctz(x))
#define SK_INLINE static inline __attribute__((always_inline))
#elif defined(_MSC_VER)
#include <intrin.h>
static __inline unsigned sk_ctz_msvc(uint32_t x)
{
    unsigned long i;
    _BitScanForward(&i, x);
    return (unsigned)i;
}
#define SK_CTZ(x) sk_ctz_msvc(x)
#define SK_INLINE static __forceinline
#else
static unsigned sk_ctz_portable(uint32_t x)
{
    static const unsigned char pos[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                          15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                          16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
    return pos[((x & (0u - x)) * 0x077CB531u) >> 27];
}
#define SK_CTZ(x) sk_ctz_portable(x)
#define SK_INLINE static inline
#endif

#define FULL 0x7FFFFFFu        /* 27 cells of a band */
#define ROW0 0x1FFu            /* the first row of a band */
#define BOX0 0x1C0E07u         /* the first box of a band: columns 0-2 of its three rows */
#define BAND_DIGITS 0x1249249u /* bits 0, 3, ..., 24: the words of band 0, every digit */

typedef struct {
    uint32_t f[27];   /* f[3*d + b]: where digit d+1 can still go in band b */
    uint32_t open[3]; /* cells of each band not placed yet */
    /* Pair sets kept up to date by the band and stack steps, so they are exact for every
     * word not dirty (after propagation, for the whole board): each word's (row, box)
     * pair set, and each digit's stack pair sets packed (see stacks_packed). */
    uint16_t band_pairs[27];
    uint32_t stack_pairs[9];
} Board;

typedef struct {
    uint64_t count;
    uint64_t limit; /* set to 0 when the poll says stop: every level then unwinds */
    uint64_t guesses;
    uint8_t *solution;
    SkPoll *poll; /* may be NULL */
} Search;

/* Guesses (and, in a batch, puzzles) between two calls of the stop callback. */
#define SK_POLL_MASK 0xFFFu

/* One more tick of `P`: every SK_POLL_MASK + 1 ticks, ask its callback whether to stop.
 * Returns 1 when the work must stop. */
static int poll_tick(SkPoll *P)
{
    if (P->stopped)
        return 1;
    if ((++P->ticks & SK_POLL_MASK) == 0 && P->stop(P->arg))
        P->stopped = 1;
    return P->stopped;
}

/* Tables, filled once by sk_init(). A "pair set" is 9 bits, bit 3*i + j for pair (i, j). */
static uint8_t row_boxes[512];   /* 9 cells of a row -> 3 bits: the boxes holding some */
static uint16_t matchable[512];  /* pair set -> the pairs some permutation inside it uses */
static uint8_t nperm[512];       /* pair set -> how many permutations it holds */
static uint16_t perm_pairs[6];   /* the six permutations as pair sets */
static uint16_t forced_of[512];  /* pair set -> its pairs alone in their row (3 bits) */
static uint16_t compatible[9];   /* pair -> the pairs sharing neither its row nor column, and it */
static uint32_t band_keep[512];  /* matchable[], as the cells of a band's (row, box) pairs */
static uint32_t band_peers[27];  /* cells sharing a row or box with a cell, in its band */
static uint32_t col_spread[512]; /* 9 columns -> those columns in all three rows */
static uint8_t band_of[27];      /* word index -> band */
static int8_t sym_value[256];    /* '.', '0'..'9' -> 0..9; anything else -> -1 */
static int ready;

void sk_init(void)
{
    static const unsigned perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                         {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    unsigned m, s, i, j, k, p;
    if (ready)
        return;
    for (k = 0; k < 6; k++)
        perm_pairs[k] = (uint16_t)(1u << perms[k][0] | 1u << (3 + perms[k][1]) |
                                   1u << (6 + perms[k][2]));
    for (m = 0; m < 512; m++) {
        row_boxes[m] = (uint8_t)(((m & 7u) ? 1 : 0) | ((m & 070u) ? 2 : 0) | ((m & 0700u) ? 4 : 0));
        col_spread[m] = m | m << 9 | m << 18;
    }
    for (s = 0; s < 512; s++) {
        unsigned keep = 0, n = 0;
        uint32_t cells = 0;
        for (k = 0; k < 6; k++) {
            if ((s & perm_pairs[k]) == perm_pairs[k]) {
                keep |= perm_pairs[k];
                n++;
            }
        }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                if (keep >> (3 * i + j) & 1)
                    cells |= 7u << (9 * i + 3 * j);
        matchable[s] = (uint16_t)keep;
        nperm[s] = (uint8_t)n;
        band_keep[s] = cells;
    }
    for (s = 0; s < 512; s++) {
        unsigned forced = 0;
        for (i = 0; i < 3; i++) {
            const unsigned row = s >> (3 * i) & 7u;
            if (row && !(row & (row - 1)))
                forced |= row << (3 * i);
        }
        forced_of[s] = (uint16_t)forced;
    }
    for (p = 0; p < 9; p++)
        compatible[p] = (uint16_t)((~(7u << (3 * (p / 3))) & ~(0x49u << (p % 3)) & 0x1FFu) |
                                   1u << p);
    for (p = 0; p < 27; p++) {
        const unsigned r = p / 9, c = p % 9;
        band_peers[p] = ((ROW0 << (9 * r)) | (BOX0 << (3 * (c / 3)))) & ~(1u << p);
        band_of[p] = (uint8_t)(p % 3);
    }
    for (m = 0; m < 256; m++)
        sym_value[m] = -1;
    sym_value['.'] = 0;
    for (m = 0; m < 10; m++)
        sym_value['0' + m] = (int8_t)m;
    ready = 1;
}

/* The (row, box) pair set of a band word. */
SK_INLINE unsigned band_pairs(uint32_t a)
{
    return row_boxes[a & ROW0] | (unsigned)row_boxes[(a >> 9) & ROW0] << 3 |
           (unsigned)row_boxes[a >> 18] << 6;
}

/* The columns of a band word that hold a candidate. */
SK_INLINE uint32_t fold_columns(uint32_t a)
{
    return (a | a >> 9 | a >> 18) & ROW0;
}

/* The (band, column) pair set of stack `sh / 3`, from the three column folds. */
SK_INLINE unsigned stack_pairs(uint32_t c0, uint32_t c1, uint32_t c2, unsigned sh)
{
    return (c0 >> sh & 7u) | (c1 >> sh & 7u) << 3 | (c2 >> sh & 7u) << 6;
}

/* Rows of a band word that hold exactly one cell. */
SK_INLINE uint32_t row_singles(uint32_t a)
{
    const uint32_t r0 = a & ROW0, r1 = a & (ROW0 << 9), r2 = a & (ROW0 << 18);
    return ((r0 & (r0 - 1)) ? 0 : r0) | ((r1 & (r1 - 1)) ? 0 : r1) | ((r2 & (r2 - 1)) ? 0 : r2);
}

/* Make the cells `s` of word x the only place of its digit in their rows and boxes, so
 * that the band step places them. Fails when two of them share a row or box. */
SK_INLINE int force(Board *B, unsigned x, uint32_t s, uint32_t *dirty)
{
    uint32_t peers = 0, t = s;
    while (t) {
        peers |= band_peers[SK_CTZ(t)];
        t &= t - 1;
    }
    if (s & peers)
        return 0;
    B->f[x] &= ~peers;
    *dirty |= 1u << x;
    return 1;
}

/* A digit's pair sets of the three bands (or stacks) packed in one word: unit u's at bits
 * 9u..9u+8. Its band pair sets from its three words: */
SK_INLINE uint32_t bands_packed(const uint32_t *f)
{
    return band_pairs(f[0]) | band_pairs(f[1]) << 9 | band_pairs(f[2]) << 18;
}

/* Its stack pair sets from the column folds of its three words (bands 0, 1, 2): column
 * 3u + j of band i goes to bit 9u + 3i + j. */
SK_INLINE uint32_t stacks_packed(uint32_t c0, uint32_t c1, uint32_t c2)
{
#define SPREAD3(c) (((c) & 7u) | ((c) & 070u) << 6 | ((c) & 0700u) << 12)
    return SPREAD3(c0) | SPREAD3(c1) << 3 | SPREAD3(c2) << 6;
#undef SPREAD3
}

/* The columns of band i that packed stack pair sets allow. */
SK_INLINE uint32_t packed_columns(uint32_t x, unsigned i)
{
    x >>= 3 * i;
    return (x & 7u) | (x >> 6 & 070u) | (x >> 12 & 0700u);
}

#if !SK_CACHED
/* The board's pair sets from its words (the ablation variants that do not keep them as
 * they go). */
static void fill_pairs(Board *B)
{
    unsigned d;
    for (d = 0; d < 9; d++) {
        const uint32_t *f = &B->f[3 * d];
        B->band_pairs[3 * d] = (uint16_t)band_pairs(f[0]);
        B->band_pairs[3 * d + 1] = (uint16_t)band_pairs(f[1]);
        B->band_pairs[3 * d + 2] = (uint16_t)band_pairs(f[2]);
        B->stack_pairs[d] = stacks_packed(fold_columns(f[0]), fold_columns(f[1]), fold_columns(f[2]));
    }
}
#endif

/* The number of bits of a 27-bit word (portable: no POPCNT instruction assumed). */
SK_INLINE unsigned popcount27(uint32_t x)
{
    x = x - (x >> 1 & 0x55555555u);
    x = (x & 0x33333333u) + (x >> 2 & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

#if SK_TRIADS
/* Triads work on the packed pair sets of a digit's three bands (or stacks) at once: the
 * bit-sliced counts below are bitwise, so one pass counts all three units. */
#define PACKED 0x7FFFFFFu /* three pair sets */

/* The pairs of three packed pair sets alone in their row of three (BAND_DIGITS marks the
 * low bit of each row). */
SK_INLINE uint32_t forced_packed(uint32_t x)
{
    const uint32_t b0 = x & BAND_DIGITS, b1 = x >> 1 & BAND_DIGITS, b2 = x >> 2 & BAND_DIGITS;
    return (b0 & ~(b1 | b2)) | (b1 & ~(b0 | b2)) << 1 | (b2 & ~(b0 | b1)) << 2;
}

/* Each minirow (three cells of a row in one box) and each minicolumn holds exactly three
 * digits. Given, for each digit, the pairs (minirows or minicolumns of the three bands or
 * stacks, packed) it can take and the ones it must take, count them bit-sliced over the
 * digits: fewer than three possible or more than three forced is a contradiction; exactly
 * three possible forces those digits there; exactly three forced keeps the others out.
 * Writes the digits' new pair sets to `out` and returns a mask of the digits changed,
 * or -1 on a contradiction. */
SK_INLINE int triad_counts(const uint32_t *pairs, uint32_t *out)
{
    uint32_t a1 = 0, a2 = 0, a3 = 0, a4 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0;
    uint32_t forced[9], must, keep_out, hit;
    unsigned d, u, changed = 0;
    for (d = 0; d < 9; d++) {
        const uint32_t x = pairs[d], y = forced_packed(x);
        forced[d] = y;
        a4 |= a3 & x; a3 |= a2 & x; a2 |= a1 & x; a1 |= x;
        g4 |= g3 & y; g3 |= g2 & y; g2 |= g1 & y; g1 |= y;
    }
    if ((~a3 & PACKED) || g4)
        return -1;
    must = a3 & ~a4; /* exactly three digits possible */
    keep_out = g3;   /* exactly three digits forced */
    hit = must | keep_out;
    for (d = 0; d < 9; d++) {
        const uint32_t loose = pairs[d] & ~forced[d];
        uint32_t now = pairs[d];
        if (!(loose & hit))
            continue;
        for (u = 0; u < 27; u += 9) {
            const unsigned l = loose >> u & 0x1FFu;
            unsigned t = l & (must >> u), n;
            if (!(l & (hit >> u)))
                continue;
            n = (pairs[d] >> u & 0x1FFu) & ~(l & (keep_out >> u));
            while (t) {
                n &= compatible[SK_CTZ(t)];
                t &= t - 1;
            }
            n = matchable[n];
            if (!n)
                return -1;
            now = (now & ~(0x1FFu << u)) | n << u;
        }
        out[d] = now;
        changed |= 1u << d;
    }
    return (int)changed;
}

/* The triad step on every band, then every stack, from the board's pair sets (exact:
 * it runs with no word dirty). */
static int triads(Board *B, uint32_t *dirty)
{
    uint32_t out[9], bands[9], stacks[9];
    const uint32_t *pairs = B->stack_pairs;
    unsigned d, i;
    int changed;
    for (d = 0; d < 9; d++) {
        const uint16_t *p = &B->band_pairs[3 * d];
        bands[d] = p[0] | (uint32_t)p[1] << 9 | (uint32_t)p[2] << 18;
    }
    changed = triad_counts(bands, out);
    if (changed < 0)
        return 0;
    for (d = 0; changed; d++, changed >>= 1) {
        if (changed & 1) {
            for (i = 0; i < 3; i++) {
                const uint32_t was = B->f[3 * d + i], now = was & band_keep[out[d] >> (9 * i) & 0x1FFu];
                B->f[3 * d + i] = now;
                *dirty |= (uint32_t)(was != now) << (3 * d + i);
            }
        }
    }
    if (*dirty) { /* the stacks' pair sets changed too */
        for (d = 0; d < 9; d++) {
            const uint32_t *f = &B->f[3 * d];
            stacks[d] = stacks_packed(fold_columns(f[0]), fold_columns(f[1]), fold_columns(f[2]));
        }
        pairs = stacks;
    }
    changed = triad_counts(pairs, out);
    if (changed < 0)
        return 0;
    for (d = 0; changed; d++, changed >>= 1) {
        if (changed & 1) {
            for (i = 0; i < 3; i++) {
                const uint32_t was = B->f[3 * d + i], now = was & col_spread[packed_columns(out[d], i)];
                B->f[3 * d + i] = now;
                *dirty |= (uint32_t)(was != now) << (3 * d + i);
            }
        }
    }
    return 1;
}
#endif

/* Propagate until nothing changes: 0 on a contradiction, else 1. `dirty` holds the
 * words changed since the board was last propagated. When it returns 1 with cells open,
 * the board's pair sets are exact. */
static int propagate(Board *B, uint32_t dirty)
{
    uint32_t cells_due = dirty, stacks_due = dirty; /* words changed since step 2 / 3 ran */
#if SK_TRIADS
    uint32_t triads_due = dirty;
#endif
    for (;;) {
        unsigned b, d;
        uint32_t seen = 0;
        while (dirty) {
            const unsigned x = SK_CTZ(dirty);
            uint32_t a = B->f[x], placed;
            b = band_of[x];
            dirty &= dirty - 1;
            seen |= 1u << x;
#if SK_LOCKED
            {
                const unsigned s = band_pairs(a);
                a &= band_keep[s];
                if (!a)
                    return 0;
                B->f[x] = a;
                B->band_pairs[x] = matchable[s]; /* the pairs a keeps, each holding a cell */
            }
            placed = row_singles(a) & B->open[b];
#else
            {
                /* Singles only: every row and box keeps a place; a row or box with one
                 * cell places it, and only placements eliminate. */
                uint32_t boxes = 0, peers = 0, t;
                unsigned k;
                if (!(a & ROW0) || !(a & (ROW0 << 9)) || !(a & (ROW0 << 18)))
                    return 0;
                if (row_boxes[fold_columns(a)] != 7)
                    return 0;
                for (k = 0; k < 3; k++) {
                    const uint32_t m = a & (BOX0 << (3 * k));
                    if (!(m & (m - 1)))
                        boxes |= m;
                }
                placed = (row_singles(a) | boxes) & B->open[b];
                for (t = placed; t; t &= t - 1)
                    peers |= band_peers[SK_CTZ(t)];
                if (placed & peers)
                    return 0;
                if (a & peers) {
                    a &= ~peers;
                    dirty |= 1u << x;
                }
                B->f[x] = a;
            }
#endif
            if (placed) {
                const uint32_t cols = col_spread[fold_columns(placed)];
                const unsigned first = x - b;
                unsigned y;
                B->open[b] &= ~placed;
                /* Branch-free: which words change is unpredictable, and a mispredicted
                 * branch costs more than the few operations it would skip. */
                for (y = b; y < 27; y += 3) {
                    const uint32_t was = B->f[y], now = was & ~placed;
                    B->f[y] = now;
                    dirty |= (uint32_t)(was != now) << y;
                }
                for (y = first; y < first + 3; y++) {
                    const uint32_t was = B->f[y], now = was & ~cols;
                    B->f[y] = now;
                    dirty |= (uint32_t)(was != now) << y;
                }
                B->f[x] = a; /* the loops above cleared x's own cells too */
                dirty &= ~(1u << x);
            }
        }
        if (!(B->open[0] | B->open[1] | B->open[2]))
            return 1;
        cells_due |= seen;
        stacks_due |= seen;
#if SK_TRIADS
        triads_due |= seen;
#endif

        /* Naked singles and cells with no candidate left, in bands that changed. */
        for (b = 0; b < 3; b++) {
            const uint32_t open = B->open[b];
            uint32_t once = 0, twice = 0, singles;
            if (!open || !(cells_due & (BAND_DIGITS << b)))
                continue;
            for (d = 0; d < 9; d++) {
                const uint32_t m = B->f[3 * d + b];
                twice |= once & m;
                once |= m;
            }
            if (open & ~once)
                return 0;
            singles = open & ~twice;
            for (d = 0; singles && d < 9; d++) {
                const uint32_t s = B->f[3 * d + b] & singles;
                if (s) {
                    singles &= ~s;
                    if (!force(B, 3 * d + b, s, &dirty))
                        return 0;
                }
            }
        }
        cells_due = 0;
        if (dirty)
            continue;

        /* Columns of the digits that changed: every column needs each digit once. */
        for (d = 0; d < 9; d++) {
            uint32_t *f = &B->f[3 * d];
            if (!(stacks_due >> (3 * d) & 7u))
                continue;
            {
#if SK_STACKS
                /* The (band, column) pairs of each stack form a permutation too. */
                const uint32_t c0 = fold_columns(f[0]), c1 = fold_columns(f[1]),
                               c2 = fold_columns(f[2]);
                uint32_t k0 = 0, k1 = 0, k2 = 0, packed = 0;
                unsigned sh;
                for (sh = 0; sh < 9; sh += 3) {
                    const unsigned k = matchable[stack_pairs(c0, c1, c2, sh)];
                    if (!k)
                        return 0;
                    k0 |= (k & 7u) << sh;
                    k1 |= (k >> 3 & 7u) << sh;
                    k2 |= (k >> 6) << sh;
                    packed |= (uint32_t)k << (3 * sh);
                }
                B->stack_pairs[d] = packed;
                if (k0 != c0) {
                    f[0] &= col_spread[k0];
                    dirty |= 1u << (3 * d);
                }
                if (k1 != c1) {
                    f[1] &= col_spread[k1];
                    dirty |= 1u << (3 * d + 1);
                }
                if (k2 != c2) {
                    f[2] &= col_spread[k2];
                    dirty |= 1u << (3 * d + 2);
                }
#else
                /* Hidden singles in columns, counted bit-sliced over the nine rows. */
                const uint32_t o = f[0] | f[1] | f[2];
                const uint32_t t = (f[0] & f[1]) | ((f[0] | f[1]) & f[2]);
                const uint32_t o0 = o & ROW0, o1 = o >> 9 & ROW0, o2 = o >> 18;
                const uint32_t once = o0 | o1 | o2;
                const uint32_t twice = (t | t >> 9 | t >> 18 | (o0 & o1) | ((o0 | o1) & o2)) & ROW0;
                uint32_t single;
                if (once != ROW0)
                    return 0;
                single = once & ~twice;
                if (single) {
                    const uint32_t spread = col_spread[single];
                    for (b = 0; b < 3; b++) {
                        const uint32_t s = f[b] & spread & B->open[b];
                        if (s && !force(B, 3 * d + b, s, &dirty))
                            return 0;
                    }
                }
#endif
            }
        }
        stacks_due = 0;
#if !SK_CACHED
        if (!dirty)
            fill_pairs(B);
#endif
#if SK_TRIADS
        if (!dirty && triads_due) {
            /* Triads keep configuration branching from going exponential on sparse
             * boards; with most cells placed they cost more than they find. */
            if ((int)(popcount27(B->open[0]) + popcount27(B->open[1]) + popcount27(B->open[2])) >=
                SK_TRIAD_OPEN) {
                if (!triads(B, &dirty))
                    return 0;
            }
            triads_due = 0;
        }
#endif
        if (!dirty)
            return 1;
    }
}

static void record(Search *S, const Board *B)
{
    if (S->count++ == 0 && S->solution) {
        unsigned x;
        for (x = 0; x < 27; x++) {
            uint32_t m = B->f[x];
            const unsigned base = 27 * band_of[x];
            while (m) {
                S->solution[base + SK_CTZ(m)] = (uint8_t)(x / 3 + 1);
                m &= m - 1;
            }
        }
    }
}

static void search(Search *S, Board *B);

/* Propagate a trial board and go on from it. Returns 1 when the limit is reached. */
SK_INLINE int descend(Search *S, Board *C, uint32_t dirty)
{
    S->guesses++;
    if (S->poll != NULL && poll_tick(S->poll)) {
        S->limit = 0; /* every level above returns at once */
        return 1;
    }
    if (propagate(C, dirty)) {
        if (C->open[0] | C->open[1] | C->open[2])
            search(S, C);
        else
            record(S, C);
    }
    return S->count >= S->limit;
}

#if SK_GUESS == 2
/* Branch on a band or stack configuration. Returns 0 if every configuration is fixed
 * (then the caller branches on a cell; with full propagation that cannot happen). */
static int branch_configuration(Search *S, Board *B)
{
    unsigned total[6] = {0, 0, 0, 0, 0, 0}; /* bands 0-2, stacks 0-2 */
    unsigned u, d, k, best_total = 1000, best = 0, bv, bu, bd = 0, fewest = 7, pairs;
    for (d = 0; d < 9; d++) {
        const uint16_t *p = &B->band_pairs[3 * d];
        const uint32_t x = B->stack_pairs[d];
        total[0] += nperm[p[0]];
        total[1] += nperm[p[1]];
        total[2] += nperm[p[2]];
        total[3] += nperm[x & 0x1FFu];
        total[4] += nperm[x >> 9 & 0x1FFu];
        total[5] += nperm[x >> 18];
    }
    for (u = 0; u < 6; u++) {
        if (total[u] > 9 && total[u] < best_total) {
            best_total = total[u];
            best = u;
        }
    }
    if (best_total == 1000)
        return 0;
    bv = best / 3;
    bu = best % 3;
#define UNIT_PAIRS(d) (bv ? B->stack_pairs[d] >> (9 * bu) & 0x1FFu : B->band_pairs[3 * (d) + bu])
    for (d = 0; d < 9; d++) {
        const unsigned c = nperm[UNIT_PAIRS(d)];
        if (c >= 2 && c < fewest) {
            fewest = c;
            bd = d;
        }
    }
    pairs = UNIT_PAIRS(bd);
#undef UNIT_PAIRS
    for (k = 0; k < 6; k++) {
        const unsigned pp = perm_pairs[k];
        Board copy;
        Board *C = B;
        uint32_t *f, dirty;
        if ((pairs & pp) != pp)
            continue;
        if (fewest-- > 1) { /* the last configuration may reuse this level's board */
            copy = *B;
            C = &copy;
        }
        f = &C->f[3 * bd];
        if (!bv) {
            f[bu] &= band_keep[pp];
            dirty = 1u << (3 * bd + bu);
        } else {
            const uint32_t stack = col_spread[7u << (3 * bu)];
            f[0] &= ~stack | col_spread[(pp & 7u) << (3 * bu)];
            f[1] &= ~stack | col_spread[(pp >> 3 & 7u) << (3 * bu)];
            f[2] &= ~stack | col_spread[(pp >> 6 & 7u) << (3 * bu)];
            dirty = 7u << (3 * bd);
        }
        if (descend(S, C, dirty))
            return 1;
    }
    return 1;
}
#endif

/* The branch cell: its band and bit. B is propagated and not solved. */
static void pick_cell(const Board *B, unsigned *band, uint32_t *bit)
{
    unsigned b, d;
#if SK_GUESS != 0
    for (b = 0; b < 3; b++) {
        const uint32_t open = B->open[b];
        uint32_t once = 0, twice = 0, thrice = 0, two;
        if (!open)
            continue;
        for (d = 0; d < 9; d++) {
            const uint32_t m = B->f[3 * d + b];
            thrice |= twice & m;
            twice |= once & m;
            once |= m;
        }
        two = open & ~thrice;
        if (two) {
            *band = b;
            *bit = two & (0u - two);
            return;
        }
    }
    {
        /* No bivalue cell: the first one with the fewest candidates. */
        unsigned fewest = 10;
        for (b = 0; b < 3; b++) {
            uint32_t open = B->open[b];
            while (open) {
                const uint32_t cell = open & (0u - open);
                unsigned k = 0;
                for (d = 0; d < 9; d++)
                    k += (B->f[3 * d + b] & cell) != 0;
                if (k < fewest) {
                    fewest = k;
                    *band = b;
                    *bit = cell;
                }
                open &= open - 1;
            }
        }
    }
#else
    (void)d;
    for (b = 0; !B->open[b]; b++)
        ;
    *band = b;
    *bit = B->open[b] & (0u - B->open[b]);
#endif
}

static void search(Search *S, Board *B)
{
    unsigned b = 0, d;
    uint32_t bit = 0, digits = 0;
#if SK_GUESS == 2
    if (branch_configuration(S, B))
        return;
#endif
    pick_cell(B, &b, &bit);
    for (d = 0; d < 9; d++)
        if (B->f[3 * d + b] & bit)
            digits |= 1u << d;
    while (digits) {
        const unsigned x = 3 * SK_CTZ(digits) + b;
        Board copy;
        Board *C = B;
        unsigned y;
        digits &= digits - 1;
        if (digits) { /* the last branch may reuse this level's board */
            copy = *B;
            C = &copy;
        }
        C->f[x] &= ~band_peers[SK_CTZ(bit)];
        for (y = b; y < 27; y += 3)
            if (y != x)
                C->f[y] &= ~bit;
        if (descend(S, C, BAND_DIGITS << b))
            return;
    }
}

uint64_t sk_search(const uint8_t *cells, uint64_t limit, uint8_t *solution, uint64_t *guesses)
{
    return sk_search_polled(cells, limit, solution, guesses, NULL);
}

uint64_t sk_search_polled(const uint8_t *cells, uint64_t limit, uint8_t *solution,
                          uint64_t *guesses, SkPoll *poll)
{
    Board B;
    Search S;
    uint32_t given[27], all[3];
    unsigned i, b, p, x;
    S.count = 0;
    S.limit = limit ? limit : 1;
    S.guesses = 0;
    S.solution = solution;
    S.poll = poll != NULL && poll->stop != NULL ? poll : NULL;
    /* The givens of each word, then every word at once: a given is placed at once, alone
     * in its row and box of its word, which keeps it (or empties a row of the word, a
     * contradiction) as for any placed cell, so propagation need not find it again. */
    for (x = 0; x < 27; x++)
        given[x] = 0;
    for (b = 0, i = 0; b < 3; b++) {
        all[b] = 0;
        for (p = 0; p < 27; p++, i++) {
            /* Out-of-range values count as empty: the boundary rejects them, and this
             * keeps every index in bounds even for a caller that skipped it. */
            const unsigned d = cells[i] - 1u;
            if (d < 9) {
                given[3 * d + b] |= 1u << p;
                all[b] |= 1u << p;
            }
        }
        B.open[b] = FULL & ~all[b];
    }
    for (x = 0; x < 27; x += 3) {
        uint32_t cols = 0, clash = 0, peers[3];
        for (b = 0; b < 3; b++) {
            const uint32_t g = given[x + b], c = fold_columns(g);
            uint32_t t = g;
            peers[b] = 0;
            while (t) {
                peers[b] |= band_peers[SK_CTZ(t)];
                t &= t - 1;
            }
            clash |= (g & peers[b]) | (cols & c); /* two in a row or box; in a column */
            cols |= c;
        }
        if (clash)
            goto done; /* a peer holds the same digit */
        for (b = 0; b < 3; b++) {
            const uint32_t g = given[x + b];
            B.f[x + b] = FULL & ~peers[b] & ~(all[b] & ~g) & (~col_spread[cols] | g);
        }
    }
    if (propagate(&B, FULL)) {
        if (B.open[0] | B.open[1] | B.open[2])
            search(&S, &B);
        else
            record(&S, &B);
    }
done:
    if (guesses)
        *guesses = S.guesses;
    return S.count;
}

ptrdiff_t sk_find_bad_symbol(const char *buf, size_t len)
{
    size_t i;
    if (!ready)
        sk_init();
    for (i = 0; i < len; i++)
        if (sym_value[(unsigned char)buf[i]] < 0)
            return (ptrdiff_t)i;
    return -1;
}

void sk_search_batch(const char *records, size_t n, uint64_t limit, uint64_t *counts,
                     char *solutions, uint64_t *guesses)
{
    sk_search_batch_polled(records, n, limit, counts, solutions, guesses, NULL);
}

void sk_search_batch_polled(const char *records, size_t n, uint64_t limit, uint64_t *counts,
                            char *solutions, uint64_t *guesses, SkPoll *poll)
{
    size_t i;
    unsigned k;
    uint8_t cells[SK_CELLS], solution[SK_CELLS];
    SkPoll *P = poll != NULL && poll->stop != NULL ? poll : NULL;
    for (i = 0; i < n; i++) {
        const char *rec = records + SK_CELLS * i;
        uint64_t count, g;
        if (P != NULL && poll_tick(P))
            return; /* the rest of the outputs stay unwritten */
        for (k = 0; k < SK_CELLS; k++) {
            /* Invalid symbols map to 255 (treated as empty), never to an index. */
            cells[k] = (uint8_t)sym_value[(unsigned char)rec[k]];
        }
        count = sk_search_polled(cells, limit, solution, &g, P);
        counts[i] = count;
        guesses[i] = g;
        if (solutions) {
            char *out = solutions + SK_CELLS * i;
            for (k = 0; k < SK_CELLS; k++)
                out[k] = count ? (char)('0' + solution[k]) : '.';
        }
    }
}
