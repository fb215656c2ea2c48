"""End-to-end tests of the meetings schedule, the localities, the print sheet and the calendar feeds."""
from __future__ import annotations

import base64
import datetime as dt
import json
import pathlib
import re
import shutil
import subprocess
from zoneinfo import ZoneInfo

import icalendar
import pytest
from dateutil import rrule as dateutil_rrule
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import (copy_previous_output, copy_small_content, ARTIFACTS, AS_OF, ROOT, axe_violations,
                      check_screenshot, emulate_dark, nu_errors_under, run_in_copy, run_sitegen, screenshot,
                      serve_folder, set_viewport, tree_digest)

EVIL = "<script>alert(1)</script>"


def feeds(site: pathlib.Path) -> list[pathlib.Path]:
    return [site / "schedule" / "all.ics", *sorted((site / "localities").glob("*.ics"))]


def snapshot(site: pathlib.Path) -> dict:
    return json.loads((site / "api" / "v1" / "schedule.json").read_text())


# --- Calendar feeds ---------------------------------------------------------------------------

def test_feeds_are_rfc5545_and_parse_with_icalendar(site):
    paths = feeds(site)
    assert len(paths) == 1 + 32
    for path in paths:
        raw = path.read_bytes()
        raw.decode("utf-8")  # valid UTF-8 even where lines are folded
        assert raw.endswith(b"\r\n") and b"\n" not in raw.replace(b"\r\n", b"")
        for line in raw.split(b"\r\n"):
            assert len(line) <= 75, (path.name, line)
        cal = icalendar.Calendar.from_ical(raw)
        assert str(cal["VERSION"]) == "2.0" and str(cal["PRODID"])
        defined = {str(tz["TZID"]) for tz in cal.walk("VTIMEZONE")}
        for event in cal.walk("VEVENT"):
            for prop in ("UID", "DTSTAMP", "DTSTART", "DTEND", "SUMMARY"):
                assert prop in event, (path.name, prop)
            assert event["DTSTAMP"].to_ical() == b"20261122T000000Z"
            tzid = event["DTSTART"].params.get("TZID")
            if tzid:
                assert tzid in defined, (path.name, tzid)


def test_vtimezones_agree_with_the_tz_database(site):
    """Each VTIMEZONE, turned into a tzinfo by icalendar, gives the offsets zoneinfo gives."""
    cal = icalendar.Calendar.from_ical((site / "schedule" / "all.ics").read_bytes())
    zones = list(cal.walk("VTIMEZONE"))
    assert {str(z["TZID"]) for z in zones} >= {"America/Chicago", "America/Denver", "America/Los_Angeles",
                                               "America/Anchorage", "America/Toronto", "America/New_York"}
    for vtz in zones:
        mine, real = vtz.to_tz(), ZoneInfo(str(vtz["TZID"]))
        for local in ("2027-01-15T12:00", "2027-03-14T03:30", "2027-07-01T12:00", "2027-11-07T03:00", "2026-12-06T11:00"):
            moment = dt.datetime.fromisoformat(local)
            assert moment.replace(tzinfo=mine).utcoffset() == moment.replace(tzinfo=real).utcoffset(), (vtz["TZID"], local)


def test_recurring_events_are_rrules_not_copies(site):
    cal = icalendar.Calendar.from_ical((site / "schedule" / "all.ics").read_bytes())
    events = list(cal.walk("VEVENT"))
    rules = {str(e["UID"]): e["RRULE"] for e in events if "RRULE" in e}
    communion = rules["congregations/aberdeen-communion/1@example.org"]
    assert communion["FREQ"] == ["MONTHLY"] and communion["BYDAY"] == ["1SU"] and "UNTIL" in communion
    assert rules["congregations/minnetonka-sunday-school/1@example.org"]["FREQ"] == ["WEEKLY"]
    school = next(e for e in events if str(e["UID"]) == "congregations/minnetonka-sunday-school/1@example.org")
    assert [d.dt.date().isoformat() for exdate in school["EXDATE"] for d in exdate.dts] == \
        ["2026-12-06", "2027-01-03", "2027-02-07"]
    # One VEVENT per session of each event: no expanded copies of a rule.
    uids = [str(e["UID"]) for e in events]
    assert len(uids) == len(set(uids))
    assert sum(1 for u in uids if u.startswith("congregations/aberdeen-communion/")) == 1


def test_rrules_generate_the_dates_the_pages_show(site):
    """dateutil expands each exported RRULE; the snapshot's occurrences must be exactly those dates."""
    data = snapshot(site)
    start, end = dt.date.fromisoformat(data["window"]["from"]), dt.date.fromisoformat(data["window"]["through"])
    for event in (e for e in data["events"] if "recurrence" in e):
        zone = ZoneInfo(event["timeZone"])
        h, m = map(int, event["sessions"][0]["start"].split(":"))
        first = dt.datetime.combine(dt.date.fromisoformat(event["date"]), dt.time(h, m), zone)
        rule = dateutil_rrule.rrulestr(event["recurrence"]["rrule"], dtstart=first)
        expected = {d.date() for d in rule.between(first - dt.timedelta(days=1), dt.datetime.combine(end, dt.time(23, 59), zone))
                    if start <= d.date() <= end}
        expected -= {dt.date.fromisoformat(x) for x in event["recurrence"]["except"]}
        shown = {dt.date.fromisoformat(o["date"]) for o in data["occurrences"] if o["uid"] == event["uid"]}
        assert shown == expected, event["uid"]


@pytest.fixture(scope="module")
def later_site(tmp_path_factory, small_content) -> pathlib.Path:
    """The bundled site (the KJV's few books) built as of 2027-02-01, months after the session's site."""
    out = tmp_path_factory.mktemp("later") / "Output"
    result = run_sitegen("build", "--as-of", "2027-02-01", "--content", str(small_content), "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


def test_uids_are_stable_across_builds(site, later_site):
    # Byte-for-byte sameness of two builds of the same day is test_site's determinism test.
    uids = lambda p: sorted(str(e["UID"]) for e in icalendar.Calendar.from_ical(p.read_bytes()).walk("VEVENT"))
    assert uids(site / "schedule/all.ics") == uids(later_site / "schedule/all.ics")
    assert len(uids(site / "schedule/all.ics")) > 10


def test_meeting_times_keep_local_time_across_daylight_saving(site):
    data = snapshot(site)
    school = [o for o in data["occurrences"] if o["uid"] == "congregations/minnetonka-sunday-school"]
    communion = [o for o in data["occurrences"] if o["uid"] == "congregations/aberdeen-communion"]
    starts = {o["date"]: o["sessions"][0]["start"] for o in school + communion}
    assert starts["2027-02-28"] == "2027-02-28T09:45:00-06:00"   # standard time
    assert starts["2027-04-04"] == "2027-04-04T11:00:00-05:00"   # daylight saving time, same wall clock


# --- Pages ------------------------------------------------------------------------------------

def test_schedule_page_lists_only_upcoming_meetings_without_javascript(site):
    html = (site / "schedule" / "index.html").read_text()
    dates = re.findall(r'data-date="([0-9-]+)"', html)
    assert dates and min(dates) >= AS_OF
    assert len(dates) == len(snapshot(site)["occurrences"])
    months = re.findall(r'<h2 id="m-[0-9-]+">([^<]+)</h2>', html)
    assert months[:3] == ["November 2026", "December 2026", "January 2027"]
    assert "Missionary team 1" in html and 'href="/localities/aberdeen/"' in html
    # An earlier as-of date shows more: past meetings drop off.
    assert "2026-11-15" not in dates


def test_as_of_moves_the_schedule(site, later_site):
    before = re.findall(r'data-date="([0-9-]+)"', (site / "schedule/index.html").read_text())
    dates = re.findall(r'data-date="([0-9-]+)"', (later_site / "schedule/index.html").read_text())
    assert "2027-01-23" in before and "2027-01-23" not in dates
    assert dates and min(dates) >= "2027-02-01"
    # The same meetings from 1 February on, as far as the earlier page reached (the window moves too).
    assert [d for d in dates if d <= max(before)] == [d for d in before if d >= "2027-02-01"]
    assert max(dates) > max(before)


def test_localities_index_and_locality_page(site):
    index = (site / "localities" / "index.html").read_text()
    regions = re.findall(r'<h2 id="r-[a-z-]+">([^<]+)</h2>', index)
    assert regions == sorted(regions[:-1]) + regions[-1:] or regions == sorted(regions)
    for region in ("Minnesota", "South Dakota", "British Columbia", "Washington"):
        assert region in regions
    page = (site / "localities" / "aberdeen" / "index.html").read_text()
    assert "1223 4th Ave SW" in page and "Sunday service: Sunday 11 am" in page
    # The street address in every map link that takes one (OpenStreetMap's directions take only a point).
    address = "1223%204th%20Ave%20SW%2C%20Aberdeen%20SD%2057401-3721"
    assert f'href="https://maps.apple.com/?daddr={address}&amp;ll=45.46115%2C-98.505919&amp;q=Aberdeen%2C%20SD"' in page
    assert f'href="https://www.google.com/maps/dir/?api=1&amp;destination={address}"' in page
    assert 'href="https://www.openstreetmap.org/directions?route=%3B45.46115%2C-98.505919' in page
    assert f'href="geo:45.46115,-98.505919?q={address}"' in page
    assert "Upcoming meetings" in page and "Communion · Aberdeen, SD" in page
    assert 'href="/localities/aberdeen.ics"' in page
    # A team's travel day via Aberdeen is not a meeting of Aberdeen's, on its page or in its feed.
    assert "Travel day" not in page and "via Aberdeen" not in page
    assert "Travel day" not in (site / "localities" / "aberdeen.ics").read_text()
    assert "via Aberdeen" in (site / "schedule" / "index.html").read_text()
    # No address and no coordinates: the page says so and finds the town on a map.
    summerland = (site / "localities" / "summerland" / "index.html").read_text()
    assert "No street address is published for Summerland, BC." in summerland
    assert 'href="https://www.openstreetmap.org/search?query=Summerland%2C%20BC"' in summerland
    assert "geo:" not in summerland


def test_weekly_services_of_every_locality_on_the_sheet_and_in_its_feed(site):
    """Every locality's regular services, from its page's data, once: on the sheet's summary and
    (those with a time) as weekly entries of its feed; Aberdeen's Communion by its event only."""
    sheet = (site / "schedule/print/index.html").read_text()
    services = sheet.split('id="print-services-title"', 1)[1]
    names = re.findall(r'<li data-print-group><strong>([^<]+)</strong>', services)
    with_services = sorted(p.stem for p in (ROOT / "Content/localities").glob("*.md") if "services:" in p.read_text())
    assert len(names) == len(set(names)) == len(with_services), names
    aberdeen = re.findall(r">([^<]+)</li>", services.split("<strong>Aberdeen, SD</strong>", 1)[1].split("</ul>", 1)[0])
    assert aberdeen[0] == "Sunday service Sundays 11 am" and sum("Communion" in line for line in aberdeen) == 1, aberdeen
    cal = icalendar.Calendar.from_ical((site / "localities/aberdeen.ics").read_bytes())
    summaries = [str(e["SUMMARY"]) for e in cal.walk("VEVENT")]
    assert summaries.count("Sunday service · Aberdeen, SD") == 1 and summaries.count("Communion · Aberdeen, SD") == 1
    (service,) = [e for e in cal.walk("VEVENT") if str(e["SUMMARY"]) == "Sunday service · Aberdeen, SD"]
    assert str(service["RRULE"].to_ical(), "ascii") == "FREQ=WEEKLY"
    start = service["DTSTART"].dt
    assert (start.date().isoformat(), start.hour, start.weekday()) == ("2026-11-22", 11, 6)


def test_a_repeating_service_row_adds_its_own_date(site):
    """"Add to calendar" on one Communion row is that date; the series has its own link."""
    page = (site / "localities/aberdeen/index.html").read_text()
    assert 'href="/schedule/events/congregations/aberdeen-communion/2027-01-03.ics"' in page
    assert page.count('href="/schedule/events/congregations/aberdeen-communion.ics"') == page.count('Add all <span class="schedule-category">Communion</span> dates') > 1
    cal = icalendar.Calendar.from_ical((site / "schedule/events/congregations/aberdeen-communion/2027-01-03.ics").read_bytes())
    (event,) = cal.walk("VEVENT")
    assert "RRULE" not in event and event["DTSTART"].dt.date().isoformat() == "2027-01-03"


def test_home_page_shows_the_next_meetings(site):
    home = (site / "index.html").read_text()
    assert "Next meetings" in home and 'href="/schedule/"' in home


def test_schedule_pages_pass_the_nu_html_checker(site, nu_errors):
    assert (site / "schedule/print/index.html").is_file() and (site / "localities/aberdeen/index.html").is_file()
    assert nu_errors_under(nu_errors, site, "schedule", "localities") == []


# --- Print sheet --------------------------------------------------------------------------------

PAPERS = [("letter", 8.5, 11), ("a4", 8.27, 11.69)]
# The bundled sheet (as of 2026-11-22): the winter and summer mission meetings, 66 visits, and
# the regular services of three localities.
SHEET_PAGES = {"letter": 4, "a4": 4}


def print_pdf(driver, path: pathlib.Path, width: float, height: float, background: bool = False) -> str:
    """Prints the open page as Chromium's print dialog would (no header or footer) to `path`;
    returns its text as pdftotext -layout reads it."""
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {
        "paperWidth": width, "paperHeight": height, "printBackground": background, "preferCSSPageSize": False,
        "displayHeaderFooter": False})
    path.write_bytes(base64.b64decode(pdf["data"]))
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def pdf_pages(path: pathlib.Path) -> int:
    info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"Pages:\s+(\d+)", info).group(1))


def pdf_words(path: pathlib.Path) -> tuple[list[tuple[str, float, float]], float]:
    """Every word of the PDF with its left and right edge (pt), and the page width (pt)."""
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', html).group(1))
    words = [(w, float(x0), float(x1)) for x0, x1, w in
             re.findall(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', html)]
    return words, width


def gray_page(path: pathlib.Path) -> tuple[int, int, bytes]:
    """The first page of a PDF as grey pixels (pdftoppm's PGM): width, height, one byte a pixel."""
    out = subprocess.run(["pdftoppm", "-gray", "-r", "30", "-f", "1", "-l", "1", str(path)],
                         capture_output=True, check=True).stdout
    header = re.match(rb"P5\s+(\d+)\s+(\d+)\s+255\s", out)
    width, height = int(header.group(1)), int(header.group(2))
    return width, height, out[header.end():header.end() + width * height]


def words_of(text: str) -> list[str]:
    """Words as a line break may end them: split at spaces and after hyphens and dashes, without
    the punctuation around them (", " between times is drawn by CSS)."""
    import html as html_module
    parts = (w.strip(",;:()“”\"'.") for w in re.split(r"\s+|(?<=[-‐‑–—])", html_module.unescape(text)))
    return [w for w in parts if w]


@pytest.mark.parametrize("paper,width,height", PAPERS)
def test_print_sheet_prints_to_pdf(driver, base_url, site, tmp_path, paper, width, height):
    """The notice-board sheet on Letter and A4: the bundled season on a few pages, every page's
    table headed, nothing past the right margin, no word broken, no stale duplicate text."""
    set_viewport(driver, 1280, 800)
    driver.get(base_url + "schedule/print/")
    path = tmp_path / f"schedule-{paper}.pdf"
    text = print_pdf(driver, path, width, height)
    pages = pdf_pages(path)
    assert pages == SHEET_PAGES[paper], pages
    sheets = [s for s in text.split("\f") if s.strip()]
    assert len(sheets) == pages
    assert "meetings" in sheets[0] and "Every mission meeting, and the regular services by locality." in sheets[0]
    assert "Back to the schedule" not in text and "Generated on" not in text  # screen-only parts are not printed
    for number, sheet in enumerate(sheets, 1):
        if re.search(r"^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2}\b", sheet, re.M):   # a page with visits' rows
            assert re.search(r"Dates\s+Place\s+Meetings\s+Team\n", sheet), f"page {number} has no header row"
    # One row per visit: the winter's first stay at Tri-Cities is one row with both days' meetings.
    assert re.search(r"Sat 23 – Sun 24 Jan\s+Tri‐Cities, WA\s+Sat 7–9 pm\s+Missionary team 1", text), text[:3000]
    assert "Travel day" not in text and "Arrival / Arrival" not in text and "Rest day / Rest day" not in text
    # Notes go under the place (a Notes column would be nearly empty), each once: the business
    # meeting is the Flathead visit's note, not also a regular service; no note names an old year.
    flat = re.sub(r"\s+", " ", text)
    assert flat.count("Annual Business Meeting @ 2:00 PM") == 1 and "Business meeting" not in flat
    assert "St. John's Meetings" in flat and "2019" not in flat
    assert "Newfield, NY" in flat and not re.search(r"Newfield(?!, NY)", flat)
    # Regular services summarised once per locality, not a row per Sunday.
    assert ("Minnetonka, MN — Sunday service Sundays 11 am; Sunday school Sundays 9:45 am, 29 Nov 2026 – 28 Feb 2027 "
            "(not 6 Dec, 3 Jan, 7 Feb); Communion first Sunday of the month 11 am, 6 Dec 2026 – 7 Nov 2027") in flat, flat[-1500:]
    assert flat.count("Minnetonka, MN —") == 1 and flat.count("Aberdeen, SD —") == 1
    # Nothing is cut at the right margin (12 mm) and no word is broken inside.
    words, page_width = pdf_words(path)
    margin = 12 / 25.4 * 72
    assert max(x1 for _, _, x1 in words) <= page_width - margin + 1, "a column runs past the right margin"
    assert min(x0 for _, x0, _ in words) >= margin - 1
    # Each list item's text on its own too: the "; " between a locality's services is drawn by CSS,
    # so the page's innerText runs one item's last word into the next one's first.
    known = set(words_of(driver.execute_script(
        "return [...document.querySelectorAll('main, main li')].map(e => e.innerText).join('\\n')")))
    broken = [part for w, _, _ in words for part in words_of(w) if part not in known]
    assert broken == [], f"words broken across lines (or not on the page): {broken[:20]}"
    # A person looks at the pages.
    ARTIFACTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(path), str(ARTIFACTS / f"schedule-print-{paper}")], check=True)


def test_print_sheet_is_black_on_white_from_the_dark_theme(driver, base_url, tmp_path):
    """Printed from the dark theme with background graphics on: black text on white paper."""
    ARTIFACTS.mkdir(exist_ok=True)
    for how in ("system", "chosen"):
        set_viewport(driver, 1280, 800)
        emulate_dark(driver, True)
        driver.get(base_url + "schedule/print/")
        if how == "chosen":
            driver.execute_script("document.documentElement.dataset.theme = 'dark'")
        path = tmp_path / f"dark-{how}.pdf"
        print_pdf(driver, path, 8.5, 11, background=True)
        subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(path), str(ARTIFACTS / f"schedule-print-dark-{how}")],
                       check=True)
        width, height, pixels = gray_page(path)
        white = sum(1 for p in pixels if p > 245) / len(pixels)
        assert white > 0.6, (how, white)   # paper with text on it, not a black frame (dark pages are < 0.1)
        assert pixels[2 * width + 2] > 245 and pixels[-2 * width - 3] > 245, how   # the corners are white
    emulate_dark(driver, False)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print",
                           "features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(base_url + "schedule/print/")
    colors = driver.execute_script("""
        const cell = document.querySelector('.print-table td');
        const s = getComputedStyle(cell), b = getComputedStyle(document.body);
        const head = getComputedStyle(document.querySelector('.print-table thead'));
        return [s.color, b.backgroundColor, head.display,
                getComputedStyle(document.querySelector('.print-table tbody tr')).breakInside,
                getComputedStyle(document.querySelector('.site-header')).display];""")
    assert colors[0] == "rgb(0, 0, 0)" and colors[1] == "rgb(255, 255, 255)"
    assert colors[2] == "table-header-group" and colors[3] == "avoid" and colors[4] == "none"
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def test_print_link_carries_the_filters(driver, base_url, site, tmp_path):
    """Filter /schedule/, follow its print link: the sheet shows and says only what was filtered."""
    set_viewport(driver, 390, 844)
    driver.get(base_url + "schedule/")
    Select(driver.find_element(By.ID, "f-locality")).select_by_value("aberdeen")
    link = driver.find_element(By.CSS_SELECTOR, "[data-print-link]")
    assert link.get_attribute("href").endswith("/schedule/print/?locality=aberdeen")
    assert link.text == "Printable sheet of these meetings"
    link.click()
    WebDriverWait(driver, 5).until(lambda d: "/schedule/print/" in d.current_url)
    covers = driver.find_element(By.CSS_SELECTOR, "[data-print-covers]").text
    assert covers.startswith("Only meetings at Aberdeen, SD ("), covers
    shown = driver.execute_script("return [...document.querySelectorAll('[data-print-item]')]"
                                  ".filter(e => e.offsetParent !== null).map(e => e.dataset.locality)")
    assert shown and set(shown) == {"aberdeen"}
    screenshot(driver, "schedule-print-filtered-phone")
    text = re.sub(r"\s+", " ", print_pdf(driver, tmp_path / "aberdeen.pdf", 8.5, 11))
    assert pdf_pages(tmp_path / "aberdeen.pdf") == 1
    assert "Only meetings at Aberdeen, SD" in text and "Aberdeen, SD" in text and "Tri‐Cities" not in text

    # Each season of the bundled data (winter through June, summer from July) on a few pages (the
    # localities' weekly services, every week of any season, take most of a page).
    for season in ("to=2027-06-30", "from=2027-07-01"):
        driver.get(base_url + "schedule/print/?" + season)
        for paper, width, height in PAPERS:
            print_pdf(driver, tmp_path / "season.pdf", width, height)
            assert 1 <= pdf_pages(tmp_path / "season.pdf") <= 3, (season, paper)

    # Team and dates together, from the address (as the link would carry them).
    driver.get(base_url + "schedule/print/?team=Missionary+team+11&from=2027-03-01&to=2027-04-05")
    covers = driver.find_element(By.CSS_SELECTOR, "[data-print-covers]").text
    assert "team: Missionary team 11" in covers and "from 1 March 2027 to 5 April 2027" in covers
    rows = driver.execute_script("return [...document.querySelectorAll('tr[data-print-item]')]"
                                 ".filter(e => e.offsetParent !== null).map(e => [e.dataset.from, e.dataset.to])")
    # Sault Ste. Marie (27–29 Mar), Chatham (30 Mar), Marengo (1–4 Apr): visits overlapping the dates.
    assert rows == [["2027-03-27", "2027-03-29"], ["2027-03-30", "2027-03-30"], ["2027-04-01", "2027-04-04"]], rows
    assert not driver.find_element(By.CSS_SELECTOR, ".print-services").is_displayed()   # no service of that team
    driver.get(base_url + "schedule/print/?locality=chatham&category=Communion")   # Chatham: a Sunday service only
    assert driver.find_element(By.CSS_SELECTOR, "[data-print-none]").is_displayed()

    # Without JavaScript the link is the full sheet, and the sheet is complete.
    html = (site / "schedule/index.html").read_text()
    assert 'href="/schedule/print/" data-print-link' in html
    sheet = (site / "schedule/print/index.html").read_text()
    # (The footer naming the address is hidden: without a published one only the script can name
    # where the page came from, and never a loopback address.)
    assert " hidden" not in re.sub(r'data-print-(none|button) hidden|class="print-foot" hidden', "", sheet.split("<main", 1)[1])


def test_check_warns_about_a_stale_note_and_a_missing_address(tmp_path):
    content = copy_small_content(tmp_path / "Content")
    winter = content / "schedule" / "winter-2027.yml"
    lines = winter.read_text().splitlines()
    stale = next(n for n, l in enumerate(lines, 1) if "comment: \"St. John's Meetings\"" in l)
    lines[stale - 1] = lines[stale - 1].replace("St. John's", "2019 St. John's")
    winter.write_text("\n".join(lines) + "\n")
    result = run_in_copy(content, "check", "--as-of", AS_OF)
    assert result.returncode == 0, result.stderr
    warnings = [l for l in result.stderr.splitlines() if ": warning: " in l]
    assert any(w.startswith(f"Content/schedule/winter-2027.yml:{stale}:") and "'comment' names 2019" in w for w in warnings), warnings
    assert "Content/localities/summerland.md:1:1: warning: locality 'Summerland, BC' has no 'address'" in result.stderr


# --- Filters in the browser ----------------------------------------------------------------------

def visible_rows(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('.schedule-row[data-date]')].filter(r => r.offsetParent !== null)"
        ".map(r => [r.dataset.locality, r.dataset.category, r.dataset.team, r.dataset.date])")


def test_filters_narrow_the_list(driver, base_url, site):
    total = len(snapshot(site)["occurrences"])
    driver.get(base_url + "schedule/")
    form = driver.find_element(By.CSS_SELECTOR, "[data-schedule-filters]")
    assert form.is_displayed()
    assert len(visible_rows(driver)) == total
    Select(driver.find_element(By.ID, "f-locality")).select_by_value("aberdeen")
    rows = visible_rows(driver)
    assert rows and all(r[0] == "aberdeen" for r in rows) and len(rows) < total
    assert f"Showing {len(rows)} of {total}" in driver.find_element(By.CSS_SELECTOR, "[data-filter-status]").text
    assert "locality=aberdeen" in driver.current_url
    Select(driver.find_element(By.ID, "f-category")).select_by_value("Communion")
    assert all(r[1] == "Communion" for r in visible_rows(driver))
    # Empty month and team groups are hidden with their rows.
    assert driver.execute_script("return [...document.querySelectorAll('[data-month]')].filter(m => !m.hidden)"
                                 ".every(m => m.querySelector('.schedule-row:not([hidden])'))")
    driver.find_element(By.CSS_SELECTOR, "button[type=reset]").click()
    # The page filters again just after the form has reset (setTimeout 0): wait for it, as a person would.
    WebDriverWait(driver, 5).until(lambda d: len(visible_rows(d)) == total)

    Select(driver.find_element(By.ID, "f-team")).select_by_value("Missionary team 11")
    assert {r[2] for r in visible_rows(driver)} == {"Missionary team 11"}
    driver.find_element(By.CSS_SELECTOR, "button[type=reset]").click()

    driver.execute_script("""
        const set = (id, v) => { const el = document.getElementById(id); el.value = v;
                                 el.dispatchEvent(new Event('input', {bubbles: true})); };
        set('f-from', '2027-04-01'); set('f-to', '2027-04-30');""")
    dates = [r[3] for r in visible_rows(driver)]
    assert dates and all("2027-04-01" <= d <= "2027-04-30" for d in dates)
    driver.find_element(By.CSS_SELECTOR, "button[type=reset]").click()

    search = driver.find_element(By.ID, "f-search")
    search.send_keys("business meeting")
    rows = visible_rows(driver)
    assert rows and all(r[0] == "flathead_valley" for r in rows)
    search.clear()
    search.send_keys("no such place anywhere")
    assert visible_rows(driver) == []
    assert driver.find_element(By.CSS_SELECTOR, "[data-filter-none]").is_displayed()


def test_filter_preset_from_the_address(driver, base_url):
    driver.get(base_url + "schedule/?team=Missionary%20team%204")
    assert {r[2] for r in visible_rows(driver)} == {"Missionary team 4"}


def test_filter_folds_hyphens_accents_and_case(driver, base_url):
    """Typed with a plain hyphen, "Tri-Cities" finds the "Tri‐Cities" (U+2010) of the content."""
    driver.get(base_url + "schedule/")
    expected = driver.execute_script("return [...document.querySelectorAll('.schedule-row')]"
                                     ".filter(r => r.textContent.includes('Tri‐Cities')).length")
    assert expected > 5
    search = driver.find_element(By.ID, "f-search")
    for typed in ("Tri-Cities", "tri-cities", "TRI—CITIES"):
        search.clear()
        search.send_keys(typed)
        rows = visible_rows(driver)
        # Meetings at Tri-Cities and those it joins (Davenport "with Tri‐Cities, WA").
        assert len(rows) == expected and "tricities" in {r[0] for r in rows}, (typed, rows[:3])
    # Accents, compounds and word beginnings: Tests/js/schedule-filter.test.js.


def test_team_filter_shows_whole_names(driver, base_url):
    for width in (320, 390, 1280):
        set_viewport(driver, width, 844)
        driver.get(base_url + "schedule/")
        select = driver.find_element(By.ID, "f-team")
        # The closed select is wide enough for its longest option (the text, arrow and padding).
        needed = driver.execute_script("""
            const s = arguments[0], c = document.createElement('canvas').getContext('2d');
            c.font = getComputedStyle(s).font;
            return Math.max(...[...s.options].map(o => c.measureText(o.text).width));""", select)
        assert select.size["width"] >= needed + 24, (width, select.size["width"], needed)
        assert driver.execute_script("return document.documentElement.scrollWidth") <= width


def test_each_meeting_has_its_own_calendar_file(driver, base_url, site):
    """"Add to calendar" on a meeting gives a one-meeting .ics that icalendar reads, with the
    feed's UIDs (so subscribing as well does not double it)."""
    events = snapshot(site)["events"]
    files = sorted((site / "schedule" / "events").glob("*/*.ics"))
    assert len(files) == len(events)
    # And one file for each upcoming date of a repeating event (its own UID: not the series).
    dates = sorted((site / "schedule" / "events").glob("*/*/*.ics"))
    repeating = [o for o in snapshot(site)["occurrences"] if any(e["uid"] == o["uid"] and "recurrence" in e for e in events)]
    assert len(dates) == len(repeating) > 0
    all_uids = {str(e["UID"]) for e in icalendar.Calendar.from_ical((site / "schedule/all.ics").read_bytes()).walk("VEVENT")}
    for path in files:
        cal = icalendar.Calendar.from_ical(path.read_bytes())
        vevents = list(cal.walk("VEVENT"))
        uid = f"{path.parent.name}/{path.stem}"
        assert vevents and all(str(e["UID"]).startswith(uid + "/") or str(e["UID"]) == f"{uid}@example.org"
                               for e in vevents), path
        assert {str(e["UID"]) for e in vevents} <= all_uids
        assert "X-WR-CALNAME" not in cal   # added to a calendar the person has, not a new one
    driver.get(base_url + "schedule/")
    row = driver.find_element(By.CSS_SELECTOR, ".schedule-row[data-locality=tricities] .schedule-ics")
    assert row.text == "Add to calendar"
    href = row.get_attribute("href")
    assert href.endswith("/schedule/events/winter-2027/2027-01-23-tricities.ics")
    import urllib.request
    raw = urllib.request.urlopen(href).read()
    cal = icalendar.Calendar.from_ical(raw)
    (event,) = cal.walk("VEVENT")    # one meeting: its one evening session
    assert str(event["SUMMARY"]).startswith("Mission meeting · Tri‐Cities, WA")
    start = event["DTSTART"].dt
    assert (start.year, start.month, start.day, start.hour) == (2027, 1, 23, 19)
    assert str(start.tzinfo) in ("America/Los_Angeles", "tzfile('America/Los_Angeles')") or "Los_Angeles" in str(start.tzinfo)


def test_no_placeholder_address_in_pages(site, driver, base_url):
    """Built with the example.org placeholder, no page links to example.org: Subscribe is made in
    the browser from the address the page came from, and so is the sheet's printed address."""
    for path in ("schedule/index.html", "localities/aberdeen/index.html", "schedule/print/index.html"):
        assert "example.org" not in (site / path).read_text().split("<body", 1)[1], path
    assert '<a class="button" href="/schedule/all.ics" data-webcal hidden>' in (site / "schedule/index.html").read_text()
    host = base_url.split("//", 1)[1].rstrip("/")
    driver.get(base_url + "localities/aberdeen/")
    link = driver.find_element(By.CSS_SELECTOR, "a[data-webcal]")
    assert link.is_displayed() and link.get_attribute("href") == f"webcal://{host}/localities/aberdeen.ics"
    # Served from loopback (as here, and as print-sheet prints it), the sheet names no address:
    # paper never carries 127.0.0.1 (issue 41, item 13); from a real host it names that one.
    driver.get(base_url + "schedule/print/")
    foot = driver.find_element(By.CSS_SELECTOR, ".print-foot")
    assert host.startswith("127.0.0.1:") and not foot.is_displayed() and "127.0.0.1" not in foot.text


def test_schedule_page_is_light(site):
    """Under the 150 KB budget for any HTML page (the issue's goal), with every meeting in it."""
    html = site / "schedule/index.html"
    assert html.stat().st_size < 150_000, html.stat().st_size
    assert html.read_text().count('class="schedule-row') == len(snapshot(site)["occurrences"])


# --- Content is data ---------------------------------------------------------------------------

def evil_content(tmp_path: pathlib.Path) -> pathlib.Path:
    content = tmp_path / "Content"
    copy_small_content(content)
    (content / "localities" / "evil.md").write_text(
        "---\n"
        f'name: "{EVIL}"\n'
        'address: ["<b>1 Main St</b>", "Town & \\"Country\\""]\n'
        "latitude: 45.0\nlongitude: -93.0\n"
        "time_zone: America/Chicago\n"
        "services:\n  - { name: \"<i>Service</i>\", day: Sunday, time: \"11:00\" }\n"
        "---\nA <script>alert(3)</script> description.\n")
    (content / "schedule" / "evil.yml").write_text(
        "events:\n"
        "  - id: evil-meeting\n"
        "    date: 2026-12-12\n"
        "    locality: evil\n"
        f'    team: "{EVIL}"\n'
        '    category: "<img src=x onerror=alert(2)>"\n'
        '    comment: "Line one\\nline two; with, specials \\\\ <script>alert(4)</script>"\n'
        "    sessions:\n      - { name: Evening, start: \"19:00\", end: \"21:00\" }\n")
    return content


def test_a_script_name_is_text_everywhere(tmp_path, driver):
    out = tmp_path / "out"
    result = run_sitegen("build", "--content", str(evil_content(tmp_path)), "--as-of", AS_OF,
                         "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    for html in [out / "schedule/index.html", out / "schedule/print/index.html", out / "localities/index.html",
                 out / "localities/evil/index.html", out / "index.html"]:
        text = html.read_text()
        assert "<script>alert" not in text and "<img src=x" not in text, html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, html
    ics = (out / "localities/evil.ics").read_bytes()
    event = next(e for e in icalendar.Calendar.from_ical(ics).walk("VEVENT") if "evil-meeting" in str(e["UID"]))
    assert str(event["LOCATION"]).startswith(EVIL)
    assert "line two; with, specials \\ <script>alert(4)</script>" in str(event["DESCRIPTION"])
    data = json.loads((out / "api/v1/schedule.json").read_text())
    occ = next(o for o in data["occurrences"] if o["uid"] == "evil/evil-meeting")
    assert occ["team"] == EVIL and occ["category"] == "<img src=x onerror=alert(2)>"
    localities = json.loads((out / "api/v1/localities.json").read_text())
    assert next(l for l in localities["localities"] if l["slug"] == "evil")["name"] == EVIL
    # In a browser: shown as text, nothing runs.
    url, server = serve_folder(out)
    try:
        driver.get(url + "localities/evil/")
        assert driver.find_element(By.TAG_NAME, "h1").text == EVIL
        driver.get(url + "schedule/")
        assert EVIL in driver.find_element(By.TAG_NAME, "main").text
        assert driver.execute_script("return document.querySelectorAll('main script, main img').length") == 0
    finally:
        server.shutdown()


def test_bad_schedule_fails_with_every_error_and_output_untouched(tmp_path, site):
    content = tmp_path / "Content"
    copy_small_content(content)
    (content / "localities" / "far.md").write_text("---\nname: Far\nlatitude: 123.4\nlongitude: 200\n---\n")
    (content / "schedule" / "bad.yml").write_text(
        "events:\n"
        "  - { id: a, date: 2027-02-30, locality: aberdeen }\n"
        "  - { id: b, date: 2027-03-01, locality: aberdeeen }\n"
        "  - id: c\n    date: 2027-03-02\n    locality: colorado\n    time_zone: Mars/Olympus\n"
        "    sessions: [{ name: X, start: \"10:00\", end: \"11:00\" }]\n"
        "  - id: d\n    date: 2027-03-03\n    locality: aberdeen\n"
        "    repeat: { frequency: weekly, count: 2, until: 2027-05-01 }\n"
        "  - id: e\n    date: 2027-03-04\n    locality: aberdeen\n"
        "    sessions: [{ name: Late, start: \"22:00\", end: \"21:00\" }]\n")
    out = tmp_path / "Output"
    copy_previous_output(site, out)
    assert (out / ".sitegen-output").exists(), "sitegen's own output, which a good build would replace"
    before = tree_digest(out)
    result = run_sitegen("build", "--content", str(content), "--as-of", AS_OF, "--output", str(out))
    assert result.returncode != 0
    errors = [l for l in result.stderr.splitlines() if ": error: " in l]
    expect = [("bad.yml:2:", "2027-02-30"), ("bad.yml:3:", "unknown locality 'aberdeeen'"),
              ("bad.yml:7:", "unknown time zone 'Mars/Olympus'"), ("bad.yml:12:", "not both"),
              ("bad.yml:16:", "within its day"), ("far.md:3:", "'latitude' must be from -90.0 to 90.0, not 123.4"), ("far.md:4:", "'longitude' must be from -180.0 to 180.0, not 200")]
    for where, what in expect:
        assert any(where in e and what in e for e in errors), (where, what, errors)
    assert all(re.match(r"^\S+:\d+:\d+: error: ", e) for e in errors)
    assert tree_digest(out) == before


# --- Accessibility and looks -----------------------------------------------------------------------

# The schedule's meetings are one template's rows: axe checks the first three of each team's list
# and every row of the other kinds (travel, rest, arrival), which are fewer.
AXE_SAMPLE = {"schedule/": [".schedule-row.status-meeting:nth-child(n+4)"]}


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("path", ["schedule/", "schedule/print/", "localities/", "localities/aberdeen/"])
def test_axe_clean(driver, base_url, path, dark):
    emulate_dark(driver, dark)
    driver.get(base_url + path)
    # light: every rule; dark: the colour rules
    assert axe_violations(driver, colours_only=dark, exclude=AXE_SAMPLE.get(path)) == []


def test_locality_page_dates_and_titles_never_meet(driver, base_url):
    """At 1280 px (and on a phone) each upcoming meeting's date ends before its title starts."""
    for width in (1280, 390):
        set_viewport(driver, width, 900)
        driver.get(base_url + "localities/aberdeen/")
        gaps = driver.execute_script("""return [...document.querySelectorAll('.schedule-row')].map(r => {
            const d = r.querySelector('.schedule-date').getBoundingClientRect(), t = r.querySelector('.schedule-title').getBoundingClientRect();
            return t.top >= d.bottom - 1 ? 99 : t.left - d.right; });""")
        assert gaps and min(gaps) >= 8, (width, gaps)
        # and the titles line up (the date column is as wide on every row)
        lefts = driver.execute_script(
            "return [...document.querySelectorAll('.schedule-title')].map(t => Math.round(t.getBoundingClientRect().left))")
        assert len(set(lefts)) == 1, (width, lefts)
    set_viewport(driver, 1280, 900)
    screenshot(driver, "locality-aberdeen-1280")


def test_screenshots(driver, base_url):
    """Each page at phone and desktop size: nothing overflows sideways, and the picture is the
    page (its size, real content, a light background; dark in the dark theme)."""
    for path, name in [("schedule/", "schedule"), ("localities/aberdeen/", "locality-aberdeen"),
                       ("schedule/print/", "schedule-print"), ("localities/", "localities")]:
        for (w, h, kind) in ((390, 844, "phone"), (1280, 900, "desktop")):
            set_viewport(driver, w, h)
            driver.get(base_url + path)
            assert driver.execute_script("return document.documentElement.scrollWidth") <= w, (path, w)
            check_screenshot(driver, screenshot(driver, f"{name}-{kind}"), w, h, dark=False)
    set_viewport(driver, 390, 844)
    emulate_dark(driver, True)
    driver.get(base_url + "schedule/")
    check_screenshot(driver, screenshot(driver, "schedule-phone-dark"), 390, 844, dark=True)


# --- Import commands ------------------------------------------------------------------------------

# Copies of the project's real data (shared/data/hymnal/): see Tests/Fixtures/README.md.
DATA = ROOT / "Tests" / "Fixtures" / "hymnal"


def test_bundled_content_is_what_the_importers_make(tmp_path):
    content = tmp_path / "Content"
    assert run_sitegen("import", "localities-json", str(DATA / "localities.json"), "--content", str(content)).returncode == 0
    committed = sorted((ROOT / "Content" / "localities").glob("*.md"))
    assert len(committed) == 32, "the 32 committed localities"   # no pass on an empty glob
    for name in committed:
        assert (content / "localities" / name.name).read_text() == name.read_text(), name.name
    for season, extra in [("winter", []), ("summer", ["--team", "Summer mission team"])]:
        result = run_sitegen("import", "schedule-json", str(DATA / f"schedule-{season}.json"), "--year", "2027",
                             "--align-weekdays", "--name", f"{season}-2027",
                             "--title", f"{season.capitalize()} mission meetings 2027", *extra, "--content", str(content))
        assert result.returncode == 0, result.stderr
        assert (content / "schedule" / f"{season}-2027.yml").read_text() == \
            (ROOT / "Content" / "schedule" / f"{season}-2027.yml").read_text()
    # A second run refuses to overwrite without --force.
    again = run_sitegen("import", "localities-json", str(DATA / "localities.json"), "--content", str(content))
    assert again.returncode != 0 and "file exists" in again.stderr


def test_csv_import_then_build(tmp_path):
    content = tmp_path / "Content"
    copy_small_content(content)
    csv = tmp_path / "spring.csv"
    csv.write_text("date,locality,with,morning,evening,team,category,comment,repeat,on,until\n"
                   "2027-01-03,aberdeen,Gackle,11:00-13:00,,,Communion,,monthly,first Sunday,2027-06-30\n"
                   '2027-01-09,Minnetonka,,yes,yes,Team <b>A</b>,,"Bring food, please",,,\n')
    result = run_sitegen("import", "schedule-csv", str(csv), "--content", str(content))
    assert result.returncode == 0, result.stderr
    written = (content / "schedule" / "spring.yml").read_text()
    assert 'locality: "minnetonka"' in written and "on: \"first Sunday\"" in written
    out = tmp_path / "out"
    build = run_sitegen("build", "--content", str(content), "--as-of", AS_OF, "--output", str(out), "--quiet")
    assert build.returncode == 0, build.stderr
    html = (out / "schedule" / "index.html").read_text()
    assert "Team &lt;b&gt;A&lt;/b&gt;" in html and "Bring food, please" in html

    bad = tmp_path / "bad.csv"
    bad.write_text("date,locality,morning\n2027-02-30,aberdeen,\n2027-03-01,nowhere,\n2027-03-02,aberdeen,9-10\n")
    result = run_sitegen("import", "schedule-csv", str(bad), "--content", str(content))
    assert result.returncode != 0 and not (content / "schedule" / "bad.yml").exists()
    errors = [l for l in result.stderr.splitlines() if ": error: " in l]
    assert any(l.startswith(f"{bad}:2:1: error:") and "2027-02-30" in l for l in errors), errors
    assert any(l.startswith(f"{bad}:3:12: error:") and "nowhere" in l for l in errors), errors
    assert any(l.startswith(f"{bad}:4:21: error:") and "morning" in l for l in errors), errors
