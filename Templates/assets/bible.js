// sitegen Bible pages: "mark as read", the red-letter switch, the reading plan's ticks and
// today's readings, the progress chart (with export/import) and the home page's verse of the
// day. Everything the reader does is kept in localStorage in this browser only; without
// JavaScript the pages still read and link (today = the build's as-of date).
(function () {
  "use strict";
  var READ_KEY = "sitegen-bible-read";     // ["Gen.1", "John.3", …]
  var PLAN_KEY = "sitegen-bible-plan";     // ["01-01/0", …]  (day/column of ticked readings)
  var RED_KEY = "sitegen-bible-red-letter"; // "off" when the reader switched red letter off
  var FORMAT = "sitegen-bible-progress";
  var root = document.documentElement;

  function load(key) {
    try {
      var v = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(v) ? v.filter(function (x) { return typeof x === "string"; }) : [];
    } catch (e) { return []; }
  }
  function save(key, list) {
    try { localStorage.setItem(key, JSON.stringify(list.slice().sort())); } catch (e) { /* private mode */ }
  }
  function asSet(list) { var s = {}; list.forEach(function (x) { s[x] = true; }); return s; }
  function keys(set) { return Object.keys(set).filter(function (k) { return set[k]; }).sort(); }

  var read = asSet(load(READ_KEY));
  var ticked = asSet(load(PLAN_KEY));
  function persist() { save(READ_KEY, keys(read)); save(PLAN_KEY, keys(ticked)); }

  function show(el) { el.hidden = false; }
  document.querySelectorAll(".js-only").forEach(show);

  // Every link to a chapter (table of contents, book page, chart) shows whether it was read.
  function paintChapters() {
    document.querySelectorAll("[data-chapter]").forEach(function (a) {
      var isRead = !!read[a.getAttribute("data-chapter")];
      a.classList.toggle("read", isRead);
      var label = a.querySelector(".read-label");
      if (label) label.textContent = isRead ? " (read)" : "";
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
    setText('[data-count="all"]', totals.all[0] + " of " + totals.all[1]);
  }

  // Chapter page: "mark as read".
  function initMarkRead() {
    document.querySelectorAll("[data-mark-read]").forEach(function (button) {
      var id = button.getAttribute("data-mark-read");
      function sync() {
        button.setAttribute("aria-pressed", read[id] ? "true" : "false");
        button.textContent = read[id] ? "Read ✓" : "Mark as read";
      }
      button.addEventListener("click", function () {
        if (read[id]) delete read[id]; else read[id] = true;
        persist(); sync(); paintChapters();
      });
      sync();
    });
  }

  // Chapter page: red letter on/off (the words of Jesus keep their markup either way).
  function initRedLetter() {
    document.querySelectorAll("[data-red-letter-toggle]").forEach(function (button) {
      function sync() { button.setAttribute("aria-pressed", root.classList.contains("no-red-letter") ? "false" : "true"); }
      button.addEventListener("click", function () {
        var off = !root.classList.contains("no-red-letter");
        root.classList.toggle("no-red-letter", off);
        try { if (off) localStorage.setItem(RED_KEY, "off"); else localStorage.removeItem(RED_KEY); } catch (e) { /* ignore */ }
        sync();
      });
      sync();
    });
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function todayKey() { var d = new Date(); return pad(d.getMonth() + 1) + "-" + pad(d.getDate()); }

  // Reading plan: ticks, and today's readings by the reader's own date.
  function initPlan() {
    var boxes = document.querySelectorAll("[data-plan-reading]");
    if (!boxes.length) return;
    boxes.forEach(function (box) {
      var id = box.getAttribute("data-plan-reading");
      box.checked = !!ticked[id];
      box.addEventListener("change", function () {
        var chapters = (box.getAttribute("data-completes") || "").split(" ").filter(Boolean);
        if (box.checked) ticked[id] = true; else delete ticked[id];
        chapters.forEach(function (c) { if (box.checked) read[c] = true; else delete read[c]; });
        persist();
      });
    });
    var key = todayKey();
    var today = document.getElementById("d" + key);
    document.querySelectorAll(".plan-day.today").forEach(function (el) {
      if (el === today) return;
      el.classList.remove("today"); el.removeAttribute("aria-current");
      var badge = el.querySelector(".today-badge"); if (badge) badge.remove();
    });
    var link = document.querySelector("[data-plan-today-link]");
    if (today) {
      if (!today.classList.contains("today")) {
        today.classList.add("today"); today.setAttribute("aria-current", "date");
        var badge = document.createElement("span"); badge.className = "today-badge"; badge.textContent = "today";
        var h = today.querySelector(".plan-date"); h.appendChild(document.createTextNode(" ")); h.appendChild(badge);
      }
      if (link) link.setAttribute("href", "#d" + key);
      if (!location.hash) today.scrollIntoView({ block: "start" });
    } else if (link) {
      link.hidden = true; // 29 February: the plan has no readings (a day to catch up)
    }
  }

  // Progress chart: export and import the saved progress as a JSON file.
  function exportText() {
    return JSON.stringify({ format: FORMAT, version: 1, chapters: keys(read), plan: keys(ticked) }, null, 1);
  }
  function importText(text) {
    var data = JSON.parse(text);
    if (!data || data.format !== FORMAT || !Array.isArray(data.chapters)) throw new Error("not a Bible progress file");
    var added = 0;
    data.chapters.forEach(function (c) { if (typeof c === "string" && /^[0-9A-Za-z]+\.[0-9]+$/.test(c) && !read[c]) { read[c] = true; added++; } });
    (Array.isArray(data.plan) ? data.plan : []).forEach(function (p) { if (typeof p === "string" && /^[0-9]{2}-[0-9]{2}\/[0-9]+$/.test(p)) ticked[p] = true; });
    persist(); paintChapters();
    return added;
  }
  window.sitegenBibleProgress = { exportText: exportText, importText: importText };

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
      say("Exported " + keys(read).length + " chapters.");
    });
    var imp = document.querySelector("[data-progress-import]");
    if (imp) imp.addEventListener("change", function () {
      var file = imp.files && imp.files[0];
      if (!file) return;
      var reader = new FileReader();
      reader.onload = function () {
        try { say("Imported: " + importText(String(reader.result)) + " chapters added."); }
        catch (e) { say("Could not import that file: " + e.message); }
        imp.value = "";
      };
      reader.readAsText(file);
    });
  }

  // Home page: the verse for the reader's own date (the HTML holds the as-of date's verse).
  function initDailyVerse() {
    var data = document.getElementById("daily-verses");
    var text = document.querySelector("[data-daily-verse-text]");
    var link = document.querySelector("[data-daily-verse-link]");
    if (!data || !text || !link) return;
    var list;
    try { list = JSON.parse(data.textContent); } catch (e) { return; }
    if (!list.length) return;
    var d = new Date();
    var days = Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 86400000);
    var entry = list[((days % list.length) + list.length) % list.length];
    text.innerHTML = entry.html; // built by sitegen with every piece of text escaped
    link.textContent = entry.label;
    link.setAttribute("href", entry.url);
  }

  function init() {
    initMarkRead();
    initRedLetter();
    initPlan();
    initExportImport();
    initDailyVerse();
    paintChapters();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
