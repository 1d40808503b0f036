"""What the browser tests share: a headless Chromium (selenium), the board's FEN as the
page carries it (`data-fen`), waiting for the page, a click on a square, an element's
text, and screenshots (to the folder `screenshots_to` names)."""

import os

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 60
SHOTS = "."


def screenshots_to(folder):
    global SHOTS
    SHOTS = folder


def driver(downloads=None):
    """Headless Chromium at 1280×900, downloads (if any) to `downloads`, no network of
    its own (selenium's manager is not asked: the driver is /usr/bin/chromedriver)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu",
                "--disable-dev-shm-usage", "--disable-background-networking",
                "--window-size=1280,900"):
        options.add_argument(arg)
    if downloads:
        options.add_experimental_option("prefs", {
            "download.default_directory": downloads,
            "download.prompt_for_download": False,
        })
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def fen(d):
    return d.find_element(By.ID, "board").get_attribute("data-fen") or ""


def shot(d, name):
    os.makedirs(SHOTS, exist_ok=True)
    d.save_screenshot(os.path.join(SHOTS, f"{name}.png"))


def wait_for(d, what, test, failure="failure"):
    try:
        return WebDriverWait(d, WAIT).until(lambda _: test())
    except Exception:
        shot(d, failure)
        raise AssertionError(
            f"timed out waiting for {what}; data-fen '{fen(d)}'; at {d.current_url}")


def to_move(d, side):
    wait_for(d, f"{side} to move", lambda: fen(d).split(" ")[1:2] == [side])


def click(d, square):
    d.find_element(By.CSS_SELECTOR, f'[data-square="{square}"]').click()


def text(d, element_id):
    return d.find_element(By.ID, element_id).text
