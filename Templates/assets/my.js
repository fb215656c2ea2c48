// sitegen /my/: what the reader keeps in this browser (marks.js), shown as a whole: hearts as a
// timeline, highlights by colour, notes (editable, deletable), favourite hymns, a summary of
// reading progress and plan ticks, and the one export/import file. Every entry links to its
// exact place (/bible/john/3/#v16). Lists are built as one string each (thousands of entries).
// Names and addresses come from the page (BibleActivity.swift writes every translation's books,
// with the name a reference uses and the verse address to fill; the hymns' address is
// data-hymn-url, "/hymns/{n}/"), and a reference is written with the page's `ref.*` words
// (sitegen.reference, Swift's ReferenceText); nothing here re-derives them.
(function () {
  "use strict";
  var S = window.sitegen, M = S.marks, R = S.readerData;
  var page = document.querySelector("[data-my]");
  if (!M || !page) return;
  // byEdition[translation id][OSIS] → {name, url, order}; a mark made in no known translation
  // (or before marks kept theirs) links to the default one.
  var bible = { editions: [] }, byEdition = {}, order = {};
  try { bible = JSON.parse(document.getElementById("my-bible").textContent); } catch (e) { /* no Bible */ }
  bible.editions.forEach(function (edition) {
    var books = byEdition[edition.id] = {};
    edition.books.forEach(function (b) {
      if (!(b.osis in order)) order[b.osis] = Object.keys(order).length;
      books[b.osis] = { name: b.name, url: b.url, abbreviation: edition.id === bible["default"] ? "" : edition.abbreviation };
    });
  });
  var hymnURL = page.getAttribute("data-hymn-url") || "";
  var chapterCount = parseInt(page.getAttribute("data-chapter-count") || "0", 10);

  function esc(s) {
    return String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  }
  function place(id, n, to, translation) {
    var parts = id.split(".");
    var book = (byEdition[translation] || {})[parts[0]] || (byEdition[bible["default"]] || {})[parts[0]];
    var name = S.reference({ book: book ? book.name : parts[0], chapter: parts[1], verse: n, toVerse: to || null });
    if (book && book.abbreviation) name = S.t("ref.inTranslation", { reference: name, translation: book.abbreviation });
    var url = book ? S.fill(book.url, { chapter: parts[1], verse: n }) : null;
    return { name: name, url: url, order: [parts[0] in order ? order[parts[0]] : 999, +parts[1], +n] };
  }
  function link(p) { return p.url ? '<a href="' + esc(p.url) + '">' + esc(p.name) + "</a>" : esc(p.name); }
  function compare(a, b) {
    for (var i = 0; i < 3; i++) if (a.place.order[i] !== b.place.order[i]) return a.place.order[i] - b.place.order[i];
    return 0;
  }
  // One formatter and one answer per time (toLocaleDateString makes a formatter per call,
  // which for 2,000 notes was most of the page's script time).
  var dateFormat = new Intl.DateTimeFormat(S.language(), { year: "numeric", month: "long", day: "numeric" });
  var days = {};
  function day(iso) {
    if (days[iso] === undefined) { var d = new Date(iso); days[iso] = isNaN(d) ? "" : dateFormat.format(d); }
    return days[iso];
  }
  function time(iso) { return '<time datetime="' + esc(iso) + '">' + esc(day(iso)) + "</time>"; }
  function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }
  function text(t) { return t ? '<span class="my-verse-text">' + esc(t) + "</span>" : ""; }
  // Long lists show their first LIMIT entries and a button for the rest, so a reader with
  // thousands of marks gets the page at once (docs/marks.md has the figures).
  var LIMIT = 100, expanded = {};
  function shown(list, name) { return expanded[name] ? list : list.slice(0, LIMIT); }
  function more(list, name) {
    return list.length > LIMIT && !expanded[name]
      ? '<p><button type="button" data-my-more="' + name + '">' + esc(S.t("my.showAll", { count: list.length })) + "</button></p>" : "";
  }
  function fill(name, html, count) {
    page.querySelector("[data-my-" + name + "]").innerHTML = html;
    var c = page.querySelector("[data-my-count=" + name + "]");
    if (c) c.textContent = "(" + count + ")";
  }

  // A range highlighted at once (Psalm 23:3–5: each verse marked with the same colour and
  // time) is one entry, as it was made; verses highlighted one by one stay apart.
  function ranges(verses) {
    verses.sort(function (a, b) { return a.id < b.id ? -1 : a.id > b.id ? 1 : a.n - b.n; });
    var out = [];
    verses.forEach(function (v) {
      var last = out[out.length - 1];
      if (last && last.id === v.id && last.tr === v.tr && last.at && last.at === v.at && v.n === last.to + 1) {
        last.to = v.n;
        if (v.text) last.text = last.text ? last.text + " " + v.text : v.text;
      } else {
        out.push({ id: v.id, n: v.n, to: v.to, tr: v.tr, at: v.at, text: v.text });
      }
    });
    out.forEach(function (h) { h.place = place(h.id, String(h.n), h.to, h.tr); });
    return out.sort(compare);
  }

  function render() {
    var started = performance.now();
    var hearts = [], highlights = {}, notes = [];
    R.COLOURS.forEach(function (c) { highlights[c] = []; });
    M.allChapters().forEach(function (entry) {
      var id = entry[0], marks = entry[1];
      Object.keys(marks).forEach(function (n) {
        var m = marks[n];
        if (!m || typeof m !== "object") return;
        if (m.heart) hearts.push({ place: place(id, n, 0, m.tr), at: String(m.heart), text: m.text });
        if (m.h && highlights[m.h]) highlights[m.h].push({ id: id, n: +n, to: +n, tr: m.tr, at: m.ht, text: m.text });
        if (m.note) notes.push({ place: place(id, n, m.to, m.tr), id: id, n: n, note: m.note, at: m.nu || m.nt, text: m.text });
      });
    });

    hearts.sort(function (a, b) { return a.at < b.at ? 1 : a.at > b.at ? -1 : compare(a, b); });
    var html = "", current = null;
    shown(hearts, "hearts").forEach(function (h) {
      var d = day(h.at);
      if (d !== current) {
        if (current !== null) html += "</ol>";
        html += '<h3 class="my-day">' + time(h.at) + '</h3><ol class="my-list">';
        current = d;
      }
      html += '<li><span class="mark-heart" aria-hidden="true">♥</span> ' + link(h.place) + " " + text(h.text) + "</li>";
    });
    if (current !== null) html += "</ol>" + more(hearts, "hearts");
    fill("hearts", html || '<p class="muted">' + esc(S.t("my.noHearts")) + "</p>", hearts.length);

    var total = 0;
    html = "";
    R.COLOURS.forEach(function (c) {
      var list = ranges(highlights[c]);
      total += list.length;
      if (!list.length) return;
      html += '<h3 class="my-colour"><span class="swatch-dot hl-' + c + '" aria-hidden="true"></span>' +
        esc(capital(S.t("marks." + c))) + " (" + list.length + ')</h3><ul class="my-list">';
      shown(list, c).forEach(function (h) { html += '<li class="hl-' + c + '-entry">' + link(h.place) + " " + text(h.text) + "</li>"; });
      html += "</ul>" + more(list, c);
    });
    fill("highlights", html || '<p class="muted">' + esc(S.t("my.noHighlights")) + "</p>", total);

    notes.sort(compare);
    html = "";
    shown(notes, "notes").forEach(function (n) {
      html += '<li class="my-note" data-note="' + esc(n.id + "." + n.n) + '"><p class="my-note-ref">' + link(n.place) +
        (n.at ? ' <span class="muted">' + time(n.at) + "</span>" : "") + "</p>" +
        (n.text ? '<blockquote class="my-note-verse">' + esc(n.text) + "</blockquote>" : "") +
        '<p class="my-note-text">' + esc(n.note) + '</p><p class="my-note-actions">' +
        '<button type="button" data-note-edit aria-label="' + esc(S.t("my.editNote", { ref: n.place.name })) + '">' + esc(S.t("my.edit")) + "</button> " +
        '<button type="button" data-note-delete aria-label="' + esc(S.t("my.deleteNote", { ref: n.place.name })) + '">' + esc(S.t("my.delete")) + "</button></p></li>";
    });
    fill("notes", html ? '<ol class="my-list my-notes">' + html + "</ol>" + more(notes, "notes") : '<p class="muted">' + esc(S.t("my.noNotes")) + "</p>", notes.length);

    var fav = M.favourites(), numbers = Object.keys(fav).filter(function (n) { return /^[1-9][0-9]{0,4}$/.test(n); })
      .sort(function (a, b) { return a - b; });
    html = numbers.map(function (n) {
      var title = fav[n] && fav[n].title ? " " + esc(fav[n].title) : "";
      return '<li><a href="' + esc(S.fill(hymnURL, { n: n })) + '"><span class="hymn-list-number">' + esc(n) + "</span>" + title + "</a></li>";
    }).join("");
    fill("hymns", html ? '<ol class="my-list my-hymns">' + html + "</ol>" : '<p class="muted">' + esc(S.t("my.noHymns")) + "</p>", numbers.length);

    var read = R.chapters(S.store).length, ticks = R.planTicks(S.store).length;
    page.querySelector("[data-my-read]").textContent = chapterCount ? S.t("my.readOf", { read: read, total: chapterCount }) : String(read);
    page.querySelector("[data-my-ticks]").textContent = String(ticks);
    S.myTiming = { render: performance.now() - started, hearts: hearts.length, highlights: total, notes: notes.length };
  }

  var status = page.querySelector("[data-my-status]");
  function say(t) { status.textContent = t; }
  function saved(ok, done) { render(); say(ok ? done : S.t("my.couldNotSave")); }

  page.addEventListener("click", function (e) {
    var b = e.target.closest("button");
    if (b && b.hasAttribute("data-my-more")) {
      var name = b.getAttribute("data-my-more");
      expanded[name] = true; render();
      return;
    }
    var item = b && b.closest("[data-note]");
    if (!item) return;
    var ref = item.getAttribute("data-note"), cut = ref.lastIndexOf("."), id = ref.slice(0, cut), n = ref.slice(cut + 1);
    var marks = M.chapter(id), m = marks[n];
    if (!m) return;
    if (b.hasAttribute("data-note-delete")) {
      delete m.note; delete m.nt; delete m.nu; delete m.to;
      saved(M.saveChapter(id, marks), S.t("marks.noteDeleted"));
    } else if (b.hasAttribute("data-note-edit")) {
      var name = item.querySelector(".my-note-ref a, .my-note-ref").textContent;
      var box = item.querySelector(".my-note-text");
      box.outerHTML = '<div class="my-note-editor"><label for="edit-' + esc(ref) + '">' + esc(S.t("marks.noteOn", { ref: name })) + "</label>" +
        '<textarea id="edit-' + esc(ref) + '" rows="4" maxlength="' + R.LIMITS.note + '"></textarea></div>';
      item.querySelector("textarea").value = m.note;
      item.querySelector(".my-note-actions").innerHTML =
        '<button type="button" class="primary" data-note-save>' + esc(S.t("marks.save")) + '</button> <button type="button" data-note-cancel>' + esc(S.t("marks.cancel")) + "</button>";
      item.querySelector("textarea").focus();
    } else if (b.hasAttribute("data-note-save")) {
      var value = item.querySelector("textarea").value.trim();
      if (value) { m.note = value; m.nu = new Date().toISOString(); } else { delete m.note; delete m.nt; delete m.nu; delete m.to; }
      saved(M.saveChapter(id, marks), S.t(value ? "marks.noteSaved" : "marks.noteDeleted"));
    } else if (b.hasAttribute("data-note-cancel")) {
      render();
    }
  });

  page.querySelectorAll(".js-only").forEach(function (x) { x.hidden = false; });
  var exp = page.querySelector("[data-my-export]");
  exp.addEventListener("click", function () {
    var data = M.exportText();
    var a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([data], { type: "application/json" }));
    a.download = "my-bible-and-hymns.json";
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    say(S.t("my.exported"));
  });
  var imp = page.querySelector("[data-my-import]");
  imp.addEventListener("change", function () {
    var file = imp.files && imp.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      try { var added = M.importText(String(reader.result)); render(); say(R.describe(added)); }
      catch (e) { say(S.t("my.importFailed", { reason: e.message })); }
      imp.value = "";
    };
    reader.readAsText(file);
  });
  S.my = { render: render };
  render();
})();
