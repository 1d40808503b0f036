#!/usr/bin/env python3
"""End-to-end test of the web board's features in headless Chromium (selenium).

Usage: board_features.py BASE_URL SCREENSHOT_DIR

As a person would: the men drawn as pictures (Burnett's, from the server) and, chosen in
the Look panel, as glyphs, with the board's colours, the choice remembered after a
reload; a move typed in SAN and one in descriptive notation (Am. I 13), a typed move that
is no move refused in words; a move animated as it lands; each square named for a screen
reader ("e4, white Pawn") and Morphy's move announced; Morphy's evaluation as a bar; a
hint drawn as an arrow; the score's moves clicked to look back (view only) and back to
the game; sounds off until switched on, the switch remembered; the page in the system's
dark theme. Screenshots go to SCREENSHOT_DIR. Exits non-zero on the first failure.
"""

import sys

from selenium.webdriver.common.by import By

from page import driver, fen, screenshots_to, shot, text, wait_for

BASE = sys.argv[1].rstrip("/")
screenshots_to(sys.argv[2])


def to_move(d, side):
    wait_for(d, f"{side} to move", lambda: fen(d).split(" ")[1:2] == [side] and
             not d.find_element(By.ID, "hint").get_attribute("disabled"))


def choose(d, select_id, value):
    d.find_element(By.CSS_SELECTOR, f"#{select_id} option[value={value}]").click()


def typed(d, words):
    box = d.find_element(By.ID, "move-text")
    box.clear()
    box.send_keys(words)
    d.find_element(By.CSS_SELECTOR, "#typed button").click()


def main():
    d = driver()
    try:
        d.get(f"{BASE}/?odds=knight&color=white&elo=1400")
        d.execute_script("localStorage.clear()")
        d.get(f"{BASE}/?odds=knight&color=white&elo=1400")
        wait_for(d, "the game", lambda: fen(d) != "")
        to_move(d, "w")
        # The men are pictures from the server's sprite.
        pictures = d.find_elements(By.CSS_SELECTOR, "#board use.man")
        assert len(pictures) == 31, len(pictures)
        assert "/assets/men-cburnett.svg#wK" in [p.get_attribute("href") for p in pictures]
        # Each square is named for a screen reader.
        e2 = d.find_element(By.CSS_SELECTOR, '[data-square="e2"]')
        assert e2.get_attribute("aria-label") == "e2, white Pawn", e2.get_attribute("aria-label")
        assert d.find_element(By.CSS_SELECTOR, '[data-square="b1"]').get_attribute("aria-label") == "b1, empty"
        # Count the men's slides (the page animates a move as it lands).
        d.execute_script(
            "window.slides = []; const animate = Element.prototype.animate;"
            "Element.prototype.animate = function (...a) {"
            "  window.slides.push(this.closest('[data-square]').dataset.square);"
            "  return animate.apply(this, a); };")
        # A move typed in SAN.
        before = fen(d)
        typed(d, "e4")
        wait_for(d, "e4 typed", lambda: fen(d) != before)
        slides = d.execute_script("return window.slides")
        assert "e4" in slides, slides
        to_move(d, "w")
        announced = text(d, "announce") or d.find_element(By.ID, "announce").get_attribute("textContent")
        assert announced.startswith("Morphy plays "), announced
        # Morphy's evaluation as a bar: White a Knight down stands worse, less than half.
        fill = d.execute_script("return parseFloat(document.getElementById('eval-fill').style.height)")
        assert 0 < fill < 50, fill
        # A move typed in descriptive notation: Kt-KB3, the King's Knight to f3.
        before = fen(d)
        typed(d, "Kt-KB3")
        wait_for(d, "Kt-KB3 typed", lambda: fen(d) != before)
        assert "Nf3" in text(d, "score"), text(d, "score")
        to_move(d, "w")
        # A typed text that is no move is refused in words; nothing changes.
        before = fen(d)
        typed(d, "Zz9")
        wait_for(d, "the refusal", lambda: "Not played" in text(d, "message"))
        assert fen(d) == before
        # A hint, drawn as an arrow.
        d.find_element(By.ID, "hint").click()
        wait_for(d, "the hint's arrow", lambda: d.find_elements(By.CSS_SELECTOR, "#board g.arrow"))
        assert "Hint:" in text(d, "message"), text(d, "message")
        shot(d, "hint-arrow")
        # Looking back: a click on White's first move shows the position after it.
        live = fen(d)
        d.find_element(By.CSS_SELECTOR, '#score button.ply[data-ply="1"]').click()
        wait_for(d, "the look back", lambda: d.find_element(By.ID, "looking").is_displayed())
        back_at = fen(d)
        assert back_at != live and back_at.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/R1BQKBNR b"), back_at
        assert "after 1. e4" in text(d, "looking-words"), text(d, "looking-words")
        shot(d, "looking-back")
        d.find_element(By.ID, "back-to-game").click()
        wait_for(d, "the game again", lambda: fen(d) == live)
        # The look: glyphs and a green board, remembered after a reload.
        choose(d, "look-men", "glyphs")
        choose(d, "look-board", "green")
        wait_for(d, "glyphs", lambda: d.find_elements(By.CSS_SELECTOR, "#board text.man"))
        d.find_element(By.ID, "sounds").click()
        d.refresh()
        wait_for(d, "the game after the reload", lambda: fen(d) == live)
        assert d.find_elements(By.CSS_SELECTOR, "#board text.man"), "glyphs remembered"
        assert "board-green" in d.find_element(By.TAG_NAME, "body").get_attribute("class")
        assert d.find_element(By.ID, "sounds").is_selected(), "sounds remembered"
        shot(d, "glyphs-green")
        choose(d, "look-men", "pictures")
        choose(d, "look-board", "brown")
        # The system's dark theme.
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        dark = d.execute_script("return getComputedStyle(document.body).backgroundColor")
        assert dark == "rgb(30, 27, 24)", dark
        shot(d, "dark-theme")
        print("board features: all steps passed")
    finally:
        d.quit()


if __name__ == "__main__":
    main()
