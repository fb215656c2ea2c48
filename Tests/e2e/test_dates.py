"""End-to-end tests of the site's dates (docs/languages.md, "Dates"): CLDR's forms through
Foundation's ICU with an explicit locale, calendar and time zone, so the machine's own locale and
time zone change no byte; and a Finnish /schedule/ at 390 px whose dates never run into the titles
("sun 29. mar" did, and said "mar" for November)."""
from __future__ import annotations

import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By

from conftest import ROOT, run_sitegen, screenshot, serve_folder, set_viewport, tree_digest

# The machine's locale and time zone a build must not depend on: C, a Finnish locale, and the
# time zone furthest ahead of UTC (UTC+14, where the as-of day is already the next one).
ENVIRONMENTS = [{"LANG": "C", "LC_ALL": "C", "TZ": "UTC"},
                {"LANG": "fi_FI.UTF-8", "LC_ALL": "fi_FI.UTF-8", "TZ": "Europe/Helsinki"},
                {"LANG": "en_US.UTF-8", "TZ": "Pacific/Kiritimati"}]


@pytest.fixture(scope="module")
def finnish_content(tmp_path_factory) -> pathlib.Path:
    """The bundled Content/ without its Bible (dates are the schedule's, the localities' and the
    home page's; the KJV would triple the time), in Finnish."""
    content = tmp_path_factory.mktemp("dates") / "Content"
    shutil.copytree(ROOT / "Content", content, ignore=lambda folder, names: ["bible"] if pathlib.Path(folder) == ROOT / "Content" else [])
    site = content / "site.yml"
    site.write_text(site.read_text().replace("language: en", "language: fi"))
    # Without a Bible its links would be broken: the lines that make them go.
    for path in [site, *(content / "pages").glob("*.md")]:
        path.write_text("".join(line for line in path.read_text().splitlines(keepends=True) if "/bible/" not in line))
    return content


def build(content: pathlib.Path, out: pathlib.Path, env: dict) -> pathlib.Path:
    result = run_sitegen("build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                         "--as-of", "2026-11-24", "--output", str(out), "--quiet", env=env)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def finnish_builds(finnish_content, tmp_path_factory) -> list[pathlib.Path]:
    root = tmp_path_factory.mktemp("dates-out")
    return [build(finnish_content, root / f"env{i}", env) for i, env in enumerate(ENVIRONMENTS)]


def test_the_machines_locale_and_time_zone_change_no_byte(finnish_builds):
    digests = [tree_digest(out) for out in finnish_builds]
    for env, digest in zip(ENVIRONMENTS[1:], digests[1:]):
        changed = sorted(path for path in set(digest) | set(digests[0]) if digest.get(path) != digests[0].get(path))
        assert changed == [], f"{env}: {changed[:10]}"


def test_the_finnish_schedule_says_cldrs_dates(finnish_builds):
    page = (finnish_builds[0] / "schedule" / "index.html").read_text()
    # Sunday 29 November 2026 and Wednesday 2 June 2027, as CLDR writes them in Finnish, never
    # the names' first three letters ("sun 29. mar", "kes 2. kes").
    assert ">su 29.11.</time>" in page
    assert ">marraskuu 2026<" in page
    for wrong in ("sun 29. mar", "kes 2. kes", ". mar<"):
        assert wrong not in page


def test_the_finnish_schedule_keeps_dates_and_titles_apart_at_390_px(driver, finnish_builds):
    url, server = serve_folder(finnish_builds[0])
    try:
        set_viewport(driver, 390, 844)
        driver.get(url + "schedule/")
        overlaps = driver.execute_script("""
            return Array.from(document.querySelectorAll('.schedule-row:not([hidden])')).filter(function (row) {
              var d = row.querySelector('.schedule-date').getBoundingClientRect();
              var t = row.querySelector('.schedule-what').getBoundingClientRect();
              return d.width > 0 && d.right > t.left;
            }).map(function (row) { return row.querySelector('.schedule-date').textContent; });""")
        assert overlaps == []
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        driver.execute_script("document.querySelector('.schedule-row').scrollIntoView()")
        screenshot(driver, "dates-fi-schedule-390")
    finally:
        server.shutdown()


def test_the_search_hint_names_no_verse_on_a_site_without_a_bible(finnish_builds):
    """The header's hint works as shown: without a Bible it offers no "Joh. 3:16" (which would
    find nothing), and its hymn, in the site's word, opens the hymn (test_languages.py)."""
    home = (finnish_builds[0] / "index.html").read_text()
    assert 'placeholder="Sanat, virsi 23"' in home


@pytest.mark.parametrize("path, name", [("", "home"), ("hymns/5/", "hymn")])
def test_finnish_pages_fit_a_phone(driver, finnish_builds, path, name):
    """The Finnish home (its next visits' dates) and a hymn at 390 px: nothing wider than the
    screen; the screenshots are looked at (test-artifacts/)."""
    url, server = serve_folder(finnish_builds[0])
    try:
        set_viewport(driver, 390, 844)
        driver.get(url + path)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        if name == "home":
            driver.execute_script("const m = document.querySelector('.home-missions'); if (m) m.scrollIntoView()")
        screenshot(driver, f"dates-fi-{name}-390")
    finally:
        server.shutdown()
