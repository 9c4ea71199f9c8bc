/*
 * Static forcing chains for the logic engine (sudokit/logic/techniques/forcing.py): the
 * search for a group of assumptions that all force one conclusion along links, or for
 * one assumption that breaks. The same search in the same order as the Python one, on
 * the same candidates, without the chains' parents: Python rebuilds the chains of the
 * group found to tell them. Like the solvers it trusts its input.
 */
#ifndef SUDOKIT_FORCING_H
#define SUDOKIT_FORCING_H

#include <stdint.h>

/* What to look for (bits of `kinds`), and what was found (the return value). */
#define FC_CONTRADICTION 1 /* a candidate of a cell of at most 3 whose chains break */
#define FC_CELL 2          /* every candidate of a cell agrees on something */
#define FC_CELL3 4         /* the same, for cells of 3 or 4 candidates only */
#define FC_UNIT 8          /* every place of a digit in a unit agrees on something */

/*
 * n, box_rows: a supported shape (gn_supported); cands: n*n candidate masks (digit d is
 * bit d-1; 0 for a filled cell). Groups are tried by size (2, 3, 4 branches), and for
 * each size: contradictions (size 2 only), cells in ascending order, then units (rows,
 * columns, boxes) and digits in ascending order.
 * Returns 0 when nothing is found; FC_CONTRADICTION with *a = cell, *b = digit;
 * FC_CELL with *a = cell; FC_UNIT with *a = unit, *b = digit; -1 when out of memory.
 */
int fc_search(int n, int box_rows, const uint16_t *cands, int kinds, int *a, int *b);

#endif
