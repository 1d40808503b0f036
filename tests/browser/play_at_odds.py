#!/usr/bin/env python3
"""End-to-end test of `morphy serve` in headless Chromium (selenium).

Usage: play_at_odds.py BASE_URL SCREENSHOT_DIR

Plays at odds through the page as a person would: Morphy opens as the giver at knight
odds, the person answers, tries an illegal move (nothing changes, the reason is shown
with its law), claims a draw (refused with the law), takes his turn back and plays it
again, downloads the PGN (python-chess reads it); then, as the giver at rook odds from
a FEN, castles without the Rook (Am. IV 5); plays a turn of two moves move by move
(Am. IV 4); calls to mate under the British draft (Br. IV 12) and offers a draw
(declined, with the reason); promotes with the British choice of staying a Pawn
(Br. IV 15); claims a draw granted by the fifty-move law (Am. II 8 (b)); and starts a
game with bad parameters (answered on the page). At sizes from a 320 px phone to a
2560 px monitor the page never scrolls sideways, the whole board is in view, and playing
Black the person's name and clock are at the bottom. Screenshots go to SCREENSHOT_DIR.
Exits non-zero on the first failure.
"""

import os
import sys
import tempfile
import time
from urllib.parse import quote

import chess.pgn
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

from page import click, driver, fen, screenshots_to, shot, text, to_move, wait_for

BASE = sys.argv[1].rstrip("/")
SHOTS = sys.argv[2]
screenshots_to(SHOTS)


def open_game(d, query):
    d.get(f"{BASE}/?{query}")
    wait_for(d, "the game to start", lambda: fen(d) != "")


def knight_odds(d, downloads):
    # Morphy is White, the giver: it opens.
    open_game(d, "odds=knight&rules=american-1897&color=receiver")
    assert "b1" not in fen(d) and fen(d).startswith("rnbqkbnr/pppppppp/8/8/"), fen(d)
    to_move(d, "b")
    opened = fen(d)
    assert text(d, "score").startswith("1."), text(d, "score")
    # The person answers: Kt-KB3.
    click(d, "g8")
    click(d, "f6")
    wait_for(d, "the answer to be played", lambda: fen(d) != opened)
    to_move(d, "b")
    wait_for(d, "Morphy's second move in the score", lambda: "2." in text(d, "score"))
    shot(d, "knight-odds-opening")
    # An illegal move: the Rook on a8 cannot pass its Pawn. Nothing changes.
    before = fen(d)
    click(d, "a8")
    click(d, "a5")
    message = d.find_element(By.ID, "message")
    wait_for(d, "the reason", lambda: message.is_displayed() and message.text)
    assert "Not played" in message.text and "(Am. I" in message.text, message.text
    assert fen(d) == before, (fen(d), before)
    shot(d, "illegal-move-refused")
    # A draw claimed without ground: refused with the law.
    d.find_element(By.ID, "claim").click()
    wait_for(d, "the refusal", lambda: "no draw can be claimed" in message.text)
    assert "Am. II 8" in message.text, message.text
    assert fen(d) == before
    shot(d, "claim-refused")
    # Take back the turn: the person's Kt-KB3 and Morphy's reply go; the same move again.
    d.find_element(By.ID, "undo").click()
    wait_for(d, "the take-back", lambda: fen(d) == opened)
    assert "You take back 1... Nf6 2." in message.text, message.text
    assert "2." not in text(d, "score"), text(d, "score")
    click(d, "g8")
    click(d, "f6")
    wait_for(d, "the answer to be played again", lambda: fen(d) != opened)
    to_move(d, "b")
    wait_for(d, "Morphy's second move again", lambda: "2." in text(d, "score"))
    # The PGN, downloaded as a person would, and read by python-chess.
    d.find_element(By.ID, "download").click()
    path = os.path.join(downloads, "morphy-game.pgn")
    wait_for(d, "the PGN download", lambda: os.path.exists(path) and os.path.getsize(path) > 0)
    with open(path, encoding="utf-8") as f:
        game = chess.pgn.read_game(f)
    assert game is not None and not game.errors, game and game.errors
    assert game.headers.get("Odds") == "knight", dict(game.headers)
    assert game.headers.get("Rules") == "american-1897", dict(game.headers)
    assert game.headers.get("SetUp") == "1" and game.headers.get("FEN"), dict(game.headers)
    moves = list(game.mainline_moves())
    assert len(moves) >= 3, moves
    assert moves[1] == chess.Move.from_uci("g8f6"), moves


def viewport(d, width, height):
    # The page's own viewport, exactly, with the desktop's scroll bars (stricter than a
    # phone's, which overlay the page).
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    d.execute_script("window.scrollTo(0, 0)")
    wait_for(d, f"the {width}x{height} layout",
             lambda: d.execute_script("return window.innerWidth") == width)
    time.sleep(0.3)


def centre(d, square):
    r = d.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').rect
    return int(r["x"] + r["width"] / 2), int(r["y"] + r["height"] / 2)


def touch(d, square, to=None):
    # A finger's tap on `square`, or its drag from `square` to `to`.
    finger = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    x, y = centre(d, square)
    finger.pointer_action.move_to_location(x, y).pointer_down()
    if to:
        tx, ty = centre(d, to)
        finger.pointer_action.move_to_location((x + tx) // 2, (y + ty) // 2)
        finger.pointer_action.move_to_location(tx, ty)
    finger.pointer_action.pointer_up()
    finger.perform()


def box(d, element_id):
    return d.execute_script(
        "const r = document.getElementById(arguments[0]).getBoundingClientRect();"
        "return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};",
        element_id)


def fits(d, width, height):
    # No sideways scroll, the whole board in view, the names and clocks at their edges.
    wide = d.execute_script("return document.documentElement.scrollWidth")
    assert wide <= width, f"{width}x{height}: the page is {wide} px wide"
    board = box(d, "board")
    assert board["left"] >= 0 and board["right"] <= width, (width, height, board)
    assert board["top"] >= 0 and board["bottom"] <= height, (width, height, board)
    top, bottom = box(d, "clock-top"), box(d, "clock-bottom")
    assert top["bottom"] <= board["top"] + 1 and bottom["top"] >= board["bottom"] - 1, (top, bottom)
    return board


def every_screen(d):
    # Playing Black at knight odds (the receiver): the board turned, the person's name
    # and clock at the bottom, Morphy's at the top, from a phone to a wide monitor.
    open_game(d, "odds=knight&rules=american-1897&color=receiver&clock=10%2B5")
    to_move(d, "b")
    assert text(d, "clock-bottom").startswith("You (black) "), text(d, "clock-bottom")
    assert text(d, "clock-top").startswith("Morphy (white) "), text(d, "clock-top")
    try:
        for width, height in ((320, 568), (768, 1024), (1280, 800), (2560, 1440)):
            viewport(d, width, height)
            fits(d, width, height)
        viewport(d, 390, 844)
        board = fits(d, 390, 844)
        panel = box(d, "right")
        assert panel["top"] >= board["bottom"], ("the panel is not under the board", panel, board)
        # Tap, tap with a finger on the phone: Kt-KB3.
        opened = fen(d)
        touch(d, "g8")
        touch(d, "f6")
        wait_for(d, "the tapped move", lambda: fen(d) != opened)
        to_move(d, "b")
        wait_for(d, "Morphy's reply in the score", lambda: "2." in text(d, "score"))
        # A drag with a finger: P-K3.
        before = fen(d)
        touch(d, "e7", "e6")
        wait_for(d, "the dragged move", lambda: fen(d) != before)
        assert fen(d).split(" ")[0].split("/")[1] == "pppp1ppp", fen(d)
        to_move(d, "b")
        wait_for(d, "Morphy's third move in the score", lambda: "3." in text(d, "score"))
        fits(d, 390, 844)
        # The Said list leaves room for its numbers past the 99th entry.
        room, number = d.execute_script(
            "const log = document.getElementById('log');"
            "const probe = document.createElement('span');"
            "probe.textContent = '100.\u00a0'; probe.style.whiteSpace = 'nowrap';"
            "log.appendChild(probe); const w = probe.getBoundingClientRect().width; probe.remove();"
            "return [parseFloat(getComputedStyle(log).paddingLeft), w];")
        assert room >= number, f"the Said list has {room} px for numbers {number} px wide"
        shot(d, "phone")
        viewport(d, 1920, 1080)
        board = fits(d, 1920, 1080)
        assert board["width"] >= 640, board
        panel = box(d, "right")
        assert panel["left"] >= board["right"], ("the panel is not beside the board", panel, board)
        assert text(d, "clock-bottom").startswith("You (black) "), text(d, "clock-bottom")
        assert text(d, "thinking") != "Thinking…", "'Thinking…' on the person's move"
        shot(d, "desktop")
        # A take-back said, then a resignation: the box under the board gives the result.
        d.find_element(By.ID, "undo").click()
        message = d.find_element(By.ID, "message")
        wait_for(d, "the take-back", lambda: "You take back" in message.text)
        d.find_element(By.ID, "resign").click()
        d.switch_to.alert.accept()
        wait_for(d, "the result under the board", lambda: message.text.startswith("Result 1-0"))
        assert "take back" not in message.text, message.text
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def castles_without_the_rook(d):
    start = "r3kbnr/ppp1pppp/2nq4/3p1b2/3P1B2/2NQ4/PPP1PPPP/4KBNR w KQkq - 4 5"
    open_game(d, f"odds=rook&color=giver&fen={quote(start)}")
    assert fen(d) == start, fen(d)
    click(d, "e1")
    targets = d.find_elements(By.CSS_SELECTOR, '[data-square="c1"] circle.target')
    assert targets, "castling without the Rook is not shown as legal"
    click(d, "c1")
    wait_for(d, "the castling", lambda: fen(d).split(" ")[0].endswith("2K2BNR"))
    assert "O-O-O" in text(d, "score"), text(d, "score")
    to_move(d, "w")
    shot(d, "castled-without-the-rook")


def turn_of_two_moves(d):
    # Two moves' odds: the receiver's first turn is two moves, no man beyond the fourth
    # rank (Am. IV 4); the page shows what is left of the turn.
    open_game(d, "odds=two-moves&rules=american-1897&color=receiver")
    to_move(d, "w")
    click(d, "e2")
    click(d, "e4")
    wait_for(d, "the first move of the turn", lambda: "4P3" in fen(d).split(" ")[0])
    assert fen(d).split(" ")[1] == "w", fen(d)
    status = text(d, "status")
    assert "1 move(s) left in this turn" in status and "(Am. IV 4)" in status, status
    shot(d, "turn-of-two-moves")
    # Beyond the fourth rank is refused with the law.
    before = fen(d)
    click(d, "e4")
    click(d, "e5")
    message = d.find_element(By.ID, "message")
    wait_for(d, "the refusal", lambda: message.is_displayed() and "Am. IV 4" in message.text)
    assert fen(d) == before
    click(d, "d2")
    click(d, "d4")
    to_move(d, "w")
    score = text(d, "score")
    assert score.startswith("1. e4, d4 "), score


def british_call_and_offer(d):
    # A lone King calls on the other side to mate within fifty moves (Br. IV 12).
    start = "4k3/8/8/8/8/8/8/R3K3 b - - 0 60"
    open_game(d, f"rules=british-1894&color=black&fen={quote(start)}")
    call = d.find_element(By.ID, "call")
    wait_for(d, "the call button", lambda: call.is_displayed())
    call.click()
    message = d.find_element(By.ID, "message")
    wait_for(d, "the call", lambda: message.is_displayed() and "Br. IV 12" in message.text)
    assert not call.is_displayed(), "a call stands once made"
    shot(d, "british-call")
    # An offer of a draw: Morphy, a Rook up, plays on and says why.
    d.find_element(By.ID, "offer").click()
    wait_for(d, "the answer", lambda: "Morphy declines the draw" in message.text)
    assert "it plays on" in message.text, message.text
    assert not d.find_element(By.ID, "result").is_displayed()


def promotion_choice(d):
    # Under the British draft a Pawn on the eighth rank may stay a Pawn (Br. IV 15).
    start = "8/P3k3/8/8/8/8/8/4K3 w - - 0 1"
    open_game(d, f"rules=british-1894&color=white&fen={quote(start)}")
    click(d, "a7")
    click(d, "a8")
    choices = d.find_elements(By.CSS_SELECTOR, "[data-promotion]")
    letters = sorted(c.get_attribute("data-promotion") for c in choices)
    assert letters == ["b", "n", "p", "q", "r"], letters
    shot(d, "promotion-choice")
    d.find_element(By.CSS_SELECTOR, '[data-promotion="n"]').click()
    wait_for(d, "the promotion", lambda: fen(d).startswith("N7/"))
    assert "a8=N" in text(d, "score"), text(d, "score")


def claim_granted(d):
    start = "4k3/8/8/8/8/8/4P3/4K3 w - - 100 80"
    open_game(d, f"rules=american-1897&color=white&fen={quote(start)}")
    d.find_element(By.ID, "claim").click()
    result = d.find_element(By.ID, "result")
    wait_for(d, "the result", lambda: result.is_displayed() and result.text)
    assert result.text.startswith("Result 1/2-1/2"), result.text
    assert "(Am. II 8 (b))" in result.text, result.text
    # The box under the board gives the result too, in place of what was said before.
    message = d.find_element(By.ID, "message")
    wait_for(d, "the result under the board", lambda: message.text == result.text)
    shot(d, "claim-granted")


def bad_parameters(d):
    d.get(f"{BASE}/?odds=castle&elo=3000")
    errors = d.find_element(By.ID, "errors")
    wait_for(d, "the errors", lambda: errors.is_displayed() and errors.text)
    assert "unknown odds 'castle'" in errors.text, errors.text
    assert "bad elo '3000'" in errors.text, errors.text
    shot(d, "bad-parameters")


def main():
    with tempfile.TemporaryDirectory() as downloads:
        d = driver(downloads)
        try:
            knight_odds(d, downloads)
            every_screen(d)
            castles_without_the_rook(d)
            turn_of_two_moves(d)
            british_call_and_offer(d)
            promotion_choice(d)
            claim_granted(d)
            bad_parameters(d)
        finally:
            d.quit()
    print("browser test: 8 passed, 0 failed")


if __name__ == "__main__":
    main()
