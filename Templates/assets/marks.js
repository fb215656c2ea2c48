// sitegen marks: what the reader keeps of their own, in this browser only (localStorage).
//   - verse marks (highlight colour, heart, note), one key per chapter: "sitegen-marks:John.3"
//     → {"16": {"h": "yellow", "ht": time, "heart": time, "note": "…", "nt": time, "nu": time,
//     "to": 18, "text": "For God so loved…"}}; keyed by OSIS, never by anything in the page, so
//     marks survive rebuilds and show in every translation; a chapter reads one key, not the store;
//   - favourite hymns: "sitegen-hymn-favourites" → {"12": {"at": time, "title": "…"}};
//   - reading progress and plan ticks stay where bible.js keeps them (read, never reshaped).
// One export/import file holds all of it (format "sitegen-reader-data", version 1, schema in
// api/v1/schemas/reader-data.schema.json); import also reads bible.js's progress file.
// Pages: verse actions on chapter pages, the heart on hymn pages, Favourites on /hymns/.
// Without JavaScript the pages read as ever; nothing here is needed to read them.
(function () {
  "use strict";
  var PREFIX = "sitegen-marks:";
  var HYMNS_KEY = "sitegen-hymn-favourites";
  var READ_KEY = "sitegen-bible-read";
  var PLAN_KEY = "sitegen-bible-plan";
  var FORMAT = "sitegen-reader-data";
  var OLD_FORMAT = "sitegen-bible-progress";
  var VERSION = 1;
  var COLOURS = ["yellow", "green", "blue", "pink"];
  var REF = /^([0-9A-Za-z]+\.[0-9]+)\.([0-9]+)$/;
  var CHAPTER = /^[0-9A-Za-z]+\.[0-9]+$/;
  var PLAN = /^[0-9]{2}-[0-9]{2}\/[0-9]+$/;
  var TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$/;

  // ---- storage ----------------------------------------------------------------------------
  function getJSON(key, fallback) {
    try { var v = JSON.parse(localStorage.getItem(key) || "null"); return v === null ? fallback : v; }
    catch (e) { return fallback; }
  }
  function setJSON(key, value) {
    try {
      if (value === null) localStorage.removeItem(key); else localStorage.setItem(key, JSON.stringify(value));
      return true;
    } catch (e) { return false; }
  }
  function isObject(v) { return !!v && typeof v === "object" && !Array.isArray(v); }
  function now() { return new Date().toISOString(); }

  function chapter(id) { var v = getJSON(PREFIX + id, {}); return isObject(v) ? v : {}; }
  function saveChapter(id, marks) {
    Object.keys(marks).forEach(function (n) { if (empty(marks[n])) delete marks[n]; });
    return setJSON(PREFIX + id, Object.keys(marks).length ? marks : null);
  }
  function empty(m) { return !m || (!m.h && !m.heart && !m.note); }
  // Every chapter with marks: [[chapterID, marks], …] (only /my/ and export walk the store).
  function allChapters() {
    var out = [];
    try {
      for (var i = 0; i < localStorage.length; i++) {
        var key = localStorage.key(i);
        if (key && key.indexOf(PREFIX) === 0) out.push([key.slice(PREFIX.length), chapter(key.slice(PREFIX.length))]);
      }
    } catch (e) { /* no storage */ }
    return out;
  }
  function stringList(key) {
    var v = getJSON(key, []);
    return Array.isArray(v) ? v.filter(function (x) { return typeof x === "string"; }) : [];
  }
  function favourites() { var v = getJSON(HYMNS_KEY, {}); return isObject(v) ? v : {}; }

  // ---- export -----------------------------------------------------------------------------
  function exportData() {
    var highlights = [], hearts = [], notes = [], hymns = [];
    allChapters().forEach(function (entry) {
      var id = entry[0], marks = entry[1];
      Object.keys(marks).sort(function (a, b) { return a - b; }).forEach(function (n) {
        var m = marks[n], ref = id + "." + n;
        if (!isObject(m)) return;
        function withText(o) { if (typeof m.text === "string" && m.text) o.text = m.text; return o; }
        if (m.h) highlights.push({ ref: ref, colour: m.h, at: m.ht || now() });
        if (m.heart) hearts.push(withText({ ref: ref, at: m.heart }));
        if (m.note) {
          var note = { ref: ref, note: m.note, at: m.nt || now(), updated: m.nu || m.nt || now() };
          if (m.to) note.to = id + "." + m.to;
          notes.push(withText(note));
        }
      });
    });
    var fav = favourites();
    Object.keys(fav).sort(function (a, b) { return a - b; }).forEach(function (n) {
      var f = isObject(fav[n]) ? fav[n] : {};
      var o = { number: parseInt(n, 10), at: f.at || now() };
      if (typeof f.title === "string" && f.title) o.title = f.title;
      hymns.push(o);
    });
    return {
      format: FORMAT, version: VERSION, exported: now(),
      progress: { chapters: stringList(READ_KEY).sort(), plan: stringList(PLAN_KEY).sort() },
      highlights: highlights, hearts: hearts, notes: notes, favouriteHymns: hymns
    };
  }
  function exportText() { return JSON.stringify(exportData(), null, 1); }

  // ---- import: check everything first, then merge; a bad file changes nothing ---------------
  function fail(text) { throw new Error(text); }
  function checkList(data, name, check) {
    if (data[name] === undefined) return [];
    if (!Array.isArray(data[name])) fail("“" + name + "” is not a list");
    data[name].forEach(function (item, i) {
      var why = isObject(item) ? check(item) : "not an object";
      if (why) fail("entry " + (i + 1) + " of “" + name + "” is not valid (" + why + ")");
    });
    return data[name];
  }
  function badRef(r) { return typeof r !== "string" || !REF.test(r) ? "reference" : ""; }
  function badTime(t, optional) { return (t === undefined && optional) ? "" : (typeof t !== "string" || !TIME.test(t) ? "time" : ""); }
  function badText(t) { return t !== undefined && typeof t !== "string" ? "text" : ""; }

  function parse(text) {
    var data;
    try { data = JSON.parse(text); } catch (e) { fail("it is not a JSON file"); }
    if (!isObject(data)) fail("it is not a reader file");
    if (data.format === OLD_FORMAT) {   // bible.js's progress export, read as it is
      if (!Array.isArray(data.chapters)) fail("it has no list of chapters");
      return { progress: { chapters: data.chapters, plan: Array.isArray(data.plan) ? data.plan : [] },
               highlights: [], hearts: [], notes: [], favouriteHymns: [] };
    }
    if (data.format !== FORMAT) fail("it is not a sitegen reader file");
    if (data.version !== VERSION) fail("it is version " + data.version + " and this site reads version " + VERSION);
    var progress = data.progress === undefined ? {} : data.progress;
    if (!isObject(progress)) fail("“progress” is not an object");
    ["chapters", "plan"].forEach(function (k) {
      var list = progress[k] === undefined ? [] : progress[k];
      if (!Array.isArray(list)) fail("“progress." + k + "” is not a list");
      list.forEach(function (x, i) {
        if (typeof x !== "string" || !(k === "chapters" ? CHAPTER : PLAN).test(x)) fail("entry " + (i + 1) + " of “progress." + k + "” is not valid");
      });
    });
    return {
      progress: { chapters: progress.chapters || [], plan: progress.plan || [] },
      highlights: checkList(data, "highlights", function (h) {
        return badRef(h.ref) || (COLOURS.indexOf(h.colour) < 0 ? "colour" : "") || badTime(h.at, true) || badText(h.text);
      }),
      hearts: checkList(data, "hearts", function (h) { return badRef(h.ref) || badTime(h.at) || badText(h.text); }),
      notes: checkList(data, "notes", function (n) {
        if (badRef(n.ref)) return "reference";
        if (typeof n.note !== "string" || !n.note.trim()) return "note";
        if (n.to !== undefined && (badRef(n.to) || REF.exec(n.to)[1] !== REF.exec(n.ref)[1] ||
            +REF.exec(n.to)[2] < +REF.exec(n.ref)[2])) return "to";
        return badTime(n.at) || badTime(n.updated, true) || badText(n.text);
      }),
      favouriteHymns: checkList(data, "favouriteHymns", function (f) {
        return (typeof f.number !== "number" || f.number % 1 || f.number < 1 ? "number" : "") || badTime(f.at, true) || badText(f.title);
      })
    };
  }

  // Merges `text` into what is kept; returns counts of what it added. Throws (changing nothing)
  // when the file is broken or foreign.
  function importText(text) {
    var data = parse(String(text));
    var added = { chapters: 0, plan: 0, highlights: 0, hearts: 0, notes: 0, favouriteHymns: 0 };
    function mergeList(key, list, count) {
      var have = {}; stringList(key).forEach(function (x) { have[x] = true; });
      list.forEach(function (x) { if (!have[x]) { have[x] = true; added[count]++; } });
      if (list.length) setJSON(key, Object.keys(have).sort());
    }
    mergeList(READ_KEY, data.progress.chapters, "chapters");
    mergeList(PLAN_KEY, data.progress.plan, "plan");

    var touched = {};   // chapter id → marks, each chapter read and written once
    function marksOf(ref) {
      var m = REF.exec(ref), id = m[1];
      if (!touched[id]) touched[id] = chapter(id);
      var marks = touched[id];
      if (!isObject(marks[m[2]])) marks[m[2]] = {};
      return marks[m[2]];
    }
    function keepText(m, t) { if (t && !m.text) m.text = t; }
    data.highlights.forEach(function (h) {
      var m = marksOf(h.ref);
      if (!m.h) { m.h = h.colour; m.ht = h.at || now(); added.highlights++; }
      keepText(m, h.text);
    });
    data.hearts.forEach(function (h) {
      var m = marksOf(h.ref);
      if (!m.heart) { m.heart = h.at; added.hearts++; }
      keepText(m, h.text);
    });
    data.notes.forEach(function (n) {
      var m = marksOf(n.ref), updated = n.updated || n.at;
      if (m.note === n.note) return;
      // A verse with a note on both sides keeps the one written last.
      if (!m.note || (m.nu || m.nt || "") < updated) {
        if (!m.note) added.notes++;
        m.note = n.note; m.nt = n.at; m.nu = updated;
        if (n.to) m.to = +REF.exec(n.to)[2]; else delete m.to;
      }
      keepText(m, n.text);
    });
    Object.keys(touched).forEach(function (id) { saveChapter(id, touched[id]); });
    if (data.favouriteHymns.length) {
      var fav = favourites();
      data.favouriteHymns.forEach(function (f) {
        if (!fav[f.number]) { fav[f.number] = { at: f.at || now() }; added.favouriteHymns++; }
        if (f.title && !fav[f.number].title) fav[f.number].title = f.title;
      });
      setJSON(HYMNS_KEY, fav);
    }
    return added;
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }
  function describe(added) {
    var parts = [plural(added.highlights, "highlight", "highlights"), plural(added.hearts, "heart", "hearts"),
                 plural(added.notes, "note", "notes"), plural(added.favouriteHymns, "favourite hymn", "favourite hymns"),
                 plural(added.chapters, "chapter read", "chapters read"), plural(added.plan, "plan tick", "plan ticks")];
    return "Imported: added " + parts.join(", ") + ".";
  }

  // ---- small page helpers -----------------------------------------------------------------
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function copyText(text, done) {
    function fallback() {
      var area = el("textarea", { "aria-hidden": "true", "class": "visually-hidden", tabindex: "-1" });
      area.value = text; document.body.appendChild(area); area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
      area.remove(); done(ok);
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else fallback();
  }

  // ---- chapter pages: marks in the text and the verse actions --------------------------------
  function initChapter() {
    var article = document.querySelector(".bible-chapter[data-chapter-id]");
    var textBox = article && article.querySelector(".bible-text");
    if (!textBox) return;
    var started = performance.now();
    var id = article.getAttribute("data-chapter-id");
    var bookName = article.getAttribute("data-book-name") || id.split(".")[0];
    if (id.split(".")[0] === "Ps") bookName = "Psalm";
    var chapterNumber = id.split(".")[1];
    var abbreviation = article.getAttribute("data-translation") || "";
    var marks = chapter(id);
    var verses = {};
    textBox.querySelectorAll(".verse[id^='v']").forEach(function (v) {
      verses[v.id.slice(1)] = v;
      v.tabIndex = 0;
      v.setAttribute("aria-describedby", "verse-actions-hint");
      var vn = v.querySelector(".vn"); if (vn) vn.tabIndex = -1;
    });
    var hint = el("p", { id: "verse-actions-hint", "class": "visually-hidden" }, "Press Enter for highlight, heart, note, copy and link.");
    article.appendChild(hint);

    function label(a, b) { return bookName + " " + chapterNumber + ":" + a + (b && b !== a ? "–" + b : ""); }
    function verseText(n) {
      var v = verses[n]; if (!v) return "";
      var copy = v.cloneNode(true);
      copy.querySelectorAll(".vn, .mark").forEach(function (x) { x.remove(); });
      return copy.textContent.replace(/¶\s*/g, "").replace(/\s+/g, " ").trim();
    }
    function paint(n) {
      var v = verses[n], m = marks[n] || {};
      if (!v) return;
      COLOURS.forEach(function (c) { v.classList.toggle("hl-" + c, m.h === c); });
      v.querySelectorAll(".mark").forEach(function (x) { x.remove(); });
      if (m.heart) v.appendChild(el("span", { "class": "mark mark-heart", title: "Hearted" }, "♥"))
        .appendChild(el("span", { "class": "visually-hidden" }, " (hearted)"));
      if (m.note) {
        var b = el("button", { type: "button", "class": "mark mark-note", "data-note-marker": n, "aria-label": "Note on " + label(n, m.to) }, "✎");
        v.appendChild(b);
      }
    }
    Object.keys(marks).forEach(paint);
    var painted = performance.now() - started;

    // The actions: one panel for the page, fixed at the bottom of the screen.
    var panel = el("div", { "class": "verse-actions", role: "dialog", "aria-labelledby": "verse-actions-title", hidden: "" });
    panel.innerHTML =
      '<div class="verse-actions-head"><p class="verse-actions-title" id="verse-actions-title"></p>' +
      '<button type="button" class="verse-actions-close" data-act="close" aria-label="Close verse actions">✕</button></div>' +
      '<div class="verse-actions-row" role="group" aria-label="Highlight colour">' +
      COLOURS.map(function (c) {
        return '<button type="button" class="swatch hl-' + c + '" data-hl="' + c + '" aria-pressed="false" aria-label="Highlight ' + c + '"><span aria-hidden="true">A</span></button>';
      }).join("") +
      '<button type="button" data-hl="" aria-label="Remove highlight">No colour</button></div>' +
      '<div class="verse-actions-row">' +
      '<button type="button" data-act="heart" aria-pressed="false"><span class="heart-icon" aria-hidden="true">♡</span>&nbsp;Heart</button>' +
      '<button type="button" data-act="note"><span aria-hidden="true">✎</span>&nbsp;Note</button>' +
      '<button type="button" data-act="copy">Copy</button>' +
      '<button type="button" data-act="link">Link</button></div>' +
      '<div class="verse-note-editor" hidden><label for="verse-note-text"></label>' +
      '<textarea id="verse-note-text" rows="4"></textarea><div class="verse-actions-row">' +
      '<button type="button" class="primary" data-act="save">Save</button>' +
      '<button type="button" data-act="delete-note">Delete note</button>' +
      '<button type="button" data-act="cancel">Cancel</button></div></div>' +
      '<p class="verse-actions-status" role="status" aria-live="polite"></p>';
    article.appendChild(panel);
    var title = panel.querySelector(".verse-actions-title");
    var status = panel.querySelector(".verse-actions-status");
    var editor = panel.querySelector(".verse-note-editor");
    var area = editor.querySelector("textarea");
    var sel = null;   // {from, to} verse numbers
    var returnFocus = null;
    // What this script adds to opening a chapter (measured by the tests, docs/marks.md).
    window.sitegenMarksTiming = { paint: painted, script: performance.now() - started, marks: Object.keys(marks).length };

    function selected() {
      var out = [];
      Object.keys(verses).forEach(function (n) { if (+n >= sel.from && +n <= sel.to) out.push(n); });
      return out;
    }
    function markOf(n) { if (!isObject(marks[n])) marks[n] = {}; return marks[n]; }
    function commit(list) {
      if (!saveChapter(id, marks)) say("Could not save: this browser keeps no storage for the site.");
      marks = chapter(id) || marks;
      list.forEach(paint);
    }
    function say(text) { status.textContent = text; }
    function sync() {
      var list = selected(), first = marks[list[0]] || {};
      title.textContent = label(String(sel.from), String(sel.to));
      var allHearted = list.every(function (n) { return marks[n] && marks[n].heart; });
      var heart = panel.querySelector("[data-act=heart]");
      heart.setAttribute("aria-pressed", allHearted ? "true" : "false");
      heart.querySelector(".heart-icon").textContent = allHearted ? "♥" : "♡";
      panel.querySelectorAll("[data-hl]").forEach(function (b) {
        var c = b.getAttribute("data-hl");
        if (c) b.setAttribute("aria-pressed", list.every(function (n) { return marks[n] && marks[n].h === c; }) ? "true" : "false");
      });
      panel.querySelector("[data-act=note]").lastChild.textContent = "\u00a0" + (first.note ? "Edit note" : "Note");
      Object.keys(verses).forEach(function (n) { verses[n].classList.toggle("selected", +n >= sel.from && +n <= sel.to); });
    }
    function open(from, to) {
      sel = { from: Math.min(from, to), to: Math.max(from, to) };
      editor.hidden = true; say("");
      panel.hidden = false;
      document.documentElement.classList.add("verse-actions-open");
      sync();
      var v = verses[sel.to], r = v.getBoundingClientRect(), top = panel.getBoundingClientRect().top;
      if (r.bottom > top) window.scrollBy(0, r.bottom - top + 16);
    }
    function close() {
      if (!sel) return;
      panel.hidden = true; editor.hidden = true; sel = null;
      document.documentElement.classList.remove("verse-actions-open");
      Object.keys(verses).forEach(function (n) { verses[n].classList.remove("selected"); });
      if (returnFocus) { returnFocus.focus({ preventScroll: true }); returnFocus = null; }
    }
    function openNote() {
      var n = String(sel.from), m = marks[n] || {};
      editor.hidden = false;
      editor.querySelector("label").textContent = "Note on " + label(String(sel.from), String(sel.to));
      area.value = m.note || "";
      editor.querySelector("[data-act=delete-note]").hidden = !m.note;
      area.focus();
    }

    function choose(n, range, viaKeyboard) {
      n = +n;
      if (viaKeyboard || !sel) returnFocus = verses[n];
      if (range && sel) open(sel.from, n);
      else if (sel && sel.from === sel.to && sel.from !== n && editor.hidden) open(sel.from, n);
      else if (sel && sel.from === n && sel.to === n) close();
      else open(n, n);
      if (viaKeyboard && sel) panel.querySelector("button[data-hl]").focus();
    }

    textBox.addEventListener("click", function (e) {
      var marker = e.target.closest("[data-note-marker]");
      if (marker) {
        e.preventDefault(); e.stopPropagation();
        var n = +marker.getAttribute("data-note-marker");
        returnFocus = marker; open(n, marks[n] && marks[n].to ? marks[n].to : n); openNote();
        return;
      }
      var verse = e.target.closest(".verse");
      if (!verse || !verses[verse.id.slice(1)]) return;
      var s = window.getSelection && window.getSelection();
      if (e.shiftKey && sel) { if (s) s.removeAllRanges(); }
      else if (s && !s.isCollapsed && String(s).trim()) return;   // the reader is selecting text
      if (e.target.closest(".vn")) { e.preventDefault(); history.replaceState(null, "", "#" + verse.id); }
      else if (e.target.closest("a")) return;
      choose(verse.id.slice(1), e.shiftKey, false);
    });
    // Shift-click extends the verse range, not the browser's text selection.
    textBox.addEventListener("mousedown", function (e) { if (e.shiftKey && sel && e.target.closest(".verse")) e.preventDefault(); });
    textBox.addEventListener("keydown", function (e) {
      var verse = e.target.classList && e.target.classList.contains("verse") ? e.target : null;
      if (!verse || (e.key !== "Enter" && e.key !== " ")) return;
      e.preventDefault();
      choose(verse.id.slice(1), e.shiftKey, true);
    });
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && sel) {
        if (!editor.hidden) { editor.hidden = true; panel.querySelector("[data-act=note]").focus(); }
        else { returnFocus = returnFocus || verses[sel.from]; close(); }
      }
    });

    panel.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (!b || !sel) return;
      var list = selected(), act = b.getAttribute("data-act"), t = now();
      if (b.hasAttribute("data-hl")) {
        var colour = b.getAttribute("data-hl");
        list.forEach(function (n) { var m = markOf(n); if (colour) { m.h = colour; m.ht = t; m.text = m.text || verseText(n); } else { delete m.h; delete m.ht; } });
        commit(list); sync();
        say(colour ? "Highlighted " + label(String(sel.from), String(sel.to)) + " " + colour + "." : "Highlight removed.");
      } else if (act === "heart") {
        var on = b.getAttribute("aria-pressed") !== "true";
        list.forEach(function (n) { var m = markOf(n); if (on) { if (!m.heart) m.heart = t; m.text = m.text || verseText(n); } else delete m.heart; });
        commit(list); sync();
        say(on ? "Hearted." : "Heart removed.");
      } else if (act === "note") {
        openNote();
      } else if (act === "save" || act === "delete-note") {
        var n = String(sel.from), m = markOf(n), text = act === "save" ? area.value.trim() : "";
        if (text) {
          if (!m.note) m.nt = t;
          m.note = text; m.nu = t; m.text = verseText(n);
          if (sel.to !== sel.from) m.to = sel.to; else delete m.to;
        } else { delete m.note; delete m.nt; delete m.nu; delete m.to; }
        commit([n]); editor.hidden = true; sync();
        say(text ? "Note saved." : "Note deleted.");
        panel.querySelector("[data-act=note]").focus();
      } else if (act === "cancel") {
        editor.hidden = true; panel.querySelector("[data-act=note]").focus();
      } else if (act === "copy") {
        var words = list.map(function (v) { return (list.length > 1 ? v + " " : "") + verseText(v); }).join(" ");
        var ref = label(String(sel.from), String(sel.to)) + (abbreviation ? " " + abbreviation : "");
        copyText(words + "\n" + ref, function (ok) { say(ok ? "Copied " + ref + "." : "Could not copy: select the text instead."); });
      } else if (act === "link") {
        var url = location.origin + location.pathname + "#v" + sel.from;
        history.replaceState(null, "", "#v" + sel.from);
        copyText(url, function (ok) { say((ok ? "Link copied: " : "Link: ") + url); });
      } else if (act === "close") {
        returnFocus = returnFocus || verses[sel.from]; close();
      }
    });
  }

  // ---- hymn pages: the heart; /hymns/: the Favourites list -----------------------------------
  function initHymnHeart() {
    var button = document.querySelector("[data-hymn-heart]");
    if (!button) return;
    var n = button.getAttribute("data-hymn-heart");
    var titleEl = document.querySelector(".hymn-title");
    function sync() {
      var on = !!favourites()[n];
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.querySelector(".heart-icon").textContent = on ? "♥" : "♡";
    }
    button.hidden = false;
    button.addEventListener("click", function () {
      var fav = favourites();
      if (fav[n]) delete fav[n]; else fav[n] = { at: now(), title: titleEl ? titleEl.textContent.trim() : "" };
      setJSON(HYMNS_KEY, fav); sync();
    });
    sync();
  }
  function initHymnFavourites() {
    var box = document.querySelector("[data-hymn-favourites]");
    if (!box) return;
    var fav = favourites(), numbers = Object.keys(fav).sort(function (a, b) { return a - b; });
    var list = box.querySelector("ol");
    numbers.forEach(function (n) {
      var link = document.querySelector('[aria-labelledby="by-number"] .hymn-list a[href$="/' + n + '/"]');
      if (!link) return;
      var li = el("li"); li.appendChild(link.cloneNode(true)); list.appendChild(li);
    });
    box.hidden = !list.children.length;
  }

  window.sitegenMarks = {
    exportData: exportData, exportText: exportText, importText: importText, describe: describe,
    allChapters: allChapters, chapter: chapter, saveChapter: saveChapter, favourites: favourites,
    saveFavourites: function (f) { return setJSON(HYMNS_KEY, f); }, stringList: stringList,
    keys: { prefix: PREFIX, hymns: HYMNS_KEY, read: READ_KEY, plan: PLAN_KEY }, colours: COLOURS
  };

  function init() { initChapter(); initHymnHeart(); initHymnFavourites(); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
