"""End-to-end tests of the interface's language (docs/languages.md): a Spanish Bible page on the
English site, and a copy of the site with `language: es`, read after every script ran; no word of
the English string table may show where the Spanish table has its own."""
from __future__ import annotations

import functools
import pathlib
import json
import re
import shutil

import pytest
import yaml
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import (ARTIFACTS, ROOT, axe_violations, copy_small_content, emulate_dark, run_sitegen,
                      screenshot, serve_folder, set_viewport, validate_html)

ENGLISH = ROOT / "Sources" / "SitegenCore" / "Strings" / "en.yml"
SPANISH = ROOT / "Sources" / "SitegenCore" / "Strings" / "es.yml"
FINNISH = ROOT / "Sources" / "SitegenCore" / "Strings" / "fi.yml"


@functools.cache
def english_phrases(table: pathlib.Path = SPANISH) -> list[tuple[str, str]]:
    """(key, phrase) for every English word a Spanish (or Finnish) page must not show: the pieces
    between `{placeholders}` of each value the table words differently, of four letters or more."""
    english, spanish = yaml.safe_load(ENGLISH.read_text()), yaml.safe_load(table.read_text())
    phrases = []
    for key, value in english.items():
        # The hint's verse is a reference, which a page of an English translation writes in English.
        if spanish.get(key) == value or key == "searchHintVerse":
            continue
        for piece in re.split(r"\{\w+\}", str(value)):
            piece = piece.strip(" :.,;“”\"()✓")
            if sum(c.isalpha() for c in piece) >= 4:
                phrases.append((key, piece))
    return phrases


# What the congregation wrote (content, in whatever language it wrote it), not interface words: a
# Markdown page's own words, the schedule's event titles, categories, teams and places.
CONTENT = (".prose, .schedule-title, .schedule-category, .schedule-team > h3, .schedule-team-name, .schedule-comment, .mission-place, .home-missions .muted, "
           ".home-meetings li p, #f-category option, #f-team option, .print-place, .print-table td:last-child, "
           ".print-service-list > li > strong")
# Every visible text and every aria-label, placeholder and title, except what is content in
# English by its own `lang` (the site's title and footer on an English site, the KJV's verse of
# the day) or written by the congregation (CONTENT).
VISIBLE_WORDS = """
const out = [];
const english = e => { const l = e.closest('[lang]'); return l && l.lang.toLowerCase().startsWith('en'); };
const skipped = e => english(e) || e.closest(arguments[0] + ', script, style, noscript, [hidden]');
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
for (let n = walker.nextNode(); n; n = walker.nextNode()) {
  const e = n.parentElement, text = n.textContent.trim();
  if (!text || !e || skipped(e) || !e.getClientRects().length) continue;
  out.push(text);
}
for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
  if (skipped(e)) continue;
  for (const a of ['aria-label', 'placeholder', 'title']) if (e.getAttribute(a)) out.push(e.getAttribute(a));
}
return out;"""


def english_on_page(driver, table: pathlib.Path = SPANISH) -> list[str]:
    texts = driver.execute_script(VISIBLE_WORDS, CONTENT)
    found = []
    for key, phrase in english_phrases(table):
        pattern = re.compile(r"(?<![\w])" + re.escape(phrase) + r"(?![\w])")
        found += [f"{key}: {phrase!r} in {text[:80]!r}" for text in texts if pattern.search(text)]
    return found


def wait_for_scripts(driver):
    """Until the load event and a moment after it: every deferred script has run."""
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        if (document.readyState === 'complete') setTimeout(done, 100); else addEventListener('load', () => setTimeout(done, 100));""")


def test_the_english_table_is_what_the_test_reads():
    phrases = dict((p, k) for k, p in english_phrases())
    assert "Mark as read" in phrases and "Copied" in phrases and "Link copied" in phrases and "No colour" in phrases


def test_a_spanish_chapter_shows_no_english_interface_word(driver, base_url):
    set_viewport(driver, 390, 844)
    driver.get(base_url + "bible/rv1909/john/3/")
    wait_for_scripts(driver)
    assert driver.execute_script("return document.documentElement.lang") == "es"
    # The RV1909 marks no words of Jesus: no red-letter switch that would change nothing.
    assert driver.find_elements(By.CSS_SELECTOR, "[data-red-letter-toggle]") == []
    found = english_on_page(driver)
    assert found == [], "\n".join(found)
    verse = driver.find_element(By.ID, "v16")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", verse)
    verse.click()
    panel = driver.find_element(By.CSS_SELECTOR, ".verse-actions")
    assert panel.is_displayed()
    assert "Juan 3:16" in panel.text and "Sin color" in panel.text and "Corazón" in panel.text
    panel.find_element(By.CSS_SELECTOR, "[data-act=heart]").click()
    assert panel.find_element(By.CSS_SELECTOR, ".verse-actions-status").text == "Marcado con corazón."
    driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").click()
    assert driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").text == "Leído ✓"
    found = english_on_page(driver)
    assert found == [], "\n".join(found)
    ARTIFACTS.mkdir(exist_ok=True)
    screenshot(driver, "lang-rv1909-john-3-panel-390")
    # The English page keeps its switch and its English words.
    driver.get(base_url + "bible/john/3/")
    wait_for_scripts(driver)
    assert driver.find_elements(By.CSS_SELECTOR, "[data-red-letter-toggle]")
    # Marked as read in Spanish, read in every translation (keyed by OSIS), said in English here.
    assert driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").text == "Read ✓"


# ---- A whole site in Spanish --------------------------------------------------------------

SERVICE_WORDS = [('"Sunday service"', '"Culto dominical"'), ('"Sunday school"', '"Escuela dominical"'),
                 ('"Communion"', '"Santa Cena"'), ("first Sunday of the month, with another locality", "primer domingo del mes, con otra localidad"),
                 ("first Sunday of the month", "primer domingo del mes"), ("after the service", "después del culto")]


def localized_copy(folder: pathlib.Path, language: str, site_words: dict[str, str],
                   service_words: list[tuple[str, str]], plan_words: dict[str, str] | None = None) -> pathlib.Path:
    """The few-books copy of the bundled site (conftest.copy_small_content) as a congregation of
    another language writes it, built: `language:` and its own title and footer in site.yml, the
    names and notes of its services (which the sheet and the locality pages put among the table's
    words), and the reading plan's name where given (content). Its 404.md is the bundled site's
    English content, so it is left out: a site without one of its own gets the built-in page,
    whose words are the table's."""
    content = copy_small_content(folder / "Content")
    site_yml = content / "site.yml"
    text = re.sub(r"(?m)^(title|short_title|footer|description): .*$", lambda m: f"{m.group(1)}: {site_words[m.group(1)]}",
                  site_yml.read_text())
    site_yml.write_text(text.replace("language: en", f"language: {language}"))
    if plan_words:
        plan = content / "bible" / "plan.yml"
        plan.write_text(re.sub(r"(?m)^(title|description): .*$", lambda m: f"{m.group(1)}: {plan_words[m.group(1)]}",
                               plan.read_text()))
    for path in list((content / "localities").glob("*.md")) + list((content / "schedule").glob("*.yml")):
        text = path.read_text()
        for english, translated in service_words:
            text = text.replace(english, translated)
        path.write_text(text)
    (content / "pages" / "404.md").unlink()
    out = folder / "Output"
    result = run_sitegen("build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                         "--as-of", "2026-11-22", "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    return out


@pytest.fixture(scope="module")
def spanish_site(tmp_path_factory) -> pathlib.Path:
    """The few-books copy of the bundled site (conftest.copy_small_content) with `language: es`.
    Its 404.md is the bundled site's English content: a Spanish site without one of its own gets
    the built-in page, whose words are the table's."""
    return localized_copy(tmp_path_factory.mktemp("spanish"), "es", {
        "title": "Himnos, Biblia y Reuniones", "short_title": "Himnos y Biblia",
        "footer": "Publicado con sitegen.", "description": "El himnario, la Biblia y las reuniones."}, SERVICE_WORDS)


@pytest.fixture(scope="module")
def spanish_url(spanish_site):
    url, server = serve_folder(spanish_site)
    yield url
    server.shutdown()


SPANISH_PAGES = ["", "hymns/", "hymns/5/", "schedule/", "schedule/print/", "localities/aberdeen/", "bible/progress/", "my/",
                 "search/", "offline/", "schedule/calendar/2027-01/", "no-such-page/"]
# The search page with results shown (a category the fixture's schedule writes in Spanish; the
# few-books site's only Bible is the English KJV, content): the kinds' names come from the index.
SEARCH_WITH_RESULTS = "search/?q=Santa%20Cena"


def wait_for_results(driver):
    WebDriverWait(driver, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-search-results] .search-result"))


@pytest.mark.parametrize("path", SPANISH_PAGES + [SEARCH_WITH_RESULTS])
def test_a_spanish_site_shows_no_english_interface_word(driver, spanish_url, path):
    driver.get(spanish_url + path)
    wait_for_scripts(driver)
    if path == SEARCH_WITH_RESULTS:
        wait_for_results(driver)
        assert "Reuniones" in driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-kind").text
    assert driver.execute_script("return document.documentElement.lang") == "es"
    found = english_on_page(driver)
    assert found == [], "\n".join(found)


def test_the_spanish_schedule_says_its_times_and_rules_in_spanish(spanish_site):
    """The words the test above cannot tell from content: 24-hour times, repeat rules, day runs,
    the calendar files' descriptions."""
    schedule = (spanish_site / "schedule" / "index.html").read_text()
    assert "Se repite cada semana hasta el domingo, 28 de febrero de 2027" in schedule
    assert not re.search(r"\d (am|pm)\b", schedule), "a 12-hour time on the Spanish schedule"
    sheet = (spanish_site / "schedule" / "print" / "index.html").read_text()
    assert "vie–sáb" in sheet and "10:00–12:00" in sheet and "Santa Cena el primer domingo del mes 11:00" in sheet
    assert "Santa Cena primer domingo del mes" in sheet, "a note that names the day says when on its own"
    # The kinds' names and labels are in the entry's stable half (search/m/, docs/search.md).
    entry = json.loads((spanish_site / "search" / "index.json").read_text())
    meta = json.loads((spanish_site / "search" / "m" / f"{entry['meta']}.json").read_text())
    assert sorted(meta["kinds"]) == ["Biblia", "Himnos", "Localidades", "Páginas", "Reuniones"]
    assert '"document":["versículo","versículos"]' in json.dumps(meta, ensure_ascii=False, separators=(",", ":"))
    feed = (spanish_site / "schedule" / "all.ics").read_bytes().decode().replace("\r\n ", "")
    assert "\\nSe repite cada mes\\, el primer domingo" in feed and "Repeats" not in feed


def test_a_hymn_says_its_language(spanish_site):
    """Finnish (5), Swedish (26) and Norwegian (74) hymns by their front matter; an English hymn
    (1) by the hymnal's language, which is not the Spanish site's."""
    for number, language in ((5, "fi"), (26, "sv"), (74, "no"), (1, "en")):
        page = (spanish_site / "hymns" / str(number) / "index.html").read_text()
        assert f'<h1 class="hymn-title" lang="{language}">' in page and f'<div class="reader hymn-body" lang="{language}">' in page


def test_spanish_pages_are_valid_and_accessible_in_both_themes(driver, spanish_site, spanish_url):
    files = [spanish_site / p / "index.html" for p in SPANISH_PAGES[:-1]] + [spanish_site / "404.html"]
    assert validate_html(files) == []
    # (/hymns/ is Nu-checked only: the whole hymnal twice is more than axe finishes in time on a busy machine.)
    for path in ("", "my/", "schedule/", "schedule/print/", "localities/aberdeen/", "bible/progress/"):
        for dark in (False, True):
            emulate_dark(driver, dark)
            driver.get(spanish_url + path)
            wait_for_scripts(driver)
            assert axe_violations(driver, colours_only=dark) == [], f"{path} dark={dark}"
    emulate_dark(driver, False)
    set_viewport(driver, 390, 844)
    driver.get(spanish_url + "my/")
    driver.execute_script("""
        localStorage.setItem('sitegen-marks:John.3', JSON.stringify({'16': {heart: '2026-11-20T10:00:00.000Z', h: 'yellow',
          ht: '2026-11-20T10:00:00.000Z', note: 'Para el domingo', nt: '2026-11-21T10:00:00.000Z', nu: '2026-11-21T10:00:00.000Z',
          text: 'For God so loved the world…', tr: 'kjv'}}));
        localStorage.setItem('sitegen-hymn-favourites', JSON.stringify({'5': {at: '2026-11-20T10:00:00.000Z', title: 'Tänne Jeesus tulimme'}}));""")
    driver.get(spanish_url + "my/")
    wait_for_scripts(driver)
    assert "20 de noviembre de 2026" in driver.find_element(By.ID, "my-hearts").find_element(By.XPATH, "..").text
    found = english_on_page(driver)
    assert found == [], "\n".join(found)
    screenshot(driver, "lang-es-my-390")


# ---- A whole site in Finnish --------------------------------------------------------------

FINNISH_SERVICE_WORDS = [('"Sunday service"', '"Jumalanpalvelus"'), ('"Sunday school"', '"Pyhäkoulu"'), ('"Communion"', '"Ehtoollinen"'),
                         ("first Sunday of the month, with another locality", "kuukauden ensimmäinen sunnuntai, toisen paikkakunnan kanssa"),
                         ("first Sunday of the month", "kuukauden ensimmäinen sunnuntai"), ("after the service", "jumalanpalveluksen jälkeen")]


@pytest.fixture(scope="module")
def finnish_url(tmp_path_factory):
    """The few-books copy with `language: fi` (what a Finnish congregation writes: the language,
    its title, its services' names), served; the bundled fi.yml is the whole table."""
    out = localized_copy(tmp_path_factory.mktemp("finnish"), "fi", {
        "title": "Virret, Raamattu ja kokoukset", "short_title": "Virret ja Raamattu",
        "footer": "Tehty sitegenillä.", "description": "Virsikirja, Raamattu ja kokoukset."}, FINNISH_SERVICE_WORDS,
        {"title": "M'Cheynen Raamatun lukukalenteri",
         "description": "Koko Raamattu vuodessa, Uusi testamentti ja Psalmit kahdesti."})
    url, server = serve_folder(out)
    yield url
    server.shutdown()


# The pages whose words fi.yml lacked until issue 28's last step: the offline page, the plan's
# help, the meters' introduction, the sheet's filter sentence (a filtered sheet), and a hymn search.
FINNISH_PAGES = ["", "hymns/5/", "hymns/meters/", "schedule/", "schedule/print/?locality=aberdeen&from=2027-03-01&to=2027-04-05&q=a",
                 "bible/plan/", "bible/progress/", "my/", "offline/", "no-such-page/", "search/?q=Jumalan",
                 "schedule/calendar/2027-04/?locality=aberdeen#2027-04-12"]


@pytest.mark.parametrize("path", FINNISH_PAGES)
def test_a_finnish_site_shows_no_english_interface_word(driver, finnish_url, path):
    set_viewport(driver, 390, 844)
    driver.get(finnish_url + path)
    wait_for_scripts(driver)
    if path.startswith("search/"):
        wait_for_results(driver)
        screenshot(driver, "lang-fi-search-jumalan-390")
    if path.startswith("schedule/print/?"):
        assert "Vain osa kokouksista" in driver.find_element(By.CSS_SELECTOR, "[data-print-covers]").text
    assert driver.execute_script("return document.documentElement.lang") == "fi"
    found = english_on_page(driver, FINNISH)
    assert found == [], "\n".join(found)


def test_a_meeting_without_a_category_says_the_sites_word(driver, spanish_site, spanish_url):
    """The bundled schedule files name no category for their mission meetings: a Spanish site
    calls them by its table's `category.meeting`, in its pages, filters and calendar files."""
    schedule = (spanish_site / "schedule" / "index.html").read_text()
    feed = (spanish_site / "schedule" / "all.ics").read_text()
    assert "Reunión de misión" in schedule and "CATEGORIES:Reunión de misión" in feed
    assert "Mission meeting" not in schedule and "Mission meeting" not in feed
    driver.get(spanish_url + "schedule/")
    wait_for_scripts(driver)
    Select(driver.find_element(By.ID, "f-category")).select_by_value("Reunión de misión")
    shown = driver.execute_script("return [...document.querySelectorAll('.schedule-row:not([hidden])')]"
                                  ".map(r => r.dataset.category)")
    assert shown and all(c == "Reunión de misión" for c in shown), shown[:5]


def test_a_result_says_its_documents_language(driver, spanish_url):
    """On a Spanish site, an English verse's or hymn's title and excerpt are `lang="en"` (a screen
    reader reads them in English); the kind beside them is the page's Spanish."""
    driver.get(spanish_url + "search/?q=beginning")
    wait_for_results(driver)
    langs = driver.execute_script("""
        const r = document.querySelector('[data-search-results] .search-result');
        const lang = e => e.closest('[lang]').lang;
        return [lang(r.querySelector('a')), lang(r.querySelector('.search-excerpt')), lang(r.querySelector('.search-kind'))];""")
    assert langs == ["en", "en", "es"], langs


@pytest.mark.parametrize("site, query", [("finnish", "virsi 3"), ("spanish", "himno 3"), ("spanish", "Número 3")])
def test_the_placeholders_hymn_hint_opens_the_hymn(driver, request, site, query):
    """The header's placeholder says "virsi 23" (Finnish) and "himno 23" (Spanish): typed with the
    site's word, a number is the hymn, first, not the meetings whose text has a 3."""
    base = request.getfixturevalue(f"{site}_url")
    driver.get(base + "search/?q=" + query.replace(" ", "%20"))
    wait_for_results(driver)
    first = driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-result a")
    assert first.get_attribute("href").endswith("/hymns/3/"), first.get_attribute("href")


def test_results_keep_the_readers_language_from_a_translations_page(driver, base_url):
    """On the English site the RV1909's chapters are Spanish pages (a translation other than the
    default speaks its own language): the header's box there opens the results in Spanish
    (`/search/es/`), as the page the reader came from; from an English page, the English results."""
    driver.get(base_url + "bible/rv1909/john/3/")
    assert driver.execute_script("return document.documentElement.lang") == "es"
    driver.find_element(By.ID, "site-search-q").send_keys("amor\n")
    WebDriverWait(driver, 10).until(lambda d: "/search/es/" in d.current_url)
    wait_for_results(driver)
    assert driver.execute_script("return document.documentElement.lang") == "es"
    assert driver.find_element(By.CSS_SELECTOR, "h1").text == "Buscar"
    driver.get(base_url + "hymns/")
    driver.find_element(By.ID, "site-search-q").send_keys("love\n")
    WebDriverWait(driver, 10).until(lambda d: "/search/?" in d.current_url)
    assert driver.execute_script("return document.documentElement.lang") == "en"


def test_the_hint_of_a_translations_page_opens_the_hymn_too(driver, base_url):
    """The RV1909's pages on the English site say "himno 23" in their box: typed there, it opens
    the hymn (every table's hymn words are the index's), as "hymn 23" does on an English page."""
    driver.get(base_url + "search/es/?q=himno%203")
    wait_for_results(driver)
    first = driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-result a")
    assert first.get_attribute("href").endswith("/hymns/3/"), first.get_attribute("href")


def test_a_translations_search_page_names_kinds_and_counts_in_its_language(driver, base_url):
    """The English site's index names its kinds in English; /search/es/ (the RV1909's pages'
    search) shows them in Spanish: the kind filter, each result's kind, the count of verses."""
    driver.get(base_url + "search/es/?q=amor&in=rv1909")
    wait_for_results(driver)
    kinds = [b.get_attribute("data-kind-name") for b in driver.find_elements(By.CSS_SELECTOR, ".search-kinds:not(.search-scopes) .search-filter")]
    assert "Biblia" in kinds and "Bible" not in kinds, kinds
    shown = " ".join(e.text for e in driver.find_elements(By.CSS_SELECTOR, ".search-kind"))
    assert "Biblia" in shown and "Bible " not in shown + " ", shown[:200]
    driver.find_element(By.CSS_SELECTOR, '.search-filter[data-kind-name="Biblia"]').click()
    WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "search-section"))
    status = driver.find_element(By.CSS_SELECTOR, "[data-search-status]").get_attribute("textContent")
    filters = driver.find_element(By.CSS_SELECTOR, "[data-search-filters]").text
    assert "versículo" in status and "verses" not in status, status
    assert "Testamento" in filters and "Testament " not in filters and "All books" not in filters, filters


def test_a_site_publishes_search_pages_only_in_the_languages_it_speaks(spanish_site, site):
    """A Spanish site whose one translation is the KJV (its pages speak the site's Spanish) has
    /search/ and no /search/en/, /search/es/ or /search/fi/: no page of it links them. The English bundled site has /search/es/ for its RV1909 and no
    /search/fi/ (no Finnish translation), and its sitemap lists only what exists."""
    assert (spanish_site / "search" / "index.html").exists()
    assert [p.name for p in (spanish_site / "search").iterdir() if (p / "index.html").exists()] == []
    assert (site / "search" / "es" / "index.html").exists()
    assert not (site / "search" / "fi" / "index.html").exists()
    assert "/search/fi/" not in (site / "sitemap.xml").read_text()


@pytest.fixture(scope="module")
def finnish_bible_url(tmp_path_factory):
    """An English site whose translation is Finnish (the few-books KJV marked `language: fi`):
    its readers' references are the Finnish Bible's names and abbreviations."""
    folder = tmp_path_factory.mktemp("finnish-bible")
    content = copy_small_content(folder / "Content")
    translation = content / "bible" / "kjv" / "translation.yml"
    translation.write_text(translation.read_text().replace("language: en", "language: fi"))
    out = folder / "Output"
    result = run_sitegen("build", "--content", str(content), "--templates", str(ROOT / "Templates"),
                         "--as-of", "2026-11-22", "--output", str(out), "--quiet")
    assert result.returncode == 0, result.stderr
    url, server = serve_folder(out)
    yield url
    server.shutdown()


@pytest.mark.parametrize("query, target", [("1. Moos. 1:1", "/bible/genesis/1/#v1"), ("Joh. 3:16", "/bible/john/3/#v16"),
                                           ("Jaak. 1:5", "/bible/james/1/#v5"), ("Ilm. 22:21", "/bible/revelation/22/#v21"), ("3. Moos. 19:18", "/bible/leviticus/19/#v18")])
def test_a_finnish_translation_is_found_by_finnish_references(driver, finnish_bible_url, query, target):
    driver.get(finnish_bible_url + "search/?q=" + query.replace(" ", "%20"))
    wait_for_results(driver)
    first = driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-result a")
    assert first.get_attribute("href").endswith(target), first.get_attribute("href")


@pytest.mark.parametrize("site, query", [("spanish", "Juan 3:16"), ("finnish", "Joh. 3:16")])
def test_the_placeholders_verse_opens_in_the_sites_only_translation(driver, request, site, query):
    """The hint's verse in the site's language ("Juan 3:16") is a reference in the KJV too: the
    site's language's book names name every translation's books."""
    base = request.getfixturevalue(f"{site}_url")
    placeholder = "Palabras, Juan 3:16, himno 23" if site == "spanish" else "Sanat, Joh. 3:16, virsi 23"
    driver.get(base)
    assert driver.find_element(By.ID, "site-search-q").get_attribute("placeholder") == placeholder
    driver.get(base + "search/?q=" + query.replace(" ", "%20"))
    wait_for_results(driver)
    first = driver.find_element(By.CSS_SELECTOR, "[data-search-results] .search-result a")
    assert first.get_attribute("href").endswith("/bible/john/3/#v16"), first.get_attribute("href")
