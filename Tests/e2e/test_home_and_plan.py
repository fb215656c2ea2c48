"""End-to-end tests of issue 16's reading half: the plan and "Mark as read" as one store, the
plan's month pages, the home page (hymn box, today's readings and verse, next mission
meetings), the header menu on a 320 px phone, light pages, and the hymns' restored lines."""
from __future__ import annotations

import json
import pathlib
import re
import shutil
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, axe_violations, snapshot_hymns, check_screenshot, emulate_dark, screenshot, set_viewport, wait_for_url_path
from test_bible import clear_storage, fake_clock, open_page

MAX_PAGE = 150 * 1024


def storage(driver, key: str) -> list[str]:
    return json.loads(driver.execute_script(f"return localStorage.getItem('{key}') || '[]'"))


def wait_for(driver, check, timeout: float = 10):
    return WebDriverWait(driver, timeout).until(lambda d: check())


def mark_read_and_wait(driver, month: str, button=None) -> None:
    """Clicks "Mark as read" and waits until the page has looked at today's plan (the month's
    days.json has loaded and its callback ran)."""
    (button or driver.find_element(By.CSS_SELECTOR, "[data-mark-read]")).click()
    wait_for(driver, lambda: driver.execute_script(
        "return performance.getEntriesByType('resource').some(function (e) { return e.name.endsWith(arguments[0]); })"
        .replace("arguments[0]", repr(f"/{month}/days.json"))))
    driver.execute_async_script("var done = arguments[0]; setTimeout(done, 300)")


# ---- Light pages ----------------------------------------------------------------------------

def test_no_html_page_of_the_bundled_site_is_over_150_kb(site):
    sizes = {str(p.relative_to(site)): p.stat().st_size for p in site.rglob("*.html")}
    assert len(sizes) > 1600
    heavy = {path: size for path, size in sizes.items() if size > MAX_PAGE}
    assert heavy == {}, f"pages over 150 KB: {heavy}"


def test_home_does_not_carry_the_list_of_daily_verses(site):
    home = (site / "index.html").read_text()
    assert 'id="daily-verses"' not in home
    verses = json.loads((site / "bible" / "daily-verses.json").read_text())
    assert len(verses) == 320 and verses[0]["label"] == "John 3:16"
    assert home.count("/bible/") < 40, "the home page links a few readings, not the whole list"


# ---- The plan: a light page per month ------------------------------------------------------

def test_plan_has_a_page_per_month_and_the_default_is_the_as_of_month(site):
    months = sorted((site / "bible" / "plan").glob("[01][0-9]/index.html"))
    assert [p.parent.name for p in months] == [f"{m:02}" for m in range(1, 13)]
    days = [len(re.findall(r'<li class="plan-day[ "]', p.read_text())) for p in months]
    assert days == [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] and sum(days) == 365
    assert sum(p.read_text().count('data-plan-reading="') for p in months) == 1460
    default = (site / "bible" / "plan" / "index.html").read_text()
    assert "November</h1>" in default and '<li class="plan-day today" id="d11-22"' in default
    assert default.count('<li class="plan-day') == 30
    month = json.loads((site / "bible" / "plan" / "11" / "days.json").read_text())
    day = next(d for d in month["days"] if d["key"] == "11-22")
    assert [r["id"] for r in day["readings"]] == ["11-22/0", "11-22/1", "11-22/2", "11-22/3"]


def test_default_plan_page_moves_to_the_readers_month(driver, base_url):
    fake_clock(driver, 2027, 3, 1)
    driver.get(base_url + "bible/plan/")
    wait_for_url_path(driver, "/bible/plan/03/")
    wait_for(driver, lambda: driver.find_elements(By.CSS_SELECTOR, ".plan-day.today"))
    assert [d.get_attribute("id") for d in driver.find_elements(By.CSS_SELECTOR, ".plan-day.today")] == ["d03-01"]
    assert driver.find_element(By.TAG_NAME, "h1").text.endswith("March")


def test_the_whole_row_ticks_and_the_link_is_separate(driver, base_url):
    clear_storage(driver, base_url)
    open_page(driver, base_url, "bible/plan/01/#d01-01")
    row = driver.find_element(By.CSS_SELECTOR, '#d01-01 .plan-reading:first-child')
    label = row.find_element(By.CSS_SELECTOR, ".plan-tick")
    link = row.find_element(By.CSS_SELECTOR, ".plan-open")
    for target in (label, link):
        size = target.size
        assert size["height"] >= 44 and size["width"] >= 44, size
    # Tapping the reading's name (not the box) ticks it and stays on the page.
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    row.find_element(By.CSS_SELECTOR, ".plan-reading-label").click()
    assert row.find_element(By.CSS_SELECTOR, "input").is_selected()
    assert driver.current_url.split("#")[0].endswith("/bible/plan/01/")
    assert storage(driver, "sitegen-bible-plan") == ["01-01/0"]
    assert storage(driver, "sitegen-bible-read") == ["Gen.1"]
    # The link opens the reading.
    assert link.text.startswith("Read")
    assert link.get_attribute("href").endswith("/bible/genesis/1/")


def test_ticking_a_reading_marks_its_chapter_read(driver, base_url):
    """Plan → chapter: the reading's chapter says "Read ✓" at its top and where it ends."""
    clear_storage(driver, base_url)
    fake_clock(driver, 2026, 11, 22)
    open_page(driver, base_url, "")
    box = driver.find_element(By.CSS_SELECTOR, '[data-home-readings] [data-plan-reading="11-22/0"]')
    chapter = box.get_attribute("data-completes")
    box.find_element(By.XPATH, "..").click()
    assert box.is_selected()
    link = driver.find_element(By.CSS_SELECTOR, '[data-home-readings] .plan-reading:first-child .plan-open').get_attribute("href")
    driver.get(link)
    buttons = driver.find_elements(By.CSS_SELECTOR, "[data-mark-read]")
    assert len(buttons) == 2 and {b.get_attribute("data-mark-read") for b in buttons} == set(chapter.split())
    assert [b.get_attribute("aria-pressed") for b in buttons] == ["true", "true"]
    assert buttons[1].text == "Read ✓"


def test_marking_a_chapter_of_todays_plan_ticks_it_and_unmarking_unticks(driver, base_url):
    """Chapter → plan: reading Luke 6 from today's plan (22 November) and marking it read where
    the chapter ends ticks the plan; unmarking it unticks it."""
    clear_storage(driver, base_url)
    fake_clock(driver, 2026, 11, 22)
    open_page(driver, base_url, "bible/plan/11/#d11-22")
    reading = driver.find_element(By.CSS_SELECTOR, '#d11-22 [data-plan-reading="11-22/3"]')
    assert reading.get_attribute("data-chapters") == "Luke.6"
    assert not reading.is_selected()
    open_page(driver, base_url, "bible/luke/6/")
    end = driver.find_elements(By.CSS_SELECTOR, "[data-mark-read]")[-1]   # the button where the chapter ends
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", end)
    mark_read_and_wait(driver, "11", end)
    status = driver.find_element(By.CSS_SELECTOR, "[data-mark-status]")
    wait_for(driver, lambda: "Ticked in today’s plan: Luke 6" in status.text)
    assert storage(driver, "sitegen-bible-plan") == ["11-22/3"]
    assert storage(driver, "sitegen-bible-read") == ["Luke.6"]
    open_page(driver, base_url, "bible/plan/11/#d11-22")
    assert driver.find_element(By.CSS_SELECTOR, '[data-plan-reading="11-22/3"]').is_selected()
    # Unmarking it (the button at the top this time) unticks it.
    open_page(driver, base_url, "bible/luke/6/")
    mark_read_and_wait(driver, "11")
    assert storage(driver, "sitegen-bible-plan") == []
    assert storage(driver, "sitegen-bible-read") == []
    # Another day's plan is not touched: Luke 6 read on 23 November ticks nothing.
    fake_clock(driver, 2026, 11, 23)
    open_page(driver, base_url, "bible/luke/6/")
    mark_read_and_wait(driver, "11")
    assert driver.find_element(By.CSS_SELECTOR, "[data-mark-status]").text == "Marked as read."
    assert storage(driver, "sitegen-bible-plan") == [] and storage(driver, "sitegen-bible-read") == ["Luke.6"]


def test_a_reading_of_three_psalms_ticks_when_all_are_read(driver, base_url):
    clear_storage(driver, base_url)
    fake_clock(driver, 2026, 11, 2)   # Psalms 123-125 (11-02/3)
    for psalm in (123, 124, 125):
        open_page(driver, base_url, f"bible/psalms/{psalm}/")
        mark_read_and_wait(driver, "11")
        assert storage(driver, "sitegen-bible-plan") == ([] if psalm < 125 else ["11-02/3"]), psalm
    assert storage(driver, "sitegen-bible-read") == ["Ps.123", "Ps.124", "Ps.125"]


# ---- Home page -----------------------------------------------------------------------------

def test_home_page_offers_hymn_box_readings_verse_missions_and_feature_links(site, driver, base_url):
    home = (site / "index.html").read_text()
    assert 'id="hymn-number"' in home
    assert 'data-plan-reading="11-22/0"' in home and "22 November" in home
    assert "Next mission meetings" in home
    # The teams' next visits (Content/schedule/winter-2027.yml): weekend meetings of three teams,
    # each a locality with its dates, not the weekly Sunday school or monthly communion.
    places = re.findall(r'<p class="mission-place"><a href="([^"]+)">([^<]+)</a>', home)
    assert places == [("/localities/new_york_mills/", "New York Mills, MN"), ("/localities/tricities/", "Tri‐Cities, WA"),
                      ("/localities/summerland/", "Summerland, BC")]
    assert home.count("Sat, 23\u2009Jan –\u2009Sun, 24 Jan 2027</time> · 2 days")  # CLDR's span == 3
    assert "Sunday school" not in home.split("Next mission meetings")[1].split("</section>")[0]
    for path in ("/hymns/", "/bible/", "/bible/plan/", "/schedule/", "/search/", "/my/"):
        assert f'href="{path}"' in home, path
    # Typing a number in the box opens the hymn.
    open_page(driver, base_url, "")
    box = driver.find_element(By.ID, "hymn-number")
    box.send_keys("23\n")
    wait_for_url_path(driver, "/hymns/23/")


def test_home_shows_the_readers_days_readings(driver, base_url):
    fake_clock(driver, 2027, 3, 1)
    open_page(driver, base_url, "")
    section = driver.find_element(By.CSS_SELECTOR, "[data-home-readings]")
    wait_for(driver, lambda: section.get_attribute("data-plan-key") == "03-01")
    assert section.find_element(By.CSS_SELECTOR, "[data-plan-date]").text == "1 March"
    ids = [b.get_attribute("data-plan-reading") for b in section.find_elements(By.CSS_SELECTOR, "[data-plan-reading]")]
    assert ids == ["03-01/0", "03-01/1", "03-01/2", "03-01/3"]
    assert section.find_element(By.CSS_SELECTOR, "[data-plan-day-link]").get_attribute("href").endswith("/bible/plan/03/#d03-01")
    # Ticking there is the same store as everywhere.
    section.find_element(By.CSS_SELECTOR, ".plan-reading:first-child .plan-tick").click()
    assert storage(driver, "sitegen-bible-plan") == ["03-01/0"]


def test_about_is_linked_from_every_page_footer(site):
    for path in ("index.html", "hymns/23/index.html", "bible/john/3/index.html"):
        footer = (site / path).read_text().split('<footer class="site-footer">')[1]
        assert 'href="/about/"' in footer, path


# ---- Header menu on phones -----------------------------------------------------------------

@pytest.mark.parametrize("width", [320, 390])
def test_every_menu_destination_is_visible_on_a_phone(driver, base_url, width):
    set_viewport(driver, width, 700)
    open_page(driver, base_url, "hymns/23/")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    links = driver.find_elements(By.CSS_SELECTOR, ".site-nav a")
    assert [a.text for a in links] == ["Hymns", "Bible", "Meetings", "Localities", "Contact"]
    for a in links:
        box = driver.execute_script("var r = arguments[0].getBoundingClientRect(); return [r.left, r.right, r.height]", a)
        assert box[0] >= 0 and box[1] <= width and box[2] >= 44, (a.text, box)
    theme = driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]")
    assert theme.is_displayed() and "Dark" in theme.text
    search = driver.find_element(By.ID, "site-search-q")
    right = driver.execute_script("return arguments[0].parentNode.getBoundingClientRect().right", search)
    assert search.is_displayed() and right <= width
    # Tapping the last item goes there.
    links[-1].click()
    wait_for_url_path(driver, "/contact/")


# ---- Small controls ------------------------------------------------------------------------

def test_progress_cells_and_red_letter_are_comfortable_on_a_phone(driver, base_url):
    set_viewport(driver, 390, 844)
    open_page(driver, base_url, "bible/progress/")
    cell = driver.find_element(By.CSS_SELECTOR, '.progress-grid a[data-chapter="Gen.1"]')
    assert cell.size["height"] >= 44 and cell.size["width"] >= 44
    assert float(cell.value_of_css_property("font-size").rstrip("px")) >= 15
    open_page(driver, base_url, "bible/john/3/")
    toggle = driver.find_element(By.CSS_SELECTOR, "[data-red-letter-toggle]")
    on_style = (toggle.text, toggle.value_of_css_property("border-top-style"))
    toggle.click()
    off_style = (toggle.text, toggle.value_of_css_property("border-top-style"))
    assert toggle.get_attribute("aria-pressed") == "false"
    # The state is written on the button and drawn: a solid border when on, dashed when off.
    assert on_style[0].endswith("on") and on_style[1] == "solid", on_style
    assert off_style[0].endswith("off") and off_style[1] == "dashed", off_style
    toggle.click()


# ---- Screenshots ---------------------------------------------------------------------------

@pytest.mark.parametrize("path,name", [("", "home"), ("bible/plan/", "plan"), ("hymns/1/", "hymn-1")])
def test_screenshots_phone_and_desktop_both_themes(driver, base_url, path, name):
    clear_storage(driver, base_url)
    fake_clock(driver, 2026, 11, 22)
    driver.execute_script("localStorage.setItem('sitegen-bible-plan', JSON.stringify(['11-22/0']));"
                          "localStorage.setItem('sitegen-bible-read', JSON.stringify(['Gen.1']));")
    for dark in (False, True):
        emulate_dark(driver, dark)
        for (w, h) in ((390, 844), (1280, 800)):
            set_viewport(driver, w, h)
            open_page(driver, base_url, path)
            shot = screenshot(driver, f"issue16-{name}-{w}x{h}-{'dark' if dark else 'light'}")
            check_screenshot(driver, shot, w, h, dark=dark)
            assert driver.execute_script("return document.documentElement.scrollWidth") <= w, (path, w)
        assert axe_violations(driver, colours_only=dark, exclude=[".plan-day:nth-child(n+6):not(.today)"]) == [], (path, dark)


# ---- Hymn lines ----------------------------------------------------------------------------

def test_hymn_page_and_snapshot_carry_the_sung_lines(site):
    page = (site / "hymns" / "1" / "index.html").read_text()
    assert '<span class="line"><span class="stanza-number">1</span> God bless our native land!</span>\n<span class="line">Firm may she ever stand,</span>' in page
    hymns = snapshot_hymns(site)
    first = hymns[0]["stanzas"]
    assert [len(s["lines"]) for s in first] == [7, 7]
    assert first[0]["text"].startswith("God bless our native land! Firm may she ever stand,")
    split = [h for h in hymns if any(len(s["lines"]) > 1 for s in h["stanzas"])]
    assert len(split) == 347   # scripts/hymn-lines and 2 by hand; docs/hymn-lines-report.md lists the other 9


def test_line_finder_restores_a_flattened_hymn_and_leaves_the_rest(tmp_path, content_dir):
    folder = tmp_path / "hymns"
    shutil.copytree(content_dir / "hymns", folder)
    script = ROOT / "scripts" / "hymn-lines"
    # Hymn 1 flattened again (as the app's data had it) is split back to the committed file.
    original = (folder / "001.md").read_text()
    head, body = original.split("---\n\n", 1)
    head = "".join(line for line in head.splitlines(keepends=True) if not line.startswith("meter:"))
    flat = "\n\n".join(" ".join(stanza.split("\n")) for stanza in body.strip().split("\n\n"))
    (folder / "001.md").write_text(head + "---\n\n" + flat + "\n")
    out = subprocess.run([str(script), "--report", str(tmp_path / "report.md"), str(folder)],
                         capture_output=True, text=True, check=True).stdout
    assert "split by the finder this run: 1" in out
    assert (folder / "001.md").read_text() == original
    report = (tmp_path / "report.md").read_text()
    assert "| 001 | split | 6.6.4.6.6.6.4 |" in report
    assert f"`{folder}/015.md`: its stanzas disagree" in report


def test_plan_pages_know_the_days_the_plan_has_no_readings_for(driver, base_url):
    # 29 February: the plan has no readings (data-plan-none, from the plan itself); the February
    # page marks no day and a later month's page has no link to today's readings.
    fake_clock(driver, 2028, 2, 29)
    driver.get(base_url + "bible/plan/")
    wait_for_url_path(driver, "/bible/plan/02/")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    assert driver.find_elements(By.CSS_SELECTOR, ".plan-day.today") == []
    assert "02-29" in driver.find_element(By.CSS_SELECTOR, "[data-plan-none]").get_attribute("data-plan-none").split()
    open_page(driver, base_url, "bible/plan/05/")
    link = driver.find_element(By.CSS_SELECTOR, "[data-plan-today-link]")
    wait_for(driver, lambda: not link.is_displayed())
    # The next day is in another month's page: the link goes to its day there.
    fake_clock(driver, 2028, 3, 1)
    open_page(driver, base_url, "bible/plan/05/")
    link = driver.find_element(By.CSS_SELECTOR, "[data-plan-today-link]")
    wait_for(driver, lambda: link.get_attribute("href").endswith("/bible/plan/03/#d03-01"))
    assert link.is_displayed()
