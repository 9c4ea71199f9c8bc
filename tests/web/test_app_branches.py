"""The web app draws a forcing chain's branches at the hint's last stage: each case's
assumption ringed and numbered, its links as arrows from candidate to candidate in chain
order (strong solid, weak dashed), each branch in its own ink, and a legend in words; in
both themes and at a phone's width."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

READY = 120_000

#: top1465's second puzzle where its logical path first needs a forcing chain, as a HoDoKu
#: library line: its next step is a unit forcing chain of three branches and nine links
#: (5 in row 2 goes in r2c5, r2c8 or r2c9, and each removes 9 from r2c9).
LINE = (
    ":0000:x:7.8...3.....2.1...5.........4.....263...8.......1...9+3.9.6....4....7.5..........."
    ":827 334 434 934 336 436 636 936 737 837 738 838 739 839 345 552 553 554 556 756 375 "
    "877 395 897::"
)


@pytest.fixture(autouse=True)
def _engine(has_engine: bool) -> None:
    if not has_engine:
        pytest.skip("the site was built without the engine (npm is missing)")


def open_forcing_hint(
    page: Any, line: str = LINE, technique: str = "unit_forcing_chain"
) -> dict[str, Any]:
    """Paste ``line``, ask for the hint until its last stage; the hint the page holds."""
    page.wait_for_function(
        "document.querySelector('[role=grid]').getAttribute('aria-busy') === 'false'",
        timeout=READY,
    )
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Open puzzle").click()
    page.get_by_label(re.compile("Paste a line of digits")).fill(line)
    page.get_by_role("button", name="Open", exact=True).click()
    page.wait_for_function("window.sudokit.session.moves.length > 0")
    hint = page.get_by_role("button", name="Hint", exact=True)
    for stage in (1, 2, 3):
        hint.click()
        page.wait_for_function(
            f"window.sudokit.ui.hint && window.sudokit.ui.hint.stage === {stage}"
        )
    held: dict[str, Any] = page.evaluate("window.sudokit.ui.hint")
    assert held["technique"] == technique, held["text"]
    return held


#: For each arrow drawn: its branch, dash, colour, both ends and box in page pixels.
ARROWS = """() => [...document.querySelectorAll('#branches path.link')].map((p) => {
  const svg = p.ownerSVGElement.getBoundingClientRect();
  const a = p.getPointAtLength(0), b = p.getPointAtLength(p.getTotalLength());
  const s = getComputedStyle(p), r = p.getBoundingClientRect();
  return {branch: Number(p.dataset.branch), dash: p.getAttribute('stroke-dasharray'),
          colour: s.stroke, box: [r.left, r.top, r.right, r.bottom],
          from: [svg.left + a.x, svg.top + a.y], to: [svg.left + b.x, svg.top + b.y]};
})"""

CELL_BOXES = """() => [...document.querySelectorAll('#board .cell')].map((c) => {
  const r = c.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];
})"""


def inside(point: list[float], box: list[float]) -> bool:
    x, y = point
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def test_a_forcing_hint_draws_each_branch_link_by_link(desktop: Any) -> None:
    page = desktop.open()
    held = open_forcing_hint(page)
    drawing = held["drawing"]
    assert page.locator("#branches").is_visible()
    arrows = page.evaluate(ARROWS)
    cells = page.evaluate(CELL_BOXES)
    assert len(arrows) == len(drawing["links"]) == 9
    for arrow, (branch, fc, _fd, tc, _td, strong) in zip(arrows, drawing["links"], strict=True):
        assert arrow["branch"] == branch + 1
        # strong solid, weak dashed
        assert (arrow["dash"] == "none") is strong, arrow
        # from the candidate it rests on to the one it tells, in their cells
        assert inside(arrow["from"], cells[fc]), (arrow, fc)
        assert inside(arrow["to"], cells[tc]), (arrow, tc)
    # each branch in its own ink
    inks = {a["branch"]: a["colour"] for a in arrows}
    assert len(set(inks.values())) == len(drawing["branches"]) == 3
    # every assumption ringed and numbered
    assert page.locator("#branches circle.start").count() == 3
    assert page.locator("#branches .badge text").all_text_contents() == ["1", "2", "3"]
    # the candidates the branches pass through are shown in their cells
    for _, fc, fd, tc, td, _ in drawing["links"]:
        for cell, digit in ((fc, fd), (tc, td)):
            note = page.locator(f"#board .cell[data-cell='{cell}'] .notes span[data-d='{digit}']")
            assert note.inner_text() == str(digit)
    # the legend, in words
    legend = page.get_by_role("list", name="The hint's branches")
    items = legend.get_by_role("listitem").all_inner_texts()
    assert items[0].startswith("Branch 1: r2c5=5 → r4c5≠5 → r4c5=9"), items
    assert [t.split(":")[0] for t in items[:3]] == ["Branch 1", "Branch 2", "Branch 3"]
    assert any(t.startswith("Solid arrow") for t in items)
    assert any(t.startswith("Dashed arrow") for t in items)
    # the window resized: the arrows follow the board
    page.set_viewport_size({"width": 700, "height": 900})
    page.wait_for_function(
        "() => { const b = document.getElementById('board').getBoundingClientRect();"
        " const s = document.getElementById('branches').getBoundingClientRect();"
        " return Math.abs(b.width - s.width) < 1 && Math.abs(b.left - s.left) < 1; }"
    )
    cells = page.evaluate(CELL_BOXES)
    for arrow, (_, fc, _fd, tc, _td, _) in zip(
        page.evaluate(ARROWS), drawing["links"], strict=True
    ):
        assert inside(arrow["from"], cells[fc]) and inside(arrow["to"], cells[tc]), arrow
    # played, the step's drawing goes
    page.get_by_role("button", name="Apply", exact=True).click()
    page.wait_for_function("window.sudokit.ui.hint === null")
    assert not page.locator("#branches").is_visible()
    assert not legend.is_visible()


def _luminance(colour: str) -> float:
    values = [int(v) / 255 for v in re.findall(r"\d+", colour)[:3]]
    lin = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_branches_are_readable_in_both_themes(desktop: Any, scheme: str) -> None:
    page = desktop.page
    page.emulate_media(color_scheme=scheme)
    page = desktop.open()
    open_forcing_hint(page)
    cell = page.evaluate("getComputedStyle(document.querySelector('#board .cell')).backgroundColor")
    inks = {a["colour"] for a in page.evaluate(ARROWS)}
    assert len(inks) == 3
    for ink in inks:
        assert contrast(ink, cell) >= 3, (scheme, ink, cell)
    # the numbers on the badges stand out from their discs
    badge = page.evaluate(
        "[getComputedStyle(document.querySelector('#branches .badge circle')).fill,"
        " getComputedStyle(document.querySelector('#branches .badge text')).fill]"
    )
    assert contrast(*badge) >= 3, (scheme, badge)


def test_at_a_phone_s_width_the_branches_stay_on_the_board(phone: Any) -> None:
    page = phone.open()
    open_forcing_hint(page)
    board = page.evaluate(
        "(() => { const r = document.getElementById('board').getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })()"
    )
    for arrow in page.evaluate(ARROWS):
        left, top, right, bottom = arrow["box"]
        assert left >= board[0] - 2 and right <= board[2] + 2, arrow
        assert top >= board[1] - 2 and bottom <= board[3] + 2, arrow
    assert page.get_by_role("list", name="The hint's branches").is_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390


#: A puzzle of the forum's hardest list at its first step beyond a forcing chain: a
#: Forcing Net+ whose one branch, 73 links, ends in a contradiction at r6c5.
NET = (
    ":0000:x:........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3"
    ":511 413 314 414 317 521 821 824 434 736 242 148 752 958 371 374 474 476 479 985 686 "
    "786 787 894 897::"
)


def test_a_net_too_big_to_draw_whole_is_cut_down_and_says_so(desktop: Any) -> None:
    page = desktop.open()
    held = open_forcing_hint(page, NET, "forcing_net_plus")
    drawing = held["drawing"]
    (branch,) = drawing["branches"]
    total = sum(len(b["links"]) for b in held["branches"])
    assert branch["total"] == total and branch["drawn"] < total
    assert len(page.evaluate(ARROWS)) == len(drawing["links"]) == branch["drawn"]
    items = page.get_by_role("list", name="The hint's branches").get_by_role("listitem")
    words = items.all_inner_texts()
    assert f"Its first {branch['drawn']} of {total} links are drawn." in words[0]
    # where the branch breaks: a red frame over the candidate that would be both
    assert branch["contradiction"] and branch["clash"]
    assert any(w.startswith("Red frame: where the branch breaks") for w in words)
    frames = page.evaluate(
        "() => [...document.querySelectorAll('#branches rect.clash')].map((r) => {"
        " const b = r.getBoundingClientRect(); return [(b.left + b.right) / 2,"
        " (b.top + b.bottom) / 2]; })"
    )
    cells = page.evaluate(CELL_BOXES)
    assert len(frames) == len(branch["clash"])
    for centre, (cell, _digit) in zip(frames, branch["clash"], strict=True):
        assert inside(centre, cells[cell]), (centre, cell)
