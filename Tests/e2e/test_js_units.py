"""Unit tests of the browser scripts (Tests/js/*.test.js) in the headless Chromium the e2e
tests use, without building the site: Tests/js/run.html loads Templates/assets/ as shipped plus
the test files, and every failed assertion fails this run (with its message). Seconds, not minutes:
`python3 -m pytest -q Tests/e2e/test_js_units.py` (also part of `make test` and `make js-test`)."""
from __future__ import annotations

import json
import pathlib
import re

from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, serve_folder

JS = ROOT / "Tests" / "js"


def listed_scripts() -> list[str]:
    return re.findall(r'<script src="([^"]+)"></script>', (JS / "run.html").read_text())


def test_every_test_file_is_in_the_runner():
    listed = {pathlib.Path(s).name for s in listed_scripts() if s.endswith(".test.js")}
    present = {p.name for p in JS.glob("*.test.js")}
    assert present == listed, f"Tests/js/run.html must list every test file: missing {present - listed}"


def test_script_units_pass_in_chromium(driver):
    url, server = serve_folder(ROOT)
    try:
        driver.get(url + "Tests/js/run.html")
        WebDriverWait(driver, 60, poll_frequency=0.05).until(
            lambda d: d.execute_script("return window.jsResults !== undefined"), "the unit tests did not finish")
        results = driver.execute_script("return window.jsResults")
        errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE" and e.get("source") != "network"] if hasattr(driver, "get_log") else []
    finally:
        server.shutdown()
    failed = [f"{r['name']}: {r['message']}" for r in results if not r["ok"]]
    assert not errors, f"script errors while loading the tests: {errors}"
    assert len(results) >= 10, f"only {len(results)} tests ran"
    assert not failed, "\n".join(failed)


def test_kept_reader_data_fuzz_inputs_hold_every_rule(driver):
    """Replays what `make fuzz` kept for reader-data (scripts/fuzz-reader-data): every rule of
    Tests/js/fuzz.js holds and each input is checked within its time budget."""
    corpus = ROOT / "Tests" / "FuzzRegressionTests" / "Corpus" / "reader-data"
    texts = [p.read_text(encoding="utf-8", errors="surrogatepass") for p in sorted(corpus.glob("*.json"))]
    assert texts, "the kept inputs are missing"
    url, server = serve_folder(ROOT)
    try:
        driver.get(url + "Tests/js/fuzz.html")
        results = driver.execute_script("return fuzzReaderData(JSON.parse(arguments[0]))", json.dumps(texts))
    finally:
        server.shutdown()
    wrong = [f"{p.name}: {r['problem'] or str(round(r['ms'])) + ' ms'}"
             for p, r in zip(sorted(corpus.glob("*.json")), results) if r["problem"] or r["ms"] > 1000]
    assert not wrong, wrong
