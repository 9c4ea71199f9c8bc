"""A forcing step's branches in its picture: which links to draw, and the words.

A forcing chain or net carries its cases as :class:`~sudokit.logic.step.Branch` values:
each a tree of implications from its assumption to the step's conclusions. Here they
become the picture's links, numbered by branch (every drawer gives each branch its own
colour and number), and the legend's lines: each branch's way in short
(``r1c1=5 → r1c4≠5 → r4c4=5 → r5c5≠3``), how its arrows link, and where a branch that
breaks breaks. A net's branches, drawn whole, can cross most of the grid: past
:data:`MAX_DRAWN_LINKS` links only the way to the conclusions is drawn, then only the
way to the first one, then that way's first links (the legend says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..geometry import Shape
from ..logic.step import Branch, Candidate, Implication, Step, cells_text


@dataclass(frozen=True, slots=True)
class BranchPicture:
    """One case of a forcing step as drawn: its number (``label``, from 1), its
    assumption (``start``, true or not), the way it goes in words (``words``: ``r1c1=5 →
    r1c4≠5 → ...``), how many of its links are drawn (``drawn``) out of ``total``, and
    whether it ends in a contradiction (at ``clash``, the candidates that cannot all hold)."""

    label: int
    start: Candidate
    true: bool
    words: str
    drawn: int
    total: int
    contradiction: bool = False
    clash: tuple[Candidate, ...] = ()


#: The inks of a forcing step's branches in turn (colour names of the step pictures'
#: colours; each branch is numbered too, for greyscale).
BRANCH_INKS = ("link", "set_1", "set_0", "set_3")


def branch_ink(branch: int) -> str:
    """The ink of branch ``branch`` (0 first; -1, a chain's link: the link ink)."""
    return "link" if branch < 0 else BRANCH_INKS[branch % len(BRANCH_INKS)]


#: At most this many links of a forcing step are drawn (every branch is still told in
#: the legend's words): a net's branches, whole, can pass through most of the grid.
MAX_DRAWN_LINKS = 48


def branch_links(
    step: Step, shape: Shape, limit: int = MAX_DRAWN_LINKS
) -> tuple[tuple[tuple[Implication, ...], ...], tuple[BranchPicture, ...]]:
    """A forcing step's links to draw, branch by branch (in order), and its branches as
    drawn.

    Everything when it fits in ``limit`` links; else only the way from each assumption
    to its conclusions (leaving out what a net's singles rest on besides); else only the
    way to the first conclusion (the one the rating measures); else that way's first
    links, as many in each branch as fit."""
    spines = [_spine(b, b.ends) for b in step.branches]
    firsts = [_spine(b, b.ends if b.contradiction else b.ends[:1]) for b in step.branches]
    chosen: list[list[Implication]] = [list(b.links) for b in step.branches]
    for option in (spines, firsts):
        if sum(len(x) for x in chosen) <= limit:
            break
        chosen = option
    if sum(len(x) for x in chosen) > limit:
        most = max(1, limit // max(1, len(chosen)))
        while most > 1 and sum(min(len(x), most) for x in chosen) > limit:
            most -= 1
        chosen = [x[:most] for x in chosen]
    pictures: list[BranchPicture] = []
    for i, (b, keep) in enumerate(zip(step.branches, chosen, strict=True)):
        clash = tuple(dict.fromkeys(c for c, _ in b.ends)) if b.contradiction else ()
        words = branch_words(shape, b)
        drawn, total = len(keep), len(b.links)
        pictures.append(
            BranchPicture(i + 1, b.start, b.true, words, drawn, total, b.contradiction, clash)
        )
    return tuple(tuple(x) for x in chosen), tuple(pictures)


def _spine(branch: Branch, ends: Sequence[tuple[Candidate, bool]]) -> list[Implication]:
    """The links of ``branch`` on the way from its assumption to ``ends``, in order."""
    into: dict[tuple[Candidate, bool], list[int]] = {}
    for i, k in enumerate(branch.links):
        into.setdefault((k.target, k.target_true), []).append(i)
    keep: set[int] = set()
    todo = [e for e in ends if e in into]
    while todo:
        node = todo.pop()
        for i in into.get(node, ()):
            if i not in keep:
                keep.add(i)
                k = branch.links[i]
                todo.append((k.source, k.source_true))
    return [k for i, k in enumerate(branch.links) if i in keep]


def _node_word(shape: Shape, cand: Candidate, true: bool) -> str:
    """``r1c4=5`` / ``r1c4≠5``."""
    c, d = cand
    return f"{shape.cell_name(c)}{'=' if true else '≠'}{shape.symbols[d - 1]}"


def branch_words(shape: Shape, branch: Branch) -> str:
    """A branch's way in short: ``r1c1=5 → r1c4≠5 → r4c4=5 → r5c5≠3``, the way to each
    further end from the last node already told (``; r4c4=5 → r6c4≠7``); a node a
    technique gave says which (``r2c7≠7 (Pointing)``)."""
    came: dict[tuple[Candidate, bool], Implication] = {}
    for k in branch.links:
        came.setdefault((k.target, k.target_true), k)
    start = (branch.start, branch.true)
    told = {start}
    parts: list[str] = []
    for end in dict.fromkeys(branch.ends):
        way = [end]
        while way[-1] != start and way[-1] in came:
            k = came[way[-1]]
            way.append((k.source, k.source_true))
        way.reverse()
        cut = max(i for i, node in enumerate(way) if node in told)
        if cut == len(way) - 1:
            continue  # told on the way to an earlier end
        words = []
        for node in way[cut:]:
            word = _node_word(shape, *node)
            by = came.get(node)
            if by is not None and by.reason == "rule" and node != way[cut]:
                word += f" ({by.rule})"
            words.append(word)
        parts.append(" → ".join(words))
        told.update(way)
    return "; ".join(parts) if parts else _node_word(shape, *start)


Role = Literal["branch", "strong", "weak", "clash"]


def branch_legend(
    shape: Shape, branches: Sequence[BranchPicture], strong: bool, weak: bool
) -> list[tuple[Role, str]]:
    """A forcing step's legend lines ``(role, words)``: its branches in short, how its
    arrows link (``strong``, ``weak``: whether it draws such arrows), where a branch
    breaks."""
    out: list[tuple[Role, str]] = []
    for b in branches:
        label = f"Branch {b.label}" if len(branches) > 1 else "The branch"
        text = f"{label}: {b.words}"
        if b.contradiction:
            text += ": a contradiction"
        text += "."
        if b.drawn < b.total:
            text += f" (Its first {b.drawn} of {b.total} links are drawn.)"
        out.append(("branch", text))
    if strong:
        out.append(
            (
                "strong",
                "Solid arrow: so its end is true (the other of only two, or the last candidate "
                "or place left).",
            )
        )
    if weak:
        out.append(
            (
                "weak",
                "Dashed arrow: so its end is false (it sees a true candidate, or a pattern "
                "removes it).",
            )
        )
    for b in branches:
        if not b.clash:
            continue
        if len(b.clash) == 1:
            c, d = b.clash[0]
            what = f"{shape.symbols[d - 1]} in {shape.cell_name(c)} would be both true and false"
        elif len({c for c, _ in b.clash}) == 1:
            what = f"{shape.cell_name(b.clash[0][0])} would be left without a candidate"
        else:
            where = cells_text(shape, [c for c, _ in b.clash], "or")
            what = f"{shape.symbols[b.clash[0][1] - 1]} would fit in none of {where}"
        out.append(("clash", f"Red frame: where the branch breaks: {what}."))
    return out


__all__ = [
    "BRANCH_INKS",
    "MAX_DRAWN_LINKS",
    "BranchPicture",
    "branch_ink",
    "branch_legend",
    "branch_links",
    "branch_words",
]
