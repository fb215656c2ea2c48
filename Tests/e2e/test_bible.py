"""End-to-end tests of the Bible: pages, reading plan, progress chart, daily verse, bad input."""
from __future__ import annotations

import json
import re
import pathlib
import shutil

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (copy_content, copy_previous_output, AS_OF, ROOT, axe_violations, emulate_dark, run_sitegen,
                      screenshot, tree_digest, wait_for_url_path)

# The verse of the day for a few dates, written out by hand from Content/bible/daily-verses.yml
# and the documented rule (verses[(days since 1970-01-01) mod 320]), not from the page's code.
VERSE_OF_THE_DAY = {
    "2026-11-22": ("James 1:22", "/bible/james/1/#v22", "But be ye doers of the word"),        # day 20779, entry 299
    "2027-03-01": ("2 Thessalonians 3:3", "/bible/2-thessalonians/3/#v3", "But the Lord is faithful"),  # day 20878, entry 78
    "2027-01-01": ("Romans 5:8", "/bible/romans/5/#v8", "But God commendeth his love"),        # day 20819, entry 19
}


def open_page(driver, base_url, path):
    driver.get(base_url + path)
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")


def clear_storage(driver, base_url):
    open_page(driver, base_url, "bible/")
    driver.execute_script("localStorage.clear()")


def test_every_chapter_has_a_page_and_the_toc_works_without_javascript(site):
    # The default translation's pages (the others', under bible/web/ and bible/rv1909/, and the
    # side-by-side pages under bible/parallel/: test_translations.py).
    others = {"plan", "web", "rv1909", "parallel"}   # and the plan's month pages
    chapters = [p for p in (site / "bible").glob("*/*/index.html") if p.parent.parent.name not in others]
    assert len(chapters) == 1189
    assert len([p for p in (site / "bible").glob("*/index.html")]) == 66 + 2 + 2  # books, plan, progress, web, rv1909
    toc = (site / "bible" / "index.html").read_text()
    assert toc.count("<details class=\"book-toc\">") == 66
    assert toc.count("data-chapter=") == 1189
    john3 = (site / "bible" / "john" / "3" / "index.html").read_text()
    assert '<link rel="prev" href="/bible/john/2/">' in john3 and '<link rel="next" href="/bible/john/4/">' in john3
    assert 'id="v16"><a class="vn" href="#v16"' in john3
    assert '<span class="wj">¶ For God so loved the world' in john3
    gen1 = (site / "bible" / "genesis" / "1" / "index.html").read_text()
    assert "darkness <i class=\"add\">was</i> upon" in gen1
    assert "strong:" not in gen1 and "Heb." not in gen1
    ps119 = (site / "bible" / "psalms" / "119" / "index.html").read_text()
    assert ps119.count('<h2 class="verse-heading">') == 22


def test_plan_page_lists_365_days_with_the_as_of_day_marked(site):
    months = [(site / "bible" / "plan" / f"{m:02}" / "index.html").read_text() for m in range(1, 13)]
    assert sum(len(re.findall(r'<li class="plan-day[ "]', plan)) for plan in months) == 365
    assert sum(plan.count('data-plan-reading="') for plan in months) == 1460
    assert '<li class="plan-day today" id="d11-22"' in months[10]
    assert '<li class="plan-day today" id="d11-22"' in (site / "bible" / "plan" / "index.html").read_text()
    assert any('href="/bible/luke/1/#v39"' in plan for plan in months)  # "Luke 1:39ff" links to its first verse


def test_home_shows_the_as_of_verse_without_javascript(site):
    label, url, words = VERSE_OF_THE_DAY[AS_OF]
    home = (site / "index.html").read_text()
    verse = re.search(r'<a href="([^"]*)"[^>]*data-daily-verse-link>([^<]*)</a>', home)
    assert verse and verse.groups() == (url, label), verse and verse.group(0)
    assert words in home


def test_plan_tick_and_mark_as_read_persist_and_show_in_chart(driver, base_url):
    clear_storage(driver, base_url)
    open_page(driver, base_url, "bible/plan/01/#d01-01")
    box = driver.find_element(By.CSS_SELECTOR, '[data-plan-reading="01-01/0"]')  # Genesis 1
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, '[data-plan-reading="01-01/0"]').is_selected()

    open_page(driver, base_url, "bible/exodus/1/")
    button = driver.find_element(By.CSS_SELECTOR, "[data-mark-read]")
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").get_attribute("aria-pressed") == "true"

    open_page(driver, base_url, "bible/progress/")
    read = {a.get_attribute("data-chapter") for a in driver.find_elements(By.CSS_SELECTOR, ".progress-grid a.read")}
    assert read == {"Gen.1", "Exod.1"}
    assert driver.find_element(By.CSS_SELECTOR, '[data-percent="Gen"]').text == "2%"     # 1 of 50
    assert driver.find_element(By.CSS_SELECTOR, '[data-percent="Exod"]').text == "2.5%"  # 1 of 40
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == "2 of 1189"
    assert driver.find_element(By.CSS_SELECTOR, '[data-percent="ot"]').text == "0.2%"    # 2 of 929
    assert driver.find_element(By.CSS_SELECTOR, '[data-percent="nt"]').text == "0%"
    assert driver.find_element(By.CSS_SELECTOR, '[data-percent="all"]').text == "0.1%"   # 2 of 1189
    screenshot(driver, "bible-progress-390x844")


def test_chart_export_and_import_round_trip(driver, base_url, tmp_path, browser_downloads):
    clear_storage(driver, base_url)
    driver.execute_script("""localStorage.setItem('sitegen-bible-read', JSON.stringify(['Ps.23', 'John.3', 'Rev.22']));
                             localStorage.setItem('sitegen-bible-plan', JSON.stringify(['11-22/1']));""")
    open_page(driver, base_url, "bible/progress/")
    driver.find_element(By.CSS_SELECTOR, "[data-progress-export]").click()
    saved = browser_downloads / "bible-progress.json"
    WebDriverWait(driver, 10).until(lambda d: saved.is_file() and saved.stat().st_size > 0,
                                    "the export button saved no bible-progress.json")
    exported = saved.read_text()
    data = json.loads(exported)
    assert data["format"] == "sitegen-bible-progress" and data["chapters"] == ["John.3", "Ps.23", "Rev.22"]
    assert data["plan"] == ["11-22/1"]
    assert driver.find_element(By.CSS_SELECTOR, "[data-progress-status]").text == "Exported 3 chapters."

    driver.execute_script("localStorage.clear()")
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == "0 of 1189"
    file = tmp_path / "bible-progress.json"
    file.write_text(exported)
    driver.find_element(By.CSS_SELECTOR, "[data-progress-import]").send_keys(str(file))
    status = driver.find_element(By.CSS_SELECTOR, "[data-progress-status]")
    WebDriverWait(driver, 10).until(lambda d: status.text.startswith("Imported"), "no message after the import")
    assert status.text == "Imported: 3 chapters added."
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == "3 of 1189"
    driver.refresh()
    assert json.loads(driver.execute_script("return window.sitegen.bibleProgress.exportText()")) == data


def test_import_merges_into_the_progress_already_there(driver, base_url, tmp_path):
    """Importing a file adds its chapters and ticks to what the reader has; nothing is lost."""
    clear_storage(driver, base_url)
    driver.execute_script("""localStorage.setItem('sitegen-bible-read', JSON.stringify(['Gen.1', 'Ps.23']));
                             localStorage.setItem('sitegen-bible-plan', JSON.stringify(['01-01/0']));""")
    open_page(driver, base_url, "bible/progress/")
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == "2 of 1189"
    file = tmp_path / "from-another-phone.json"
    file.write_text(json.dumps({"format": "sitegen-bible-progress", "version": 1,
                                "chapters": ["Ps.23", "John.3", "Rev.22"], "plan": ["11-22/1"]}))
    driver.find_element(By.CSS_SELECTOR, "[data-progress-import]").send_keys(str(file))
    status = driver.find_element(By.CSS_SELECTOR, "[data-progress-status]")
    WebDriverWait(driver, 10).until(lambda d: status.text.startswith("Imported"), "no message after the import")
    assert status.text == "Imported: 2 chapters added."   # Ps.23 was read already
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == "4 of 1189"
    read = {a.get_attribute("data-chapter") for a in driver.find_elements(By.CSS_SELECTOR, ".progress-grid a.read")}
    assert read == {"Gen.1", "Ps.23", "John.3", "Rev.22"}
    driver.refresh()
    merged = json.loads(driver.execute_script("return window.sitegen.bibleProgress.exportText()"))
    assert merged["chapters"] == ["Gen.1", "John.3", "Ps.23", "Rev.22"]
    assert merged["plan"] == ["01-01/0", "11-22/1"]
    open_page(driver, base_url, "bible/plan/01/#d01-01")
    assert driver.find_element(By.CSS_SELECTOR, '[data-plan-reading="01-01/0"]').is_selected()


def test_red_letter_switch_is_remembered(driver, base_url):
    clear_storage(driver, base_url)
    open_page(driver, base_url, "bible/john/3/")
    wj = driver.find_element(By.CSS_SELECTOR, "#v16 .wj")
    red = wj.value_of_css_property("color")
    plain = driver.find_element(By.CSS_SELECTOR, "#v1").value_of_css_property("color")
    assert red != plain
    driver.find_element(By.CSS_SELECTOR, "[data-red-letter-toggle]").click()
    driver.refresh()
    assert driver.find_element(By.CSS_SELECTOR, "[data-red-letter-toggle]").get_attribute("aria-pressed") == "false"
    assert driver.find_element(By.CSS_SELECTOR, "#v16 .wj").value_of_css_property("color") == plain


def test_arrow_keys_cross_book_boundaries(driver, base_url):
    open_page(driver, base_url, "bible/malachi/4/")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_for_url_path(driver, "/bible/matthew/1/")
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait_for_url_path(driver, "/bible/malachi/4/")
    assert driver.find_element(By.TAG_NAME, "h1").text.startswith("Malachi")


def fake_clock(driver, year: int, month: int, day: int) -> None:
    """The reader's clock says year-month-day, 9 am local time, on every page opened next."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        (function () { var Real = Date, fixed = new Real(%d, %d, %d, 9, 0, 0).getTime();
          function Fake(...a) { return a.length ? new Real(...a) : new Real(fixed); }
          Fake.prototype = Real.prototype; Fake.now = function () { return fixed; }; Fake.UTC = Real.UTC; Fake.parse = Real.parse;
          window.Date = Fake; })();""" % (year, month - 1, day)})


def test_todays_readings_and_verse_follow_the_readers_date(driver, base_url):
    # The reader's clock says 1 March 2027, months after the build's as-of date.
    fake_clock(driver, 2027, 3, 1)
    driver.get(base_url + "bible/plan/")
    wait_for_url_path(driver, "/bible/plan/03/")   # the default page moves to the reader's month
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".plan-day.today"))
    today = driver.find_elements(By.CSS_SELECTOR, ".plan-day.today")
    assert [d.get_attribute("id") for d in today] == ["d03-01"]
    assert driver.find_element(By.CSS_SELECTOR, "[data-plan-today-link]").get_attribute("href").endswith("#d03-01")
    open_page(driver, base_url, "")
    label, url, words = VERSE_OF_THE_DAY["2027-03-01"]
    link = driver.find_element(By.CSS_SELECTOR, "[data-daily-verse-link]")
    assert link.text == label
    assert link.get_attribute("href") == base_url.rstrip("/") + url
    assert words in driver.find_element(By.CSS_SELECTOR, "[data-daily-verse-text]").text


def test_verse_of_new_years_day(driver, base_url):
    fake_clock(driver, 2027, 1, 1)
    open_page(driver, base_url, "")
    label, url, words = VERSE_OF_THE_DAY["2027-01-01"]
    link = driver.find_element(By.CSS_SELECTOR, "[data-daily-verse-link]")
    # The day's verse comes from a fetch after the page loads; its text and address change together.
    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: link.text == label)
    assert (link.text, link.get_attribute("href")) == (label, base_url.rstrip("/") + url)
    assert words in driver.find_element(By.CSS_SELECTOR, "[data-daily-verse-text]").text


# The long pages repeat one piece of markup hundreds of times; axe checks a sample of the repeats
# (with the day marked today, and ticked and read ones), which keeps it to seconds, not minutes.
AXE_SAMPLE = {
    "bible/plan/": [".plan-day:nth-child(n+15):not(.today)"],       # 14 of 365 days, and today
    "bible/progress/": [".progress-book:nth-child(n+4):not([data-book='Ps'])"],  # 3 books a testament, and Psalms
}


@pytest.mark.parametrize("path", ["bible/", "bible/psalms/", "bible/john/3/", "bible/psalms/119/", "bible/plan/", "bible/progress/", ""])
def test_bible_pages_have_no_serious_axe_violations(driver, base_url, path):
    clear_storage(driver, base_url)
    driver.execute_script("""localStorage.setItem('sitegen-bible-read', JSON.stringify(['Gen.1', 'Ps.119']));
                             localStorage.setItem('sitegen-bible-plan', JSON.stringify(['01-01/0', '11-22/2']));""")
    for dark in (False, True):
        emulate_dark(driver, dark)
        open_page(driver, base_url, path)
        assert axe_violations(driver, colours_only=dark, exclude=AXE_SAMPLE.get(path)) == [], f"{path} dark={dark}"


def test_screenshots_of_a_chapter_and_the_chart(driver, base_url):
    clear_storage(driver, base_url)
    driver.execute_script("localStorage.setItem('sitegen-bible-read', JSON.stringify(['Gen.1','Gen.2','Gen.3','Exod.20','Ps.23']))")
    open_page(driver, base_url, "bible/john/3/")
    screenshot(driver, "bible-chapter-john-3-390x844")
    emulate_dark(driver, True)
    open_page(driver, base_url, "bible/psalms/119/")
    screenshot(driver, "bible-chapter-psalm-119-dark-390x844")
    emulate_dark(driver, False)
    open_page(driver, base_url, "bible/progress/")
    screenshot(driver, "bible-chart-390x844")
    width = driver.execute_script("return document.documentElement.scrollWidth")
    assert width <= 390, "no sideways scrolling on a phone"


def test_bad_bible_input_fails_with_every_error_and_leaves_output_untouched(tmp_path, content_dir, site):
    content = tmp_path / "Content"
    copy_content(content)
    bible = content / "bible"
    ruth = bible / "kjv" / "08-Ruth.osis.xml"
    lines = ruth.read_text().split("\n")
    lines[9] += "</q>"  # a closing tag nothing opened: not well-formed, on line 10
    ruth.write_text("\n".join(lines))
    jude = bible / "kjv" / "65-Jude.osis.xml"
    jude.write_text(jude.read_text().replace('osisID="Jude.1.3" sID="Jude.1.3"', 'osisID="Jude.1.2" sID="Jude.1.2"'))
    plan = bible / "plan.yml"
    plan.write_text(plan.read_text().replace("01-01: [Genesis 1,", "01-01: [Genesis 51,"))
    daily = bible / "daily-verses.yml"
    daily.write_text(daily.read_text().replace("  - John 3:16\n", "  - John 3:99\n  - Hezekiah 1:1\n"))

    # A good output first (a copy of the session's build), then the bad build over it.
    out = tmp_path / "Output"
    copy_previous_output(site, out)
    before = tree_digest(out)
    bad = run_sitegen("build", "--as-of", AS_OF, "--content", str(content), "--output", str(out))
    assert bad.returncode != 0
    err = bad.stderr
    assert re.search(r"Content/bible/kjv/08-Ruth\.osis\.xml:10:\d+: error: malformed XML", err), err
    assert re.search(r"65-Jude\.osis\.xml:\d+:\d+: error: duplicate verse Jude 1:2", err), err
    assert re.search(r"plan\.yml:\d+:\d+: error: Genesis has no chapter 51 \(it has 50\)", err), err
    assert re.search(r"daily-verses\.yml:\d+:\d+: error: John 3 has no verse 99", err), err
    assert re.search(r"daily-verses\.yml:\d+:\d+: error: unknown book 'Hezekiah'", err), err
    assert tree_digest(out) == before


def test_swipe_and_text_size_on_a_chapter(driver, base_url):
    from conftest import touch_swipe
    clear_storage(driver, base_url)
    open_page(driver, base_url, "bible/genesis/50/")
    driver.find_element(By.CSS_SELECTOR, '[data-text-size="larger"]').click()
    size = driver.execute_script("return getComputedStyle(document.querySelector('.reader')).fontSize")
    driver.refresh()
    assert driver.execute_script("return getComputedStyle(document.querySelector('.reader')).fontSize") == size
    touch_swipe(driver, 320, 500, 40, 510)  # swipe left: next chapter, across the book boundary
    wait_for_url_path(driver, "/bible/exodus/1/")


# A copy of the project's real data (shared/data/mccheyne/plan.json): see Tests/Fixtures/README.md.
PLAN_JSON = ROOT / "Tests" / "Fixtures" / "mccheyne" / "plan.json"


def test_committed_plan_is_what_the_importer_makes(tmp_path, content_dir):
    out = tmp_path / "plan.yml"
    result = run_sitegen("import", "mccheyne", str(PLAN_JSON), "--output", str(out))
    assert result.returncode == 0, result.stderr
    assert "warning: day 0104: reference 'Acts  \\n4' tidied to 'Acts 4'" in result.stderr
    assert out.read_text() == (content_dir / "bible" / "plan.yml").read_text()


# The committed KJV, WEB and RV1909 against scripts/import-sword: test_translations.py.
