/* The month calendar (Templates/schedule-calendar.mustache). Without this script the page is
   whole: the grid, each day a link to its entry in the month's list below. The script adds:
   - the selected day, kept in the address (#2027-01-23: shareable, survives a reload): a tap or a
     click on a day, or Enter on it, shows that day's list alone (on a phone the grid shows only
     marks, so the list is the day's content); "Show the whole month" undoes it;
   - the grid as one stop of the Tab key, moved in by the arrow keys (a week up and down), Home
     and End (the week's ends), Page Up and Page Down (the months);
   - the meetings' filters (assets/schedule-filter.js), carried in the query string into the other
     months, the list and the print sheet, as /schedule/ carries them;
   - today by the reader's clock, and the move from /schedule/calendar/ to today's month when the
     build is older than it. */
(function () {
  "use strict";
  var root = document.querySelector("[data-calendar]");
  if (!root || !window.sitegen.scheduleFilter) return;
  var S = window.sitegen, t = S.t, F = S.scheduleFilter;

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function iso(d) { return d.getUTCFullYear() + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()); }
  function addDays(day, n) { var d = new Date(day + "T12:00:00Z"); d.setUTCDate(d.getUTCDate() + n); return iso(d); }
  var now = new Date();
  var todays = S.dayValues(now);   // the reader's day, as the plan's scripts key it
  var today = now.getFullYear() + "-" + todays.month + "-" + todays.day;

  // The first page of the calendar is the build's month: a reader later than that goes on to today's.
  function monthLink(month) { return root.querySelector('[data-month-link="' + month + '"]'); }
  if (root.hasAttribute("data-entry") && today.slice(0, 7) > root.dataset.month && monthLink(today.slice(0, 7))) {
    location.replace(monthLink(today.slice(0, 7)).href + location.search + location.hash);
    return;
  }

  var grid = root.querySelector("[data-calendar-grid]");
  var cells = Array.prototype.slice.call(grid.querySelectorAll("td[data-date]"));
  var byDate = Object.create(null);   // keyed by the address's fragment: no inherited names
  cells.forEach(function (cell) { byDate[cell.dataset.date] = cell; });
  var entries = Array.prototype.slice.call(grid.querySelectorAll(".cal-entry"));
  var rows = Array.prototype.slice.call(root.querySelectorAll(".calendar-day .schedule-row"));
  var sections = Array.prototype.slice.call(root.querySelectorAll("[data-day]"));
  // A day's grid entries and its list rows are the same meetings in the same order (both made
  // from the day's occurrences, CalendarPages): an entry shows exactly when its row does, so the
  // words typed are looked for in the whole row (sessions, joining places, notes), not in the
  // grid's shortened text.
  var rowOfEntry = new Map();
  sections.forEach(function (section) {
    var cell = byDate[section.dataset.day];
    if (!cell) return;
    var dayRows = section.querySelectorAll(".schedule-row");
    cell.querySelectorAll(".cal-entry").forEach(function (entry, i) { if (dayRows[i]) rowOfEntry.set(entry, dayRows[i]); });
  });
  var whole = root.querySelector("[data-calendar-whole]");
  var dayEmpty = root.querySelector("[data-day-empty]");
  var none = root.querySelector("[data-filter-none]");
  var form = root.querySelector("[data-schedule-filters]");
  var filters = root.querySelector("[data-calendar-filters]");
  var status = form.querySelector("[data-filter-status]");
  var carried = Array.prototype.slice.call(root.querySelectorAll("[data-carry]"));
  carried.forEach(function (a) { a.dataset.base = a.getAttribute("href"); });
  var selected = "";

  // Today by the reader's clock (the page was built on another day).
  if (today !== root.dataset.asOf) {
    cells.forEach(function (cell) {
      var on = cell.dataset.date === today;
      cell.classList.toggle("is-today", on);
      var number = cell.querySelector(".cal-num");
      if (on) number.setAttribute("aria-current", "date"); else number.removeAttribute("aria-current");
    });
  }

  // The grid is one Tab stop (a grid of ARIA: role, rows and cells from the table itself). A day
  // without entries has its number as text (no list entry to link to): here it becomes a button.
  grid.setAttribute("role", "grid");
  grid.querySelectorAll("a").forEach(function (a) { a.tabIndex = -1; });
  grid.querySelectorAll("span.cal-num").forEach(function (number) { number.setAttribute("role", "button"); });
  function focusable(cell) {
    cells.forEach(function (c) { c.querySelector(".cal-num").tabIndex = c === cell ? 0 : -1; });
  }

  function value(name) { return form.elements[name] ? form.elements[name].value : ""; }

  function visible(list) { return list.filter(function (el) { return !el.hidden; }).length; }

  function render() {
    var f = F.make(value);
    rows.forEach(function (r) { r.hidden = !F.matches(r, f); });
    entries.forEach(function (e) { var row = rowOfEntry.get(e); e.hidden = row ? row.hidden : !F.matches(e, f); });
    cells.forEach(function (cell) {
      var count = cell.querySelectorAll(".cal-entry:not([hidden])").length;
      cell.classList.toggle("has-entries", count > 0);
      cell.querySelector(".cal-num").setAttribute("aria-label", count === 0 ? cell.dataset.long
        : t(count === 1 ? "calendar.dayOne" : "calendar.dayMany", { date: cell.dataset.long, count: count }));
      cell.setAttribute("aria-selected", cell.dataset.date === selected ? "true" : "false");
    });
    var shown = visible(entries);
    sections.forEach(function (s) {
      s.hidden = (selected && s.dataset.day !== selected) || !s.querySelector(".schedule-row:not([hidden])");
    });
    var daySection = selected && visible(sections) === 0;
    dayEmpty.hidden = !daySection;
    if (daySection) dayEmpty.textContent = t("calendar.nothingOn", { date: byDate[selected].dataset.long });
    whole.hidden = !selected;
    none.hidden = selected || shown !== 0 || entries.length === 0;
    status.textContent = shown === entries.length ? t("calendar.showingAll", { count: entries.length })
      : t("calendar.showing", { shown: shown, count: entries.length });
    var query = F.query(f);
    carried.forEach(function (a) { a.href = a.dataset.base + (query ? "?" + query : ""); });
    if (window.history && history.replaceState) {
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + (selected ? "#" + selected : ""));
    }
    focusable(byDate[selected] || byDate[today] || cells[0]);
  }

  function select(day) {
    selected = byDate[day] ? day : "";
    render();
  }

  // A tap or click anywhere in a day selects it; a meeting's own link still opens its locality.
  grid.addEventListener("click", function (e) {
    var cell = e.target.closest("td[data-date]");
    if (!cell || e.target.closest(".cal-entry a")) return;
    e.preventDefault();
    select(cell.dataset.date);
    var number = cell.querySelector(".cal-num");
    // Enter (a click with no pointer) opens the day: the focus goes to its list.
    if (e.detail === 0 && e.target === number) {
      var open = sections.filter(function (s) { return !s.hidden; })[0] || dayEmpty;
      open.focus();
    } else {
      number.focus();
    }
  });

  var steps = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
  grid.addEventListener("keydown", function (e) {
    var cell = e.target.closest("td[data-date]");
    if (!cell || e.altKey || e.ctrlKey || e.metaKey) return;
    var day = cell.dataset.date, target = null;
    if (steps[e.key]) target = addDays(day, steps[e.key]);
    if (e.key === "Home" || e.key === "End") {   // the week's first or last day of this month
      var week = cell.parentNode.querySelectorAll("td[data-date]");
      target = week[e.key === "Home" ? 0 : week.length - 1].dataset.date;
    }
    if (e.key === "PageUp" || e.key === "PageDown") {
      var step = root.querySelector(e.key === "PageUp" ? "a[rel=prev]" : "a[rel=next]");
      if (step) { keepFocus(); location.href = step.href; }
      e.preventDefault();
      return;
    }
    if ((e.key === "Enter" || e.key === " ") && !e.target.href && e.target.classList.contains("cal-num")) {
      e.preventDefault();
      e.target.click();   // as a link's Enter: a click without a pointer, which opens the day
      return;
    }
    if (!target) return;
    e.preventDefault();
    if (byDate[target]) {
      focusable(byDate[target]);
      byDate[target].querySelector(".cal-num").focus();
      return;
    }
    // Past the month's edge: that day in the next or previous month, selected there.
    var link = monthLink(target.slice(0, 7));
    if (link) { keepFocus(); location.href = link.href.split("#")[0] + "#" + target; }
  });

  // A move to another month by the keyboard loads that month's page: the focus is put back in
  // its grid there, on the selected day, as if the grid had only turned its page.
  var focusKey = "sitegen.calendarFocus";
  function keepFocus() { try { sessionStorage.setItem(focusKey, "1"); } catch (ignored) { /* private mode */ } }
  function focusKept() {
    try {
      if (sessionStorage.getItem(focusKey) !== "1") return false;
      sessionStorage.removeItem(focusKey);
      return true;
    } catch (ignored) { return false; }
  }

  window.addEventListener("hashchange", function () { select(location.hash.slice(1)); });
  whole.querySelector("a").addEventListener("click", function (e) {
    e.preventDefault();
    select("");
    var number = root.querySelector(".cal-num[tabindex='0']");
    if (number) number.focus();
  });

  var print = root.querySelector("[data-calendar-print]");
  print.hidden = false;
  print.addEventListener("click", function () { window.print(); });

  F.fill(form, location.search);
  form.hidden = false;
  filters.hidden = false;
  if (!F.isEmpty(F.make(value))) filters.open = true;   // only fields this form has (no dates here)
  form.addEventListener("input", render);
  form.addEventListener("change", render);
  form.addEventListener("submit", function (e) { e.preventDefault(); render(); });
  form.addEventListener("reset", function () { setTimeout(render, 0); });
  selected = byDate[location.hash.slice(1)] ? location.hash.slice(1) : "";
  render();
  if (focusKept()) {
    var kept = root.querySelector(".cal-num[tabindex='0']");
    if (kept) kept.focus();
  }
})();
