"""The web app's board, played in a real browser (Debian's Chromium through Playwright),
through the names a screen reader hears: the grid, its cells, the pad and tool buttons."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytestmark = pytest.mark.browser

SYMBOLS = "123456789ABCDEFG"


def info(page: Any) -> dict[str, Any]:
    """The game being played, as the page holds it (givens, solution, rules)."""
    result: dict[str, Any] = page.evaluate("() => window.sudokit.session.game.info")
    return result


def size_of(game: dict[str, Any]) -> int:
    return int(str(game["rules"]).split("+")[0])


def cell(page: Any, row: int, col: int) -> Any:
    """The cell at a 1-based row and column, found by its accessible name."""
    return page.get_by_role("gridcell", name=re.compile(rf"^row {row}, column {col}, "))


def name(page: Any, row: int, col: int) -> str:
    value: str = cell(page, row, col).get_attribute("aria-label")
    return value


def button(page: Any, text: str) -> Any:
    return page.get_by_role("button", name=text, exact=True)


def empty_cells(game: dict[str, Any]) -> list[tuple[int, int]]:
    n = size_of(game)
    return [(i // n + 1, i % n + 1) for i, ch in enumerate(game["givens"]) if ch in ".0"]


def given_cells(game: dict[str, Any]) -> list[tuple[int, int, str]]:
    n = size_of(game)
    return [(i // n + 1, i % n + 1, ch) for i, ch in enumerate(game["givens"]) if ch not in ".0"]


def answer(game: dict[str, Any], row: int, col: int) -> str:
    n = size_of(game)
    return str(game["solution"][(row - 1) * n + col - 1])


def test_opens_on_a_playable_puzzle_with_the_names_screen_readers_hear(desktop: Any) -> None:
    page = desktop.open()
    assert "sudokit" in page.title()
    game = info(page)
    n = size_of(game)
    assert n == 9  # a first visit plays a 9×9 puzzle at once, no dialog to dismiss
    assert page.locator("dialog[open]").count() == 0
    cells = page.get_by_role("gridcell")
    assert cells.count() == 81
    r, c, d = given_cells(game)[0]
    assert name(page, r, c) == f"row {r}, column {c}, {d}, given"
    r, c = empty_cells(game)[0]
    assert name(page, r, c) == f"row {r}, column {c}, empty"
    for text in [*"123456789", "Undo", "Redo", "Hint", "Notes", "Check", "New game"]:
        assert button(page, text).is_visible(), text
    assert page.get_by_role("status").count() == 1
    assert desktop.foreign == []  # nothing asked of another origin


def test_play_a_game_to_the_end(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    todo = empty_cells(game)
    for r, c in todo:
        cell(page, r, c).click()
        button(page, answer(game, r, c)).click()
    for r, c in todo:
        assert name(page, r, c) == f"row {r}, column {c}, {answer(game, r, c)}"
    from playwright.sync_api import expect

    expect(page.get_by_role("status")).to_contain_text("Solved")
    stats = page.evaluate("() => JSON.parse(localStorage.getItem('sudokit.stats'))")
    (row,) = stats.values()
    assert row["played"] == 1 and row["won"] == 1 and row["best"] is not None
    # a finished game takes no more digits
    r, c = todo[0]
    cell(page, r, c).click()
    other = next(s for s in SYMBOLS[:9] if s != answer(game, r, c))
    button(page, other).click()
    assert name(page, r, c) == f"row {r}, column {c}, {answer(game, r, c)}"


def test_undo_and_redo(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    (r, c), (r2, c2) = empty_cells(game)[:2]
    assert button(page, "Undo").is_disabled()
    cell(page, r, c).click()
    button(page, "3").click()
    cell(page, r2, c2).click()
    button(page, "4").click()
    assert name(page, r, c).startswith(f"row {r}, column {c}, 3")
    button(page, "Undo").click()
    assert name(page, r2, c2) == f"row {r2}, column {c2}, empty"
    assert name(page, r, c).startswith(f"row {r}, column {c}, 3")
    button(page, "Undo").click()
    assert name(page, r, c) == f"row {r}, column {c}, empty"
    assert button(page, "Undo").is_disabled()
    button(page, "Redo").click()
    assert name(page, r, c).startswith(f"row {r}, column {c}, 3")
    button(page, "Redo").click()
    assert name(page, r2, c2).startswith(f"row {r2}, column {c2}, 4")
    assert button(page, "Redo").is_disabled()
    # pressing buttons kept the selection
    assert cell(page, r2, c2).get_attribute("aria-selected") == "true"
    # a new move after an undo drops the moves undone
    button(page, "Undo").click()
    button(page, "5").click()
    assert name(page, r2, c2).startswith(f"row {r2}, column {c2}, 5")
    assert button(page, "Redo").is_disabled()


def test_notes_toggle_and_a_digit_replaces_the_notes(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    r, c = empty_cells(game)[0]
    cell(page, r, c).click()
    cell(page, r, c).click()  # selecting a selected cell keeps it selected
    assert cell(page, r, c).get_attribute("aria-selected") == "true"
    notes = button(page, "Notes")
    notes.click()
    assert notes.get_attribute("aria-pressed") == "true"
    for d in "741":
        button(page, d).click()
    assert name(page, r, c) == f"row {r}, column {c}, notes 1 4 7"
    button(page, "4").click()  # a second press takes a note out
    assert name(page, r, c) == f"row {r}, column {c}, notes 1 7"
    notes.click()
    assert notes.get_attribute("aria-pressed") == "false"
    button(page, "5").click()
    assert name(page, r, c).startswith(f"row {r}, column {c}, 5")
    button(page, "Undo").click()
    assert name(page, r, c) == f"row {r}, column {c}, notes 1 7"


def test_long_press_on_a_digit_writes_a_note(phone: Any) -> None:
    page = phone.open()
    game = info(page)
    r, c = empty_cells(game)[0]
    cell(page, r, c).tap()
    key = button(page, "6")
    key.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    page.wait_for_timeout(700)
    key.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    key.dispatch_event("click")  # the click that ends a long touch writes no digit
    assert name(page, r, c) == f"row {r}, column {c}, notes 6"
    assert button(page, "Notes").get_attribute("aria-pressed") == "false"
    key.tap()  # a short tap still places the digit
    assert name(page, r, c).startswith(f"row {r}, column {c}, 6")


def test_digit_first_entry(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    (r, c), (r2, c2) = empty_cells(game)[:2]
    key = button(page, "8")
    key.click()  # no cell selected: the digit is picked up
    assert key.get_attribute("aria-pressed") == "true"
    cell(page, r, c).click()
    cell(page, r2, c2).click()
    assert name(page, r, c).startswith(f"row {r}, column {c}, 8")
    assert name(page, r2, c2).startswith(f"row {r2}, column {c2}, 8")
    key.click()  # put down again
    assert key.get_attribute("aria-pressed") == "false"


def test_keyboard_digits_arrows_and_erase(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    r, c = empty_cells(game)[0]
    cell(page, r, c).click()
    page.keyboard.press("7")
    assert name(page, r, c).startswith(f"row {r}, column {c}, 7")
    page.keyboard.press("Backspace")
    assert name(page, r, c) == f"row {r}, column {c}, empty"
    page.keyboard.press("Control+z")
    assert name(page, r, c).startswith(f"row {r}, column {c}, 7")
    page.keyboard.press("ArrowRight")
    c2 = c % 9 + 1
    assert cell(page, r, c2).get_attribute("aria-selected") == "true"
    r3, c3 = empty_cells(game)[1]
    cell(page, r3, c3).click()
    page.keyboard.press("Shift+3")  # a note, whatever the Notes toggle says
    page.keyboard.press("Shift+8")
    assert name(page, r3, c3) == f"row {r3}, column {c3}, notes 3 8"


def test_a_digit_that_clashes_with_a_given_is_entered_and_marked(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    givens = given_cells(game)
    # an empty cell and a digit given elsewhere in its row
    for r, c in empty_cells(game):  # noqa: B007 - the cell found is used below
        same_row = [(gc, d) for gr, gc, d in givens if gr == r]
        if same_row:
            gc, d = same_row[0]
            break
    cell(page, r, c).click()
    button(page, d).click()
    assert name(page, r, c) == f"row {r}, column {c}, {d}, conflict"
    assert name(page, r, gc) == f"row {r}, column {gc}, {d}, given, conflict"
    button(page, "Undo").click()
    assert name(page, r, gc) == f"row {r}, column {gc}, {d}, given"


def test_check_marks_a_wrong_digit(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    givens = given_cells(game)
    for r, c in empty_cells(game):
        box = ((r - 1) // 3, (c - 1) // 3)
        peers = {
            d for gr, gc, d in givens if gr == r or gc == c or ((gr - 1) // 3, (gc - 1) // 3) == box
        }
        wrong = [d for d in SYMBOLS[:9] if d not in peers and d != answer(game, r, c)]
        if wrong:
            break
    cell(page, r, c).click()
    button(page, wrong[0]).click()
    assert name(page, r, c) == f"row {r}, column {c}, {wrong[0]}"  # no rule broken
    button(page, "Check").click()
    from playwright.sync_api import expect

    expect(cell(page, r, c)).to_have_attribute("aria-label", re.compile(r", mistake$"))
    expect(page.get_by_role("status")).to_contain_text("wrong")
    # the mark lasts until the next move...
    button(page, "Undo").click()
    button(page, "Redo").click()
    assert name(page, r, c) == f"row {r}, column {c}, {wrong[0]}"
    # ...unless wrong digits are shown as they are played
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name="Show mistakes").click()
    assert name(page, r, c) == f"row {r}, column {c}, {wrong[0]}, mistake"


def test_reload_resumes_the_game(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    (r, c), (r2, c2) = empty_cells(game)[:2]
    cell(page, r, c).click()
    button(page, answer(game, r, c)).click()
    cell(page, r2, c2).click()
    button(page, "Notes").click()
    button(page, "2").click()
    button(page, "9").click()
    before = [cell.get_attribute("aria-label") for cell in page.get_by_role("gridcell").all()]
    page.reload()
    page.get_by_role("grid", name="Sudoku").wait_for()
    after = [cell.get_attribute("aria-label") for cell in page.get_by_role("gridcell").all()]
    assert after == before
    assert info(page)["givens"] == game["givens"]
    button(page, "Undo").click()  # the move log came back too
    assert name(page, r2, c2) == f"row {r2}, column {c2}, notes 2"


def test_the_phone_viewport_fits_with_big_targets(phone: Any) -> None:
    page = phone.open()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.get_by_role("grid", name="Sudoku").bounding_box()
    assert board["x"] >= 0 and board["x"] + board["width"] <= 390
    assert board["width"] >= 340  # the board takes the phone's width
    for text in [*"123456789", "Undo", "Redo", "Hint", "Notes", "Check", "New game"]:
        box = button(page, text).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (text, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (text, box)
        assert box["y"] + box["height"] <= 844, (text, box)  # no scrolling to reach the pad
    touch = page.evaluate("getComputedStyle(document.body).touchAction")
    assert touch == "manipulation"  # no zoom on double tap


def test_dark_mode_follows_the_system_and_the_toggle(chromium: Any, app_url: str) -> None:
    def background(scheme: str) -> tuple[int, ...]:
        context = chromium.new_context(color_scheme=scheme, viewport={"width": 800, "height": 700})
        page = context.new_page()
        page.goto(app_url)
        page.get_by_role("grid", name="Sudoku").wait_for()
        bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
        context.close()
        return tuple(int(x) for x in re.findall(r"\d+", bg)[:3])

    assert sum(background("dark")) < 150
    assert sum(background("light")) > 600

    context = chromium.new_context(color_scheme="light")
    page = context.new_page()
    page.goto(app_url)
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name=re.compile("^Theme")).click()  # system -> light
    page.get_by_role("button", name="Menu").click()
    page.get_by_role("button", name=re.compile("^Theme")).click()  # light -> dark
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(int(x) for x in re.findall(r"\d+", bg)[:3]) < 150
    page.reload()  # the choice is kept
    bg = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert sum(int(x) for x in re.findall(r"\d+", bg)[:3]) < 150
    context.close()


def test_pause_hides_the_board_and_stops_the_clock(desktop: Any) -> None:
    page = desktop.open()
    game = info(page)
    r, c = empty_cells(game)[0]
    page.get_by_role("button", name="Pause").click()
    assert page.get_by_text("Paused").is_visible()
    cell(page, r, c).click(force=True)
    page.keyboard.press("5")
    assert name(page, r, c) == f"row {r}, column {c}, empty"  # no play while paused
    shown = page.locator("#timer-text").inner_text()
    page.wait_for_timeout(1300)
    assert page.locator("#timer-text").inner_text() == shown
    page.get_by_role("button", name="Resume").first.click()
    assert not page.get_by_text("Paused").is_visible()


def test_without_the_engine_the_board_still_plays_and_says_why_hints_wait(
    open_context: Any, app_url: str
) -> None:
    context = open_context(viewport={"width": 1280, "height": 800})
    context.route("**/pyodide/**", lambda route: route.abort())  # as if it never came
    page = context.new_page()
    page.goto(app_url)
    page.wait_for_function("() => window.sudokit && window.sudokit.session")
    grid = page.get_by_role("grid", name=re.compile("Sudoku"))
    page.wait_for_function("() => window.sudokit.engine.failed", timeout=120_000)
    assert grid.get_attribute("aria-busy") == "false"  # nothing is loading any more
    button(page, "Hint").click()
    from playwright.sync_api import expect

    expect(page.get_by_role("status")).to_contain_text("needs the engine")
    game = info(page)
    r, c = empty_cells(game)[0]
    cell(page, r, c).click()
    button(page, answer(game, r, c)).click()
    assert name(page, r, c) == f"row {r}, column {c}, {answer(game, r, c)}"
    button(page, "Check").click()  # checked by the page itself
    expect(page.get_by_role("status")).to_contain_text("No mistakes")
