"""Listen (issue 44, docs/listen.md): chapters, hymns and plan days read aloud by the device's
voice, in headless Chromium. The voice is a recording `speechSynthesis` installed at the
boundary, before the page's scripts run (CDP Page.addScriptToEvaluateOnNewDocument), with the
real interface's shape: getVoices and voiceschanged, SpeechSynthesisUtterance with lang, rate,
volume, voice and onstart/onend/onerror/onboundary, speak/pause/resume/cancel. What it was asked
to say is kept in the tab's sessionStorage, so it follows the reader from page to page. A fake
clock (Date.now moved on by the test) is installed the same way for the sleep timer, and the
Media Session's handlers are recorded where the page sets them. Nothing in listen.js knows."""
import json
import os
import re
import shutil
import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

from conftest import (axe_violations, check_screenshot, emulate_dark, screenshot, serve_folder,
                      snapshot_hymns, wait_for_url_path)

# The voice: an utterance starts and ends on its own (auto) or when the test says (finish()).
FAKE_SPEECH = r"""
(() => {
  const config = %s;
  const LOG = "fake-speech-log", OFFSET = "fake-clock-offset";
  const read = (k, d) => { try { return JSON.parse(sessionStorage.getItem(k)) ?? d; } catch (e) { return d; } };
  const log = read(LOG, []);
  const save = () => sessionStorage.setItem(LOG, JSON.stringify(log));
  // The fake clock: Date.now runs on from the real one, moved on by what the test adds.
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + Number(sessionStorage.getItem(OFFSET) || 0);
  window.__clock = { advance: ms => sessionStorage.setItem(OFFSET, String(Number(sessionStorage.getItem(OFFSET) || 0) + ms)) };
  if (config.noSpeech) { delete window.speechSynthesis; delete window.SpeechSynthesisUtterance;
                         delete Window.prototype.speechSynthesis; return; }
  const failing = config.fail || "";   // an engine that fails every utterance with this error
  // Safari's rule: a document may speak only once the reader has tapped in it.
  let tapped = false;
  ["click", "keydown", "pointerdown"].forEach(type => window.addEventListener(type, () => { tapped = true; }, true));
  const refused = () => config.tapPerPage && !tapped;
  const voices = config.voices.map((lang, i) => ({ lang, name: "Fake " + lang, voiceURI: "fake:" + lang,
                                                   localService: true, default: i === 0 }));
  let listed = false;
  class SpeechSynthesisUtterance {
    constructor(text) {
      this.text = text || ""; this.lang = ""; this.rate = 1; this.volume = 1; this.pitch = 1; this.voice = null;
      this.onstart = this.onend = this.onerror = this.onboundary = this.onpause = this.onresume = this.onmark = null;
    }
  }
  let queue = [], current = null, paused = false;
  const listeners = {};
  const fire = (u, name, extra) => { const h = u["on" + name]; if (h) h(Object.assign({ type: name, utterance: u }, extra || {})); };
  function next() {
    current = queue.shift() || null;
    if (!current) return;
    const u = current;
    setTimeout(() => {
      if (current !== u) return;
      const error = refused() ? "not-allowed" : failing;
      if (error) { current = null; fire(u, "error", { error }); if (!current) next(); return; }
      fire(u, "start"); fire(u, "boundary", { name: "word", charIndex: 0 });
      if (config.auto) setTimeout(() => finish(u), 0);
    }, 0);
  }
  function finish(u) { if (!u || current !== u) return false; current = null; fire(u, "end"); if (!current) next(); return true; }
  const synth = {
    get speaking() { return !!current; }, get pending() { return queue.length > 0; }, get paused() { return paused; },
    onvoiceschanged: null,
    getVoices() { return listed ? voices.slice() : []; },
    addEventListener(type, f) { (listeners[type] = listeners[type] || []).push(f); },
    removeEventListener(type, f) { listeners[type] = (listeners[type] || []).filter(g => g !== f); },
    speak(u) {
      log.push({ text: u.text, lang: u.lang, rate: u.rate, volume: u.volume, voice: u.voice && u.voice.lang,
                 page: location.pathname });
      save(); queue.push(u); if (!current) next();
    },
    cancel() {
      const was = current; queue = []; current = null;
      if (was) { log.push({ cancelled: was.text }); save(); fire(was, "error", { error: "interrupted" }); }
    },
    pause() { paused = true; log.push({ paused: true }); save(); },
    resume() { paused = false; log.push({ resumed: true }); save(); },
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  window.SpeechSynthesisUtterance = SpeechSynthesisUtterance;
  // As Chrome does: no voices at first, then voiceschanged.
  setTimeout(() => {
    listed = true;
    (listeners.voiceschanged || []).forEach(f => f({ type: "voiceschanged" }));
    if (synth.onvoiceschanged) synth.onvoiceschanged({ type: "voiceschanged" });
  }, 20);
  window.__speech = { finish: () => finish(current), current: () => current && current.text };
  // The lock screen's controls: the handlers the page gives, and what it shows.
  const handlers = {};
  const session = { metadata: null, playbackState: "none", setActionHandler: (action, f) => { handlers[action] = f; } };
  Object.defineProperty(Navigator.prototype, "mediaSession", { get: () => session, configurable: true });
  window.MediaMetadata = class { constructor(m) { Object.assign(this, { title: "", artist: "", album: "" }, m); } };
  window.__media = { handlers, session };
  // The screen kept on while it reads (Screen Wake Lock): how many locks are held.
  const wake = { held: 0 };
  Object.defineProperty(Navigator.prototype, "wakeLock", { configurable: true, get: () => ({ request: type => {
    wake.held++;
    const lock = { type, released: false, addEventListener() {},
                   release() { if (!lock.released) { lock.released = true; wake.held--; } return Promise.resolve(); } };
    return Promise.resolve(lock);
  } }) });
  window.__wake = wake;
})();
"""

ALL_VOICES = ["en-US", "es-ES", "fi-FI"]


def install(driver, voices=ALL_VOICES, auto=True, no_speech=False, fail="", tap_per_page=False) -> None:
    config = {"voices": voices, "auto": auto, "noSpeech": no_speech, "fail": fail, "tapPerPage": tap_per_page}
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": FAKE_SPEECH % json.dumps(config)})


def spoken(driver) -> list[dict]:
    """Every utterance the page asked for in this tab, in order (cancellations left out)."""
    return [u for u in driver.execute_script("return JSON.parse(sessionStorage.getItem('fake-speech-log') || '[]')")
            if "text" in u]


def wait_for(driver, what, message, timeout=30):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: what(d), message)


def listen_button(driver):
    return wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-listen-start]"), "no Listen button")


def words(text: str) -> str:
    """Text as the voice gets it: the paragraph sign (¶) is not read, spaces are spaces."""
    return re.sub(r"\s+", " ", text.replace("¶", " ")).strip()


def chapter_texts(site, translation: str, book: str, chapter: int) -> list[str]:
    """The verses of a chapter as the apps' snapshot has them (book: its file, the OSIS id in
    lower case): another source than the page."""
    data = json.loads((site / "api" / "v1" / "bible" / translation / "books" / f"{book}.json").read_text())
    verses = next(c for c in data["chapters"] if c["number"] == chapter)["verses"]
    return [words("".join(s["text"] for s in v["spans"])) for v in verses]


def test_john_3_is_read_verse_by_verse_in_english_and_goes_on_to_john_4(driver, base_url, site):
    install(driver)
    driver.get(base_url + "bible/john/3/")
    listen_button(driver).click()
    wait_for(driver, lambda d: len(spoken(d)) >= 37, "John 3 and John 4:1 were not spoken")
    said = spoken(driver)
    john3 = chapter_texts(site, "kjv", "john", 3)
    assert [words(u["text"]) for u in said[:36]] == john3
    assert {(u["lang"], u["voice"], u["page"]) for u in said[:36]} == {("en", "en-US", "/bible/john/3/")}
    # The chapter after the last verse is the page's own "next": John 4, from its first verse.
    assert said[36]["page"] == "/bible/john/4/"
    assert words(said[36]["text"]) == chapter_texts(site, "kjv", "john", 4)[0]
    wait_for_url_path(driver, "/bible/john/4/")
    # Where it is: the verse being read is marked on the new page.
    assert driver.find_elements(By.CSS_SELECTOR, ".bible-text .verse.listening[aria-current='true']")


def test_salmo_23_is_read_in_spanish_with_a_spanish_voice(driver, base_url, site):
    install(driver)
    driver.get(base_url + "bible/rv1909/psalms/23/")
    button = listen_button(driver)
    assert button.text.strip().endswith("Escuchar")
    button.click()
    wait_for(driver, lambda d: len(spoken(d)) >= 6, "Salmo 23 was not spoken")
    said = spoken(driver)[:6]
    assert [words(u["text"]) for u in said] == chapter_texts(site, "rv1909", "ps", 23)
    assert {(u["lang"], u["voice"]) for u in said} == {("es", "es-ES")}
    # The bar in the page's language, numbers as Spanish writes them.
    wait_for(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#listen-speed option, label[for=listen-sleep]')].map(o => o.textContent)")
        == ["0,75×", "1×", "1,25×", "1,5×", "Temporizador"], "the bar is not in Spanish")


def test_a_side_by_side_page_reads_each_verse_in_both_languages(driver, base_url, site):
    install(driver, auto=False)
    driver.get(base_url + "bible/parallel/rv1909/john/3/")
    listen_button(driver).click()
    now = lambda d: d.find_element(By.CSS_SELECTOR, ".listen-now span").text
    wait_for(driver, lambda d: now(d) == "Reading John 3:1 KJV", "the KJV's verse 1 is not read first")
    finish_current(driver)
    wait_for(driver, lambda d: now(d) == "Reading Juan 3:1 RV1909", "the RV1909's verse 1 is not read second")
    finish_current(driver)
    wait_for(driver, lambda d: len(spoken(d)) == 3, "verse 2 was not spoken")
    said = spoken(driver)
    assert [words(u["text"]) for u in said] == [chapter_texts(site, "kjv", "john", 3)[0], chapter_texts(site, "rv1909", "john", 3)[0],
                                              chapter_texts(site, "kjv", "john", 3)[1]]
    assert [(u["lang"], u["voice"]) for u in said] == [("en", "en-US"), ("es", "es-ES"), ("en", "en-US")]


def test_a_finnish_hymn_is_read_in_finnish_stanza_by_stanza_with_its_refrain_and_stops(driver, base_url, site):
    install(driver)
    driver.get(base_url + "hymns/107/")
    listen_button(driver).click()
    wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, "[data-listen-status]").get_attribute("textContent") == "Finished.",
             "the hymn did not finish")
    hymn = next(h for h in snapshot_hymns(site) if h["number"] == 107)
    expected = []
    for stanza in hymn["stanzas"]:    # the refrain where it is sung: after every stanza, as the page shows it
        expected += [words(stanza["text"]), words(hymn["refrain"]["text"])]
    said = spoken(driver)
    assert [words(u["text"]) for u in said] == expected
    assert {(u["lang"], u["voice"], u["page"]) for u in said} == {("fi", "fi-FI", "/hymns/107/")}
    assert not driver.find_elements(By.CSS_SELECTOR, ".listen-bar")


def test_a_plan_day_reads_its_readings_in_order_and_marks_each_chapter_read(driver, base_url, site):
    install(driver)
    driver.get(base_url + "bible/plan/02/#d02-14")
    day = driver.find_element(By.ID, "d02-14")
    button = wait_for(driver, lambda d: day.find_element(By.CSS_SELECTOR, ".listen-day"), "no Listen on the day")
    assert button.get_attribute("aria-label") == "Listen: 14 February"
    assert axe_violations(driver) == []
    button.click()
    wait_for(driver, lambda d: len(spoken(d)) >= 31 + 38 + 22 + 31 and d.find_elements(By.CSS_SELECTOR, "[data-listen-status]")
             and d.find_element(By.CSS_SELECTOR, "[data-listen-status]").get_attribute("textContent") == "Finished.",
             "the day's readings were not all read", timeout=60)
    said = spoken(driver)
    pages = [u["page"] for u in said]
    # Genesis 47, Luke 1:1-38 (not to the chapter's end), Job 13, 1 Corinthians 1, in that order.
    assert [p for i, p in enumerate(pages) if i == 0 or pages[i - 1] != p] == [
        "/bible/genesis/47/", "/bible/luke/1/", "/bible/job/13/", "/bible/1-corinthians/1/"]
    luke = [words(u["text"]) for u in said if u["page"] == "/bible/luke/1/"]
    assert luke == chapter_texts(site, "kjv", "luke", 1)[:38]
    assert [words(u["text"]) for u in said if u["page"] == "/bible/job/13/"] == chapter_texts(site, "kjv", "job", 13)
    read = driver.execute_script("return JSON.parse(localStorage.getItem('sitegen-bible-read') || '[]')")
    # Each chapter read to its end is marked read, as "Mark as read" does; Luke 1 was read in part.
    assert sorted(read) == ["1Cor.1", "Gen.47", "Job.13"]
    assert driver.find_element(By.CSS_SELECTOR, "[data-mark-read]").get_attribute("aria-pressed") == "true"


def test_a_plan_day_that_starts_inside_a_chapter_starts_at_its_verse(driver, base_url, site):
    install(driver, auto=False)
    driver.get(base_url + "bible/plan/02/#d02-15")
    driver.find_element(By.ID, "d02-15").find_element(By.CSS_SELECTOR, ".listen-day").click()
    wait_for_url_path(driver, "/bible/genesis/48/")
    wait_for(driver, lambda d: d.execute_script("return window.__speech.current()"), "Genesis 48 did not start")
    # Skip Genesis 48 with the lock screen's "next" (22 verses), then Luke 1:39ff begins at 39.
    for _ in range(22):
        driver.execute_script("window.__media.handlers.nexttrack()")
    wait_for_url_path(driver, "/bible/luke/1/")
    wait_for(driver, lambda d: any(u["page"] == "/bible/luke/1/" for u in spoken(d)), "Luke 1 did not start")
    first = next(u for u in spoken(driver) if u["page"] == "/bible/luke/1/")
    assert words(first["text"]) == chapter_texts(site, "kjv", "luke", 1)[38]


def test_end_of_chapter_on_a_plan_day_stops_after_that_chapter(driver, base_url):
    """The sleep timer's "end of chapter" holds on a plan day too: the chapter is finished and
    marked read, and the day's next reading is not begun."""
    install(driver, auto=False)
    driver.get(base_url + "bible/plan/02/#d02-14")
    driver.find_element(By.ID, "d02-14").find_element(By.CSS_SELECTOR, ".listen-day").click()
    wait_for_url_path(driver, "/bible/genesis/47/")
    wait_for(driver, lambda d: d.execute_script("return window.__speech.current()"), "Genesis 47 did not start")
    timer = driver.find_element(By.CSS_SELECTOR, ".listen-bar select[id^='listen-sleep']")
    timer.find_element(By.CSS_SELECTOR, "option[value='chapter']").click()
    for _ in range(30):                                   # on to verse 31, Genesis 47's last
        driver.execute_script("window.__media.handlers.nexttrack()")
    wait_for(driver, lambda d: "Israel bowed himself" in (d.execute_script("return window.__speech.current()") or ""),
             "verse 31 was not reached")
    finish_current(driver)
    wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".listen-bar"), "it did not stop")
    assert driver.find_element(By.CSS_SELECTOR, "[data-listen-status]").get_attribute("textContent") == "The sleep timer ended."
    assert driver.execute_script("return location.pathname") == "/bible/genesis/47/"
    assert "Gen.47" in driver.execute_script("return JSON.parse(localStorage.getItem('sitegen-bible-read') || '[]')")


def finish_current(driver) -> None:
    assert driver.execute_script("return window.__speech.finish()"), "nothing was speaking"


def test_a_15_minute_sleep_timer_finishes_the_verse_and_grows_quieter_in_the_last_minute(driver, base_url):
    install(driver, auto=False)
    driver.get(base_url + "bible/john/3/")
    listen_button(driver).click()
    wait_for(driver, lambda d: len(spoken(d)) == 1, "verse 1 was not spoken")
    timer = driver.find_element(By.CSS_SELECTOR, ".listen-bar select[id^='listen-sleep']")
    timer.find_element(By.CSS_SELECTOR, "option[value='15']").click()
    wait_for(driver, lambda d: "Sleep in 15:00" in d.find_element(By.CSS_SELECTOR, ".listen-timer").text, "the timer is not shown")
    assert "sleep in 15:00" in driver.execute_script("return window.__media.session.metadata.title")
    finish_current(driver)
    wait_for(driver, lambda d: len(spoken(d)) == 2, "verse 2 was not spoken")
    assert spoken(driver)[1]["volume"] == 1
    driver.execute_script("window.__clock.advance(14.5 * 60000)")   # 30 s left
    wait_for(driver, lambda d: "Sleep in 0:3" in d.find_element(By.CSS_SELECTOR, ".listen-timer").text, "the time left did not move")
    finish_current(driver)
    wait_for(driver, lambda d: len(spoken(d)) == 3, "verse 3 was not spoken")
    assert 0.1 <= spoken(driver)[2]["volume"] <= 0.55, "the last minute is not quieter"
    driver.execute_script("window.__clock.advance(60000)")          # the timer has ended while verse 3 speaks
    time.sleep(1.5)                                                  # the page's one-second tick passes
    log = driver.execute_script("return JSON.parse(sessionStorage.getItem('fake-speech-log'))")
    assert not any("cancelled" in entry for entry in log), "the verse was cut"
    assert driver.execute_script("return window.__speech.current()") == spoken(driver)[2]["text"]
    finish_current(driver)
    wait_for(driver, lambda d: not d.find_elements(By.CSS_SELECTOR, ".listen-bar"), "it did not stop")
    assert len(spoken(driver)) == 3
    assert driver.find_element(By.CSS_SELECTOR, "[data-listen-status]").get_attribute("textContent") == "The sleep timer ended."


def test_the_lock_screens_pause_resume_and_next_and_a_tap_on_a_verse(driver, base_url, site):
    install(driver, auto=False)
    driver.get(base_url + "bible/john/3/")
    listen_button(driver).click()
    wait_for(driver, lambda d: len(spoken(d)) == 1, "verse 1 was not spoken")
    session = driver.execute_script("return window.__media.session")
    assert session["metadata"]["title"] == "John 3 KJV" and session["playbackState"] == "playing"
    assert {"play", "pause", "nexttrack", "previoustrack", "stop"} <= set(driver.execute_script("return Object.keys(window.__media.handlers)"))
    wait_for(driver, lambda d: d.execute_script("return window.__wake.held") == 1, "the screen is not kept on while it reads")
    driver.execute_script("window.__media.handlers.pause()")
    assert driver.execute_script("return window.__speech.current()") is None
    wait_for(driver, lambda d: d.execute_script("return window.__wake.held") == 0, "the screen is kept on while paused")
    assert driver.execute_script("return window.__media.session.playbackState") == "paused"
    assert "Resume" in driver.find_element(By.CSS_SELECTOR, ".listen-play").text
    driver.execute_script("window.__media.handlers.play()")           # the same verse again
    driver.execute_script("window.__media.handlers.nexttrack()")      # then the next
    texts = [words(u["text"]) for u in spoken(driver)]
    john3 = chapter_texts(site, "kjv", "john", 3)
    assert texts == [john3[0], john3[0], john3[1]]
    # A tap on another verse goes on from there, instead of opening the verse's actions.
    verse = driver.find_element(By.ID, "v16")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", verse)
    verse.click()
    assert words(spoken(driver)[-1]["text"]) == john3[15]
    assert not driver.find_elements(By.CSS_SELECTOR, ".verse-actions:not([hidden])")
    assert driver.find_element(By.ID, "v16").get_attribute("aria-current") == "true"
    # The speed persists: chosen here, used by the next verse and by the next page.
    driver.find_element(By.CSS_SELECTOR, ".listen-bar select[id^='listen-speed'] option[value='1.25']").click()
    driver.execute_script("window.__media.handlers.nexttrack()")
    assert spoken(driver)[-1]["rate"] == 1.25
    driver.execute_script("window.__media.handlers.stop()")
    assert not driver.find_elements(By.CSS_SELECTOR, ".listen-bar")
    # Where it stopped is kept for the translation: "Continue listening" on the contents and home pages.
    for page in ("bible/", ""):
        driver.get(base_url + page)
        link = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".listen-continue"), f"no Continue on /{page}")
        assert link.get_attribute("textContent") == "▶Continue listening: John 3:17 KJV"
    link.click()
    wait_for_url_path(driver, "/bible/john/3/")
    wait_for(driver, lambda d: spoken(d)[-1]["page"] == "/bible/john/3/" and len(spoken(d)) == 6, "it did not go on")
    assert words(spoken(driver)[-1]["text"]) == john3[16] and spoken(driver)[-1]["rate"] == 1.25


def test_without_a_voice_for_the_language_it_says_so_and_speaks_nothing(driver, base_url):
    install(driver, voices=["en-US"])
    driver.get(base_url + "bible/rv1909/psalms/23/")
    note = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".listen-note"), "no note")
    assert note.text == "Este dispositivo no tiene voz en español, así que esta página no se puede leer en voz alta aquí."
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-listen-start]")
    driver.find_element(By.ID, "v1").click()
    assert spoken(driver) == []


def test_an_engine_that_fails_stops_it_and_says_why(driver, base_url):
    install(driver, fail="language-unavailable")
    driver.get(base_url + "bible/john/3/")
    listen_button(driver).click()
    status = driver.find_element(By.CSS_SELECTOR, "[data-listen-status]")
    wait_for(driver, lambda d: status.get_attribute("textContent") == "The voice could not read John 3:1 (language-unavailable).",
             "the failure was not said")
    time.sleep(0.5)   # nothing goes on to the next verse or chapter
    assert len(spoken(driver)) == 1 and driver.current_url.endswith("/bible/john/3/")
    assert not driver.find_elements(By.CSS_SELECTOR, ".listen-bar")


def test_a_browser_that_wants_a_tap_on_each_page_waits_for_resume(driver, base_url, site):
    """Safari speaks only after a tap in the page: the next chapter waits, saying so, for Resume."""
    install(driver, tap_per_page=True)
    driver.get(base_url + "bible/john/3/#v36")
    listen_button(driver).click()                     # from the verse in the address
    wait_for_url_path(driver, "/bible/john/4/")
    now = wait_for(driver, lambda d: d.find_element(By.CSS_SELECTOR, ".listen-now span"), "no bar on John 4")
    wait_for(driver, lambda d: now.text.startswith("Paused at John 4:1: press Resume"), "it did not ask for a tap")
    driver.find_element(By.CSS_SELECTOR, ".listen-play").click()
    wait_for(driver, lambda d: len([u for u in spoken(d) if u["page"] == "/bible/john/4/"]) >= 3, "Resume did not go on")
    said = spoken(driver)
    assert words(said[0]["text"]) == chapter_texts(site, "kjv", "john", 3)[35] and said[0]["page"] == "/bible/john/3/"
    john4 = [words(u["text"]) for u in said if u["page"] == "/bible/john/4/"]
    assert john4[:3] == [chapter_texts(site, "kjv", "john", 4)[0]] * 2 + [chapter_texts(site, "kjv", "john", 4)[1]]


def test_without_speech_or_javascript_there_is_no_button(driver, base_url):
    install(driver, no_speech=True)
    driver.get(base_url + "bible/john/3/")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-mark-read]:not([hidden])"), "the page's scripts did not run")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-listen-start], .listen-note")
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    driver.get(base_url + "hymns/5/")
    assert not driver.find_elements(By.CSS_SELECTOR, "[data-listen-start], .listen-note")


def test_the_player_at_390_px_light_and_dark_axe_clean_and_by_keyboard(driver, base_url):
    install(driver, auto=False)
    driver.get(base_url + "bible/john/3/")
    start = listen_button(driver)
    start.send_keys(Keys.ENTER)                     # the keyboard starts it, and lands on Pause
    wait_for(driver, lambda d: len(spoken(d)) == 1, "Enter did not start it")
    focused = lambda: driver.execute_script("return document.activeElement.getAttribute('data-listen-act') || document.activeElement.id")
    assert focused() == "play"
    order = []
    for _ in range(5):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        order.append(focused())
    assert order[:3] == ["next", "stop", order[2]] and order[2].startswith("listen-speed") and order[3].startswith("listen-sleep")
    driver.switch_to.active_element.send_keys(Keys.SHIFT, Keys.TAB)
    sleep = driver.switch_to.active_element
    sleep.send_keys(Keys.DOWN)                        # "End of chapter" from the keyboard
    for _ in range(5):
        finish_current(driver)
    wait_for(driver, lambda d: len(spoken(d)) == 6, "verse 6 was not spoken")
    driver.find_element(By.CSS_SELECTOR, ".listen-bar select[id^='listen-sleep'] option[value='30']").click()
    for dark in (False, True):
        emulate_dark(driver, dark)
        name = f"listen-john-3-390-{'dark' if dark else 'light'}"
        path = screenshot(driver, name)
        check_screenshot(driver, path, 390, 844, dark=dark)
        assert axe_violations(driver, colours_only=dark) == [], name
    assert driver.find_element(By.CSS_SELECTOR, "#v6.listening").is_displayed()
    assert "Sleep in 30:00" in driver.find_element(By.CSS_SELECTOR, ".listen-timer").text or \
        "Sleep in 29:5" in driver.find_element(By.CSS_SELECTOR, ".listen-timer").text


@pytest.mark.service_worker
def test_offline_with_the_server_stopped_it_still_speaks(driver, site):
    url, server = serve_folder(site)
    try:
        install(driver)
        driver.get(url + "bible/john/3/")
        wait_for(driver, lambda d: d.execute_script(
            "return !!navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'"),
            "the worker did not take the page", timeout=120)
        driver.get(url + "bible/john/3/")   # through the worker: the chapter is kept
        listen_button(driver)
    finally:
        server.shutdown()
        server.server_close()
    driver.get(url + "bible/john/3/")
    assert driver.find_elements(By.CSS_SELECTOR, ".bible-text .verse")
    listen_button(driver).click()
    wait_for(driver, lambda d: len(spoken(d)) >= 36, "nothing was spoken offline")
    assert words(spoken(driver)[0]["text"]).startswith("There was a man of the Pharisees")


# ---- A real engine: espeak-ng through speech-dispatcher, Chromium's speech back end on Linux ----

def real_voice_browser(tmp_path):
    """Chromium with its speech back end on (--enable-speech-dispatcher): libspeechd starts a
    speech-dispatcher of its own (folders under tmp_path: config, socket, log, pid) whose
    espeak-ng writes what it says through ALSA's file plugin into voice.raw, since the machine
    has no sound card. The daemon ends by itself a few seconds after its last client."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from conftest import _chromium_options
    config = tmp_path / "config" / "speech-dispatcher"
    config.mkdir(parents=True)
    (config / "speechd.conf").write_text('AudioOutputMethod "alsa"\nAudioALSADevice "tofile"\nDefaultModule espeak-ng\n'
                                         'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n')
    (tmp_path / "asoundrc").write_text(
        f'pcm.tofile {{ type file; slave.pcm "null"; file "{tmp_path / "voice.raw"}"; format "raw" }}\n')
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), XDG_CACHE_HOME=str(tmp_path / "cache"),
               ALSA_CONFIG_PATH=f"/usr/share/alsa/alsa.conf:{tmp_path / 'asoundrc'}")
    options = _chromium_options()
    options.add_argument("--enable-speech-dispatcher")
    service = Service(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver", env=env)
    return webdriver.Chrome(service=service, options=options)


def test_a_real_engine_reads_john_3_aloud(base_url, tmp_path):
    if not (shutil.which("speech-dispatcher") and os.path.exists("/usr/lib/speech-dispatcher-modules/sd_espeak-ng")):
        pytest.skip("speech-dispatcher and espeak-ng are not installed (scripts/install-deps test)")
    browser = real_voice_browser(tmp_path)
    try:
        browser.get(base_url + "bible/john/3/")
        # The button shows once the engine has listed its voices (espeak-ng's English among them).
        listen_button(browser).click()
        now = lambda d: d.find_element(By.CSS_SELECTOR, ".listen-now span").text
        # Verse 2 starts only after the engine said verse 1 had ended: it really spoke.
        wait_for(browser, lambda d: now(d) == "Reading John 3:2", "verse 1 was not spoken to its end", timeout=60)
        voice = browser.execute_script("return window.speechSynthesis.getVoices().filter(v => /^en/.test(v.lang)).length")
        browser.find_element(By.CSS_SELECTOR, "[data-listen-act='stop']").click()
    finally:
        browser.quit()
    assert voice > 0
    samples = (tmp_path / "voice.raw").read_bytes()
    loud = sum(1 for i in range(0, len(samples) - 1, 2) if abs(int.from_bytes(samples[i:i + 2], "little", signed=True)) > 500)
    # espeak-ng's 22,050 samples a second: verse 1 is some seconds of sound, not silence.
    assert loud > 22050 // 2, f"{len(samples)} bytes of sound, {loud} loud samples"
