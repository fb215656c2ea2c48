// sitegen marks: what the reader keeps of their own, in this browser only (localStorage).
//   - verse marks (highlight colour, heart, note), one key per chapter: "sitegen-marks:John.3"
//     → {"16": {"h": "yellow", "ht": time, "heart": time, "note": "…", "nt": time, "nu": time,
//     "to": 18, "text": "For God so loved…", "tr": "rv1909"}}; keyed by OSIS, never by anything
//     in the page, so marks survive rebuilds and show in every translation ("tr": the translation
//     the verse was last marked in, so /my/ links back to it); a chapter reads one key, not the store;
//   - favourite hymns: "sitegen-hymn-favourites" → {"12": {"at": time, "title": "…"}};
//   - reading progress and plan ticks stay where bible.js keeps them (read, never reshaped).
// The keys, the storage, export/import and its validator are in sitegen.js and reader-data.js.
// Pages: verse actions on chapter pages, the heart on hymn pages, Favourites on /hymns/.
// Without JavaScript the pages read as ever; nothing here is needed to read them.
(function () {
  "use strict";
  var S = window.sitegen, R = S.readerData, store = S.store, el = S.el;
  var COLOURS = R.COLOURS;

  function isObject(v) { return !!v && typeof v === "object" && !Array.isArray(v); }
  // A word of the page's table inside the panel's HTML (the tables are the site's, but still text).
  function attrText(s) { return String(s).replace(/[&<>"]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]; }); }
  function now() { return new Date().toISOString(); }
  function chapter(id) { return R.marksOf(store, id); }
  function saveChapter(id, marks) {
    Object.keys(marks).forEach(function (n) { if (empty(marks[n])) delete marks[n]; });
    return store.setJSON(S.keys.marksPrefix + id, Object.keys(marks).length ? marks : null);
  }
  function empty(m) { return !m || (!m.h && !m.heart && !m.note); }
  // Every chapter with marks: [[chapterID, marks], …] (only /my/ walks the store).
  function allChapters() {
    return R.chapterIDs(store).map(function (id) { return [id, chapter(id)]; });
  }
  function favourites() { return R.favourites(store); }
  function exportData() { return R.exportData(store, now()); }
  function exportText() { return JSON.stringify(exportData(), null, 1); }
  // Merges `text` into what is kept; returns counts of what it added. Throws (changing nothing)
  // when the file is broken or foreign, or does not fit in the browser's storage.
  function importText(text) { return R.importText(store, text, now()); }

  // ---- small page helpers -----------------------------------------------------------------
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
    // A verse's reference in the page's language, as Swift's ReferenceText writes it with this
    // chapter filled in ("Salmo 23:{verse}", "Salmo 23:{verse}–{toVerse}"); sitegen.reference
    // picks the form, as on /my/. A copied verse names its translation (data-in-translation).
    var forms = { "ref.verse": article.getAttribute("data-verse-ref") || id + ".{verse}",
                  "ref.verses": article.getAttribute("data-verses-ref") || id + ".{verse}-{toVerse}" };
    var translation = article.getAttribute("data-translation-id") || "";
    var abbreviation = article.getAttribute("data-translation") || "";
    var marks = chapter(id);
    var verses = {};
    textBox.querySelectorAll(".verse[id^='v']").forEach(function (v) {
      verses[v.id.slice(1)] = v;
      v.tabIndex = 0;
      v.setAttribute("aria-describedby", "verse-actions-hint");
      var vn = v.querySelector(".vn"); if (vn) vn.tabIndex = -1;
    });
    var hint = el("p", { id: "verse-actions-hint", "class": "visually-hidden" }, S.t("marks.hint"));
    article.appendChild(hint);

    function label(a, b) { return S.reference({ verse: a, toVerse: b || null }, forms); }
    function verseText(n) {
      var v = verses[n]; if (!v) return "";
      var copy = v.cloneNode(true);
      copy.querySelectorAll(".vn, .mark").forEach(function (x) { x.remove(); });
      return copy.textContent.replace(/¶\s*/g, "").replace(/\s+/g, " ").trim().slice(0, R.LIMITS.text);
    }
    function paint(n) {
      var v = verses[n], m = marks[n] || {};
      if (!v) return;
      COLOURS.forEach(function (c) { v.classList.toggle("hl-" + c, m.h === c); });
      v.querySelectorAll(".mark").forEach(function (x) { x.remove(); });
      if (m.heart) v.appendChild(el("span", { "class": "mark mark-heart", title: S.t("marks.hearted") }, "♥"))
        .appendChild(el("span", { "class": "visually-hidden" }, " (" + S.t("marks.hearted") + ")"));
      if (m.note) {
        var b = el("button", { type: "button", "class": "mark mark-note", "data-note-marker": n, "aria-label": S.t("marks.noteOn", { ref: label(n, m.to) }) }, "✎");
        v.appendChild(b);
      }
    }
    Object.keys(marks).forEach(paint);
    var painted = performance.now() - started;

    // The actions: one panel for the page, fixed at the bottom of the screen.
    var panel = el("div", { "class": "verse-actions", role: "dialog", "aria-labelledby": "verse-actions-title", hidden: "" });
    panel.innerHTML =
      '<div class="verse-actions-head"><p class="verse-actions-title" id="verse-actions-title"></p>' +
      '<button type="button" class="verse-actions-close" data-act="close" aria-label="' + attrText(S.t("marks.close")) + '">✕</button></div>' +
      '<div class="verse-actions-row" role="group" aria-label="' + attrText(S.t("marks.highlightColour")) + '">' +
      COLOURS.map(function (c) {
        return '<button type="button" class="swatch hl-' + c + '" data-hl="' + c + '" aria-pressed="false" aria-label="' + attrText(S.t("marks.highlight", { colour: S.t("marks." + c) })) + '"><span aria-hidden="true">A</span></button>';
      }).join("") +
      '<button type="button" data-hl="" aria-label="' + attrText(S.t("marks.removeHighlight")) + '">' + attrText(S.t("marks.noColour")) + '</button></div>' +
      '<div class="verse-actions-row">' +
      '<button type="button" data-act="heart" aria-pressed="false"><span class="heart-icon" aria-hidden="true">♡</span>&nbsp;' + attrText(S.t("marks.heart")) + '</button>' +
      '<button type="button" data-act="note"><span aria-hidden="true">✎</span>&nbsp;' + attrText(S.t("marks.note")) + '</button>' +
      '<button type="button" data-act="copy">' + attrText(S.t("marks.copy")) + '</button>' +
      '<button type="button" data-act="link">' + attrText(S.t("marks.link")) + '</button></div>' +
      '<div class="verse-note-editor" hidden><label for="verse-note-text"></label>' +
      '<textarea id="verse-note-text" rows="4" maxlength="' + R.LIMITS.note + '"></textarea><div class="verse-actions-row">' +
      '<button type="button" class="primary" data-act="save">' + attrText(S.t("marks.save")) + '</button>' +
      '<button type="button" data-act="delete-note">' + attrText(S.t("marks.deleteNote")) + '</button>' +
      '<button type="button" data-act="cancel">' + attrText(S.t("marks.cancel")) + '</button></div></div>' +
      '<p class="verse-actions-status" role="status" aria-live="polite"></p>';
    article.appendChild(panel);
    var title = panel.querySelector(".verse-actions-title");
    var status = panel.querySelector(".verse-actions-status");
    var editor = panel.querySelector(".verse-note-editor");
    var area = editor.querySelector("textarea");
    var sel = null;   // {from, to} verse numbers
    var returnFocus = null;
    // What this script adds to opening a chapter (measured by the tests, docs/marks.md).
    S.marksTiming = { paint: painted, script: performance.now() - started, marks: Object.keys(marks).length };

    function selected() {
      var out = [];
      Object.keys(verses).forEach(function (n) { if (+n >= sel.from && +n <= sel.to) out.push(n); });
      return out;
    }
    function markOf(n) { if (!isObject(marks[n])) marks[n] = {}; return marks[n]; }
    // The verse's text as marked, and the translation it is in (where /my/ links to).
    function keepText(m, n) { if (!m.text) { m.text = verseText(n); m.tr = translation; } }
    function commit(list) {
      if (!saveChapter(id, marks)) say(S.t("marks.couldNotSave"));
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
      panel.querySelector("[data-act=note]").lastChild.textContent = "\u00a0" + S.t(first.note ? "marks.editNote" : "marks.note");
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
      editor.querySelector("label").textContent = S.t("marks.noteOn", { ref: label(String(sel.from), String(sel.to)) });
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
        list.forEach(function (n) { var m = markOf(n); if (colour) { m.h = colour; m.ht = t; keepText(m, n); } else { delete m.h; delete m.ht; } });
        commit(list); sync();
        say(colour ? S.t("marks.highlighted", { ref: label(String(sel.from), String(sel.to)), colour: S.t("marks." + colour) })
          : S.t("marks.highlightRemoved"));
      } else if (act === "heart") {
        var on = b.getAttribute("aria-pressed") !== "true";
        list.forEach(function (n) { var m = markOf(n); if (on) { if (!m.heart) m.heart = t; keepText(m, n); } else delete m.heart; });
        commit(list); sync();
        say(S.t(on ? "marks.heartedSaid" : "marks.heartRemoved"));
      } else if (act === "note") {
        openNote();
      } else if (act === "save" || act === "delete-note") {
        var n = String(sel.from), m = markOf(n), text = act === "save" ? area.value.trim() : "";
        if (text) {
          if (!m.note) m.nt = t;
          m.note = text; m.nu = t; m.text = verseText(n); m.tr = translation;
          if (sel.to !== sel.from) m.to = sel.to; else delete m.to;
        } else { delete m.note; delete m.nt; delete m.nu; delete m.to; }
        commit([n]); editor.hidden = true; sync();
        say(S.t(text ? "marks.noteSaved" : "marks.noteDeleted"));
        panel.querySelector("[data-act=note]").focus();
      } else if (act === "cancel") {
        editor.hidden = true; panel.querySelector("[data-act=note]").focus();
      } else if (act === "copy") {
        var words = list.map(function (v) { return (list.length > 1 ? v + " " : "") + verseText(v); }).join(" ");
        var ref = label(String(sel.from), String(sel.to));
        if (abbreviation) ref = S.fill(article.getAttribute("data-in-translation") || "{reference}", { reference: ref });
        copyText(words + "\n" + ref, function (ok) { say(ok ? S.t("marks.copied", { ref: ref }) : S.t("marks.couldNotCopy")); });
      } else if (act === "link") {
        var url = location.origin + location.pathname + "#v" + sel.from;
        history.replaceState(null, "", "#v" + sel.from);
        copyText(url, function (ok) { say(S.t(ok ? "marks.linkCopied" : "marks.linkShown", { url: url })); });
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
      if (fav[n]) delete fav[n]; else fav[n] = { at: now(), title: titleEl ? titleEl.textContent.trim().slice(0, R.LIMITS.title) : "" };
      store.setJSON(S.keys.hymns, fav); sync();   // sync reads back what was kept
    });
    sync();
  }
  function initHymnFavourites() {
    var box = document.querySelector("[data-hymn-favourites]");
    if (!box) return;
    var fav = favourites(), numbers = Object.keys(fav).sort(function (a, b) { return a - b; });
    var list = box.querySelector("ol"), address = S.attr("data-hymn-url");   // "/hymns/{n}/" (HymnPages.path)
    numbers.forEach(function (n) {
      var link = address && document.querySelector('[aria-labelledby="by-number"] .hymn-list a[href="' + CSS.escape(S.fill(address, { n: n })) + '"]');
      if (!link) return;
      var li = el("li"); li.appendChild(link.cloneNode(true)); list.appendChild(li);
    });
    box.hidden = !list.children.length;
  }

  S.marks = {
    exportData: exportData, exportText: exportText, importText: importText, describe: R.describe,
    allChapters: allChapters, chapter: chapter, saveChapter: saveChapter, favourites: favourites
  };

  S.ready(function () { initChapter(); initHymnHeart(); initHymnFavourites(); });
})();
