"""The wall planner (issue 45): /schedule/calendar/ and a page per month of the window, in
headless Chromium as a person uses it (390 and 1280 px, touch and keyboard, months, the
locality filter, offline with the server stopped, axe in both themes), without JavaScript, and
printed by `sitegen print-sheet --month` on one landscape page of Letter and of A4."""
from __future__ import annotations

import collections
import json
import re
import subprocess

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (AS_OF, ARTIFACTS, axe_violations, copy_small_content, emulate_dark, run_sitegen, screenshot,
                      set_viewport)
from test_offline import OutageServer, wait_for_worker

REAL_BASE = "https://www.gracechapel.org/"
BUSY = "2027-04"          # the bundled window's busiest month (67 entries, 6 on Easter Sunday)


def listed(site) -> dict[str, list[str]]:
    """schedule.json's occurrences: date → uids."""
    by_date = collections.defaultdict(list)
    for o in json.loads((site / "api/v1/schedule.json").read_text())["occurrences"]:
        by_date[o["date"]].append(o["uid"])
    return by_date


def grid(driver, visible_only=True) -> dict[str, list[str]]:
    """What the grid shows: date → uids of its entries (those the filter leaves)."""
    return driver.execute_script("""
        const out = {};
        for (const e of document.querySelectorAll('.cal-entry')) {
          if (arguments[0] && e.hidden) continue;
          (out[e.dataset.date] = out[e.dataset.date] || []).push(e.dataset.uid);
        }
        return out;""", visible_only)


def shown_days(driver) -> list[str]:
    return driver.execute_script("return [...document.querySelectorAll('[data-day]')].filter(s => !s.hidden).map(s => s.dataset.day)")


def tap(driver, element) -> None:
    """A real touch (CDP touchStart, touchEnd) at the middle of element, as a finger taps."""
    x, y = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", element)
    point = [{"x": x, "y": y, "radiusX": 5, "radiusY": 5, "force": 1, "id": 1}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_every_month_page_holds_what_the_snapshot_lists(site):
    """The built pages (HTML, not the model): each day's entries are exactly schedule.json's."""
    expected = listed(site)
    months = sorted(p.name for p in (site / "schedule/calendar").iterdir() if p.is_dir())
    assert len(months) == 13 and months[0] == AS_OF[:7]
    found = collections.defaultdict(list)
    for month in months:
        page = (site / f"schedule/calendar/{month}/index.html").read_text()
        for uid, date in re.findall(r'<li class="cal-entry[^"]*" data-uid="([^"]+)" data-date="([^"]+)"', page):
            found[date].append(uid)
    assert {d: sorted(u) for d, u in found.items()} == {d: sorted(u) for d, u in expected.items()}


def test_select_a_day_by_touch_on_a_phone(driver, base_url, site):
    set_viewport(driver, 390, 844)
    driver.get(base_url + f"schedule/calendar/{BUSY}/")
    # Marks only in the grid; the whole month's list below until a day is chosen.
    assert driver.execute_script("return document.querySelector('.cal-entry .cal-place').getClientRects().length") == 0
    assert len(shown_days(driver)) == len(set(d for d in listed(site) if d.startswith(BUSY)))
    cell = driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-04-04"]')
    tap(driver, cell.find_element(By.CSS_SELECTOR, ".cal-mark"))   # a finger on the day's marks
    WebDriverWait(driver, 5).until(lambda d: d.current_url.endswith("#2027-04-04"))
    assert cell.get_attribute("aria-selected") == "true"
    assert shown_days(driver) == ["2027-04-04"]
    rows = driver.find_elements(By.CSS_SELECTOR, '[data-day="2027-04-04"] .schedule-row')
    assert len(rows) == len(listed(site)["2027-04-04"]) == 6
    driver.execute_script("window.scrollTo(0, 0)")
    screenshot(driver, "calendar-390-light")
    driver.refresh()   # the day survives a reload (and a shared link)
    assert shown_days(driver) == ["2027-04-04"]
    assert driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-04-04"]').get_attribute("aria-selected") == "true"
    driver.find_element(By.CSS_SELECTOR, "[data-calendar-month]").click()
    assert len(shown_days(driver)) > 1 and "#" not in driver.current_url


def test_keyboard_moves_between_days_and_enter_opens_one(driver, base_url):
    set_viewport(driver, 1280, 900)
    driver.get(base_url + "schedule/calendar/2027-01/")
    # The grid is one Tab stop: the first day's number (nothing is selected, today is not in January).
    stops = driver.execute_script("return [...document.querySelectorAll('.calendar-grid a, .calendar-grid .cal-num')].filter(a => a.tabIndex === 0).map(a => a.textContent)")
    assert stops == ["1"]
    first = driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-01-01"] .cal-num')
    first.send_keys(Keys.ARROW_DOWN)                          # a week later
    assert driver.switch_to.active_element.text == "8"
    driver.switch_to.active_element.send_keys(Keys.ARROW_DOWN, Keys.ARROW_DOWN, Keys.ARROW_RIGHT)   # 23 January
    assert driver.switch_to.active_element.text == "23"
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    assert driver.current_url.endswith("#2027-01-23") and shown_days(driver) == ["2027-01-23"]
    focused = driver.switch_to.active_element
    assert focused.get_attribute("data-day") == "2027-01-23"   # Enter opened the day: its list has the focus
    assert "Saturday, 23 January 2027" in focused.text and "Add to calendar" in focused.text
    # A day without entries is a button of the grid: Enter says nothing is planned on it.
    empty = driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-01-22"] .cal-num')
    assert empty.tag_name == "span" and empty.get_attribute("role") == "button"
    empty.send_keys(Keys.ENTER)
    assert shown_days(driver) == [] and driver.current_url.endswith("#2027-01-22")
    assert driver.switch_to.active_element.text == "Nothing is planned on Friday, 22 January 2027."
    driver.execute_script("window.scrollTo(0, 0)")
    screenshot(driver, "calendar-1280-light")


def test_months_previous_next_and_picker(driver, base_url):
    set_viewport(driver, 1280, 900)
    driver.get(base_url + "schedule/calendar/2027-01/")
    driver.find_element(By.CSS_SELECTOR, "a[rel=next]").click()
    WebDriverWait(driver, 5).until(lambda d: "/schedule/calendar/2027-02/" in d.current_url)
    assert driver.find_element(By.TAG_NAME, "h1").text == "February 2027"
    driver.find_element(By.CSS_SELECTOR, "a[rel=prev]").click()
    WebDriverWait(driver, 5).until(lambda d: "/schedule/calendar/2027-01/" in d.current_url)
    driver.find_element(By.CSS_SELECTOR, ".calendar-picker summary").click()
    driver.find_element(By.CSS_SELECTOR, '[data-month-link="2027-07"]').click()
    WebDriverWait(driver, 5).until(lambda d: d.find_element(By.TAG_NAME, "h1").text == "July 2027")
    # The window's ends have no step beyond them.
    driver.get(base_url + "schedule/calendar/2027-11/")
    assert not driver.find_elements(By.CSS_SELECTOR, "a[rel=next]")


def test_the_first_page_moves_to_todays_month(driver, base_url):
    """Built on 2026-11-22, opened on 2027-03-10: the calendar's first page shows March 2027."""
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        const RealDate = Date;
        Date = class extends RealDate {
          constructor(...a) { if (a.length) super(...a); else super(2027, 2, 10, 12); }
          static now() { return new RealDate(2027, 2, 10, 12).getTime(); }
        };"""})
    driver.get(base_url + "schedule/calendar/")
    WebDriverWait(driver, 5).until(lambda d: "/schedule/calendar/2027-03/" in d.current_url)
    assert driver.find_element(By.CSS_SELECTOR, ".is-today").get_attribute("data-date") == "2027-03-10"


def test_words_typed_find_the_same_meetings_in_the_grid_and_the_list(driver, base_url):
    """A word that is in a meeting's list row but not in its short grid entry ("With Gackle, ND")
    marks that day in the grid too: the grid and the list never disagree."""
    set_viewport(driver, 1280, 900)
    driver.get(base_url + "schedule/calendar/2027-01/?q=Gackle")
    marked = sorted(d for d, uids in grid(driver).items() if uids)
    assert marked and marked == sorted(shown_days(driver)), (marked, shown_days(driver))
    assert driver.find_element(By.CSS_SELECTOR, "[data-filter-none]").get_attribute("hidden") is not None


def test_home_end_stay_in_the_month_and_pages_keep_the_focus_in_the_grid(driver, base_url):
    """Home and End go to the ends of the week's days in this month (1 January 2027 is a Friday:
    its week's days before it are December's), Page Down turns to the next month with the focus
    still in the grid, and an address naming no day (#constructor) leaves the grid working."""
    set_viewport(driver, 1280, 900)
    driver.get(base_url + "schedule/calendar/2027-01/")
    first = driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-01-01"] .cal-num')
    first.send_keys(Keys.HOME)
    assert driver.switch_to.active_element.text == "1" and "/2027-01/" in driver.current_url
    driver.switch_to.active_element.send_keys(Keys.END)
    assert driver.switch_to.active_element.text == "3"
    driver.switch_to.active_element.send_keys(Keys.PAGE_DOWN)
    WebDriverWait(driver, 5).until(lambda d: "/2027-02/" in d.current_url)
    WebDriverWait(driver, 5).until(lambda d: "cal-num" in (d.switch_to.active_element.get_attribute("class") or ""))
    driver.get(base_url + "schedule/calendar/2027-01/#constructor")
    stops = driver.execute_script("return [...document.querySelectorAll('.calendar-grid .cal-num')].filter(a => a.tabIndex === 0).length")
    assert stops == 1


def test_locality_filter_marks_only_its_days_and_carries_both_ways(driver, base_url, site):
    set_viewport(driver, 1280, 900)
    meetings = json.loads((site / "api/v1/schedule.json").read_text())["occurrences"]
    wanted = collections.defaultdict(list)
    for o in meetings:
        if o.get("locality") == "aberdeen" and o["date"].startswith("2027-01"):
            wanted[o["date"]].append(o["uid"])
    assert wanted
    driver.get(base_url + "schedule/calendar/2027-01/")
    driver.find_element(By.CSS_SELECTOR, ".calendar-filters summary").click()
    driver.find_element(By.CSS_SELECTOR, "#f-locality option[value=aberdeen]").click()
    assert grid(driver) == wanted
    marked = driver.execute_script("return [...document.querySelectorAll('td.has-entries')].map(td => td.dataset.date)")
    assert sorted(marked) == sorted(wanted)
    assert "?locality=aberdeen" in driver.current_url
    assert driver.find_element(By.CSS_SELECTOR, "a[rel=next]").get_attribute("href").endswith("/2027-02/?locality=aberdeen")
    driver.find_element(By.CSS_SELECTOR, "a[rel=next]").click()   # the filter goes on to the next month
    WebDriverWait(driver, 5).until(lambda d: "/2027-02/" in d.current_url)
    assert set(driver.execute_script("return [...document.querySelectorAll('.cal-entry:not([hidden])')].map(e => e.dataset.locality)")) <= {"aberdeen"}
    back = driver.find_element(By.CSS_SELECTOR, f'a[href^="/schedule/?"]')
    assert back.get_attribute("href").endswith("/schedule/?locality=aberdeen")
    # And from the list into the calendar.
    driver.get(base_url + "schedule/?locality=minnetonka")
    link = driver.find_element(By.CSS_SELECTOR, "[data-calendar-link]")
    assert link.get_attribute("href").endswith("/schedule/calendar/?locality=minnetonka")
    link.click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cal-entry"))
    assert set(driver.execute_script("return [...document.querySelectorAll('.cal-entry:not([hidden])')].map(e => e.dataset.locality)")) == {"minnetonka"}


def test_without_javascript_the_grid_and_the_whole_list(driver, base_url, site):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(base_url + "schedule/calendar/2027-01/")
    assert len(shown_days(driver)) == len({d for d in listed(site) if d.startswith("2027-01")})
    link = driver.find_element(By.CSS_SELECTOR, 'td[data-date="2027-01-23"] .cal-num')
    assert link.get_attribute("href").endswith("#2027-01-23")
    assert driver.find_element(By.ID, "2027-01-23").find_elements(By.CSS_SELECTOR, ".schedule-ics")
    home = (site / "index.html").read_text()
    schedule = (site / "schedule/index.html").read_text()
    assert 'href="/schedule/calendar/"' in home and 'href="/schedule/calendar/" data-calendar-link' in schedule


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("dark", [False, True])
def test_axe_clean_in_both_themes(driver, base_url, width, dark):
    set_viewport(driver, width, 900)
    emulate_dark(driver, dark)
    driver.get(base_url + f"schedule/calendar/{BUSY}/#2027-04-04")
    assert axe_violations(driver, colours_only=dark) == []
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    if dark:
        screenshot(driver, f"calendar-{width}-dark")


@pytest.mark.service_worker
def test_months_browse_offline(driver, printed):
    """The few-books site (its offline core is the bundled one's but the Bible's books), served by a
    server that then stops: the calendar's months still open and move."""
    server = OutageServer(printed[0])
    server.start()
    try:
        driver.get(server.url + "schedule/calendar/2027-01/")
        wait_for_worker(driver, timeout=120)
        server.stop()   # the outage: nothing answers on the port
        driver.get(server.url + "schedule/calendar/2027-01/")
        driver.find_element(By.CSS_SELECTOR, "a[rel=next]").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "h1").text == "February 2027")
        driver.get(server.url + f"schedule/calendar/{BUSY}/")
        assert driver.find_element(By.TAG_NAME, "h1").text == "April 2027" and grid(driver)
        assert driver.execute_script("return getComputedStyle(document.querySelector('.calendar-grid td')).borderTopStyle") == "solid"
    finally:
        try:
            server.stop()
        except Exception:
            pass


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """A published site (the few-books copy) with the busiest month printed by print-sheet --month."""
    root = tmp_path_factory.mktemp("calendar-print")
    copy_small_content(root / "Content")
    out = root / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(root / "Content"), "--output", str(out), "--base-url", REAL_BASE, "--quiet")
    assert result.returncode == 0, result.stderr
    result = run_sitegen("print-sheet", "--output", str(out), "--month", BUSY)
    assert result.returncode == 0, result.stderr
    return out, result


def test_a_printed_month_is_one_landscape_page_with_every_meeting(printed):
    out, result = printed
    assert f"schedule/calendar/{BUSY}.pdf (Letter" in result.stdout and f"schedule/calendar/{BUSY}-a4.pdf (A4" in result.stdout
    names = {o["locality"] for o in json.loads((out / "api/v1/schedule.json").read_text())["occurrences"]
             if o["date"].startswith(BUSY) and "locality" in o}
    by_slug = {l["slug"]: l["name"] for l in json.loads((out / "api/v1/localities.json").read_text())["localities"]}
    for name, size in ((f"{BUSY}.pdf", "792 x 612"), (f"{BUSY}-a4.pdf", "841.92 x 594.96")):
        pdf = out / "schedule/calendar" / name
        info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
        assert re.search(r"Pages:\s+1\n", info), info
        assert size in info, info   # landscape
        text = " ".join(subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
        assert "Hymns, Bible & Meetings" in text and "April 2027" in text
        assert "www.gracechapel.org/schedule/calendar/2027-04/" in text   # the published address, never a local one
        assert "127.0.0.1" not in text and "localhost" not in text
        def parts(t):   # words as a line may end them: at spaces and after hyphens
            return {w for w in re.split(r"\s+|(?<=[-‐])", t) if w}
        words = parts(text)
        for slug in names:   # every meeting's place (the columns interleave a name's lines, so word by word)
            assert parts(by_slug[slug]) <= words, by_slug[slug]
        ARTIFACTS.mkdir(exist_ok=True)
        subprocess.run(["pdftoppm", "-png", "-r", "60", str(pdf), str(ARTIFACTS / f"calendar-print-{name[:-4]}")], check=True)
    before = {p.name: p.read_bytes() for p in (out / "schedule/calendar").glob("*.pdf")}
    again = run_sitegen("print-sheet", "--output", str(out), "--month", BUSY)
    assert again.returncode == 0, again.stderr
    assert {p.name: p.read_bytes() for p in (out / "schedule/calendar").glob("*.pdf")} == before   # the same bytes twice


def test_every_month_prints_on_one_page(driver, base_url):
    """Each month of the window, from the browser's print: one landscape page on Letter and on A4."""
    import base64
    set_viewport(driver, 1280, 900)
    for month in [f"2026-{m}" for m in ("11", "12")] + [f"2027-{m:02d}" for m in range(1, 12)]:
        driver.get(base_url + f"schedule/calendar/{month}/")
        for width, height in ((11, 8.5), (11.69, 8.27)):
            pdf = base64.b64decode(driver.execute_cdp_cmd("Page.printToPDF", {
                "paperWidth": width, "paperHeight": height, "preferCSSPageSize": False})["data"])
            pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
            assert pages == 1, (month, width, pages)


def test_print_sheet_month_refuses_what_it_cannot_print(printed):
    out, _ = printed
    bad = run_sitegen("print-sheet", "--output", str(out), "--month", "2027-4")
    assert bad.returncode != 0 and "--month '2027-4' is not a month written YYYY-MM" in bad.stderr
    outside = run_sitegen("print-sheet", "--output", str(out), "--month", "2030-01")
    assert outside.returncode != 0
    assert "error: no calendar page for 2030-01: the calendar's months are 2026-11 to 2027-11" in outside.stderr
