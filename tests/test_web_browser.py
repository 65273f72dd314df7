"""``crdex serve`` in a real browser: headless Chromium driven by selenium.

The real server (``crdex serve``, uvicorn) runs in a subprocess on a free
loopback port over WEB_EDITIONS (conftest). A reader's walk: the home
page, a search for "scry zero", the hit, a rule reference in it, the
history timeline of Scry, the diff of the Magic 2010 renumbering filtered
to moved rules; the keyboard reaches the search box and shows where the
focus is; the console stays free of errors. Screenshots of the rule page
at phone and desktop widths are saved in ``tests/artifacts/browser/``
(ignored by git).

Selenium is given Debian's chromedriver and chromium by path, so nothing is
downloaded. Expectations read in the documents: Scry is 502.36
(cr-2005-02-01.txt 1623), 501.8 (cr-2007-05-01.txt 1565, cr-2009-05-01.txt
1686), 701.16 (cr-2009-07-11.txt 2213), 701.18 (cr-2020-07-03.txt 2983),
701.22 (cr-2026-08-07.txt 3457); 701.22b "If a player is instructed to scry
0, no scry event occurs" (3461); 701.22c "(see rule 101.4)" (3463).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import REPO
from crdex.web import launch

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
ARTIFACTS = REPO / "tests" / "artifacts" / "browser"
SCRY = ["502.36", "501.8", "701.16", "701.18", "701.22"]
WIDTHS = {"phone": (390, 844), "desktop": (1280, 900)}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
        reason="chromium and chromium-driver are not installed",
    ),
]


@pytest.fixture(scope="module")
def server(web_home: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    running = launch.start(web_home, tmp_path_factory.mktemp("serve") / "serve.log")
    yield running.url
    running.stop()


def chromium_driver(profile: Path):
    """Headless Chromium through Debian's chromedriver, given by path: nothing is downloaded."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # selenium never looks for drivers online
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        f"--user-data-dir={profile}",
        "--window-size=1280,900",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    driver.set_page_load_timeout(120)
    return driver


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory):
    driver = chromium_driver(tmp_path_factory.mktemp("chromium-profile"))
    yield driver
    driver.quit()


def console_errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def follow(driver, act) -> str:
    """Do ``act`` (a click, an Enter) and wait for the page it opens.

    A click that submits a form or follows a link returns before the
    browser has loaded the next page; the old page's root going stale and
    the new one's ready state say that it has.
    """
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.ui import WebDriverWait

    page = driver.find_element(By.TAG_NAME, "html")
    act()
    wait = WebDriverWait(driver, 60)
    wait.until(expected_conditions.staleness_of(page))
    wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
    return driver.current_url


def screenshot(driver, name: str) -> Path:
    """Save the page as ``ARTIFACTS/name.png``, once sure it does not scroll sideways."""
    inner = driver.execute_script("return window.innerWidth")
    scroll = driver.execute_script("return document.documentElement.scrollWidth")
    assert scroll <= inner, f"{name}: the page scrolls sideways ({scroll} > {inner} pixels)"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{name}.png"
    assert driver.save_screenshot(str(shot))
    assert png_size(shot)[0] in range(inner - 20, inner + 20)
    return shot


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.corpus
def test_a_reader_walks_through_the_rules(server: str, browser) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    driver.get(f"{server}/")
    assert "crdex" in driver.title
    box = driver.find_element(By.ID, "home-q")
    assert "/search" in follow(driver, lambda: box.send_keys("scry zero", Keys.ENTER))

    hit = driver.find_elements(By.CSS_SELECTOR, "a.hit")[0]
    assert hit.text == "701.22b"
    assert follow(driver, hit.click) == f"{server}/e/2026-08-07/701.22#701.22b"
    target = driver.find_element(By.ID, "701.22b")
    assert "instructed to scry 0" in target.text
    assert "Scry" in driver.find_element(By.TAG_NAME, "h1").text

    reference = driver.find_element(By.CSS_SELECTOR, 'a.ref[href="/e/2026-08-07/101.4"]')
    assert follow(driver, reference.click) == f"{server}/e/2026-08-07/101.4"
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith("101.4")

    follow(driver, driver.back)
    driver.find_element(By.CSS_SELECTOR, 'a[href="#history"]').click()
    assert driver.current_url.endswith("#history")
    numbers = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#history .version .number")]
    assert numbers == SCRY

    for name, (width, height) in WIDTHS.items():
        driver.set_window_size(width, height)
        driver.get(f"{server}/e/2026-08-07/701.22")
        screenshot(driver, f"rule-701.22-{name}")
    driver.set_window_size(*WIDTHS["desktop"])

    driver.get(f"{server}/e/2009-07-11")
    diff = driver.find_element(By.CSS_SELECTOR, 'a[href="/diff/2009-05-01/2009-07-11"]')
    assert follow(driver, diff.click) == f"{server}/diff/2009-05-01/2009-07-11"
    driver.find_element(By.CSS_SELECTOR, 'input[name="only"][value="moved"]').click()
    compare = driver.find_element(By.ID, "compare")
    assert follow(driver, compare.click).endswith("/diff/2009-05-01/2009-07-11?only=moved")
    kinds = {
        e.get_attribute("data-kind") for e in driver.find_elements(By.CSS_SELECTOR, "li.change")
    }
    assert kinds == {"moved"}
    assert driver.find_elements(By.CSS_SELECTOR, 'a[href="/e/2009-07-11/701.16"]')

    errors = console_errors(driver)
    assert errors == []


@pytest.mark.corpus
def test_the_keyboard_reaches_everything(server: str, browser) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver = browser
    driver.get(f"{server}/e/2026-08-07/701.22")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.switch_to.active_element
    assert focused.get_attribute("class") == "skip"  # the first stop skips to the rule
    assert focused.value_of_css_property("outline-style") != "none"
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.switch_to.active_element
    assert focused.text == "crdex"  # then the site's links, each with a visible focus
    assert focused.value_of_css_property("outline-style") != "none"
    driver.execute_script("document.activeElement.blur()")
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert driver.execute_script("return document.activeElement.id") == "site-q"
    assert console_errors(driver) == []


def test_markup_in_a_document_stays_text(crafted_home: Path, browser, tmp_path: Path) -> None:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    running = launch.start(crafted_home, tmp_path / "serve.log")
    try:
        driver = browser
        driver.get(f"{running.url}/e/2030-01-01/101")
        assert driver.title != "pwned"
        with pytest.raises(NoAlertPresentException):
            driver.switch_to.alert.text  # noqa: B018
        text = driver.find_element(By.ID, "101.1").text
        assert '<script>alert("crafted")</script>' in text
        assert "<h1>not a heading</h1>" in driver.find_element(By.ID, "101.2").text
        assert len(driver.find_elements(By.TAG_NAME, "h1")) == 1
        assert console_errors(driver) == []
    finally:
        running.stop()
