/*
 * Franken and mutant fish (sudokit/logic/techniques/fish_franken.py): which digits hold
 * one at all. The engine asks for these fish at every position before a forcing chain and
 * nearly always there is none; Python then searches only the digits named here. Like the
 * solvers it trusts its input.
 */
#ifndef SUDOKIT_FRANKEN_H
#define SUDOKIT_FRANKEN_H

#include <stdint.h>

#include "general.h"

/*
 * The digits where fish_franken's search of one family (mutant 0: Franken fish, base rows
 * and boxes with cover columns and boxes or the other way round; 1: mutant fish, a base
 * that mixes rows and columns) finds a fish of 2 or 3 base units with at most 2 exo fins:
 * bit d-1 for digit d when it finds one without fins, bit d+15 when it finds one with
 * fins. The same search as the Python one (same bounds and cuts), so the answer is exact,
 * except that a digit of more than 64 candidate cells is named (both bits) without being
 * searched. G: classic rules of at most 9x9 (any other: every digit named); cands: n*n
 * candidate masks (digit d is bit d-1; 0 for a filled cell).
 */
unsigned ff_franken_digits(const GnGeo *G, const uint16_t *cands, int mutant);

#endif
