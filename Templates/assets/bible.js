// sitegen Bible pages: "mark as read", the red-letter switch, the reading plan's ticks and
// today's readings, the progress chart (with export/import) and the home page's verse of the
// day. Everything the reader does is kept in localStorage in this browser only; without
// JavaScript the pages still read and link (today = the build's as-of date).
// Keys and storage: sitegen.js; the progress file's import: reader-data.js (the one validator).
(function () {
  "use strict";
  var S = window.sitegen, store = S.store, K = S.keys, el = S.el;
  // K.read: ["Gen.1", "John.3", …]; K.plan: ["01-01/0", …] (day/column of ticked readings);
  // K.redLetter: "off" when the reader switched red letter off.
  var FORMAT = "sitegen-bible-progress";
  var root = document.documentElement;

  function load(key) {
    var v = store.getJSON(key, []);
    return Array.isArray(v) ? v.filter(function (x) { return typeof x === "string"; }) : [];
  }
  function asSet(list) { var s = {}; list.forEach(function (x) { s[x] = true; }); return s; }
  function keys(set) { return Object.keys(set).filter(function (k) { return set[k]; }).sort(); }

  var read = asSet(load(K.read));
  var ticked = asSet(load(K.plan));
  function persist() { store.setJSON(K.read, keys(read)); store.setJSON(K.plan, keys(ticked)); }

  function show(el) { el.hidden = false; }
  document.querySelectorAll(".js-only").forEach(show);

  // Every link to a chapter (table of contents, book page, chart) shows whether it was read.
  function paintChapters() {
    document.querySelectorAll("[data-chapter]").forEach(function (a) {
      var isRead = !!read[a.getAttribute("data-chapter")];
      a.classList.toggle("read", isRead);
      var label = a.querySelector(".read-label");
      if (label) label.textContent = isRead ? S.t("bible.readMark") : "";
    });
    paintPercentages();
  }

  // Rounded down to a tenth, so one chapter read already shows ("0.1%") and 100% means all.
  function percent(done, total) { return total ? Math.floor((done * 1000) / total) / 10 + "%" : "0%"; }
  function setText(selector, text) { document.querySelectorAll(selector).forEach(function (el) { el.textContent = text; }); }

  function paintPercentages() {
    var books = document.querySelectorAll(".progress-book");
    if (!books.length) return;
    var totals = { all: [0, 0] };
    books.forEach(function (book) {
      var cells = book.querySelectorAll("[data-chapter]");
      var done = book.querySelectorAll("[data-chapter].read").length;
      var t = book.getAttribute("data-testament");
      totals[t] = totals[t] || [0, 0];
      totals[t][0] += done; totals[t][1] += cells.length;
      totals.all[0] += done; totals.all[1] += cells.length;
      setText('[data-percent="' + book.getAttribute("data-book") + '"]', percent(done, cells.length));
    });
    Object.keys(totals).forEach(function (k) { setText('[data-percent="' + k + '"]', percent(totals[k][0], totals[k][1])); });
    setText('[data-count="all"]', S.t("bible.countOf", { read: totals.all[0], total: totals.all[1] }));
  }

  // ---- One store for "Mark as read" and the plan's ticks --------------------------------------
  // Chapters read and ticked readings are kept under their two keys (so older exports still
  // import), but only these two functions change them, each keeping the other side true:
  // ticking a reading marks the chapters it reads to the end; marking a chapter read ticks
  // today's readings all of whose chapters are now read, and unmarking it unticks them.
  function setReading(reading, on) {
    if (on) ticked[reading.id] = true; else delete ticked[reading.id];
    reading.completes.forEach(function (c) { if (on) read[c] = true; else delete read[c]; });
    persist(); paintAll();
  }
  function setChapter(id, on, todays) {
    if (on) read[id] = true; else delete read[id];
    var changed = [];
    (todays || []).forEach(function (r) {
      if (r.chapters.indexOf(id) < 0) return;
      var done = on && r.chapters.every(function (c) { return read[c]; });
      if (done !== !!ticked[r.id]) { if (done) ticked[r.id] = true; else delete ticked[r.id]; changed.push(r); }
    });
    persist(); paintAll();
    return changed;
  }
  function words(attr) { return (attr || "").split(" ").filter(Boolean); }
  function readingOf(box) {
    return { id: box.getAttribute("data-plan-reading"), completes: words(box.getAttribute("data-completes")),
             chapters: words(box.getAttribute("data-chapters")) };
  }
  function paintAll() { paintChapters(); paintTicks(); paintMarkButtons(); }
  function paintTicks() {
    document.querySelectorAll("[data-plan-reading]").forEach(function (box) {
      box.checked = !!ticked[box.getAttribute("data-plan-reading")];
      var row = box.closest(".plan-reading"); if (row) row.classList.toggle("done", box.checked);
    });
  }
  function bindTicks(scope) {
    scope.querySelectorAll("[data-plan-reading]").forEach(function (box) {
      box.addEventListener("change", function () { setReading(readingOf(box), box.checked); });
    });
    paintTicks();
  }

  // ---- Today: the reader's own date, and the plan's days of a month (fetched when needed) -----
  // The page says how a day is named and where its month's file is, as templates the build
  // made with the plan's own functions (data-plan-day="{month}-{day}", data-plan-days: PlanDays);
  // here they are only filled with the reader's date.
  function forToday(template) { return S.fill(template || "", S.dayValues(new Date())); }
  var months = {};
  function todaysReadings(holder, done) {
    if (!holder) return done(null);
    var key = forToday(holder.getAttribute("data-plan-day")), file = forToday(holder.getAttribute("data-plan-days"));
    if (!key || !file) return done(null);
    if (!months[file]) months[file] = S.fetchJSON(file).catch(function () { months[file] = null; return null; });
    months[file].then(function (month) {
      var day = month && month.days.filter(function (d) { return d.key === key; })[0];
      done(day || null);
    });
  }

  // ---- Chapter page: "Mark as read" (at the top and where the chapter ends) ---------------------
  function paintMarkButtons() {
    document.querySelectorAll("[data-mark-read]").forEach(function (button) {
      var on = !!read[button.getAttribute("data-mark-read")];
      button.setAttribute("aria-pressed", on ? "true" : "false");
      button.textContent = S.t(on ? "bible.read" : "bible.markAsRead");
    });
  }
  function initMarkRead() {
    var buttons = document.querySelectorAll("[data-mark-read]");
    if (!buttons.length) return;
    var status = document.querySelector("[data-mark-status]");
    buttons.forEach(function (button) {
      var id = button.getAttribute("data-mark-read");
      button.addEventListener("click", function () {
        var on = !read[id];
        setChapter(id, on, []);
        if (status) status.textContent = S.t(on ? "bible.marked" : "bible.unmarked");
        todaysReadings(document.querySelector("[data-plan-days]"), function (day) {
          var changed = setChapter(id, on, day ? day.readings : []);
          if (status && changed.length) {
            status.textContent += " " + S.t(on ? "bible.ticked" : "bible.unticked") + " " +
              changed.map(function (r) { return r.label; }).join(", ") + ".";
          }
        });
      });
    });
    paintMarkButtons();
  }

  // Chapter page: red letter on/off (the words of Jesus keep their markup either way).
  function initRedLetter() {
    document.querySelectorAll("[data-red-letter-toggle]").forEach(function (button) {
      function sync() {
        var on = !root.classList.contains("no-red-letter");
        button.setAttribute("aria-pressed", on ? "true" : "false");
        var state = button.querySelector("[data-red-letter-state]"); if (state) state.textContent = button.getAttribute(on ? "data-on" : "data-off");
      }
      button.addEventListener("click", function () {
        var off = !root.classList.contains("no-red-letter");
        root.classList.toggle("no-red-letter", off);
        store.set(K.redLetter, off ? "off" : null);
        sync();
      });
      sync();
    });
  }

  // ---- Plan pages: ticks, today by the reader's date, the default page opens today's month ------
  // Today's address (data-plan-url, "…/plan/{month}/#d{month}-{day}") is its month's page and,
  // as its fragment, its day's element; data-plan-none lists the days the plan has no readings for.
  function initPlan() {
    var page = document.querySelector("[data-plan-month]");
    if (!page) return;
    var key = forToday(page.getAttribute("data-plan-day")), address = forToday(page.getAttribute("data-plan-url"));
    var monthPage = address.split("#")[0], anchor = address.slice(monthPage.length);
    var month = document.querySelector('.plan-months a[href="' + CSS.escape(monthPage) + '"]');
    if (page.hasAttribute("data-plan-default") && S.dayValues(new Date()).month !== page.getAttribute("data-plan-month") && month) {
      location.replace(month.href + anchor);
      return;
    }
    bindTicks(page);
    var today = page.querySelector('[data-day="' + CSS.escape(key) + '"]');
    document.querySelectorAll(".plan-day.today").forEach(function (el) {
      if (el === today) return;
      el.classList.remove("today"); el.removeAttribute("aria-current");
      var badge = el.querySelector(".today-badge"); if (badge) badge.remove();
    });
    var link = document.querySelector("[data-plan-today-link]");
    if (today) {
      if (!today.classList.contains("today")) {
        today.classList.add("today"); today.setAttribute("aria-current", "date");
        var badge = el("span", "today-badge", S.t("bible.today"));
        var h = today.querySelector(".plan-date"); h.appendChild(document.createTextNode(" ")); h.appendChild(badge);
      }
      if (link) link.setAttribute("href", "#" + today.id);
      if (!location.hash) today.scrollIntoView({ block: "start" });
    } else if (link && month && (page.getAttribute("data-plan-none") || "").split(" ").indexOf(key) < 0) {
      link.setAttribute("href", month.href + anchor); // today is in another month's page
    } else if (link) {
      link.hidden = true; // a day without readings (29 February in M'Cheyne's: a day to catch up)
    }
  }

  // ---- Home page: today's readings and verse by the reader's date ------------------------------
  // The HTML holds the build's day; another day's readings come from the month's days.json and
  // are drawn as the template's rows (plan-readings.mustache), every text set as text.
  function readingRow(r) {
    var li = el("li", "plan-reading"), label = el("label", "plan-tick"), box = el("input", "js-only");
    var inputID = "r" + r.id.replace("/", "-");
    box.type = "checkbox"; box.id = inputID; label.htmlFor = inputID;
    box.setAttribute("data-plan-reading", r.id);
    box.setAttribute("data-completes", r.completes.join(" "));
    box.setAttribute("data-chapters", r.chapters.join(" "));
    var text = el("span", "plan-reading-text");
    text.append(el("span", "plan-reading-label", r.label), " ", el("span", "plan-column", r.column));
    label.append(box, text);
    var links = el("span", "plan-links");
    r.links.forEach(function (l) {
      var a = el("a", "plan-open"); a.href = l.url;
      a.append(r.links.length === 1 ? S.t("bible.readLink") : l.text);
      if (r.links.length === 1) a.append(el("span", "visually-hidden", " " + l.text));
      var arrow = el("span", "", "\u00a0›"); arrow.setAttribute("aria-hidden", "true"); a.append(arrow);
      links.append(a);
    });
    li.append(label, links);
    li.setAttribute("data-listen", r.listen);   // what listen.js reads of the day
    return li;
  }
  function initHomeReadings() {
    var box = document.querySelector("[data-home-readings]");
    if (!box) return;
    bindTicks(box);
    if (box.getAttribute("data-plan-key") === forToday(box.getAttribute("data-plan-day"))) return;
    todaysReadings(box, function (day) {
      if (!day) return;
      var list = el("ul", "plan-readings");
      day.readings.forEach(function (r) { list.append(readingRow(r)); });
      var holder = box.querySelector("[data-plan-today]");
      holder.replaceChildren(list);
      box.querySelector("[data-plan-date]").textContent = day.label;
      box.querySelector("[data-plan-day-link]").href = day.url;
      box.setAttribute("data-plan-key", day.key);
      bindTicks(box);
    });
  }

  // Home page: the verse for the reader's own date (the HTML holds the as-of date's verse; the
  // list of every verse is fetched only on another day).
  function initDailyVerse() {
    var section = document.querySelector("[data-daily-verses]");
    var text = document.querySelector("[data-daily-verse-text]");
    var link = document.querySelector("[data-daily-verse-link]");
    if (!section || !text || !link) return;
    var d = new Date();
    var day = Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86400000);
    if (String(day) === section.getAttribute("data-daily-day")) return;
    S.fetchJSON(section.getAttribute("data-daily-verses")).then(function (list) {
      if (!Array.isArray(list) || !list.length) return;
      var entry = list[((day % list.length) + list.length) % list.length];
      text.innerHTML = entry.html; // built by sitegen with every piece of text escaped
      link.textContent = entry.label;
      link.setAttribute("href", entry.url);
      section.setAttribute("data-daily-day", String(day));
    }).catch(function () { /* offline: the build's verse stays */ });
  }

  // Progress chart: each cell's progress id is its book's (the list's data-book) and its number.
  function initProgressCells() {
    document.querySelectorAll(".progress-grid[data-book]").forEach(function (list) {
      var book = list.getAttribute("data-book");
      list.querySelectorAll("a").forEach(function (a) {
        a.setAttribute("data-chapter", book + "." + a.textContent);
        a.append(el("span", "visually-hidden read-label"));
      });
    });
  }

  // Progress chart: export and import the saved progress as a JSON file. Import reads this file
  // and /my/'s through the same validator and writes all of it or nothing (reader-data.js).
  function exportText() {
    var R = S.readerData;
    return JSON.stringify({ format: FORMAT, version: 1, chapters: R.chapters(store), plan: R.planTicks(store) }, null, 1);
  }
  function importText(text) {
    var added = S.readerData.importText(store, text);
    read = asSet(load(K.read)); ticked = asSet(load(K.plan));
    paintAll();
    return added;
  }
  S.bibleProgress = { exportText: exportText, importText: importText };

  function initExportImport() {
    var status = document.querySelector("[data-progress-status]");
    function say(text) { if (status) status.textContent = text; }
    var exp = document.querySelector("[data-progress-export]");
    if (exp) exp.addEventListener("click", function () {
      var blob = new Blob([exportText()], { type: "application/json" });
      var a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = "bible-progress.json";
      document.body.appendChild(a); a.click(); a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
      say(S.t("bible.exported", { count: keys(read).length }));
    });
    var imp = document.querySelector("[data-progress-import]");
    if (imp) imp.addEventListener("change", function () {
      var file = imp.files && imp.files[0];
      if (!file) return;
      var reader = new FileReader();
      reader.onload = function () {
        try {
          var added = importText(String(reader.result)), marks = added.highlights + added.hearts + added.notes + added.favouriteHymns;
          say(marks ? S.readerData.describe(added) : S.t("bible.importedChapters", { count: added.chapters }));
        }
        catch (e) { say(S.t("bible.importFailed", { reason: e.message })); }
        imp.value = "";
      };
      reader.readAsText(file);
    });
  }

  // The translation switcher keeps the place: the verse in the address, else the first verse on
  // screen, goes with the link (#v16). A verse the other numbering lacks lands on its note.
  function initKeepVerse() {
    document.querySelectorAll("a[data-keep-verse]").forEach(function (a) {
      a.addEventListener("click", function () {
        var verse = /^#v[0-9]+$/.test(location.hash) ? location.hash : "";
        if (!verse) {
          var all = document.querySelectorAll(".bible-text .verse[id], .parallel-row[id]");
          for (var i = 0; i < all.length; i++) {
            if (all[i].getBoundingClientRect().bottom > 80) { verse = i > 0 ? "#" + all[i].id : ""; break; }
          }
        }
        if (verse) a.href = a.href.split("#")[0] + verse;
      });
    });
  }

  S.ready(function () {
    initKeepVerse();
    initProgressCells();
    initMarkRead();
    initRedLetter();
    initPlan();
    initHomeReadings();
    initExportImport();
    initDailyVerse();
    paintAll();
  });
})();
