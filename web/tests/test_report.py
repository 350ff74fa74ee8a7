"""`ewn analyse --html`: the report of a whole match log in headless Chromium. It must show
without a console error and without fetching anything (it is viewed offline), with one chart
and one row per turn for each game and the totals over the games.

Chromium and its driver are Debian's (/usr/bin/chromium, /usr/bin/chromedriver, or CHROMIUM and
CHROMEDRIVER); the driver is named explicitly, so Selenium never tries to download one."""
import json
import os
import subprocess
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

EWN = os.environ["EWN"]
TABLES = os.environ["EWN_WEB_TABLES"]


def ewn(*args):
    return subprocess.run([EWN, *args], capture_output=True, text=True, timeout=120, check=True)


def open_browser(profile):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for arg in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1200,900"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def test_report_of_a_match_log(tmp_path):
    log = tmp_path / "match.log"
    ewn("match", "--a", "greedy", "--b", "random", "--games", "3", "--seed", "5", "--log",
        str(log), "--quiet")
    report = tmp_path / "report.html"
    out = ewn("analyse", str(log), "--all", "--json", "--tables", TABLES, "--nodes", "1000",
              "--html", str(report)).stdout
    documents = [json.loads(line) for line in out.splitlines()]
    games = [d for d in documents if "summary" not in d]
    assert len(games) == 3
    html = report.read_text(encoding="utf-8")
    # Self-contained: nothing to fetch (no src or href of a file, no script).
    assert "src=" not in html and "href=" not in html and "<script" not in html
    with tempfile.TemporaryDirectory() as profile:
        browser = open_browser(profile)
        try:
            browser.get(report.as_uri())
            assert browser.title.startswith("EinStein")
            charts = browser.find_elements(By.CSS_SELECTOR, "svg.chart")
            assert len(charts) == 3
            for game in games:
                section = browser.find_element(By.ID, f"game-{game['game']}")
                rows = section.find_elements(By.CSS_SELECTOR, "table:first-of-type tr")
                assert len(rows) == 1 + len(game["turns"])
                marked = [t for t in game["turns"] if t["mark"]]
                # A marked turn's dot says its turn in a title; the legend's dots have none.
                dots = section.find_elements(By.CSS_SELECTOR, "circle > title")
                assert len(dots) == len(marked)
            summary = browser.find_element(By.ID, "summary").text
            assert "greedy" in summary and "random" in summary
            resources = browser.execute_script(
                "return performance.getEntriesByType('resource').length")
            assert resources == 0
            errors = [e["message"] for e in browser.get_log("browser") if e["level"] == "SEVERE"]
            assert errors == []
        finally:
            browser.quit()
