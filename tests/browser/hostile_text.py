#!/usr/bin/env python3
"""Text from outside shown on the web board's pages, in headless Chromium (selenium).

Usage: hostile_text.py BASE_URL SCREENSHOT_DIR

Script and markup in a PGN's tags, comments and moves (uploaded as a person would, by the
"Resume from PGN" button), and in a FEN given in the address, are shown as text: no script
runs (`window.pwned` stays unset), no element is made from them, and the words appear as
they were written. Then the history page and the game's replay, which show the same game,
are checked alike. Exits non-zero on the first failure.
"""

import os
import sys
import tempfile
from urllib.parse import quote

from selenium.webdriver.common.by import By

from page import driver, fen, screenshots_to, shot, wait_for

BASE = sys.argv[1].rstrip("/")
screenshots_to(sys.argv[2])

HOSTILE_PGN = """[Event "<script>window.pwned = 1</script>"]
[White "<img src=x onerror=\\"window.pwned = 2\\">"]
[Black "Morphy</title><script>window.pwned = 3</script>"]
[Result "*"]

1. e4 {<img src=x onerror="window.pwned = 4">} e5 2. <b>Nf3</b> *
"""


def unharmed(d, where):
    pwned = d.execute_script("return window.pwned === undefined ? null : window.pwned")
    assert pwned is None, f"{where}: a script ran ({pwned})"
    made = d.execute_script(
        "return [...document.querySelectorAll('img, b, script')]"
        ".filter(e => !e.src || !e.src.endsWith('.js')).map(e => e.outerHTML)")
    assert not made, f"{where}: elements made from the text: {made}"


def body(d):
    return d.find_element(By.TAG_NAME, "body").text


def main():
    d = driver()
    try:
        # A FEN with markup in the address: refused in words, shown as text.
        d.get(f"{BASE}/?fen={quote('<img src=x onerror=window.pwned=5>')}")
        errors = d.find_element(By.ID, "errors")
        wait_for(d, "the refusal", lambda: errors.is_displayed() and errors.text)
        assert "<img src=x onerror=window.pwned=5>" in errors.text, errors.text
        unharmed(d, "a FEN in the address")
        # A PGN with script in its tags, comments and moves, resumed by the upload button.
        d.get(f"{BASE}/?odds=none&color=white")
        wait_for(d, "the game", lambda: fen(d) != "")
        path = os.path.join(tempfile.mkdtemp(), "hostile.pgn")
        with open(path, "w", encoding="utf-8") as f:
            f.write(HOSTILE_PGN)
        upload = d.find_element(By.ID, "upload")
        d.execute_script("arguments[0].style.display = 'block'", upload)
        upload.send_keys(path)
        wait_for(d, "the game resumed", lambda: "e4" in d.find_element(By.ID, "score").text)
        wait_for(d, "the note on the illegal move", lambda: "<b>Nf3</b>" in body(d))
        unharmed(d, "the resumed game")
        shot(d, "hostile-pgn")
        game = d.current_url.rsplit("/", 1)[-1]
        # The history and the replay of the same game.
        d.get(f"{BASE}/games")
        wait_for(d, "the list", lambda: d.find_elements(By.CSS_SELECTOR, "#games tbody tr"))
        unharmed(d, "the history")
        d.get(f"{BASE}/games/{game}")
        wait_for(d, "the replay", lambda: d.find_elements(By.CSS_SELECTOR, "#replay-moves button"))
        unharmed(d, "the replay")
        print("hostile text: all steps passed")
    finally:
        d.quit()


if __name__ == "__main__":
    main()
