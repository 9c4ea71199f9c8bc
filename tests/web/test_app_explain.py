"""The web app's explanation, step by step on the board: tapping a step of the Explain list
shows the position before it with the step drawn as the hint's last stage draws it (a
forcing step's branches too), Previous / Next and the arrow keys step through the path,
and Back to my game returns to the player's own game, untouched."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_app_branches import ARROWS, CELL_BOXES, LINE, inside
from test_app_engine import button, ready

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def _engine(has_engine: bool) -> None:
    if not has_engine:
        pytest.skip("the site was built without the engine (npm is missing)")


#: What the board shows: per cell its digit and the candidates written in it, with their
#: marks (the step's pattern, what it rules out, a branch's node).
BOARD = """() => [...document.querySelectorAll('#board .cell')].map((c) => ({
  digit: c.querySelector('.digit').textContent,
  notes: [...c.querySelectorAll('.notes span')].filter((s) => s.textContent)
    .map((s) => [Number(s.dataset.d), s.className]),
}))"""

#: The player's game as the page keeps it, and as it is saved.
GAME = """() => JSON.stringify({moves: window.sudokit.session.moves,
  position: window.sudokit.session.position, state: window.sudokit.session.state,
  save: JSON.parse(localStorage.getItem('sudokit.save')).moves})"""


def positions(path: dict[str, Any]) -> list[tuple[list[int], list[int]]]:
    """The position before each step: the path's start with the earlier steps played."""
    cells = list(path["start"]["cells"])
    masks = list(path["start"]["candidates"])
    out = []
    for step in path["steps"]:
        out.append((list(cells), list(masks)))
        for c, d in step["placements"]:
            cells[c] = d
        for c, m in step["candidates"]:
            masks[c] = m
    return out


def open_explain(page: Any) -> Any:
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Explain").click()
    steps = page.locator("#explain-steps button")
    steps.first.wait_for(timeout=90_000)
    return steps


def title(page: Any) -> str:
    return str(page.locator("#preview-title").inner_text())


def test_a_step_is_shown_on_its_position_and_the_game_comes_back_untouched(
    desktop: Any,
) -> None:
    page = desktop.open()
    ready(page)
    # the player's own game: a digit and a note
    info = page.evaluate("window.sudokit.session.game.info")
    empty = [i for i, ch in enumerate(info["givens"]) if ch == "."]
    page.locator(f"#board .cell[data-cell='{empty[0]}']").click()
    page.keyboard.press(info["solution"][empty[0]])
    page.locator(f"#board .cell[data-cell='{empty[1]}']").click()
    page.keyboard.press(f"Shift+Digit{info['solution'][empty[1]]}")
    page.wait_for_function("window.sudokit.session.moves.length === 2")
    game = page.evaluate(GAME)
    mine = page.evaluate(BOARD)

    steps = open_explain(page)
    total = steps.count()
    assert total >= 10
    steps.nth(2).click()
    page.wait_for_function("window.sudokit.ui.preview !== null")
    path = page.evaluate("window.sudokit.ui.preview.path")
    assert len(path["steps"]) == total
    before = positions(path)
    preview = page.get_by_role("region", name=re.compile("Step 3 of"))
    assert preview.is_visible()
    assert title(page) == f"Step 3 of {total}: {path['steps'][2]['name']}"
    assert page.locator("#preview-text").inner_text() == path["steps"][2]["text"]
    assert page.get_by_role("grid").get_attribute("aria-readonly") == "true"

    def shows(k: int) -> None:
        """The board holds the position before step k, and step k's marks."""
        cells, masks = before[k]
        step = path["steps"][k]
        struck = {tuple(e) for e in step["eliminations"]}
        pattern = {tuple(p) for p in step["pattern"] + step["placements"]}
        for c, seen in enumerate(page.evaluate(BOARD)):
            assert seen["digit"] == (str(cells[c]) if cells[c] else ""), (k, c)
            digits = [d for d, _ in seen["notes"]]
            assert digits == [d for d in range(1, 10) if masks[c] >> (d - 1) & 1], (k, c)
            for d, classes in seen["notes"]:
                assert ("struck" in classes) == ((c, d) in struck), (k, c, d)
                if (c, d) in pattern - struck:
                    assert "pattern" in classes, (k, c, d)

    shows(2)
    # the tools and the pad give way to the step; typing changes nothing
    assert not page.locator("#pad").is_visible() and not page.locator("#hint").is_visible()
    page.locator(f"#board .cell[data-cell='{empty[2]}']").click()
    for key in (info["solution"][empty[2]], "Backspace", "Control+z", "n", "h"):
        page.keyboard.press(key)
    shows(2)
    assert page.evaluate(GAME) == game

    # Previous / Next, and the arrow keys
    button(page, "Next").click()
    assert title(page).startswith(f"Step 4 of {total}: ")
    shows(3)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert title(page).startswith(f"Step 6 of {total}: ")
    shows(5)
    page.keyboard.press("ArrowLeft")
    assert title(page).startswith(f"Step 5 of {total}: ")
    page.keyboard.press("Home")
    shows(0)
    assert button(page, "Previous").is_disabled() and button(page, "Next").is_enabled()
    page.keyboard.press("End")
    assert title(page) == f"Step {total} of {total}: {path['steps'][-1]['name']}"
    shows(total - 1)
    assert button(page, "Next").is_disabled()

    # back: the player's game as it was, and playable again
    button(page, "Back to my game").click()
    assert not preview.is_visible()
    assert page.evaluate(BOARD) == mine
    assert page.evaluate(GAME) == game
    assert page.get_by_role("grid").get_attribute("aria-readonly") == "false"
    assert page.locator("#pad").is_visible()
    page.locator(f"#board .cell[data-cell='{empty[2]}']").click()
    page.keyboard.press(info["solution"][empty[2]])
    page.wait_for_function("window.sudokit.session.moves.length === 3")
    # Escape leaves a step too
    open_explain(page).first.click()
    assert title(page).startswith("Step 1 of ")
    page.keyboard.press("Escape")
    assert not preview.is_visible()
    assert json.loads(page.evaluate(GAME))["moves"][:2] == json.loads(game)["moves"]


def test_a_forcing_step_of_the_explanation_draws_its_branches(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Open puzzle").click()
    page.get_by_label(re.compile("Paste a line of digits")).fill(LINE)
    button(page, "Open").click()
    page.wait_for_function("window.sudokit.session.moves.length > 0")
    steps = open_explain(page)
    techniques = page.locator("#explain-steps .technique").all_inner_texts()
    k = next(i for i, t in enumerate(techniques) if t.startswith("Unit Forcing Chain"))
    steps.nth(k).click()
    page.wait_for_function("window.sudokit.ui.preview !== null")
    step = page.evaluate("window.sudokit.ui.preview.path.steps[window.sudokit.ui.preview.index]")
    drawing = step["drawing"]
    assert title(page).startswith(f"Step {k + 1} of ")
    arrows = page.evaluate(ARROWS)
    cells = page.evaluate(CELL_BOXES)
    assert len(arrows) == len(drawing["links"]) > 0
    for arrow, (branch, fc, _fd, tc, _td, strong) in zip(arrows, drawing["links"], strict=True):
        assert arrow["branch"] == branch + 1 and (arrow["dash"] == "none") is strong
        assert inside(arrow["from"], cells[fc]) and inside(arrow["to"], cells[tc]), arrow
    legend = page.get_by_role("list", name="The hint's branches")
    assert legend.get_by_role("listitem").first.inner_text().startswith("Branch 1: ")
    # a step without branches draws none; back in the game, neither
    page.keyboard.press("Home")
    assert not page.locator("#branches").is_visible() and not legend.is_visible()
    page.keyboard.press("End")
    page.keyboard.press("Escape")
    assert not page.locator("#branches").is_visible()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_at_a_phone_s_width_the_step_and_its_controls_fit(phone: Any, scheme: str) -> None:
    page = phone.page
    page.emulate_media(color_scheme=scheme)
    page = phone.open()
    ready(page)
    open_explain(page).nth(1).click()
    page.wait_for_function("window.sudokit.ui.preview !== null")
    for name in ("Previous", "Next", "Back to my game"):
        box = button(page, name).bounding_box()
        assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 390, name
    assert page.locator("#preview-title").is_visible()
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    button(page, "Back to my game").click()
    assert page.locator("#pad").is_visible()
