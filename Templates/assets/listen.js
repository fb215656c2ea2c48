// Listen (docs/listen.md): a chapter, a side-by-side page or a hymn read aloud by the device's own
// voice (the Web Speech API: no recording, no server, works offline), verse by verse or stanza by
// stanza, each in the language its element says (`lang`); the verse being read is marked and kept
// in view, a tap on another goes on from there; pause, previous, next, a speed that persists, a
// sleep timer, and the lock screen's controls (Media Session). At a chapter's end it goes on to
// the page's own "next" link; a plan day reads its readings in order (`data-listen`, written by
// the build) and marks each chapter read with the page's own "Mark as read". Where it stopped is
// kept per translation, for "Continue listening" on the Bible's contents page and the home page.
// Nothing plays without a tap; without speech, or without a voice for the page's language, there
// is no button (a note says which language has no voice). Loaded only by the pages it serves.
(function () {
  "use strict";
  var synth = window.speechSynthesis, Utterance = window.SpeechSynthesisUtterance, S = window.sitegen;
  if (!synth || !Utterance || !S) return;
  var store = S.store, K = S.keys, el = S.el;
  var RATES = [0.75, 1, 1.25, 1.5], TIMERS = ["", "chapter", "15", "30", "60"];
  var NEXT = "sitegen-listen-next";   // sessionStorage: what the next page goes on with (this tab only)
  var FADE = 60000;                   // the last minute of a sleep timer grows quieter

  // ---- What the page offers to be read: its own elements and their languages ----------------
  function textOf(node) {
    var copy = node.cloneNode(true);
    copy.querySelectorAll(".vn, .mark, button, .stanza-number, .repeat-sign, .response-heading, .pside, .visually-hidden, [aria-hidden='true']")
      .forEach(function (x) { x.remove(); });
    return copy.textContent.replace(/¶/g, " ").replace(/\s+/g, " ").trim();
  }
  function langOf(node) {
    var holder = node.closest("[lang]");
    return (holder && holder.getAttribute("lang")) || S.language();
  }
  function item(node, label, extra) {
    var it = { node: node, text: textOf(node), lang: langOf(node), label: label };
    Object.keys(extra || {}).forEach(function (k) { it[k] = extra[k]; });
    return it;
  }
  function nextLink(scope) { var a = scope.querySelector(".chapter-nav a[rel=next]"); return a ? a.href : ""; }

  // A chapter's references as the build writes them (ReferenceText): a verse's with the chapter
  // filled in ("Salmo 23:{verse}"), and one naming its translation ("{reference} RV1909").
  function chapterPage() {
    var article = document.querySelector(".bible-chapter[data-chapter-id]");
    if (!article) return null;
    var verseRef = article.getAttribute("data-verse-ref") || "{verse}";
    var inTranslation = function (ref) { return S.fill(article.getAttribute("data-in-translation") || "{reference}", { reference: ref }); };
    return {
      kind: "chapter", unit: "Verse", tools: article.querySelector(".reader-tools"), inTranslation: inTranslation,
      title: inTranslation(article.querySelector("h1").textContent.trim()), chapterID: article.getAttribute("data-chapter-id"),
      translation: article.getAttribute("data-translation-id"), next: nextLink(article),
      items: [].map.call(article.querySelectorAll(".bible-text .verse[id^='v']"), function (v) {
        return item(v, S.fill(verseRef, { verse: v.id.slice(1) }), { verse: +v.id.slice(1) });
      })
    };
  }
  function parallelPage() {
    var article = document.querySelector(".bible-parallel");
    if (!article) return null;
    // Each column's head carries its side's references, as a chapter page's article does.
    var heads = article.querySelectorAll(".parallel-head .pcell"), items = [];
    article.querySelectorAll(".parallel-row[id^='v']").forEach(function (row) {
      row.querySelectorAll(".pcell").forEach(function (cell, k) {
        var head = heads[k], ref = S.fill((head && head.getAttribute("data-verse-ref")) || "{verse}", { verse: row.id.slice(1) });
        items.push(item(cell, S.fill((head && head.getAttribute("data-in-translation")) || "{reference}", { reference: ref }), { verse: +row.id.slice(1) }));
      });
    });
    var tools = el("div", { "class": "reader-tools" });
    article.querySelector(".parallel-sources").after(tools);
    return { kind: "parallel", unit: "Verse", tools: tools, title: article.querySelector("h1").textContent.replace(/\s+/g, " ").trim(),
             next: nextLink(article), items: items };
  }
  function hymnPage() {
    var article = document.querySelector("article.hymn[data-hymn]");
    if (!article) return null;
    var number = article.getAttribute("data-hymn");
    var title = article.querySelector(".hymn-title").textContent.trim();
    return {
      kind: "hymn", unit: "Stanza", tools: article.querySelector(".hymn-tools"), title: number + ". " + title, next: "",
      items: [].map.call(article.querySelectorAll(".hymn-body > section.stanza, .hymn-body > section.response"), function (s) {
        return item(s, S.t("listen.hymnStanza", { number: number, part: s.getAttribute("aria-label") }));
      })
    };
  }

  // ---- Voices: one of the text's language, the device's own first ---------------------------
  function primary(lang) { return String(lang || "").toLowerCase().split(/[-_]/)[0]; }
  // By language, once the list is known: speech-dispatcher lists thousands of voices.
  var chosen = {};
  if (synth.addEventListener) synth.addEventListener("voiceschanged", function () { chosen = {}; });
  function voiceFor(lang) {
    if (!(lang in chosen)) chosen[lang] = bestVoice(lang);
    return chosen[lang];
  }
  function bestVoice(lang) {
    var want = primary(lang), all = synth.getVoices() || [], best = null;
    all.forEach(function (v) {
      if (primary(v.lang) !== want) return;
      var score = (v.localService ? 2 : 0) + (v["default"] ? 1 : 0) + (String(v.lang).toLowerCase().replace("_", "-") === String(lang).toLowerCase() ? 1 : 0);
      if (!best || score > best.score) best = { voice: v, score: score };
    });
    return best && best.voice;
  }
  // Calls back once the browser has listed its voices (Chrome lists them after a while; a
  // browser that never lists any gets no button: nothing half-working).
  function withVoices(done) {
    if ((synth.getVoices() || []).length) return done();
    var called = false;
    function once() { if (!called && (synth.getVoices() || []).length) { called = true; done(); } }
    if (synth.addEventListener) synth.addEventListener("voiceschanged", once); else synth.onvoiceschanged = once;
  }
  function languageName(lang) {
    try { return new Intl.DisplayNames([S.language()], { type: "language" }).of(lang) || lang; } catch (e) { return lang; }
  }

  // ---- What the reader chose, and what goes on to the next page ------------------------------
  function rate() { var r = parseFloat(store.get(K.listenRate)); return RATES.indexOf(r) >= 0 ? r : 1; }
  function takeNext() {
    try { var text = sessionStorage.getItem(NEXT); sessionStorage.removeItem(NEXT); return text ? JSON.parse(text) : null; }
    catch (e) { return null; }
  }
  function handOn(next) { try { sessionStorage.setItem(NEXT, JSON.stringify(next)); return true; } catch (e) { return false; } }
  function samePage(url) { try { return new URL(url, location.href).pathname === location.pathname; } catch (e) { return false; } }
  function places() { var p = store.getJSON(K.listenPlace, {}); return p && typeof p === "object" && !Array.isArray(p) ? p : {}; }

  // ---- The player ------------------------------------------------------------------------------
  function Player(page) {
    var self = this;
    this.page = page;
    this.index = 0;
    this.last = page.items.length - 1;
    this.playing = false;
    this.token = 0;           // the utterance whose events count (cancel() ends the others with events too)
    this.timer = "";          // "", "chapter" or minutes; `until` the time a minutes timer ends
    this.until = 0;
    this.plan = null;         // a plan day: {parts: [{url, from, to, completes}], part}
    this.marked = null;
    this.tick = null;
    this.bar = null;
    page.items.forEach(function (it, i) { it.node.setAttribute("data-listen-index", String(i)); });
    document.addEventListener("click", function (e) { self.tapped(e); }, true);
    document.addEventListener("keydown", function (e) { if (e.key === "Enter" || e.key === " ") self.tapped(e); }, true);
  }

  Player.prototype.itemAt = function (target) {
    var node = target && target.closest && target.closest("[data-listen-index]");
    return node ? +node.getAttribute("data-listen-index") : -1;
  };
  // While it speaks, a tap (or Enter) on another verse goes on from there, instead of the verse's actions.
  Player.prototype.tapped = function (e) {
    if (!this.playing) return;
    var i = this.itemAt(e.target);
    if (i < 0) return;
    e.preventDefault(); e.stopPropagation();
    this.speak(i);
  };

  Player.prototype.volume = function () {
    if (!this.until) return 1;
    var left = this.until - Date.now();
    return left >= FADE ? 1 : Math.max(0.1, Math.round((left / FADE) * 100) / 100);
  };

  Player.prototype.speak = function (i) {
    var self = this;
    if (i > this.last) return this.ended();
    i = Math.max(0, i);
    this.silence();
    var it = this.page.items[i], token = this.token;
    this.index = i; this.playing = true;
    var u = new Utterance(it.text);
    u.lang = it.lang; u.rate = rate(); u.volume = this.volume();
    var voice = voiceFor(it.lang); if (voice) u.voice = voice;
    u.onend = function () { if (token === self.token) self.spoken(i); };
    u.onerror = function (e) {
      if (token !== self.token) return;
      // Refused without a tap on this page (a browser's autoplay rule): wait for Resume.
      if (e && e.error === "not-allowed") return self.pause(S.t("listen.tapToGoOn", { ref: it.label }));
      if (e && (e.error === "interrupted" || e.error === "canceled")) return;
      // Anything else (no data for the language, the engine failed): stop and say so, rather
      // than race through the verses and chapters, each failing at once.
      self.stop(S.t("listen.failed", { ref: it.label, reason: (e && e.error) || "?" }));
    };
    this.utterance = u;   // kept: an utterance the browser collected would never say it ended
    this.mark(it);
    this.remember(it);
    this.show();
    synth.speak(u);
  };
  // Ends what is speaking; its events no longer count.
  Player.prototype.silence = function () {
    this.token++;
    if (synth.speaking || synth.pending) synth.cancel();   // Chrome may drop a speak() right after a needless cancel()
  };

  Player.prototype.spoken = function (i) {
    if (this.timer !== "" && this.timer !== "chapter" && Date.now() >= this.until) return this.stop(S.t("listen.timerEnded"));
    this.speak(i + 1);
  };

  // The last verse is done: the plan's next reading, the next chapter, or the end.
  Player.prototype.ended = function () {
    var page = this.page;
    if (this.plan) {
      var part = this.plan.parts[this.plan.part];
      if (part && part.to === 0 && part.completes.indexOf(page.chapterID) >= 0) {
        var button = document.querySelector("[data-mark-read][aria-pressed='false']");
        if (button) button.click();   // the page's own "Mark as read": the same store and plan ticks
      }
      if (this.timer === "chapter") return this.stop(S.t("listen.timerEnded"));   // what the bar promised
      if (this.plan.part + 1 < this.plan.parts.length) return this.go(this.plan.parts[this.plan.part + 1].url, { plan: { parts: this.plan.parts, part: this.plan.part + 1 } });
      return this.stop(S.t("listen.finished"));
    }
    if (this.timer === "chapter") return this.stop(S.t("listen.timerEnded"));
    if (page.next) return this.go(page.next, {});
    this.stop(S.t("listen.finished"));
  };
  // Another page goes on where this one ends (its own "next"; the plan's next reading).
  Player.prototype.go = function (url, next) {
    next.url = url; next.timer = this.timer; next.until = this.until;
    this.playing = false;
    if (handOn(next)) location.href = url; else this.stop(S.t("listen.finished"));
  };

  Player.prototype.pause = function (why) {
    this.silence(); this.playing = false;
    this.show(why || S.t("listen.paused", { ref: this.page.items[this.index].label }));
  };
  Player.prototype.resume = function () { this.speak(this.index); };
  Player.prototype.stop = function (why) {
    var hadFocus = !!(this.bar && this.bar.contains(document.activeElement));
    this.silence(); this.playing = false;
    if (this.marked) { this.marked.classList.remove("listening"); this.marked.removeAttribute("aria-current"); this.marked = null; }
    clearInterval(this.tick); this.tick = null;
    if (this.bar) { this.bar.remove(); this.bar = null; document.body.classList.remove("listen-open"); }
    if (navigator.mediaSession) { navigator.mediaSession.playbackState = "none"; navigator.mediaSession.metadata = null; }
    this.awake();
    this.timer = ""; this.until = 0; this.plan = null;
    var status = document.querySelector("[data-listen-status]");
    if (status) status.textContent = why || S.t("listen.stopped");
    // The focus was on the bar (Stop pressed): back to Listen, without moving the page.
    var start = document.querySelector("[data-listen-start]");
    if (start && hadFocus) start.focus({ preventScroll: true });
  };

  // The verse being read: marked, and kept in view when it is not.
  Player.prototype.mark = function (it) {
    if (this.marked) { this.marked.classList.remove("listening"); this.marked.removeAttribute("aria-current"); }
    this.marked = it.node;
    it.node.classList.add("listening");
    it.node.setAttribute("aria-current", "true");
    var box = it.node.getBoundingClientRect(), bar = this.bar ? this.bar.getBoundingClientRect().height : 0;
    if (box.top < 0 || box.bottom > window.innerHeight - bar) it.node.scrollIntoView({ block: "center" });
  };
  // Where the reader is, per translation: "Continue listening" on the contents and home pages.
  Player.prototype.remember = function (it) {
    if (this.page.kind !== "chapter" || !this.page.translation) return;
    var all = places();
    all[this.page.translation] = { url: location.pathname, verse: it.verse, ref: this.page.inTranslation(it.label), at: new Date().toISOString() };
    store.setJSON(K.listenPlace, all);
  };

  Player.prototype.setTimer = function (value) {
    this.timer = value;
    this.until = /^[0-9]+$/.test(value) ? Date.now() + parseInt(value, 10) * 60000 : 0;
    this.show();
  };
  function clock(ms) {
    var s = Math.max(0, Math.ceil(ms / 1000)), m = Math.floor(s / 60);
    return m + ":" + (s % 60 < 10 ? "0" : "") + (s % 60);
  }
  Player.prototype.timerText = function () {
    if (this.timer === "chapter") return S.t("listen.timerAtEnd");
    return this.until ? S.t("listen.timerLeft", { time: clock(this.until - Date.now()) }) : "";
  };

  // ---- The bar: the controls while listening (fixed at the bottom, above the page) -------------
  function button(label, icon, act) {
    var b = el("button", { type: "button", "data-listen-act": act, "aria-label": label, title: label });
    b.append(el("span", { "aria-hidden": "true" }, icon));
    return b;
  }
  function choice(id, label, values, words, current) {
    var wrap = el("span", { "class": "listen-choice" }), select = el("select", { id: id });
    wrap.append(el("label", { "for": id }, label), select);
    values.forEach(function (v, i) {
      var o = el("option", { value: String(v) }, words[i]);
      if (String(v) === String(current)) o.selected = true;
      select.append(o);
    });
    return { wrap: wrap, select: select };
  }
  Player.prototype.makeBar = function () {
    var self = this, unit = this.page.unit;
    var bar = el("section", { "class": "listen-bar", "aria-label": S.t("listen.player") });
    // Geometric shapes (▶ ■ ▮), which every phone's fonts have, not the media symbols (⏮ ⏸), which many lack.
    var line = el("p", { "class": "listen-now" }), now = el("span"), timer = el("span", { "class": "listen-timer" });
    line.append(now, " ", timer);
    var row = el("div", { "class": "listen-row" });
    var play = el("button", { type: "button", "class": "primary listen-play", "data-listen-act": "play" });
    row.append(button(S.t("listen.previous" + unit), "▮◀", "previous"), play, button(S.t("listen.next" + unit), "▶▮", "next"),
               button(S.t("listen.stop"), "■", "stop"));
    var speed = choice("listen-speed", S.t("listen.speed"), RATES, RATES.map(function (r) { return new Intl.NumberFormat(S.language()).format(r) + "×"; }), rate());
    var sleep = choice("listen-sleep", S.t("listen.timer"), TIMERS, [S.t("listen.timerOff"), S.t("listen.timerChapter")].concat(
      TIMERS.slice(2).map(function (m) { return S.t("listen.timerMinutes", { count: m }); })), this.timer);
    if (this.page.kind === "hymn") sleep.wrap.hidden = true;   // a hymn stops at its end anyway
    var choices = el("div", { "class": "listen-row" });
    choices.append(speed.wrap, sleep.wrap);
    bar.append(line, row, choices);
    row.addEventListener("click", function (e) {
      var b = e.target.closest("[data-listen-act]");
      if (!b) return;
      var act = b.getAttribute("data-listen-act");
      if (act === "play") { if (self.playing) self.pause(); else self.resume(); }
      if (act === "previous") self.speak(self.index - 1);
      if (act === "next") self.speak(self.index + 1);
      if (act === "stop") self.stop();
    });
    speed.select.addEventListener("change", function () { store.set(K.listenRate, speed.select.value); });
    sleep.select.addEventListener("change", function () { self.setTimer(sleep.select.value); });
    this.parts = { now: now, play: play, timer: timer, sleep: sleep.select };
    this.page.tools.after(bar);   // fixed at the bottom; in the page's order right after the Listen button
    document.body.classList.add("listen-open");
    this.tick = setInterval(function () { self.showTimer(); }, 1000);
    return bar;
  };
  Player.prototype.show = function (why) {
    if (!this.bar) this.bar = this.makeBar();
    var it = this.page.items[this.index];
    this.parts.now.textContent = why || S.t(this.playing ? "listen.reading" : "listen.paused", { ref: it.label });
    this.parts.play.textContent = "";
    this.parts.play.append(el("span", { "aria-hidden": "true" }, this.playing ? "▮▮" : "▶"), S.t(this.playing ? "listen.pause" : "listen.resume"));
    this.parts.sleep.value = this.timer;
    this.showTimer();
  };
  Player.prototype.showTimer = function () {
    if (!this.parts) return;
    this.parts.timer.textContent = this.timerText();
    if (this.until && !this.playing && Date.now() >= this.until) return this.stop(S.t("listen.timerEnded"));
    this.media();
  };

  // ---- The screen stays on while it reads ------------------------------------------------------
  // Phones stop a page's speech when the screen locks (docs/listen.md), so while the voice reads
  // the screen is kept on (Screen Wake Lock, where the browser has it); pausing, stopping or the
  // sleep timer lets it sleep again. The browser drops the lock when the page is hidden.
  Player.prototype.awake = function () {
    var self = this, want = this.playing;
    if (!navigator.wakeLock) return;
    if (want && !this.lock) {
      this.lock = true;
      navigator.wakeLock.request("screen").then(function (lock) {
        if (!self.playing) { lock.release(); self.lock = null; return; }
        self.lock = lock;
        lock.addEventListener("release", function () { if (self.lock === lock) self.lock = null; });
      }, function () { self.lock = null; });
    } else if (!want && this.lock && this.lock.release) {
      this.lock.release(); this.lock = null;
    }
  };

  // ---- The lock screen and headphones (Media Session) -----------------------------------------
  Player.prototype.media = function () {
    var session = navigator.mediaSession, self = this;
    if (!session) return this.awake();
    var text = this.timerText(), title = this.until ? S.t("listen.mediaTimer", { title: this.page.title, time: clock(this.until - Date.now()) }) : this.page.title;
    if (window.MediaMetadata && (!session.metadata || session.metadata.title !== title || session.metadata.artist !== this.page.items[this.index].label)) {
      session.metadata = new MediaMetadata({ title: title, artist: this.page.items[this.index].label, album: text || document.title });
    }
    session.playbackState = this.playing ? "playing" : "paused";
    this.awake();
    if (this.handlers) return;
    this.handlers = true;
    [["play", function () { self.resume(); }], ["pause", function () { self.pause(); }], ["stop", function () { self.stop(); }],
     ["nexttrack", function () { self.speak(self.index + 1); }], ["previoustrack", function () { self.speak(self.index - 1); }]]
      .forEach(function (pair) { try { session.setActionHandler(pair[0], pair[1]); } catch (e) { /* not offered here */ } });
  };

  // ---- Pages ---------------------------------------------------------------------------------
  // The button beside the text size controls, or a note when the device has no voice for a
  // language the page would be read in.
  function offer(page) {
    var missing = [];
    page.items.forEach(function (it) { if (!voiceFor(it.lang) && missing.indexOf(it.lang) < 0) missing.push(it.lang); });
    if (missing.length) {
      page.tools.append(el("p", { "class": "listen-note muted" }, S.t("listen.noVoice", { language: missing.map(languageName).join(", ") })));
      return null;
    }
    var player = new Player(page);
    var start = el("button", { type: "button", "class": "listen-start", "data-listen-start": "" });
    start.append(el("span", { "aria-hidden": "true" }, "▶"), S.t("listen.listen"));
    var status = el("span", { "class": "visually-hidden", role: "status", "data-listen-status": "" });
    page.tools.append(start, status);
    start.addEventListener("click", function () {
      if (player.playing) return;
      // Where the address points (a verse's link, "Continue listening"), else the first verse.
      var at = /^#v([0-9]+)$/.exec(location.hash), i = 0;
      if (at) page.items.forEach(function (it, n) { if (it.verse === +at[1] && !i) i = n; });
      player.speak(player.bar ? player.index : i);
      player.parts.play.focus();
    });
    return player;
  }

  // Going on from the last page (its "next", a plan day's reading, "Continue listening").
  function goOn(player, next) {
    var from = 0, to = player.last;
    if (next.plan) {
      player.plan = next.plan;
      var part = next.plan.parts[next.plan.part];
      player.page.items.forEach(function (it, i) {
        if (it.verse === part.from) from = i;
        if (part.to && it.verse === part.to) to = i;
      });
      player.last = to;
    } else if (next.verse) {
      player.page.items.forEach(function (it, i) { if (it.verse === next.verse) from = i; });
    }
    player.timer = next.timer || "";
    player.until = next.until || 0;
    if (player.until && Date.now() >= player.until) return;   // the timer ended while the page loaded
    player.speak(from);
  }

  // A plan day (the plan's pages, the home page's today): its readings in order, chapter by
  // chapter, as the rows say when the button is pressed (bible.js redraws the home page's for
  // the reader's own date).
  function planParts(day) {
    var parts = [];
    day.querySelectorAll(".plan-reading[data-listen]").forEach(function (row) {
      var box = row.querySelector("[data-completes]"), completes = ((box && box.getAttribute("data-completes")) || "").split(" ").filter(Boolean);
      try {
        JSON.parse(row.getAttribute("data-listen")).forEach(function (p) {
          parts.push({ url: p[0], from: p[1], to: p[2], completes: completes });
        });
      } catch (e) { /* a row without readings */ }
    });
    return parts;
  }
  function offerPlanDays() {
    document.querySelectorAll(".plan-day, [data-home-readings]").forEach(function (day) {
      var heading = day.querySelector("h2");
      if (!heading || !day.querySelector(".plan-reading[data-listen]")) return;
      var start = el("button", { type: "button", "class": "listen-start listen-day",
                                 "aria-label": S.t("listen.listenTo", { what: heading.firstChild.textContent.trim() }) });
      start.append(el("span", { "aria-hidden": "true" }, "▶"), S.t("listen.listen"));
      heading.after(start);
      start.addEventListener("click", function () {
        var parts = planParts(day);
        if (parts.length && handOn({ url: parts[0].url, plan: { parts: parts, part: 0 } })) location.href = parts[0].url;
      });
    });
  }

  // "Continue listening" where the reader stopped: this translation's place on its contents
  // page, the latest of all on the home page.
  function offerContinue() {
    var index = document.querySelector(".bible-index[data-translation-id]"), home = document.querySelector("[data-home-readings]");
    var all = places(), place = null;
    if (index) place = all[index.getAttribute("data-translation-id")];
    else if (home) Object.keys(all).forEach(function (k) { if (all[k] && (!place || String(all[k].at) > String(place.at))) place = all[k]; });
    if (!place || typeof place.url !== "string" || !/^\/(?!\/)/.test(place.url) || !(place.verse > 0)) return;
    var link = el("a", { "class": "button listen-continue", href: place.url + "#v" + place.verse });
    link.append(el("span", { "aria-hidden": "true" }, "▶"), S.t("listen.continue", { ref: String(place.ref || "") }));
    link.addEventListener("click", function () { handOn({ url: place.url, verse: place.verse }); });
    var p = el("p", { "class": "listen-continue-row" });
    p.append(link);
    if (index) index.querySelector("h1").after(p); else home.querySelector("h2").after(p);
  }

  S.ready(function () {
    withVoices(function () {
      var page = chapterPage() || parallelPage() || hymnPage();
      if (!page) {
        if (voiceFor(S.language())) { offerPlanDays(); offerContinue(); }
        return;
      }
      if (!page.items.length || !page.tools) return;
      var player = offer(page), next = takeNext();
      if (player && next && samePage(next.url)) goOn(player, next);
      // Back to this page from the browser's memory (Back after the next chapter): it was silenced
      // when left, so it shows as paused where it was.
      window.addEventListener("pageshow", function (e) { if (e.persisted && player && player.playing) player.pause(); });
    });
    window.addEventListener("pagehide", function () { synth.cancel(); });
  });
})();
