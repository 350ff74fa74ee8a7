"""The page in a real browser: headless Chromium driven by Selenium. It reads each die's moves
and values from the page and compares them with `ewn probe`, follows a move by clicking it and
by the keyboard, checks the message where the tables do not reach and the phone-sized layout,
and plays a game against the engine to the end. Screenshots go to EWN_WEB_OUT.

Chromium and its driver are Debian's (/usr/bin/chromium, /usr/bin/chromedriver, or CHROMIUM and
CHROMEDRIVER); the driver is named explicitly, so Selenium never tries to download one."""
import json
import os
import random
import re
import tempfile
import urllib.parse
import urllib.request

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from conftest import (SEED, cli_legal_moves, cli_probe, cli_probe_one, play, random_position,
                      wait_until)

OUT = os.environ.get("EWN_WEB_OUT", ".")

# The page rolls its dice with crypto.getRandomValues: in the tests, a generator seeded with SEED
# (xorshift32) instead, so that a game is the same in every run.
SEEDED_DICE = """
(() => {
  let s = (%d >>> 0) || 1;
  crypto.getRandomValues = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) {
      s = (s ^ (s << 13)) >>> 0;
      s = (s ^ (s >>> 17)) >>> 0;
      s = (s ^ (s << 5)) >>> 0;
      bytes[i] = s & 255;
    }
    return array;
  };
})();
"""


@pytest.fixture(scope="module")
def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    profile = tempfile.TemporaryDirectory()
    for arg in ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile.name, "--window-size=1200,900"]:
        options.add_argument(arg)
    # The console's messages, for the test that the page logs no error.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(30)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SEEDED_DICE % SEED})
    try:
        yield driver
    finally:
        driver.quit()
        profile.cleanup()


def percent(v):
    return f"{100 * v:.1f}%"


def open_position(browser, server, position):
    browser.get(server.url + "#" + position.replace(" ", "_"))
    return wait_for_analysis(browser, position)


def wait_for_analysis(browser, position):
    """Waits until the page shows `position` with its value, and returns what it shows."""
    def shown():
        page = browser.execute_script("""
            const cards = [...document.querySelectorAll('#dice .die-card')].map(c => ({
              die: Number(c.dataset.die),
              moves: [...c.querySelectorAll('button.move')].map(b => [
                b.querySelector('.mv').textContent, b.querySelector('.val').textContent])}));
            return {position: document.querySelector('#position-text').value,
                    hash: location.hash,
                    value: document.querySelector('#value-text').textContent,
                    source: document.querySelector('#value-source').textContent,
                    coverage: document.querySelector('#coverage').hidden ? null
                              : document.querySelector('#coverage').textContent,
                    dice: cards};""")
        done = page["position"] == position and "%" in page["value"] or "Decided" in page["value"]
        return page if done and page["position"] == position else None
    return wait_until(shown, 20, "the page to show " + position)


def assert_page_matches_cli(page, position):
    cli = cli_probe_one(position)
    assert percent(cli["value"]) in page["value"]
    assert "Exact, from the tables" in page["source"] and page["coverage"] is None
    expected = [{"die": d["die"],
                 "moves": [[m["move"], percent(m["move_value"]) + ("wins" if m["wins"] else "")]
                           for m in d["moves"]]} for d in cli["dice"]]
    assert page["dice"] == expected


def covered_positions(rng, count, die_chance=0.0):
    """Random positions of <= 4 pieces that the tables answer and that are not decided."""
    out = []
    while len(out) < count:
        batch = [random_position(rng, 4, die_chance) for _ in range(50)]
        for p, line in zip(batch, cli_probe(batch)):
            j = json.loads(line)
            if "error" not in j and j.get("winner") is None and len(out) < count:
                out.append(p)
    return out


def test_each_die_moves_and_values_equal_the_cli(browser, server):
    rng = random.Random(291)
    for position in covered_positions(rng, 5) + covered_positions(rng, 2, die_chance=1.0):
        page = open_position(browser, server, position)
        assert page["hash"] == "#" + position.replace(" ", "_")
        assert_page_matches_cli(page, position)
    browser.save_screenshot(os.path.join(OUT, "web-explore.png"))


def test_clicking_a_move_plays_it(browser, server):
    position = covered_positions(random.Random(292), 1)[0]
    page = open_position(browser, server, position)
    move = page["dice"][0]["moves"][0][0]
    browser.find_element(By.CSS_SELECTOR, f'#dice .die-card[data-die="1"] button[data-move="{move}"]').click()
    after = play(position, move)
    page = wait_for_analysis(browser, after)
    assert page["hash"] == "#" + after.replace(" ", "_")
    if cli_probe_one(after).get("winner") is None:
        assert_page_matches_cli(page, after)
    # Back in the browser's history is the position before.
    browser.back()
    assert_page_matches_cli(wait_for_analysis(browser, position), position)


def test_the_keyboard_plays_a_move_and_edits_the_board(browser, server):
    position = "r1r23/5/2b3b41/5/5 r"
    page = open_position(browser, server, position)
    move = page["dice"][1]["moves"][0][0]  # die 2
    button = browser.find_element(By.CSS_SELECTOR, f'#dice .die-card[data-die="2"] button[data-move="{move}"]')
    button.send_keys(Keys.ENTER)
    after = play(position, move)
    wait_for_analysis(browser, after)
    # Delete on a focused square removes its piece.
    square = browser.find_element(By.CSS_SELECTOR, '#board [data-square="c3"]')
    square.send_keys(Keys.DELETE)
    edited = after.replace("2b3b41", "3b41")
    assert_page_matches_cli(wait_for_analysis(browser, edited), edited)


def test_pieces_placed_moved_removed_side_and_die_set(browser, server):
    open_position(browser, server, "r1r23/5/2b3b41/5/5 r")
    browser.find_element(By.CSS_SELECTOR, "#editor summary").click()

    def tool(name):
        browser.find_element(By.CSS_SELECTOR, f'#tools [data-tool="{name}"]').click()

    def square(name):
        browser.find_element(By.CSS_SELECTOR, f'#board [data-square="{name}"]').click()

    tool("r3")  # placed on c4
    square("c4")
    wait_for_analysis(browser, "r1r23/2r32/2b3b41/5/5 r")
    tool("b4")  # placed again: it moves from d3 to a1
    square("a1")
    wait_for_analysis(browser, "r1r23/2r32/2b32/5/b44 r")
    tool("move")  # r1 from a5 to b4
    square("a5")
    square("b4")
    wait_for_analysis(browser, "1r23/1r1r32/2b32/5/b44 r")
    tool("remove")
    square("c4")
    wait_for_analysis(browser, "1r23/1r13/2b32/5/b44 r")
    browser.find_element(By.CSS_SELECTOR, '.seg[data-side="b"]').click()
    browser.find_element(By.CSS_SELECTOR, '.seg.die[data-die="5"]').click()
    final = "1r23/1r13/2b32/5/b44 b 5"
    page = wait_for_analysis(browser, final)
    assert [c["die"] for c in page["dice"]] == [5]
    assert_page_matches_cli(page, final)


def test_uncovered_position_shows_the_engine_estimate(browser, server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r"
    page = open_position(browser, server, position)
    assert "do not cover" in page["coverage"] and "12 pieces" in page["coverage"]
    assert page["source"].startswith("Engine estimate")
    assert [c["die"] for c in page["dice"]] == [1, 2, 3, 4, 5, 6]
    assert all(len(c["moves"]) == 3 for c in page["dice"])


def console_errors(browser):
    """The console's errors since the last call (reading the log empties it)."""
    return [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_no_console_error_on_covered_and_uncovered_positions(browser, server):
    """An uncovered position is asked for with the estimate as fallback (one answer, 200), not
    probed first: a 404 would log "Failed to load resource" in the console."""
    console_errors(browser)
    for position in ["r1r23/5/2b3b41/5/5 r", "r1r2r32/5/2b3b41/5/5 b",
                     "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 r", "r1r23/5/2b3b41/5/5 b 3"]:
        page = open_position(browser, server, position)
        move = page["dice"][0]["moves"][0][0]
        browser.find_element(By.CSS_SELECTOR, f'#dice button[data-move="{move}"]').click()
        wait_for_analysis(browser, play(position, move))
    assert console_errors(browser) == []


def test_the_estimate_is_the_same_on_every_load(browser, server):
    position = "r1r2r32/r4r53/r63b3/3b5b2/2b6b4b1 b"
    first = open_position(browser, server, position)
    browser.get("about:blank")
    second = open_position(browser, server, position)
    assert first["source"].startswith("Engine estimate") and first == second


def test_phone_sized_screen(browser, server):
    browser.set_window_size(390, 844)
    try:
        open_position(browser, server, "r1r23/5/2b3b41/5/5 r")
        width = browser.execute_script("return document.documentElement.scrollWidth")
        inner = browser.execute_script("return window.innerWidth")
        board = browser.find_element(By.ID, "board").size
        assert width <= inner and board["width"] <= inner and abs(board["width"] - board["height"]) <= 2
        browser.save_screenshot(os.path.join(OUT, "web-phone.png"))
    finally:
        browser.set_window_size(1200, 900)


def test_hints_show_the_move_and_its_value_apart(browser, server):
    open_position(browser, server, "r1r23/5/2b3b41/5/5 r")
    browser.find_element(By.ID, "tab-play").click()
    Select(browser.find_element(By.ID, "game-start")).select_by_value("board")
    Select(browser.find_element(By.ID, "game-side")).select_by_value("r")
    hints = browser.find_element(By.ID, "game-hints")
    if not hints.is_selected():
        hints.click()
    browser.find_element(By.ID, "game-new").click()
    try:
        hint = wait_until(lambda: browser.execute_script("""
            const val = document.querySelector('#game-moves-now button.move .val');
            if (!val) return null;
            const mv = val.closest('button').querySelector('.mv');
            return {gap: val.getBoundingClientRect().left - mv.getBoundingClientRect().right,
                    move: mv.textContent, value: val.textContent};"""), 20, "the hints")
        assert re.fullmatch(r"[a-e][1-5][a-e][1-5]", hint["move"])
        assert re.fullmatch(r"\d+\.\d%(wins)?", hint["value"]) and hint["gap"] >= 8
    finally:
        hints.click()
        browser.find_element(By.ID, "tab-explore").click()


def test_a_game_against_the_engine_to_the_end(browser, server):
    setup = covered_positions(random.Random(293), 1)[0]
    open_position(browser, server, setup)
    browser.find_element(By.ID, "tab-play").click()
    Select(browser.find_element(By.ID, "game-start")).select_by_value("board")
    Select(browser.find_element(By.ID, "game-time")).select_by_value("100")
    Select(browser.find_element(By.ID, "game-side")).select_by_value(setup.split()[1])
    browser.find_element(By.ID, "game-new").click()

    def over_or_move():
        if browser.find_element(By.ID, "game-end").is_displayed():
            return True
        try:
            buttons = browser.find_elements(By.CSS_SELECTOR, "#game-moves-now button.move")
            if buttons:
                buttons[0].click()
        except StaleElementReferenceException:
            pass
        return False
    wait_until(over_or_move, 120, "the game to end")

    status = browser.find_element(By.ID, "game-status").text
    text = browser.find_element(By.ID, "game-text").get_attribute("value")
    lines = text.splitlines()
    # The page's format of core/game_log.h, line for line as tests/analysis/test_game_log.cpp's
    # copy of it (ANALYSED_GAME below) that core's writer and reader are checked against.
    page = ANALYSED_GAME.splitlines()
    assert lines[:2] == [page[0], f"Setup: {setup}"]
    assert re.fullmatch(r"Red: (player|engine \(\d+ ms a move\)); "
                        r"Blue: (player|engine \(\d+ ms a move\))", lines[2]), lines[2]
    assert lines[3] == page[3]
    moves = [re.fullmatch(r"(\d+)\. ([rb]) ([1-6]) ([a-e][1-5][a-e][1-5])", l) for l in lines]
    moves = [m for m in moves if m]
    assert moves and [int(m[1]) for m in moves] == list(range(1, len(moves) + 1))
    # Every move was legal for its side and die, and the game ended where the text says.
    position = setup
    for m in moves:
        assert position.split()[1] == m[2]
        assert m[4] in cli_legal_moves(position + " " + m[3])
        position = play(position, m[4])
    final = cli_probe_one(position)
    winner = {"r": "Red", "b": "Blue"}[final["winner"]]
    assert lines[-1] == f"Result: {winner} wins" and status.startswith(winner + " wins")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#move-list li")) == len(moves)
    # One point per position, all from the tables (<= 4 pieces), the last 100% or 0% for Red.
    points = browser.find_elements(By.CSS_SELECTOR, "#chart circle")
    assert len(points) == len(moves) + 1
    assert not browser.find_elements(By.CSS_SELECTOR, "#chart circle.estimate")
    browser.save_screenshot(os.path.join(OUT, "web-game.png"))

    # Analysed at a click: the game's text in the analysis view, a row for every move.
    browser.find_element(By.ID, "analyse-game").click()
    rows = wait_for_analysis_rows(browser)
    assert browser.execute_script("return location.hash") == "#analysis"
    assert browser.find_element(By.ID, "analysis-text").get_attribute("value") == text
    assert [r["played"] for r in rows] == [m[4] for m in moves]
    browser.find_element(By.ID, "tab-explore").click()


# A game from 5 pieces (the first turns estimated, then from the tables) with a mistake, two
# blunders, a very lucky roll and forced moves, as the page copies it (the same text as
# tests/analysis/test_game_log.cpp's, which core/game_log.h's writer and reader are checked on).
ANALYSED_GAME = """EinStein wuerfelt nicht! (ewn serve)
Setup: r1r2r32/5/2b3b41/5/5 r
Red: player; Blue: engine (100 ms a move)
Moves (number, side, die, move):
1. r 3 c5d5
2. b 4 d3c4
3. r 1 a5b5
4. b 5 c4b4
5. r 3 d5e4
6. b 1 c3b4
7. r 2 b5c5
8. b 1 b4b5
9. r 4 e4e3
10. b 2 b5a5
Result: Blue wins
"""


def api_analysis(server, game, nodes):
    url = server.url + "api/analyse?" + urllib.parse.urlencode({"text": game, "nodes": nodes})
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def wait_for_analysis_rows(browser):
    """Waits for the analysis view's table of turns; returns its rows' cells by class."""
    def rows():
        if browser.find_element(By.ID, "analysis-result").get_attribute("hidden") is not None:
            return None
        return browser.execute_script("""
            return [...document.querySelectorAll('#analysis-turns tbody tr')].map(tr =>
              Object.fromEntries([...tr.cells].map(td => [td.className.split(' ')[0], td.textContent])));""")
    return wait_until(rows, 60, "the analysis")


def paste_and_analyse(browser, text, nodes):
    browser.find_element(By.ID, "tab-analysis").click()
    area = browser.find_element(By.ID, "analysis-text")
    area.clear()
    area.send_keys(text)
    Select(browser.find_element(By.ID, "analysis-nodes")).select_by_value(str(nodes))
    browser.find_element(By.ID, "analysis-run").click()


def test_the_analysis_of_a_pasted_game(browser, server):
    browser.get(server.url)
    console_errors(browser)
    paste_and_analyse(browser, ANALYSED_GAME, 20000)
    rows = wait_for_analysis_rows(browser)
    expected = api_analysis(server, ANALYSED_GAME, 20000)
    turns = expected["turns"]
    # One row a turn, with the API's figures; estimates labelled.
    assert len(rows) == len(turns) == 10
    for row, t in zip(rows, turns):
        assert row["turn"] == str(t["turn"]) and row["played"] == t["move"] and row["die"] == str(t["die"])
        assert row["value"] == percent(t["value"]) + (" ~" if t["source"] == "estimate" else "")
        assert row["mark"] == (t["mark"] or ("forced" if t["choices"] == 1 else ""))
    assert [t["source"] for t in turns[:2]] == ["estimate"] * 2 and turns[-1]["source"] == "tables"
    marked = [t for t in turns if t["mark"]]
    assert [t["mark"] for t in marked] == ["mistake", "blunder", "blunder"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#analysis-chart circle.marked")) == len(marked)
    assert len(browser.find_elements(By.CSS_SELECTOR, "#analysis-turns tr.blunder")) == 2
    # Each side's summary: the API's figures, in points of win probability.
    summary = browser.execute_script("""
        return Object.fromEntries([...document.querySelectorAll('#analysis-summary tbody tr')].map(
          tr => [tr.dataset.side, [...tr.cells].slice(1).map(c => c.textContent)]));""")
    for side in "rb":
        s = expected["sides"][side]
        luck = ("+" if s["luck"] >= 0 else "\u2212") + f"{100 * abs(s['luck']):.1f}"
        assert summary[side] == [str(s["turns"]), luck, f"{100 * s['value_lost']:.1f}",
                                 f"{100 * s['value_lost_mean']:.1f}", str(s["inaccuracies"]),
                                 str(s["mistakes"]), str(s["blunders"])]
    browser.save_screenshot(os.path.join(OUT, "web-analysis.png"))

    # A click on a turn's row opens its position with its die in the explorer; back returns.
    blunder = marked[1]
    browser.find_element(By.CSS_SELECTOR, f'#analysis-turns tr[data-turn="{blunder["turn"]}"] td.played').click()
    at = f'{blunder["position"]} {blunder["die"]}'
    page = wait_for_analysis(browser, at)
    assert page["hash"] == "#" + at.replace(" ", "_")
    assert_page_matches_cli(page, at)
    browser.back()
    wait_until(lambda: browser.find_element(By.ID, "analysis-panel").is_displayed(), 10, "the analysis view")
    assert len(wait_for_analysis_rows(browser)) == 10
    # So does a click on its point in the chart (an estimated turn here).
    first = turns[0]
    browser.find_element(By.CSS_SELECTOR, '#analysis-chart circle[data-turn="1"]').click()
    page = wait_for_analysis(browser, f'{first["position"]} {first["die"]}')
    assert page["source"].startswith("Engine estimate")
    assert console_errors(browser) == []


def test_the_analysis_names_the_line_of_a_bad_text(browser, server):
    browser.get(server.url + "#analysis")
    paste_and_analyse(browser, ANALYSED_GAME.replace("6. b 1 c3b4", "6. b 1 c3c2"), 20000)
    error = browser.find_element(By.ID, "analysis-error")
    wait_until(lambda: error.is_displayed(), 30, "the error")
    assert "line 10: c3c2 is not a legal move for Blue with die 1" in error.text
    assert browser.find_element(By.ID, "analysis-result").get_attribute("hidden") is not None



def test_the_setups_tab_without_a_matrix_logs_no_console_error(browser, server):
    """The panel asks the equilibrium first, with missing=ok: the message that says how to make
    a matrix is shown, and nothing failed to load (it logged two 503s)."""
    browser.get(server.url)
    console_errors(browser)
    browser.find_element(By.ID, "tab-setups").click()
    wait_until(lambda: "no setup matrix" in browser.find_element(By.ID, "setup-error").text, 20,
               "the message without a setup matrix")
    assert "ewn setup make" in browser.find_element(By.ID, "setup-error").text
    assert console_errors(browser) == []


@pytest.fixture(scope="module")
def setup_server(tmp_path_factory):
    """A server with a small setup matrix: the first 12 classes at a budget of one node."""
    import subprocess
    from conftest import EWN, Server
    matrix = tmp_path_factory.mktemp("setups") / "m.ewns"
    subprocess.run([EWN, "setup", "make", "--matrix", str(matrix), "--depth", "1", "--classes",
                    "12"], check=True, stdout=subprocess.DEVNULL, timeout=60)
    s = Server("--setup-matrix", str(matrix))
    try:
        yield s, matrix
    finally:
        s.stop()


def test_the_setup_panel_answers_as_ewn_setup(browser, setup_server):
    import subprocess
    from conftest import EWN
    server, matrix = setup_server

    def cli(*args):
        out = subprocess.run([EWN, "setup", *args, "--json", "--matrix", str(matrix)],
                             capture_output=True, text=True, timeout=60, check=True).stdout
        return json.loads(out)

    def shown(list_id):
        return [li.text for li in browser.find_elements(By.CSS_SELECTOR, f"#{list_id} li")]

    def expected(items, with_probability=False):
        return [f"{a['arrangement']} (or {a['twin']})" +
                (f" played {percent(a['probability'])}," if with_probability else "") +
                f" wins {percent(a['value'])}" + (" · tied" if a.get("tied") else "")
                for a in items]

    browser.get(server.url)
    console_errors(browser)
    browser.find_element(By.ID, "tab-setups").click()
    assert not browser.find_element(By.ID, "board-area").is_displayed()
    eq = cli("equilibrium")
    wait_until(lambda: percent(eq["value"]) in browser.find_element(By.ID, "setup-equilibrium").text,
               20, "the equilibrium")
    assert shown("setup-eq-first") == expected(eq["first"], True)
    best = cli("best", "--count", "5")
    assert shown("setup-best-second") == expected(best["second"])

    # The person places the opponent's pieces as 654231 (the twin of 123546) and asks.
    for square, number in zip(["a5", "b5", "c5", "a4", "b4", "a3"], "654231"):
        Select(browser.find_element(By.ID, "setup-" + square)).select_by_value(number)
    browser.find_element(By.ID, "setup-go").click()
    wait_until(lambda: browser.find_element(By.ID, "setup-against").text == "654231", 20,
               "the replies to 654231")
    reply = cli("reply", "654231", "--count", "5")
    assert shown("setup-reply-first") == expected(reply["first"])
    assert shown("setup-reply-second") == expected(reply["second"])
    # The pictures: the best reply moving first as Red against 654231 as Blue.
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR,
                                                   "#setup-reply-first-board .mini-sq")]
    top = reply["first"][0]["arrangement"]
    assert [cells[i] for i in (0, 1, 2, 5, 6, 10)] == list(top)
    assert [cells[i] for i in (24, 19, 14, 23, 18, 22)] == list("654231")
    assert "tied" in browser.find_element(By.ID, "setup-precision").text
    assert console_errors(browser) == []

    # A number twice is refused on the page; an arrangement outside this small matrix by the server.
    Select(browser.find_element(By.ID, "setup-a5")).select_by_value("2")
    browser.find_element(By.ID, "setup-go").click()
    wait_until(lambda: "exactly one square" in browser.find_element(By.ID, "setup-error").text, 20,
               "the message for a number placed twice")
    for square, number in zip(["a5", "b5", "c5", "a4", "b4", "a3"], "365421"):
        Select(browser.find_element(By.ID, "setup-" + square)).select_by_value(number)
    browser.find_element(By.ID, "setup-go").click()
    wait_until(lambda: "not in this matrix of the first 12 classes" in
               browser.find_element(By.ID, "setup-error").text, 20, "the server's message")
    browser.save_screenshot(os.path.join(OUT, "setups.png"))


def test_a_long_arrangement_is_quoted_as_a_short_excerpt(setup_server):
    """/api/setup/reply names a bad arrangement by a short excerpt and its length, never whole."""
    import urllib.error
    server, _ = setup_server
    try:
        urllib.request.urlopen(server.url + "api/setup/reply?arrangement=" + "7" * 4000, timeout=30)
        raise AssertionError("a bad arrangement was answered")
    except urllib.error.HTTPError as e:
        assert e.code == 400
        error = json.loads(e.read())["error"]
    assert re.match(r"^'7+\.\.\.' \(4000 bytes\) is not an arrangement", error), error
    assert len(error) < 200
