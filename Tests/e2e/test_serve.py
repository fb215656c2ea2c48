"""`sitegen serve`: live reload in a real browser, errors shown while the last good build stays,
path safety, content types and a burst of concurrent requests.

Servers run on free loopback ports, on temporary copies of Content/ and Templates/ (so edits never
touch the repository). A test that edits the sources starts its own (`served`); the tests that
only make requests share one for the session (`shared_served`, in conftest.py): each start is a
full build.
"""
from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import pathlib
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import copy_small_content, AS_OF, ROOT, record_benchmark, screenshot, sitegen_binary

HYMN = "hymns/012.md"
HYMN_URL = "hymns/12/"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Served:
    """A running `sitegen serve` on a private copy of the site's sources."""

    def __init__(self, root: pathlib.Path):
        self.content = root / "Content"
        self.templates = root / "Templates"
        self.output = root / "Output"
        copy_small_content(self.content)
        shutil.copytree(ROOT / "Templates", self.templates)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log_path = root / "serve.log"
        self._log = open(self.log_path, "wb")
        env = dict(os.environ)
        env.pop("SOURCE_DATE_EPOCH", None)
        self.process = subprocess.Popen(
            [str(sitegen_binary()), "serve", "--content", str(self.content), "--templates", str(self.templates),
             "--output", str(self.output), "--as-of", AS_OF, "--port", str(self.port)],
            stdout=self._log, stderr=subprocess.STDOUT, env=env)
        self.wait_until_up()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def wait_until_up(self, seconds: float = 300) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"serve exited early:\n{self.log()}"
            try:
                with urllib.request.urlopen(self.url + "_sitegen/status", timeout=2) as r:
                    if json.load(r)["version"] >= 1:   # listening, and the first build is done
                        return
                    time.sleep(0.2)
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.2)
        raise AssertionError(f"serve did not start within {seconds} s:\n{self.log()}")

    def status(self) -> dict:
        with urllib.request.urlopen(self.url + "_sitegen/status", timeout=5) as r:
            return json.load(r)

    def wait_for_version(self, after: int, seconds: float = 180) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            status = self.status()
            if status["version"] > after:
                return status
            time.sleep(0.1)
        raise AssertionError(f"no rebuild within {seconds} s:\n{self.log()}")

    def get(self, path: str) -> tuple[int, dict, bytes]:
        """A raw request: the path goes on the wire exactly as given (no client-side normalising)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.putrequest("GET", path, skip_accept_encoding=True)
            conn.endheaders()
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        self._log.close()


@pytest.fixture
def served(tmp_path):
    """A server of one's own, for a test that edits the sources."""
    server = Served(tmp_path)
    yield server
    server.stop()


def edit(path: pathlib.Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


def mark_page(driver) -> None:
    """A flag that survives only until the page reloads."""
    driver.execute_script("window.__sitegenTestMark = true;")


def page_reloaded(driver) -> bool:
    return driver.execute_script("return window.__sitegenTestMark !== true && document.readyState === 'complete';")


@pytest.mark.service_worker
def test_page_reloads_by_itself_after_an_edit(served, driver):
    driver.get(served.url + HYMN_URL)
    assert "Kokoontuneet, O Jumala" in driver.page_source
    mark_page(driver)
    version = served.status()["version"]

    edit(served.content / HYMN, "Kokoontuneet, O Jumala", "Live reload reached the page 4711")
    WebDriverWait(driver, 180, poll_frequency=0.2).until(
        lambda d: page_reloaded(d) and "Live reload reached the page 4711" in d.page_source)
    assert served.status()["version"] > version
    assert "Kokoontuneet, O Jumala" not in driver.page_source
    # The reload script lives only in what serve sends, never in the files it wrote.
    written = (served.output / HYMN_URL / "index.html").read_text()
    assert "Live reload reached the page 4711" in written
    assert "_sitegen" not in written
    # A preview registers no offline worker, which would answer from its cache (docs/serve.md);
    # a page of a published build registers its worker at the load event, well within a second.
    time.sleep(1)
    assert driver.execute_async_script("var done = arguments[arguments.length - 1];"
                                       "navigator.serviceWorker.getRegistrations().then(r => done(r.length));") == 0
    screenshot(driver, "serve-reloaded")


def test_bad_edit_shows_error_keeps_last_good_build_and_recovers(served, driver):
    driver.get(served.url + HYMN_URL)
    mark_page(driver)
    before = served.status()["version"]

    # A misspelt front-matter key: a content error with a path:line:column.
    edit(served.content / HYMN, "number: 12", "numbr: 12")
    status = served.wait_for_version(before)
    assert status["errors"], status
    assert any("012.md:2:1: error:" in line for line in status["errors"]), status["errors"]

    overlay = WebDriverWait(driver, 30, poll_frequency=0.2).until(
        lambda d: d.find_elements("id", "sitegen-error-overlay"))
    assert "012.md:2:1: error:" in overlay[0].text
    screenshot(driver, "serve-error-overlay")
    assert driver.execute_script("return window.__sitegenTestMark === true;"), "a failed build must not reload the page"

    # The last good build is still served, with the errors over it for anyone who opens it now.
    code, headers, body = served.get("/" + HYMN_URL)
    assert code == 200
    assert "Kokoontuneet, O Jumala".encode() in body
    assert b"sitegen-error-overlay" in body and b"012.md:2:1: error:" in body
    assert "012.md:2:1: error:" in served.log()

    # Fixing it recovers without a restart: the page reloads, the overlay is gone.
    edit(served.content / HYMN, "numbr: 12", "number: 12")
    edit(served.content / HYMN, "Kokoontuneet, O Jumala", "Fixed and rebuilt 4712")
    WebDriverWait(driver, 180, poll_frequency=0.2).until(
        lambda d: page_reloaded(d) and "Fixed and rebuilt 4712" in d.page_source)
    assert not driver.find_elements("id", "sitegen-error-overlay")
    assert served.status()["errors"] == []


TRAVERSALS = [
    "/../", "/..", "/../../../../etc/passwd", "/%2e%2e/", "/%2e%2e%2f", "/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "/hymns/..%2f..%2f..%2fetc/passwd", "/..%5c..%5cetc%5cpasswd", "/hymns/%2e%2e/%2e%2e/etc/passwd",
    "/%252e%252e/etc/passwd", "/.sitegen-output", "/hymns/12/../../../etc/passwd",
]


def test_paths_outside_the_output_folder_are_refused(shared_served):
    # One server for all spellings (each server start is a full build).
    answers = {path: shared_served.get(path) for path in TRAVERSALS}
    wrong = {path: code for path, (code, _, _) in answers.items() if code not in (400, 404)}
    assert not wrong, wrong
    assert not [path for path, (_, _, body) in answers.items() if b"root:x:" in body]   # /etc/passwd's first line
    assert shared_served.get("/" + HYMN_URL)[0] == 200   # and the site itself is still there


def test_it_says_building_then_prints_its_address_when_it_serves(shared_served):
    """The address is printed once there is a site to see, after "Building the site…"."""
    log = shared_served.log()
    building, serving = log.find("Building the site…"), log.find(f"Serving {shared_served.output} at {shared_served.url}")
    built = log.find("Built ")
    assert 0 <= building < built < serving, log[:2000]
    # In serve, the pages' calendar links name the served address (there is no placeholder).
    code, _, body = shared_served.get("/localities/aberdeen/")
    assert code == 200 and f'href="webcal://127.0.0.1:{shared_served.port}/localities/aberdeen.ics"'.encode() in body


def test_symlink_out_of_the_output_folder_is_not_served(shared_served, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("do not serve me")
    links = [shared_served.output / "leak.txt", shared_served.output / "up"]
    links[0].symlink_to(secret)
    links[1].symlink_to(tmp_path)
    try:
        for path in ("/leak.txt", "/up/secret.txt"):
            code, _, body = shared_served.get(path)
            assert code == 404, path
            assert b"do not serve me" not in body
    finally:   # the server is shared: leave its output as it was
        for link in links:
            link.unlink()


def test_content_types_folders_and_the_404_page(shared_served):
    expected = {
        "/": "text/html; charset=utf-8",
        "/" + HYMN_URL: "text/html; charset=utf-8",
        "/assets/site.css": "text/css; charset=utf-8",
        "/assets/site.js": "text/javascript; charset=utf-8",
        "/api/v1/manifest.json": "application/json",
        "/sitemap.xml": "application/xml; charset=utf-8",
        "/_sitegen/reload.js": "text/javascript; charset=utf-8",
    }
    ics = sorted(shared_served.output.rglob("*.ics"))
    assert ics, "the site has calendar feeds"
    expected["/" + ics[0].relative_to(shared_served.output).as_posix()] = "text/calendar; charset=utf-8"
    for path, content_type in expected.items():
        code, headers, _ = shared_served.get(path)
        assert (code, headers["content-type"]) == (200, content_type), path

    # Files are served byte for byte, except HTML, which only gains the reload script.
    _, _, css = shared_served.get("/assets/site.css")
    assert css == (shared_served.output / "assets/site.css").read_bytes()

    code, headers, _ = shared_served.get("/hymns/12")
    assert code == 301 and headers["location"] == "/hymns/12/"

    code, headers, body = shared_served.get("/no/such/page/")
    own_404 = (shared_served.output / "404.html").read_bytes()
    assert code == 404 and headers["content-type"].startswith("text/html")
    assert own_404.split(b"</body>")[0] in body


def test_burst_of_concurrent_requests_all_succeed(shared_served):
    paths = ["/", "/" + HYMN_URL, "/assets/site.css", "/api/v1/manifest.json", "/no/such/page/"]
    expected = {p: 404 if p == "/no/such/page/" else 200 for p in paths}

    def fetch(i: int) -> tuple[str, int]:
        path = paths[i % len(paths)]
        return path, shared_served.get(path)[0]

    with concurrent.futures.ThreadPoolExecutor(max_workers=32) as pool:
        results = list(pool.map(fetch, range(500)))
    wrong = [(p, c) for p, c in results if c != expected[p]]
    assert not wrong, wrong[:10]

    wrk = shutil.which("wrk")
    if wrk is None:
        pytest.fail("wrk is not installed: run scripts/install-deps test")
    run = subprocess.run([wrk, "-t2", "-c32", "-d3s", "--timeout", "5s", shared_served.url + HYMN_URL],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "Non-2xx or 3xx responses" not in run.stdout, run.stdout
    assert "Socket errors" not in run.stdout, run.stdout
    requests = int(run.stdout.split(" requests in ")[0].split()[-1])
    assert requests > 0, run.stdout
    record_benchmark("serve: wrk, 32 connections, 3 s, requests a second", requests / 3, "req/s")
    assert shared_served.process.poll() is None, "the server survived the burst"


def test_keep_alive_responses_do_not_stall(shared_served):
    """100 small responses on one connection, all answered in full; the time they take is reported
    (each waits for a delayed ACK, ~40 ms, if a header and body are written separately with
    Nagle's algorithm on)."""
    css = (shared_served.output / "assets/site.css").read_bytes()
    conn = http.client.HTTPConnection("127.0.0.1", shared_served.port, timeout=10)
    start = time.monotonic()
    try:
        for _ in range(100):
            conn.request("GET", "/assets/site.css")
            response = conn.getresponse()
            assert (response.status, response.read()) == (200, css)
    finally:
        conn.close()
    elapsed = time.monotonic() - start
    # A benchmark figure, not pass/fail (a loaded machine is slow too): a 40 ms stall each would be 4 s.
    record_benchmark("serve: 100 keep-alive requests on one connection", elapsed, "s")
