"""Multi-colouring: two clusters of one digit's strong links, joined where they see each
other.

Each cluster of strong links (the digit's only two places in a unit) splits its cells
into two colours, one of which holds the digit (see :mod:`.colouring`). With two
clusters A (colours a1, a2) and B (b1, b2):

- **Multi-Colours 1** (HoDoKu's name; *colour wing*): a cell of a1 sees a cell of b1, so
  a1 and b1 are not both true: a2 or b2 is. A cell that sees a cell of a2 and a cell of
  b2 loses the digit.
- **Multi-Colours 2** (*colour wrap* across clusters): a1 sees a cell of b1 and a cell of
  b2; one of b1 and b2 is true, so a1 is false: every a1 cell loses the digit.

Rated one step above simple colouring (HoDoKu scores it 200 against 150), with Sudoku
Explainer's length bonus on the cells of both clusters, as simple colouring counts its
cluster: 6.7 + bonus. The eliminations are an X-Chain's through both clusters.
"""

from __future__ import annotations

from ..candidates import State, cells_of
from ..step import Step, cells_text, elim_text, sym
from .colouring import length_bonus, two_colourings
from .single_digit import strong_links

#: Base rating (see the module's notes).
RATING = 6.7


def _clusters(st: State, d: int) -> list[tuple[int, int]]:
    """The two colours (cell sets) of every cluster of ``d``'s strong links."""
    return two_colourings(strong_links(st, d))


def multi_colouring(st: State) -> Step | None:
    """Multi-Colours 1 (cells seeing the opposite colours of two linked colours lose the
    digit) or Multi-Colours 2 (a colour seeing both colours of another cluster is
    false), the smallest pair of clusters first."""
    t = st.tables
    peer = t.peer_bits
    best: tuple[int, Step] | None = None
    for d in range(1, t.n + 1):
        clusters = _clusters(st, d)
        if len(clusters) < 2:
            continue
        dc = st.dcells[d]

        def sight(cells: int) -> int:
            out = 0
            for c in cells_of(cells):
                out |= peer[c]
            return out

        seen = [(sight(a), sight(b)) for a, b in clusters]
        for i, ci in enumerate(clusters):
            for j in range(i + 1, len(clusters)):
                cj = clusters[j]
                size = sum(x.bit_count() for x in (*ci, *cj))
                if best is not None and size >= best[0]:
                    continue
                step = (
                    _wing(st, d, ci, cj, seen[i], seen[j], dc, size)
                    or _wrap(st, d, ci, cj, seen[j], size)
                    or _wrap(st, d, cj, ci, seen[i], size)
                )
                if step is not None:
                    best = (size, step)
    return best[1] if best is not None else None


def _wrap(
    st: State, d: int, ci: tuple[int, int], cj: tuple[int, int], sj: tuple[int, int], size: int
) -> Step | None:
    """Multi-Colours 2: a colour of ``ci`` that sees both colours of ``cj`` is false."""
    shape = st.shape
    s = sym(shape, d)
    for a1 in ci:
        if not (a1 & sj[0] and a1 & sj[1]):
            continue
        elims = tuple((c, d) for c in cells_of(a1))
        text = (
            f"Multi-Colouring on {s}: the strong links of {s} colour {_two(st, ci)} in "
            f"one cluster and {_two(st, cj)} in another; {cells_text(shape, cells_of(a1))} "
            f"see both colours of the second cluster, one of which holds {s}, so their "
            f"colour is false: {elim_text(shape, elims)}."
        )
        inside = ci[0] | ci[1] | cj[0] | cj[1]
        return Step(
            "multi_colouring",
            "Multi-Colouring",
            text,
            eliminations=elims,
            cells=tuple(cells_of(inside)),
            candidates=tuple((c, d) for c in cells_of(inside & ~a1)),
            secondary=tuple((c, d) for c in cells_of(a1)),
            rating=round(RATING + length_bonus(size), 1),
        )
    return None


def _wing(
    st: State,
    d: int,
    ci: tuple[int, int],
    cj: tuple[int, int],
    si: tuple[int, int],
    sj: tuple[int, int],
    dc: int,
    size: int,
) -> Step | None:
    """Multi-Colours 1: cells seeing the opposites of two colours that see each other."""
    shape = st.shape
    s = sym(shape, d)
    rating = round(RATING + length_bonus(size), 1)
    # The wing, for every pair of linked colours (x, y) at once: a_x and b_y not both
    # true, so a_(1-x) or b_(1-y) is.
    trap = 0
    links: list[tuple[int, int, int, int]] = []
    inside = ci[0] | ci[1] | cj[0] | cj[1]
    for xx in (0, 1):
        for y in (0, 1):
            if not si[xx] & cj[y]:
                continue
            # (A cell of the pattern may go too: it sees a cell of its own colour.)
            more = dc & si[1 - xx] & sj[1 - y] & ~trap
            if not more:
                continue
            trap |= more
            link_a = next(c for c in cells_of(ci[xx]) if st.tables.peer_bits[c] & cj[y])
            link_b = next(c for c in cells_of(cj[y]) if st.tables.peer_bits[link_a] >> c & 1)
            links.append((link_a, link_b, ci[1 - xx], cj[1 - y]))
    if not trap:
        return None
    elims = tuple((c, d) for c in cells_of(trap))
    reasons = "; ".join(
        f"{shape.cell_name(la)} and {shape.cell_name(lb)} see each other, so their colours "
        f"are not both true, and {cells_text(shape, cells_of(o1))} or "
        f"{cells_text(shape, cells_of(o2))} hold {s}"
        for la, lb, o1, o2 in links
    )
    # Drawn in two colours: the first pair of opposite colours (one holds the digit)
    # against the colours that see each other.
    true_side = links[0][2] | links[0][3]
    text = (
        f"Multi-Colouring on {s}: the strong links of {s} colour {_two(st, ci)} in "
        f"one cluster and {_two(st, cj)} in another; {reasons}: {elim_text(shape, elims)}."
    )
    return Step(
        "multi_colouring",
        "Multi-Colouring",
        text,
        eliminations=elims,
        cells=tuple(cells_of(inside)),
        candidates=tuple((c, d) for c in cells_of(true_side)),
        secondary=tuple((c, d) for c in cells_of(inside & ~true_side)),
        rating=rating,
    )


def _two(st: State, cluster: tuple[int, int]) -> str:
    shape = st.shape
    return (
        f"{cells_text(shape, cells_of(cluster[0]))} against "
        f"{cells_text(shape, cells_of(cluster[1]))}"
    )


__all__ = ["multi_colouring"]
