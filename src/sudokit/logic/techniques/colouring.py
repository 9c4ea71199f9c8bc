"""Simple colouring: the strong links of one digit split its candidates into two colours,
exactly one of which holds the digit."""

from __future__ import annotations

from collections.abc import Iterable

from ..candidates import State, cells_of
from ..step import Step, cells_text, elim_text, sym
from .single_digit import strong_links


def length_bonus(length: int) -> float:
    """Extra difficulty of a long chain, on the Sudoku Explainer scale: +0.1 each time
    the length passes 4, 6, 8, 12, 16, 24, 32, ..."""
    added = 0.0
    ceil = 4
    odd = False
    while length > ceil:
        added += 0.1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return round(added, 1)


def two_colourings(links: Iterable[tuple[int, int, object]]) -> list[tuple[int, int]]:
    """The two colours (cell sets) of each cluster of strong links ``(a, b, ...)``: cells
    one link apart take opposite colours. Clusters come in the order of their lowest
    cell; the first colour holds that cell."""
    adj: dict[int, int] = {}
    for a, b, _ in links:
        adj[a] = adj.get(a, 0) | 1 << b
        adj[b] = adj.get(b, 0) | 1 << a
    done = 0
    out = []
    for start in sorted(adj):
        if done >> start & 1:
            continue
        colour = [1 << start, 0]
        frontier = [(start, 0)]
        done |= 1 << start
        while frontier:
            c, k = frontier.pop()
            for o in cells_of(adj[c] & ~done):
                done |= 1 << o
                colour[1 - k] |= 1 << o
                frontier.append((o, 1 - k))
        out.append((colour[0], colour[1]))
    return out


def simple_colouring(st: State) -> Step | None:
    """Colour wrap (a colour that sees itself is false) and colour trap (a cell that sees
    both colours cannot hold the digit)."""
    t = st.tables
    shape = st.shape
    peer = t.peer_bits
    for d in range(1, t.n + 1):
        links = strong_links(st, d)
        if len(links) < 2:
            continue
        dc = st.dcells[d]
        for colour in two_colourings(links):
            size = colour[0].bit_count() + colour[1].bit_count()
            if size < 3:
                continue  # one strong link alone says nothing new
            seen = [0, 0]
            for k in (0, 1):
                for c in cells_of(colour[k]):
                    seen[k] |= peer[c]
            s = sym(shape, d)
            both = colour[0] | colour[1]
            groups = [cells_text(shape, cells_of(colour[k])) for k in (0, 1)]
            head = (
                f"Simple Colouring on {s}: following the strong links, {groups[0]} take one "
                f"colour and {groups[1]} the other, and one colour holds {s}"
            )
            rating = round(6.6 + length_bonus(size), 1)
            for k in (0, 1):
                clash = colour[k] & seen[k]
                if clash:
                    elims = tuple((c, d) for c in cells_of(colour[k]))
                    pair = cells_of(clash)[:2]
                    text = (
                        f"{head}; {cells_text(shape, pair)} share a colour and see each "
                        f"other, so that colour is false: {elim_text(shape, elims)}."
                    )
                    return Step(
                        "simple_colouring",
                        "Simple Colouring",
                        text,
                        eliminations=elims,
                        cells=tuple(cells_of(both)),
                        candidates=tuple((c, d) for c in cells_of(colour[1 - k])),
                        secondary=tuple((c, d) for c in cells_of(colour[k])),
                        rating=rating,
                    )
            trap = dc & seen[0] & seen[1] & ~both
            if trap:
                elims = tuple((c, d) for c in cells_of(trap))
                trapped = cells_of(trap)
                verb = "sees" if len(trapped) == 1 else "see"
                text = (
                    f"{head}; {cells_text(shape, trapped)} {verb} both colours, so "
                    f"{elim_text(shape, elims)}."
                )
                return Step(
                    "simple_colouring",
                    "Simple Colouring",
                    text,
                    eliminations=elims,
                    cells=tuple(cells_of(both)),
                    candidates=tuple((c, d) for c in cells_of(colour[0])),
                    secondary=tuple((c, d) for c in cells_of(colour[1])),
                    rating=rating,
                )
    return None
