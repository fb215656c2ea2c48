"""The bundled site published under a sub-path (`--base-url https://example.org/church/`):
every link, asset, feed, the sitemap and the snapshots' URLs start there, and the site works in
a browser served from /church/ (the README: "a base URL with a path makes every link start there").
The site has no service worker yet; when it gets one, its scope belongs here too.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET

import icalendar
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import AS_OF, default_chapter_count, run_sitegen, serve_folder, wait_for_url_path
from linkcheck import check_site

BASE = "https://example.org/church/"


@pytest.fixture(scope="module")
def church(tmp_path_factory, small_content):
    out = tmp_path_factory.mktemp("church") / "Output"
    result = run_sitegen("build", "--as-of", AS_OF, "--content", str(small_content), "--output", str(out), "--quiet", "--base-url", BASE)
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def church_url(church):
    url, server = serve_folder(church, "/church/")
    yield url
    server.shutdown()


def test_every_link_and_anchor_resolves_under_the_sub_path(church):
    problems = check_site(church, base_path="/church/", origin="https://example.org")
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:50])


def test_the_link_checker_sees_links_that_miss_the_sub_path(church, tmp_path):
    """The checker itself: a root-relative link that forgets /church/ is reported."""
    import shutil
    page = tmp_path / "site"
    shutil.copytree(church / "about", page / "about")
    (page / "index.html").write_text('<a href="/church/about/">ok</a> <a href="/hymns/">forgot the base</a> '
                                     '<a href="https://example.org/about/">absolute, forgot it too</a> <a href="#x">no such id</a>')
    problems = check_site(page, base_path="/church/", origin="https://example.org")
    assert any("outside the site base path: /hymns/" in p for p in problems), problems
    assert any("https://example.org/about/" in p for p in problems), problems
    assert any("missing anchor #x" in p for p in problems), problems


def test_no_page_links_to_the_site_root(church):
    """Every href, src and action that starts with / starts with /church/."""
    wrong, pages = [], sorted(church.rglob("*.html"))
    assert len(pages) > 600, "the sub-path build's pages"   # no pass on an empty folder
    for page in pages:
        for attr, url in re.findall(r'\s(href|src|action)="(/[^"]*)"', page.read_text()):
            if not url.startswith("/church/"):
                wrong.append(f"{page.relative_to(church)}: {attr}={url}")
    assert wrong == [], "\n".join(wrong[:30])


def test_sitemap_robots_and_canonical_links(church):
    locs = [e.text for e in ET.parse(church / "sitemap.xml").getroot().iter("{http://www.sitemaps.org/schemas/sitemap/0.9}loc")]
    assert len(locs) > 600 and all(loc.startswith(BASE) for loc in locs), [l for l in locs if not l.startswith(BASE)][:5]
    assert BASE + "hymns/123/" in locs and BASE in locs
    assert f"Sitemap: {BASE}sitemap.xml" in (church / "robots.txt").read_text()
    about = (church / "about" / "index.html").read_text()
    assert f'<link rel="canonical" href="{BASE}about/">' in about


def test_feeds_point_into_the_sub_path(church):
    for path in [church / "schedule" / "all.ics", church / "localities" / "aberdeen.ics"]:
        cal = icalendar.Calendar.from_ical(path.read_bytes())
        urls = [str(e["URL"]) for e in cal.walk("VEVENT") if "URL" in e]
        assert urls and all(u.startswith(BASE) for u in urls), (path.name, urls[:3])
    page = (church / "localities" / "aberdeen" / "index.html").read_text()
    assert 'href="/church/localities/aberdeen.ics"' in page
    # example.org is the placeholder: Subscribe is made in the browser from the address served from.
    assert '<a class="button" href="/church/localities/aberdeen.ics" data-webcal hidden>' in page and "webcal://" not in page
    assert 'href="/church/schedule/events/congregations/aberdeen-communion.ics"' in page


def test_snapshot_urls_start_at_the_sub_path(church):
    """Every URL-like string in the JSON snapshots: absolute ones at https://example.org/church/,
    site paths at /church/."""
    wrong, snapshots = [], sorted((church / "api" / "v1").rglob("*.json"))
    assert len(snapshots) >= 30, "the sub-path build's snapshots"   # no pass on an empty folder
    for path in snapshots:
        text = path.read_text()
        for url in re.findall(r'"(https?://example\.org[^"]*)"', text):
            if not url.startswith(BASE):
                wrong.append(f"{path.name}: {url}")
        for key, url in re.findall(r'"(url|href|link|page)":"(/[^"]*)"', text):
            if not url.startswith("/church/"):
                wrong.append(f"{path.name}: {key}={url}")
        for url in re.findall(r'href=\\"(/[^"\\]*)\\"', text):   # links inside HTML in the JSON
            if not url.startswith("/church/"):
                wrong.append(f"{path.name}: {url}")
    assert wrong == [], "\n".join(wrong[:30])
    manifest = json.loads((church / "api" / "v1" / "manifest.json").read_text())
    assert manifest["asOf"] == AS_OF


def failed_requests(driver) -> list[str]:
    """Resources the page loaded from outside /church/, or that failed. (The page's icon is
    /church/assets/icons/favicon.ico; the browser's own guess at the host's /favicon.ico is not a
    request of the page's.)"""
    return driver.execute_script("""
        return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))
          .filter(e => new URL(e.name).pathname !== '/favicon.ico')
          .filter(e => !new URL(e.name).pathname.startsWith('/church/') || (e.responseStatus || 200) >= 400)
          .map(e => e.name + ' ' + e.responseStatus);""")


@pytest.mark.parametrize("path", ["", "hymns/", "hymns/23/", "bible/john/3/", "bible/plan/", "schedule/", "localities/aberdeen/", "about/"])
def test_pages_load_styles_and_scripts_from_the_sub_path(driver, church_url, path):
    driver.get(church_url + path)
    assert driver.find_element(By.TAG_NAME, "h1").text
    # The stylesheet applied (its light theme: color-scheme is 'normal' without it) and the site
    # script ran (it shows the theme toggle, hidden without JavaScript).
    assert driver.execute_script(
        "return getComputedStyle(document.documentElement).getPropertyValue('color-scheme').trim()") == "light"
    assert driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").is_displayed()
    assert failed_requests(driver) == []


def test_hymn_finder_paging_and_bible_work_under_the_sub_path(driver, church, church_url):
    driver.get(church_url + "hymns/")
    field = driver.find_element(By.ID, "hymn-number")
    field.send_keys("123", Keys.ENTER)
    wait_for_url_path(driver, "/church/hymns/123/")
    assert driver.find_element(By.CSS_SELECTOR, ".hymn-number").text == "Hymn 123"
    WebDriverWait(driver, 10).until(lambda d: d.execute_script("return document.readyState") == "complete")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    wait_for_url_path(driver, "/church/hymns/124/")
    driver.get(church_url + "hymns/numbers/?n=42")
    wait_for_url_path(driver, "/church/hymns/42/")
    # The theme choice is remembered across pages of the sub-path site.
    driver.find_element(By.CSS_SELECTOR, "[data-theme-toggle]").click()
    driver.get(church_url + "bible/john/3/")
    assert driver.execute_script("return document.documentElement.dataset.theme") == "dark"
    driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").click()
    driver.get(church_url + "bible/progress/")
    assert driver.find_element(By.CSS_SELECTOR, '[data-count="all"]').text == f"1 of {default_chapter_count(church):,}"
    link = driver.find_element(By.CSS_SELECTOR, '.progress-grid a[data-chapter="John.3"]')
    assert link.get_attribute("href") == church_url + "bible/john/3/"
    driver.get(church_url)
    verse = driver.find_element(By.CSS_SELECTOR, "[data-daily-verse-link]").get_attribute("href")
    assert verse.startswith(church_url + "bible/"), verse


def test_the_404_page_works_under_the_sub_path(driver, church_url):
    driver.get(church_url + "no/such/page/")
    assert "Page not found" in driver.find_element(By.TAG_NAME, "main").text
    assert [r for r in failed_requests(driver) if "no/such/page" not in r] == []

