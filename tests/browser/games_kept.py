#!/usr/bin/env python3
"""End-to-end test of the games kept by `morphy serve`, in headless Chromium (selenium).

Usage: games_kept.py MORPHY_BINARY SCREENSHOT_DIR

Starts `morphy serve` on a data folder of its own and a fixed free port, and as a person
would: starts a timed game at knight odds, plays moves, sees the game's own address
(/game/ID) in the address bar; kills the server with SIGKILL in the middle of the game,
starts it again on the same folder and reopens the address: the same position, score and
clocks, and the game goes on. Then resigns it and a second game, opens /games: the games
are listed newest first with their odds, level and result, filtered by result; one opens
to replay with the keys (Home, ←, →, End) and a click on a move, Morphy's evaluation drawn
along it; the page says how the person stands and suggests the next game, which one click
starts. Screenshots (desktop and phone) go to SCREENSHOT_DIR. Exits non-zero on the first
failure.
"""

import re
import signal
import socket
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from page import click, driver, fen, screenshots_to, shot, text, to_move, wait_for

MORPHY = sys.argv[1]
screenshots_to(sys.argv[2])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(data, port):
    p = subprocess.Popen(
        [MORPHY, "serve", "--port", str(port), "--depth", "2", "--data", data],
        stdout=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    assert line.startswith("Morphy board at "), line
    return p


def seconds(clock_text):
    m = re.search(r"(\d+):(\d\d)", clock_text)
    assert m, clock_text
    return int(m.group(1)) * 60 + int(m.group(2))


def play(d, moves):
    for a, b in moves:
        to_move(d, "b")
        before = fen(d)
        click(d, a)
        click(d, b)
        wait_for(d, f"{a}{b} to be played", lambda: fen(d) != before)
    to_move(d, "b")


def main():
    data = tempfile.mkdtemp(prefix="morphy-games-")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = serve(data, port)
    d = driver()
    try:
        # A timed game at knight odds: Morphy, the giver, opens as White.
        d.get(f"{base}/?odds=knight&color=receiver&elo=1400&clock=10%2B5")
        wait_for(d, "the game's own address", lambda: re.search(r"/game/[0-9a-f]{32}$", d.current_url))
        address = d.current_url
        play(d, [("g8", "f6"), ("e7", "e6")])
        wait_for(d, "the score", lambda: "2." in text(d, "score"))
        before = {"fen": fen(d), "score": text(d, "score"), "clock": text(d, "clock-bottom")}
        assert "You" in before["clock"], before
        # The server is killed outright, and started again on the same folder.
        server.send_signal(signal.SIGKILL)
        server.wait()
        server = serve(data, port)
        d.get(address)
        wait_for(d, "the game again", lambda: fen(d) == before["fen"])
        assert text(d, "score") == before["score"], (text(d, "score"), before)
        # The clocks stand as stored: the person's (running) within a few seconds of
        # what it showed, Morphy's as it was.
        after = text(d, "clock-bottom")
        assert abs(seconds(after) - seconds(before["clock"])) <= 5, (after, before)
        assert "not being kept" not in d.find_element(By.TAG_NAME, "body").text
        shot(d, "game-reopened")
        # And it goes on.
        play(d, [("d7", "d5")])
        wait_for(d, "the third move", lambda: "3." in text(d, "score"))
        d.find_element(By.ID, "resign").click()
        d.switch_to.alert.accept()
        wait_for(d, "the result", lambda: "0-1" in text(d, "message") or "1-0" in text(d, "message"))
        first = address.rsplit("/", 1)[1]
        # A second game, at rook odds, played and resigned.
        d.get(f"{base}/?odds=rook&color=receiver&elo=1200")
        wait_for(d, "the second game's address", lambda: re.search(r"/game/[0-9a-f]{32}$", d.current_url) and d.current_url != address)
        play(d, [("e7", "e5")])
        d.find_element(By.ID, "resign").click()
        d.switch_to.alert.accept()
        wait_for(d, "the second result", lambda: "resign" in text(d, "message"))

        # The history: newest first.
        d.get(f"{base}/games")
        rows = lambda: d.find_elements(By.CSS_SELECTOR, "#games tbody tr")
        wait_for(d, "two games listed", lambda: len(rows()) == 2)
        cells = [c.text for c in rows()[1].find_elements(By.TAG_NAME, "td")]
        assert cells[1] == "knight" and cells[3] == "Elo 1400" and cells[4] == "black", cells
        assert cells[5].startswith("lost 1-0"), cells
        assert rows()[1].get_attribute("data-id") == first
        assert rows()[0].find_elements(By.TAG_NAME, "td")[1].text == "rook"
        # Filtered by result: no game won.
        d.find_element(By.CSS_SELECTOR, "#result-filter option[value=won]").click()
        wait_for(d, "no game won", lambda: len(rows()) == 0 and d.find_element(By.ID, "none").is_displayed())
        d.find_element(By.CSS_SELECTOR, "#result-filter option[value=all]").click()
        wait_for(d, "all games again", lambda: len(rows()) == 2)
        shot(d, "history")

        # The first game replayed: at its last position, then with the keys.
        rows()[1].click()
        wait_for(d, "the replay", lambda: d.current_url.endswith(f"/games/{first}") and d.find_element(By.ID, "replay").is_displayed())
        moves = d.find_elements(By.CSS_SELECTOR, "#replay-moves button")
        wait_for(d, "the moves", lambda: len(d.find_elements(By.CSS_SELECTOR, "#replay-moves button")) >= 6)
        moves = d.find_elements(By.CSS_SELECTOR, "#replay-moves button")
        last = fen(d)
        body = d.find_element(By.TAG_NAME, "body")
        body.send_keys(Keys.HOME)
        start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w"
        wait_for(d, "the start", lambda: fen(d).startswith(start))
        start = fen(d)
        body.send_keys(Keys.ARROW_RIGHT)
        wait_for(d, "the first move", lambda: fen(d) != start)
        one = fen(d)
        body.send_keys(Keys.ARROW_LEFT)
        wait_for(d, "back to the start", lambda: fen(d) == start)
        body.send_keys(Keys.END)
        wait_for(d, "the last position", lambda: fen(d) == last)
        moves[1].click()
        wait_for(d, "the second move's position", lambda: fen(d) not in (start, one, last))
        assert "current" in moves[1].get_attribute("class")
        wait_for(d, "the evaluation graph", lambda: d.find_elements(By.CSS_SELECTOR, "#graph path.graph-line"))
        assert "nodes a position" in text(d, "graph-note"), text(d, "graph-note")
        shot(d, "replay")

        # How the person stands, and the next game to ask for, one click away.
        wait_for(d, "the estimate", lambda: "Elo" in text(d, "estimate"))
        assert "2 finished games" in text(d, "estimate"), text(d, "estimate")
        suggested = d.find_element(By.ID, "play-suggested")
        href = suggested.get_attribute("href")
        suggested.click()
        wait_for(d, "the suggested game", lambda: re.search(r"/game/[0-9a-f]{32}$", d.current_url))
        assert fen(d), href

        for width, height, name in ((390, 844, "history-phone"), (1280, 800, "history-desktop")):
            d.set_window_size(width, height)
            d.get(f"{base}/games/{first}")
            wait_for(d, "the replay", lambda: d.find_element(By.ID, "replay").is_displayed())
            wait_for(d, "the evaluation graph", lambda: d.find_elements(By.CSS_SELECTOR, "#graph path.graph-line"))
            sideways = d.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert sideways <= 0, f"{name}: {sideways} px sideways"
            d.execute_script("window.scrollTo(0, 0)")
            shot(d, name)
        print("games kept: all steps passed")
    finally:
        d.quit()
        server.send_signal(signal.SIGTERM)
        server.wait()


if __name__ == "__main__":
    main()
