"""End-to-end tests of search: the index the build writes, the /search/ page in Chromium
(words, references, hymn numbers, typing, filters, bad input), accessibility and looks."""
from __future__ import annotations

import json
import pathlib
import re
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import ROOT, axe_violations, emulate_dark, screenshot, set_viewport

SPELLINGS = ROOT / "Tests" / "SearchTests" / "Fixtures" / "reference-spellings.tsv"


def results(driver) -> list[tuple[str, str]]:
    """(href, text) of every result link, in rank order."""
    return driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-results] a[href]'))"
        ".map(a => [a.getAttribute('href'), a.textContent]);")


def settled(driver) -> bool:
    return driver.execute_script(
        "const r = document.querySelector('[data-search-results]');"
        "return r && r.getAttribute('aria-busy') !== 'true' && (r.querySelector('a, .search-message') !== null);")


def search(driver, base_url: str, query: str) -> list[tuple[str, str]]:
    from urllib.parse import quote
    driver.get(f"{base_url}search/?q={quote(query)}")
    WebDriverWait(driver, 15).until(settled)
    return results(driver)


def rank_of(found, href_part: str) -> int | None:
    for i, (href, _) in enumerate(found):
        if href_part in href:
            return i + 1
    return None


# ---- the index the build writes -------------------------------------------------------------

def test_the_index_is_sharded_content_hashed_and_in_the_manifest(site):
    index = json.loads((site / "search" / "index.json").read_text())
    assert index["documents"] > 31102
    # What an edit of a hymn or a month leaves as it was is in a file the entry names by its hash.
    index.update(json.loads((site / "search" / "m" / f"{index['meta']}.json").read_text()))
    assert "Bible" in index["kinds"] and "Hymns" in index["kinds"]
    # Eight hex digits per document group (its parts are named with it); the shared ones in the
    # entry, each translation's (scope's) in its scope file with its term shards.
    scopes = [json.loads((site / "search" / "s" / f"{s[7]}.json").read_text()) for s in index["scopes"]]
    assert [s[0] for s in index["scopes"]] == ["kjv", "rv1909", "web"]
    groups = index["groups"] + "".join(s["groups"] for s in scopes)
    assert len(groups) % 8 == 0
    shards = list((site / "search" / "t").glob("*.json"))
    docs = list((site / "search" / "d").glob("*.json"))
    hashes = index["shardHashes"] + "".join(s["shardHashes"] for s in scopes)
    assert len(shards) == len(hashes) // 10 and {f.stem for f in shards} == {hashes[i:i + 10] for i in range(0, len(hashes), 10)}
    assert {f.stem.split("-")[2] for f in docs} == {groups[i:i + 8] for i in range(0, len(groups), 8)}
    import hashlib
    for f in shards[:20]:
        assert hashlib.sha256(f.read_bytes()).hexdigest()[:10] == f.stem
    by_group = {}
    for f in docs:   # d/<group>-<part>-<hash>.json, at most partSize documents each
        group, part, _ = f.stem.split("-")
        by_group.setdefault(group, []).append((int(part), f))
    for group, parts in list(by_group.items())[:20]:   # the hash is the group's parts' (joined by a newline)
        data = b"\n".join(f.read_bytes() for _, f in sorted(parts))
        assert hashlib.sha256(data).hexdigest()[:8] == parts[0][1].stem.split("-")[2]
        assert all(1 <= len(json.loads(f.read_text())) <= index["partSize"] for _, f in parts)
    manifest = json.loads((site / "api" / "v1" / "manifest.json").read_text())
    entry = manifest["search"]
    assert entry["path"] == "search/index.json"
    assert entry["sha256"] == hashlib.sha256((site / "search" / "index.json").read_bytes()).hexdigest()
    # and the books files (shared and per scope, search/r/), the scope files (search/s/) and the
    # entry's other half (search/m/)
    assert entry["files"] == len(shards) + len(docs) + 1 + 2 * len(scopes) + 1 + 1


def test_every_page_has_the_search_box_and_search_page_works_without_js(site):
    for page in ["index.html", "hymns/index.html", "bible/index.html", "bible/john/3/index.html", "hymns/23/index.html"]:
        html = (site / page).read_text()
        assert 'role="search"' in html and 'action="/search/"' in html, page
    html = (site / "search" / "index.html").read_text()
    assert "Search needs JavaScript" in html
    assert 'href="/hymns/#by-number"' in html and 'href="/hymns/#first-lines"' in html and 'href="/bible/"' in html


# ---- the search page in Chromium ------------------------------------------------------------

def test_words_find_the_verse_people_mean(driver, base_url):
    found = search(driver, base_url, "in the beginning God created")
    assert found[0][0] == "/bible/genesis/1/#v1", found[:3]
    found = search(driver, base_url, "god so loved the world")
    assert rank_of(found, "/bible/john/3/#v16") <= 3, found[:5]
    found = search(driver, base_url, "jesus wept")
    assert found[0][0] == "/bible/john/11/#v35", found[:3]
    found = search(driver, base_url, "the lord is my shepherd")
    assert found[0][0] == "/bible/psalms/23/#v1", found[:3]


def test_references_and_hymn_numbers_go_to_the_place(driver, base_url):
    found = search(driver, base_url, "jn 3:16")
    assert found[0][0] == "/bible/john/3/#v16", found[:3]
    found = search(driver, base_url, "1 cor 13:4-7")
    assert found[0][0] == "/bible/1-corinthians/13/#v4"
    assert "suffereth long" in driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-result").text
    found = search(driver, base_url, "ps 23")
    assert found[0][0] == "/bible/psalms/23/"
    found = search(driver, base_url, "hymn 123")
    assert found[0][0] == "/hymns/123/", found[:3]
    found = search(driver, base_url, "123")
    assert found[0][0] == "/hymns/123/"
    # An ambiguous abbreviation offers the choices.
    found = search(driver, base_url, "ju 3")
    assert [h for h, _ in found[:2]] == ["/bible/judges/3/", "/bible/jude/1/#v3"], found[:3]


def test_hymn_lines_are_found_by_their_words(driver, base_url):
    found = search(driver, base_url, "sweet by and by")
    assert found[0][0] == "/hymns/23/", found[:5]
    marks = driver.execute_script("return Array.from(document.querySelectorAll('[data-search-results] mark')).slice(0, 4).map(m => m.textContent)")
    assert "sweet" in [m.lower() for m in marks]


def test_folding_variants_and_phrases(driver, base_url):
    # -eth/-est forms from the plain word, after exact matches.
    found = search(driver, base_url, "love")
    kinds = driver.execute_script("return Array.from(document.querySelectorAll('[data-search-results] .search-excerpt')).map(p => Array.from(p.querySelectorAll('mark')).map(m => m.textContent.toLowerCase()))")
    flat = [w for ws in kinds for w in ws]
    assert "love" in flat
    found_all = driver.execute_script("return window.sitegen.search.search('love').then(r => r.results.length)")
    assert found_all > 300
    loveth = driver.execute_async_script(
        "const done = arguments[0]; window.sitegen.search.search('love').then(r => done(r.results.filter(x => x.terms[0].terms.includes('loveth')).length))")
    assert loveth > 10
    # Accents and apostrophes fold: tiedän = tiedan, whate'er = whate’er = whateer.
    assert search(driver, base_url, "whateer") == search(driver, base_url, "whate’er")
    assert len(search(driver, base_url, "whate'er")) > 0
    # A quoted phrase only finds the phrase.
    found = search(driver, base_url, '"the lord is my shepherd"')
    assert found[0][0] == "/bible/psalms/23/#v1" and len(found) <= 5, found
    excerpts = driver.execute_script("return Array.from(document.querySelectorAll('[data-search-results] .search-excerpt')).map(p => p.textContent.toLowerCase())")
    assert all("lord is my shepherd" in e for e in excerpts), excerpts


def test_typing_shows_results_as_you_type(driver, base_url):
    driver.get(f"{base_url}search/")
    box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
    for ch in "shephe":
        box.send_keys(ch)
    WebDriverWait(driver, 10).until(lambda d: len(results(d)) > 0)
    texts = driver.execute_script("return Array.from(document.querySelectorAll('[data-search-results] mark')).map(m => m.textContent.toLowerCase())")
    assert any(t.startswith("shepherd") for t in texts), texts[:10]
    # The address follows once typing pauses, so the search is a link to share.
    WebDriverWait(driver, 5).until(lambda d: "q=shephe" in d.current_url)


def test_filter_counts_add_up(driver, base_url):
    search(driver, base_url, "shepherd")
    counts = driver.execute_script(
        "return Array.from(document.querySelectorAll('[data-search-filters] .search-filter[data-kind]')).map(b => [b.dataset.kind, Number(b.querySelector('[data-count]').dataset.count)])")
    total = counts[0][1]
    assert counts[0][0] == "-1" and sum(c for _, c in counts[1:]) == total and len(counts) >= 3, counts
    summary = driver.find_element(By.CSS_SELECTOR, ".search-summary").text
    assert str(total) in summary.replace(",", "")
    bible = driver.find_element(By.CSS_SELECTOR, '[data-search-filters] .search-filter[data-kind-name="Bible"]')
    bible.click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "search-facet"))
    summary = driver.find_element(By.CSS_SELECTOR, ".search-summary").text
    assert re.search(r"[\d,]+ verses in [\d,]+ chapters of \d+ books", summary), summary
    book_counts = driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-facet option')).slice(1).map(o => Number(o.textContent.match(/\\((\\d+)\\)$/)[1]))")
    testament_counts = driver.execute_script(
        "return Array.from(document.querySelectorAll('#search-section option')).slice(1).map(o => Number(o.textContent.match(/\\((\\d+)\\)$/)[1]))")
    verses = int(re.match(r"([\d,]+) verses", summary).group(1).replace(",", ""))
    assert sum(book_counts) == verses == sum(testament_counts)


def test_bad_input_gets_a_message_never_an_error(driver, base_url):
    search(driver, base_url, "")
    assert "Type a word" in driver.find_element(By.CSS_SELECTOR, "[data-search-results]").text
    search(driver, base_url, "the and of")
    assert "very common words" in driver.find_element(By.CSS_SELECTOR, "[data-search-results]").text
    found = search(driver, base_url, "<script>alert(1)</script>")
    assert driver.execute_script("return document.querySelectorAll('main script').length") == 0
    assert driver.find_element(By.CSS_SELECTOR, "[data-search-input]").get_attribute("value") == "<script>alert(1)</script>"
    inner = driver.execute_script("return document.querySelector('[data-search-results]').innerHTML")
    assert "<script" not in inner and driver.title.startswith("Search")
    # (not "<script>…": "script" is one letter from the KJV's "scrip", found when nothing has every word)
    search(driver, base_url, "<zzqxv>zzqxv</zzqxv>")
    assert "“<zzqxv>zzqxv</zzqxv>”" in driver.find_element(By.CSS_SELECTOR, "[data-search-results]").text
    for q in [".*+?[(", "a" * 10_000, "word " * 2000, "\u202e\u0000x"]:
        driver.get(f"{base_url}search/")
        box = driver.find_element(By.CSS_SELECTOR, "[data-search-input]")
        driver.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'))", box, q)
        WebDriverWait(driver, 15).until(settled)
        assert driver.find_elements(By.CSS_SELECTOR, "[data-search-results] a, .search-message")


def test_header_box_leads_to_the_search_page(driver, base_url):
    driver.get(f"{base_url}hymns/23/")
    box = driver.find_element(By.ID, "site-search-q")
    box.send_keys("jesus wept", Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "/search/" in d.current_url)
    WebDriverWait(driver, 15).until(settled)
    assert results(driver)[0][0] == "/bible/john/11/#v35"


def test_reference_parser_in_the_browser_agrees_with_the_table(driver, base_url):
    table = [line.split("\t") for line in SPELLINGS.read_text().splitlines() if line and not line.startswith("#")]
    driver.get(f"{base_url}search/")
    got = driver.execute_async_script("""
        const [rows, done] = arguments;
        window.sitegen.search.refMatch('x').then(() => Promise.all(rows.map(r => window.sitegen.search.refMatch(r[0])))).then(ms => done(ms.map(m => {
          if (!m) return '-';
          if (m.numbered) return m.numbered.label + ' ' + m.number;
          if (m.ambiguous) return '? ' + m.ambiguous.map(b => b.name).join('|');
          let t = m.book.name + ' ' + m.chapter;
          if (m.verse !== null) t += ':' + m.verse;
          if (m.toChapter !== null) t += '-' + m.toChapter + (m.toVerse !== null ? ':' + m.toVerse : '');
          else if (m.toVerse !== null) t += '-' + m.toVerse;
          return t;
        })));""", table)
    wrong = [f"{q}: expected {e}, got {g}" for (q, e), g in zip(table, got) if e != g]
    assert not wrong, "\n".join(wrong)


def test_the_verse_is_highlighted_on_arrival(driver, base_url):
    search(driver, base_url, "jesus wept")
    driver.find_element(By.CSS_SELECTOR, "[data-search-results] a").click()
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/bible/john/11/#v35"))
    bg = driver.execute_script("return getComputedStyle(document.getElementById('v35')).backgroundColor")
    assert bg not in ("rgba(0, 0, 0, 0)", "transparent")


@pytest.mark.parametrize("dark", [False, True])
def test_results_page_is_accessible_and_fits_a_phone(driver, base_url, dark):
    emulate_dark(driver, dark)
    set_viewport(driver, 390, 844)
    search(driver, base_url, "shepherd")
    driver.find_element(By.CSS_SELECTOR, '[data-search-filters] .search-filter[data-kind-name="Bible"]').click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "search-facet"))
    assert axe_violations(driver) == []
    assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    screenshot(driver, f"search-390x844-{'dark' if dark else 'light'}")


@pytest.mark.parametrize("width", [320, 390])
def test_header_search_box_fits_small_phones(driver, base_url, width):
    set_viewport(driver, width, 700)
    driver.get(f"{base_url}hymns/23/")
    assert driver.execute_script("return document.documentElement.scrollWidth") <= width
    box = driver.find_element(By.ID, "site-search-q").rect
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["width"] >= 150


# ---- every translation (issue 28) -------------------------------------------------------------

def test_spanish_phrases_find_their_rv1909_verse_with_and_without_accents(driver, base_url):
    for query in ("Jehová es mi pastor", "jehova es mi pastor", "JEHOVÁ ES MI PASTOR"):
        from urllib.parse import quote
        driver.get(f"{base_url}search/?q={quote(query)}&in=rv1909")
        WebDriverWait(driver, 15).until(settled)
        found = results(driver)
        assert rank_of(found, "/bible/rv1909/psalms/23/#v1") in (1, 2, 3), (query, found[:5])
    # The reader's translation is searched; the others are a tap away, with their counts once tapped.
    assert not any("/bible/psalms/" in h or "/bible/web/" in h for h, _ in found), found[:10]
    kjv = driver.find_element(By.CSS_SELECTOR, "[data-scope='kjv']")
    kjv.click()
    # Read in one script: the filter buttons are drawn again while the other translation is searched.
    WebDriverWait(driver, 15).until(lambda d: d.execute_script(
        "const b = document.querySelector(\"[data-scope='kjv']\"); return b && b.getAttribute('aria-pressed')") == "true")
    assert driver.find_element(By.CSS_SELECTOR, "[data-scope='kjv'] .search-count").text.isdigit()


def test_spanish_words_match_their_inflections_and_keep_enye(driver, base_url):
    from urllib.parse import quote
    def spanish(query):
        driver.get(f"{base_url}search/?q={quote(query)}&in=rv1909")
        WebDriverWait(driver, 15).until(settled)
        return driver.execute_script(
            "return Array.from(document.querySelectorAll('[data-search-results] .search-result')).slice(0, 10)"
            ".flatMap(r => Array.from(r.querySelectorAll('mark')).map(m => m.textContent.toLowerCase()));")
    marked = set(spanish("pastores "))
    assert {"pastor", "pastores"} <= marked, marked
    # The word's own forms first, not the Amorites ("amorreos", found only as the start of a word).
    marked = set(spanish("amor"))
    assert marked <= {"amor", "amores"} and "amor" in marked, marked
    # ñ is a letter of its own: "año" is not "ano".
    marked = set(spanish("año"))
    assert marked and all("ñ" in m for m in marked), marked


def test_a_reference_opens_in_the_readers_translation(driver, base_url):
    driver.get(f"{base_url}bible/rv1909/")
    box = driver.find_element(By.ID, "bible-search-q")
    box.send_keys("Juan 3:16", Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: "/search/" in d.current_url and "in=rv1909" in d.current_url)
    WebDriverWait(driver, 15).until(settled)
    assert results(driver)[0][0] == "/bible/rv1909/john/3/#v16", results(driver)[:3]
    driver.find_element(By.ID, "search-q").send_keys(Keys.ENTER)
    WebDriverWait(driver, 10).until(lambda d: d.current_url.endswith("/bible/rv1909/john/3/#v16"))
    from urllib.parse import quote
    for query, expected in (("Jn 3:16", "/bible/rv1909/john/3/#v16"), ("Sal 23", "/bible/rv1909/psalms/23/"),
                            ("Salmo 23", "/bible/rv1909/psalms/23/"), ("1 Corintios 13:4", "/bible/rv1909/1-corinthians/13/#v4"),
                            ("Apocalipsis 22:21", "/bible/rv1909/revelation/22/#v21"), ("Génesis 1", "/bible/rv1909/genesis/1/"),
                            ("Tobías 1", "/bible/web/tobit/1/")):
        driver.get(f"{base_url}search/?q={quote(query)}&in=rv1909")
        WebDriverWait(driver, 15).until(settled)
        assert results(driver)[0][0] == expected, (query, results(driver)[:3])
    # English spellings work there too, and open the RV1909.
    driver.get(f"{base_url}search/?q={quote('John 3:16')}&in=rv1909")
    WebDriverWait(driver, 15).until(settled)
    assert results(driver)[0][0] == "/bible/rv1909/john/3/#v16"


def test_words_not_in_the_readers_translation_are_found_in_another(driver, base_url):
    found = search(driver, base_url, "love is patient")
    assert rank_of(found, "/bible/web/1-corinthians/13/#v4") == 1, found[:5]


# ---- issue 29: noise after a reference, offline results -----------------------------------------

def test_a_reference_is_not_followed_by_digits_matched_against_dates(driver, base_url):
    found = search(driver, base_url, "jn 3:16")
    assert found[0][0] == "/bible/john/3/#v16"
    assert not any(h.startswith("/schedule/") or h.startswith("/localities/") for h, _ in found), found[:10]
    for query in ("1 cor 13", "psalm 23"):
        found = search(driver, base_url, query)
        filters = driver.find_element(By.CSS_SELECTOR, "[data-search-filters]").text
        assert "Meetings" not in filters and "Localities" not in filters, (query, filters)
        assert not any(h.startswith("/schedule/") for h, _ in found), (query, found[:10])


@pytest.mark.service_worker
def test_offline_a_verse_result_still_shows_its_reference(driver, base_url):
    """Offline without the Bible saved, a verse's text is not on the device: the result still
    names the verse and links to it (the reference comes from the document's id)."""
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": ["*/search/d/*"]})
    try:
        driver.get(f"{base_url}search/?q=shepherd%20want")
        WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-results] .search-result a"))
        WebDriverWait(driver, 15).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".search-pending"))
        found = results(driver)
        assert ["/bible/psalms/23/#v1", "Psalm 23:1"] in found, found[:5]
        assert "Not saved on this device" in driver.find_element(By.CSS_SELECTOR, "[data-search-results]").text
    finally:
        driver.execute_cdp_cmd("Network.setBlockedURLs", {"urls": []})


def test_hymns_are_searched_by_their_own_language(driver, base_url):
    """Issue 28: a Swedish or Finnish hymn's words keep `å ä ö` (`gårdar` is not `gardar`), yet
    typed without them they still find it, after the words spelt as typed; the mark follows."""
    assert rank_of(search(driver, base_url, "gårdar"), "/hymns/26/") == 1
    found = search(driver, base_url, "gardar")
    assert rank_of(found, "/hymns/26/") == 1, found
    marks = driver.execute_script("return Array.from(document.querySelectorAll('[data-search-results] mark')).map(m => m.textContent)")
    assert "gårdar" in marks, marks
    assert rank_of(search(driver, base_url, "Jumalan"), "/hymns/") == 1
    assert driver.execute_script("return window.sitegen.search.search('Jumalan').then(r => r.results.length)") >= 10
    # "han": Swedish "Han" spelt so first; Finnish "hän" (indexed as "han$" too) after it.
    terms = driver.execute_async_script("""
        const done = arguments[0];
        window.sitegen.search.search('han ').then(r => done(r.results.map(x => x.terms[0].terms)));""")
    assert "han" in terms[0] and any(t == ["han$"] for t in terms), terms[:5]
    first_plain = next(i for i, t in enumerate(terms) if t == ["han$"])
    assert all("han" in t for t in terms[:first_plain]) and len(terms[:first_plain]) >= 3
    # Typed with the letter, only the letter in the languages that keep it: "hän" finds no Swedish
    # "Han" (Norwegian, which has no "ä", reads it as "han").
    found = search(driver, base_url, "hän")
    assert found and rank_of(found, "/hymns/26/") is None, found[:5]
