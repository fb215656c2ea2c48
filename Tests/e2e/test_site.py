"""End-to-end tests of the spine: the bundled site built, validated, and used in a browser."""
from __future__ import annotations

import json
import struct
import pathlib
import shutil

import jsonschema
import jsonschema_rs  # the Rust validator: 0.4 s for every snapshot where the Python one took 24 s
import pytest
from selenium.webdriver.common.by import By

from conftest import (copy_previous_output, copy_small_content, run_in_copy, AS_OF, ROOT, NuCheckerFailed, axe_violations,
                      check_screenshot, emulate_dark, nu_errors_of, nu_errors_under, nu_url, run_nu, run_sitegen,
                      screenshot, set_viewport, tree_digest, validate_html)
from linkcheck import check_site


def test_every_page_passes_the_nu_html_checker(site, nu_errors):
    assert len(list(site.rglob("*.html"))) > 1600
    assert nu_errors == [], "\n".join(nu_errors[:50])


BROKEN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Broken</title></head>
<body><p>An unclosed <b>paragraph<div>a block inside a paragraph's phrase</div></body></html>
"""


def test_the_html_checker_reports_a_broken_page_and_refuses_to_check_nothing(tmp_path, monkeypatch):
    page = tmp_path / "broken" / "index.html"
    page.parent.mkdir()
    page.write_text(BROKEN_PAGE)
    (tmp_path / "good.html").write_text(BROKEN_PAGE.replace("<b>paragraph<div>", "<b>paragraph</b></p><div>"))
    errors = validate_html([tmp_path])
    assert errors and all(e.startswith(nu_url(page) + ":3:") for e in errors), errors   # none in good.html
    assert any("div" in e for e in errors), errors
    assert nu_errors_under(errors, tmp_path, "broken") == errors and nu_errors_under(errors, tmp_path, "other") == []
    # Nothing to check, a path that is not there (which vnu itself passes in silence), or a
    # checker that cannot run: never "no errors".
    with pytest.raises(NuCheckerFailed):
        validate_html([tmp_path / "no-such-folder"])
    with pytest.raises(NuCheckerFailed):
        validate_html([])
    (tmp_path / "empty").mkdir()
    with pytest.raises(NuCheckerFailed):
        validate_html([tmp_path / "empty"])
    with pytest.raises(NuCheckerFailed, match="could not check"):
        nu_errors_of(run_nu(["http://127.0.0.1:9/x.html"]))   # a non-document error (vnu refuses loopback)
    import conftest
    monkeypatch.setattr(conftest, "vnu_jar", lambda: tmp_path / "no-such-vnu.jar")
    with pytest.raises(NuCheckerFailed, match="no report"):
        validate_html([page])


def test_every_internal_link_and_anchor_resolves(site):
    problems = check_site(site)
    assert problems == [], "\n".join(problems[:50])


def test_home_404_sitemap_robots(site):
    assert (site / "index.html").is_file()
    assert "Page not found" in (site / "404.html").read_text()
    sitemap = (site / "sitemap.xml").read_text()
    assert "<loc>https://example.org/about/</loc>" in sitemap
    assert "404" not in sitemap
    assert "Sitemap: https://example.org/sitemap.xml" in (site / "robots.txt").read_text()
    assert (site / "assets" / "site.css").is_file()
    # The favicon every browser asks for, from the app icons' SVG (scripts/make-icons), and linked.
    icon = (site / "favicon.ico").read_bytes()
    assert icon[:4] == b"\x00\x00\x01\x00" and icon == (site / "assets" / "icons" / "favicon.ico").read_bytes()
    assert [w for w, h in struct.iter_unpack("<BB", b"".join(icon[6 + 16 * i:8 + 16 * i] for i in range(3)))] == [16, 32, 48]
    home = (site / "index.html").read_text()
    assert '<link rel="icon" href="/assets/icons/favicon.ico" sizes="16x16 32x32 48x48">' in home
    assert '<link rel="icon" href="/assets/icons/icon.svg" type="image/svg+xml">' in home


def test_every_snapshot_matches_manifest_and_schema(site):
    api = site / "api" / "v1"
    manifest = json.loads((api / "manifest.json").read_text())
    manifest_schema = json.loads((api / "schemas" / "manifest.schema.json").read_text())
    jsonschema.validate(manifest, manifest_schema, cls=jsonschema.Draft202012Validator)
    assert manifest["asOf"] == AS_OF
    assert not jsonschema_rs.Draft202012Validator(manifest_schema).is_valid({**manifest, "asOf": 5})
    import hashlib
    listed = set()
    for entry in manifest["files"]:
        data = (api / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
        assert len(data) == entry["bytes"], entry["path"]
        schema = json.loads((api / entry["schema"]).read_text())
        jsonschema.Draft202012Validator.check_schema(schema)
        jsonschema_rs.Draft202012Validator(schema).validate(json.loads(data))
        listed.add(entry["path"])
    for entry in manifest["schemas"]:
        data = (api / entry["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], entry["path"]
    for bundle in manifest["bundles"]:
        data = (api / bundle["path"]).read_bytes()
        assert (hashlib.sha256(data).hexdigest(), len(data)) == (bundle["sha256"], bundle["bytes"]), bundle["path"]
    assert {b["path"] for b in manifest["bundles"]} == {str(p.relative_to(api)) for p in api.rglob("*.sqlite")}
    on_disk = {str(p.relative_to(api)) for p in api.rglob("*.json")
               if not str(p.relative_to(api)).startswith("schemas/") and p.name != "manifest.json"}
    assert on_disk == listed, "every JSON data file is listed in the manifest"
    pages = json.loads((api / "pages.json").read_bytes())
    assert {p["path"] for p in pages["pages"]} >= {"", "about/", "contact/", "404.html"}


def test_same_input_builds_byte_identical_output_with_any_jobs(tmp_path, small_content):
    """One page at a time (--jobs 1) and the default both give the same bytes: every kind, on the
    few-books copy (the full site's determinism is proved by the kill tests' rebuilds)."""
    one, many = tmp_path / "one-job", tmp_path / "default-jobs"
    for out, jobs in ((one, ["--jobs", "1"]), (many, [])):
        result = run_in_copy(small_content, "build", "--as-of", AS_OF, "--output", str(out), "--quiet", *jobs)
        assert result.returncode == 0, result.stderr
    assert tree_digest(one) == tree_digest(many)
    assert len(tree_digest(one)) > 1000
    refused = run_sitegen("build", "--as-of", AS_OF, "--output", str(tmp_path / "zero"), "--jobs", "0")
    assert refused.returncode != 0 and "--jobs must be at least 1" in refused.stderr
    assert not (tmp_path / "zero").exists()


def test_source_date_epoch_sets_the_as_of_date(tmp_path, small_content):
    out = tmp_path / "out"
    # 2027-03-01T12:00:00Z
    result = run_sitegen("build", "--content", str(small_content), "--output", str(out), "--quiet", env={"SOURCE_DATE_EPOCH": "1803902400"})
    assert result.returncode == 0, result.stderr
    assert json.loads((out / "api/v1/manifest.json").read_text())["asOf"] == "2027-03-01"


def test_broken_front_matter_fails_and_leaves_output_untouched(tmp_path, site):
    content = tmp_path / "Content"
    copy_small_content(content)
    (content / "pages" / "about.md").write_text("---\ntitle: [unclosed\n---\nBody\n")
    (content / "pages" / "extra.md").write_text("---\ntitel: misspelt key\n---\nBody\n")
    out = tmp_path / "Output"
    copy_previous_output(site, out)
    before = tree_digest(out)
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out))
    assert result.returncode != 0
    assert "pages/about.md:2:" in result.stderr and "error:" in result.stderr
    assert "pages/extra.md:2:1: error: unknown key 'titel'" in result.stderr, "all problems reported together"
    assert tree_digest(out) == before


def test_check_writes_nothing(tmp_path, site):
    """`sitegen check` validates the sources and leaves Output/ (and the folder around it) alone."""
    work = tmp_path / "work"
    copy_small_content(work / "Content")
    shutil.copytree(ROOT / "Templates", work / "Templates")
    # An older build in Output/: what `check` must not touch, though the sources changed since.
    copy_previous_output(site, work / "Output")
    (work / "Content" / "pages" / "about.md").write_text("---\ntitle: About us\n---\nChanged since the last build.\n")
    before = tree_digest(work / "Output")
    result = run_sitegen("check", "--as-of", AS_OF, cwd=work)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Checked: ") and "nothing written" in result.stdout
    assert tree_digest(work / "Output") == before
    assert sorted(p.name for p in work.iterdir()) == ["Content", "Output", "Templates"]
    # With no Output/ at all, none is made.
    shutil.rmtree(work / "Output")
    assert run_sitegen("check", "--as-of", AS_OF, cwd=work).returncode == 0
    assert sorted(p.name for p in work.iterdir()) == ["Content", "Templates"]


def test_refuses_to_replace_a_folder_it_did_not_create(tmp_path):
    out = tmp_path / "precious"
    out.mkdir()
    (out / "thesis.txt").write_text("do not delete")
    result = run_sitegen("build", "--as-of", AS_OF, "--output", str(out))
    assert result.returncode != 0
    assert "refusing to replace" in result.stderr
    assert (out / "thesis.txt").read_text() == "do not delete"


def _theme(driver) -> str:
    return driver.execute_script(
        "return getComputedStyle(document.documentElement).getPropertyValue('color-scheme').trim()")


def test_theme_toggle_persists_across_pages_and_reload(driver, base_url):
    driver.get(base_url + "about/")
    assert _theme(driver) == "light"
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]")
    assert toggle.is_displayed()
    toggle.click()
    assert _theme(driver) == "dark"
    assert toggle.get_attribute("aria-pressed") == "true"
    driver.get(base_url + "contact/")
    assert _theme(driver) == "dark"
    driver.refresh()
    assert _theme(driver) == "dark"
    driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").click()
    driver.get(base_url)
    assert _theme(driver) == "light"


def test_system_dark_preference_gives_dark_theme(driver, base_url):
    emulate_dark(driver, True)
    driver.get(base_url + "about/")
    assert _theme(driver) == "dark"
    background = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(18, 20, 23)"


def test_dark_theme_without_javascript(driver, base_url):
    """JavaScript off: the system's dark setting still gives the dark theme, and the toggle (which
    needs JavaScript) is not offered."""
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    emulate_dark(driver, True)
    driver.get(base_url + "about/")
    assert _theme(driver) == "dark"
    assert driver.execute_script("return getComputedStyle(document.body).backgroundColor") == "rgb(18, 20, 23)"
    assert not driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").is_displayed()
    emulate_dark(driver, False)
    driver.get(base_url + "about/")
    assert _theme(driver) == "light"


# Runs before any of the page's own scripts: records the theme at the moment <body> appears,
# before the browser can paint anything of the page.
FIRST_PAINT_PROBE = """
new MutationObserver(function (changes, observer) {
  if (!document.body) return;
  observer.disconnect();
  var style = getComputedStyle(document.documentElement);
  window.__themeAtBody = [document.documentElement.dataset.theme || "", style.getPropertyValue("color-scheme").trim(),
                          style.backgroundColor];
}).observe(document, {childList: true, subtree: true});
"""


@pytest.mark.parametrize("saved, system", [("dark", False), ("light", True)])
def test_saved_theme_applies_before_the_first_paint(driver, base_url, saved, system):
    """A saved choice against the system setting: the page is in the saved theme already when
    <body> starts, so the wrong theme never flashes."""
    emulate_dark(driver, system)
    driver.get(base_url + "contact/")
    driver.execute_script("localStorage.setItem('sitegen-theme', arguments[0])", saved)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FIRST_PAINT_PROBE})
    driver.get(base_url + "about/")
    at_body = driver.execute_script("return window.__themeAtBody")
    assert at_body is not None, "the probe did not run"
    assert at_body[:2] == [saved, saved], at_body
    assert _theme(driver) == saved


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_axe_finds_no_serious_violations(driver, base_url, dark):
    emulate_dark(driver, dark)
    for path in ("", "about/", "contact/", "404.html"):
        driver.get(base_url + path)
        assert axe_violations(driver, colours_only=dark) == [], path   # light: every rule; dark: the colour rules


def test_screenshots_phone_and_desktop(driver, base_url):
    for dark in (False, True):
        emulate_dark(driver, dark)
        for (w, h) in ((390, 844), (1280, 800)):
            set_viewport(driver, w, h)
            driver.get(base_url + "about/")
            path = screenshot(driver, f"about-{w}x{h}-{'dark' if dark else 'light'}")
            check_screenshot(driver, path, w, h, dark=dark)
    # Nothing overflows sideways on a 320 px phone.
    set_viewport(driver, 320, 640)
    driver.get(base_url + "about/")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 320


HEADER_PAGES = ("", "schedule/", "localities/aberdeen/", "search/", "hymns/", "bible/", "my/")


def test_header_fits_its_parts_and_keeps_its_height(driver, base_url):
    """At 1280 px the theme button is its own size on every page (on /search/, where the header's
    search box is hidden, it took the box's column), the box shows its whole placeholder and the
    menu is one row; at 390 px the header is as high on every page (the current page's menu item
    is not bold, which wrapped the last item on some pages)."""
    measure = """const h = document.querySelector('.site-header'), b = document.querySelector('[data-theme-toggle]'),
        i = document.getElementById('site-search-q'), c = document.createElement('canvas').getContext('2d');
        const s = getComputedStyle(i); c.font = s.font;
        const items = [...document.querySelectorAll('.site-nav li')].map(li => li.getBoundingClientRect().top);
        return {header: h.getBoundingClientRect().height, button: b.getBoundingClientRect().width,
                input: i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
                placeholder: c.measureText(i.placeholder).width, shown: i.offsetParent !== null,
                menuRows: new Set(items.map(Math.round)).size};"""
    set_viewport(driver, 1280, 800)
    for path in HEADER_PAGES:
        driver.get(base_url + path)
        m = driver.execute_script(measure)
        assert m["button"] < 160 and m["menuRows"] == 1, (path, m)
        if m["shown"]:
            assert m["input"] >= m["placeholder"], (path, m)
    set_viewport(driver, 390, 844)
    heights = {}
    for path in HEADER_PAGES:
        driver.get(base_url + path)
        heights[path] = driver.execute_script(measure)["header"]
    assert len({round(h) for p, h in heights.items() if p != "search/"}) == 1, heights


def test_skip_link_is_first_and_keyboard_reachable(driver, base_url):
    from selenium.webdriver.common.keys import Keys
    driver.get(base_url + "about/")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
    active = driver.switch_to.active_element
    assert active.get_attribute("class") == "skip-link"
    assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en"
