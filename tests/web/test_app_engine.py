"""The web app with its engine (sudokit in Pyodide, in a Worker): the grid says when it is
ready, and hints, Check, new puzzles, links, the explanation and watched solvers come from
the same Python engine as the command line and the desktop game."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.browser

#: Seconds Pyodide may take to start on a slow, busy machine (a limit on waiting, not a
#: measure: the benchmark reports the time).
READY = 120_000


@pytest.fixture(autouse=True)
def _engine(has_engine: bool) -> None:
    if not has_engine:
        pytest.skip("the site was built without the engine (npm is missing)")


def ready(page: Any) -> None:
    page.wait_for_function(
        "document.querySelector('[role=grid]').getAttribute('aria-busy') === 'false'",
        timeout=READY,
    )
    assert page.evaluate("window.sudokit.engine.ready"), page.evaluate(
        "window.sudokit.engine.failed"
    )


def info(page: Any) -> dict[str, Any]:
    result: dict[str, Any] = page.evaluate("() => window.sudokit.session.game.info")
    return result


def button(page: Any, text: str) -> Any:
    return page.get_by_role("button", name=text, exact=True)


def names(page: Any) -> list[str]:
    return [c.get_attribute("aria-label") for c in page.get_by_role("gridcell").all()]


def cell_index(code: str, n: int) -> int:
    m = re.fullmatch(r"r(\d+)c(\d+)", code)
    assert m, code
    return (int(m.group(1)) - 1) * n + int(m.group(2)) - 1


def test_busy_until_the_engine_is_ready_then_staged_hints_and_apply(desktop: Any) -> None:
    page = desktop.open()
    # the board plays while the engine loads
    assert page.get_by_role("grid", name=re.compile("Sudoku")).get_attribute("aria-busy") == "true"
    ready(page)
    status = page.get_by_role("status")
    hint = button(page, "Hint")

    hint.click()
    page.wait_for_function("window.sudokit.ui.hint && window.sudokit.ui.hint.stage === 1")
    first = status.inner_text()
    assert first.strip()
    assert not any(", hint" in n for n in names(page))  # stage 1: words only
    assert not button(page, "Apply").is_visible()

    hint.click()
    page.wait_for_function("window.sudokit.ui.hint && window.sudokit.ui.hint.stage === 2")
    hinted = [n for n in names(page) if ", hint" in n]
    assert hinted  # stage 2: the cells are shown

    hint.click()
    page.wait_for_function("window.sudokit.ui.hint && window.sudokit.ui.hint.stage === 3")
    assert status.inner_text() != first
    moves = page.evaluate("window.sudokit.ui.hint.moves")
    assert moves
    apply = button(page, "Apply")
    assert apply.is_visible()
    apply.click()
    n = int(info(page)["rules"].split("+")[0])
    words = moves[0].split()
    if words[0] == "p":  # a placement: the digit is in its cell now
        cell = cell_index(words[1], n)
        assert names(page)[cell] == f"row {cell // n + 1}, column {cell % n + 1}, {words[2]}"
    assert page.evaluate("window.sudokit.session.moves") == moves
    assert not button(page, "Apply").is_visible()
    # the engine follows the page: its next hint is about the new position
    hint.click()
    page.wait_for_function("window.sudokit.ui.hint && window.sudokit.ui.hint.stage === 1")


def test_check_with_the_engine_marks_a_wrong_digit(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    game = info(page)
    n = int(game["rules"].split("+")[0])
    wrong_at = page.evaluate(
        """() => {
          const s = window.sudokit.session, g = s.game;
          const board = g.board(s.state);
          for (let c = 0; c < board.length; c++) {
            if (board[c]) continue;
            const allowed = g.allowed(board, c);
            for (let d = 1; d <= g.n; d++)
              if ((allowed >> (d - 1)) & 1 && d !== g.solution[c]) return [c, d];
          }
          return null;
        }"""
    )
    cell, digit = wrong_at
    page.get_by_role("gridcell").nth(cell).click()
    button(page, str(digit)).click()
    button(page, "Check").click()
    label = f"row {cell // n + 1}, column {cell % n + 1}, {digit}, mistake"
    page.wait_for_function(
        f"document.querySelectorAll('[role=gridcell]')[{cell}].getAttribute('aria-label') "
        f"=== {label!r}"
    )


def test_new_game_dialog_makes_a_variant_puzzle_and_a_link_opens_one(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    button(page, "New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_role("button", name="6×6").click()
    levels = [b.inner_text() for b in dialog.locator("#new-levels button").all()]
    assert levels == ["Easy", "Hard"]  # only what a 6×6 grid reaches
    dialog.get_by_role("button", name="X", exact=True).click()
    dialog.get_by_role("button", name="Start").click()
    page.wait_for_function("window.sudokit.session.game.info.rules === '6+x'", timeout=60_000)
    assert page.get_by_role("gridcell").count() == 36
    grid = page.get_by_role("grid", name=re.compile("Sudoku"))
    assert "X" in grid.get_attribute("aria-label")
    assert page.locator(".cell.diag").count() == 12  # both diagonals shaded
    assert page.evaluate("JSON.parse(localStorage.getItem('sudokit.settings')).variant") == "x"

    # a puzzle opened from a link (?p=...) replaces it
    line = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    page.goto(desktop.url + "?p=" + quote(line))
    ready(page)
    page.wait_for_function(f"window.sudokit.session.game.info.givens === {line!r}")
    first = page.get_by_role("gridcell").first.get_attribute("aria-label")
    assert first == "row 1, column 1, 1, given"
    assert "?p=" not in page.url  # the link does not reopen the puzzle over a later game


def test_new_game_dialog_makes_a_killer_with_its_cages(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    button(page, "New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_role("button", name="16×16").click()
    assert dialog.get_by_role("button", name="Killer").is_disabled()  # not made that big
    dialog.get_by_role("button", name="4×4").click()
    dialog.get_by_role("button", name="Killer").click()
    dialog.get_by_role("button", name="Start").click()
    page.wait_for_function(
        "window.sudokit.session.game.info.rules.startsWith('4+killer:')", timeout=60_000
    )
    game = info(page)
    cages = page.evaluate("window.sudokit.session.game.rules.cages")
    covered = sorted(c for cage in cages for c in cage["cells"])
    assert covered == list(range(16))  # the maker's cages cover the grid
    assert page.locator(".cage").count() == 16  # each caged cell outlined
    # The sums hold: the solution the page plays against adds up in every cage.
    solution = [int(ch) for ch in game["solution"]]
    for cage in cages:
        if cage.get("total") is not None:
            assert sum(solution[c] for c in cage["cells"]) == cage["total"]


def test_a_bad_pasted_puzzle_says_what_is_wrong_and_keeps_the_game(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    before = info(page)["givens"]
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Open puzzle").click()
    page.get_by_label(re.compile("Paste a line of digits")).fill("12345")
    page.get_by_role("button", name="Open", exact=True).click()
    alert = page.get_by_role("alert")
    page.wait_for_function("document.getElementById('open-error').textContent.length > 0")
    assert alert.inner_text().strip()
    assert info(page)["givens"] == before


def test_a_pasted_pencil_mark_grid_opens_where_the_player_was(desktop: Any) -> None:
    """A HoDoKu line with a placed digit and deleted candidates opens with that digit
    placed and those notes, on the page and in the engine alike."""
    from sudokit import generate, solve
    from sudokit.formats import Position, format_hodoku
    from sudokit.grid import Grid

    puzzle = generate(9, seed=5, difficulty="easy")
    solution = solve(puzzle)
    assert solution is not None
    empty = [c for c, v in enumerate(puzzle.cells) if not v]
    placed = list(puzzle.cells)
    placed[empty[0]] = solution.cells[empty[0]]
    board = Grid(puzzle.rules, placed)
    notes = board.candidates()
    target = next(c for c in empty[1:] if notes[c].bit_count() >= 2)
    wrong = next(
        d for d in range(1, 10) if notes[target] >> (d - 1) & 1 and d != solution.cells[target]
    )
    notes[target] &= ~(1 << (wrong - 1))
    line = format_hodoku(Position(puzzle, placed=board, candidates=tuple(notes)))
    page = desktop.open()
    ready(page)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Open puzzle").click()
    page.get_by_label(re.compile("Paste a line of digits")).fill(line)
    page.get_by_role("button", name="Open", exact=True).click()
    page.wait_for_function(f"window.sudokit.session.game.info.givens === {puzzle_text(puzzle)!r}")
    labels = names(page)
    first = empty[0]
    assert labels[first].endswith(f", {solution.cells[first]}"), labels[first]
    kept = [d for d in range(1, 10) if notes[target] >> (d - 1) & 1]
    assert "notes" in labels[target] and str(wrong) not in labels[target].split("notes")[1]
    assert all(str(d) in labels[target].split("notes")[1] for d in kept), labels[target]


def puzzle_text(grid: Any) -> str:
    return "".join(str(v) if v else "." for v in grid.cells)


def test_share_copies_a_link_that_opens_the_same_puzzle(open_context: Any, app_url: str) -> None:
    context = open_context(
        viewport={"width": 1280, "height": 800}, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("() => window.sudokit && window.sudokit.session")
    ready(page)
    givens = info(page)["givens"]
    page.evaluate("delete Navigator.prototype.share")  # the copy path, as on desktops
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Share").click()
    page.wait_for_function("document.querySelector('[role=status]').textContent.includes('copied')")
    link = page.evaluate("navigator.clipboard.readText()")
    assert link.startswith(app_url) and "?p=" in link
    other = context.new_page()
    other.goto(link)
    other.wait_for_function(
        f"() => window.sudokit && window.sudokit.session && "
        f"window.sudokit.session.game.info.givens === {givens!r}",
        timeout=READY,
    )


def test_the_whole_explanation_and_a_watched_solver(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Explain").click()
    steps = page.locator("#explain-steps button")
    steps.first.wait_for(timeout=60_000)
    assert steps.count() >= 10
    first = steps.first.inner_text()
    steps.first.click()  # shows the step on its position, as the hint's last stage
    assert page.locator("#preview-text").inner_text() in first
    assert page.locator(".cell.hinted").count() >= 1
    button(page, "Back to my game").click()

    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Watch a solver").click()
    dialog = page.get_by_role("dialog", name="Watch a solver")
    page.wait_for_function("window.sudokit.watch && window.sudokit.watch.frames.length > 0")
    dialog.get_by_label("Algorithm").select_option("propagation")
    page.wait_for_function(
        "window.sudokit.watch.algorithm === 'propagation' && "
        "document.querySelectorAll('#watch-counters dt').length > 0"
    )
    if button(dialog, "Pause").is_visible():  # it plays at once
        button(dialog, "Pause").click()
    text = page.locator("#watch-counters").inner_text()
    assert "tries" in text or "steps" in text
    before = page.locator("#watch-position").inner_text()
    button(dialog, "Step").click()
    assert page.locator("#watch-position").inner_text() != before
    dialog.get_by_label("Algorithm").select_option("human")
    page.wait_for_function(
        "document.getElementById('watch-text').textContent.length > 0 && "
        "!document.getElementById('watch-text').textContent.includes('working')"
    )


def test_a_twelve_by_twelve_game_takes_letters_from_keys_and_buttons(desktop: Any) -> None:
    page = desktop.open()
    ready(page)
    button(page, "New game").click()
    dialog = page.get_by_role("dialog", name="New game")
    dialog.get_by_role("button", name="12×12").click()
    dialog.get_by_role("button", name="Easy").click()
    dialog.get_by_role("button", name="Start").click()
    page.wait_for_function("window.sudokit.session.game.n === 12", timeout=READY)
    assert page.get_by_role("gridcell").count() == 144
    for text in ["1", "9", "A", "B", "C"]:
        assert button(page, text).is_visible()
    assert button(page, "D").count() == 0
    game = info(page)
    empty = [i for i, ch in enumerate(game["givens"]) if ch == "."]
    first, second = empty[:2]
    page.get_by_role("gridcell").nth(first).click()
    page.keyboard.press("b")
    assert names(page)[first].startswith(f"row {first // 12 + 1}, column {first % 12 + 1}, B")
    page.get_by_role("gridcell").nth(second).click()
    button(page, "C").click()
    assert names(page)[second].startswith(f"row {second // 12 + 1}, column {second % 12 + 1}, C")
    # statistics are kept per size, level and rules: an abandoned game counts as played
    button(page, "New game").click()
    dialog.get_by_role("button", name="9×9").click()
    dialog.get_by_role("button", name="Start").click()
    page.wait_for_function("window.sudokit.session.game.n === 9", timeout=READY)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Statistics").click()
    table = page.get_by_role("dialog", name="Statistics").get_by_role("table")
    assert "12×12" in table.inner_text() and "Easy" in table.inner_text()
