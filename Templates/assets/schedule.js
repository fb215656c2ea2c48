/* Meetings page filters (Templates/schedule.mustache). The full list is in the HTML; this
   only hides rows that do not match, so the page works without JavaScript. Filters can be
   preset from the query string (?locality=aberdeen&team=…), are written back to it, and are
   carried into the print link so the sheet prints what is shown. Matching is
   assets/schedule-filter.js, shared with the print sheet. */
(function () {
  "use strict";
  var form = document.querySelector("[data-schedule-filters]");
  if (!form || !window.sitegen.scheduleFilter) return;
  var F = window.sitegen.scheduleFilter, t = window.sitegen.t;
  var rows = Array.prototype.slice.call(document.querySelectorAll(".schedule-row[data-date]"));
  var teams = document.querySelectorAll("[data-team-group]");
  var months = document.querySelectorAll("[data-month]");
  var status = form.querySelector("[data-filter-status]");
  var none = document.querySelector("[data-filter-none]");
  var printLink = document.querySelector("[data-print-link]");
  var printBase = printLink ? printLink.getAttribute("href") : "";
  var calendarLink = document.querySelector("[data-calendar-link]");
  var calendarBase = calendarLink ? calendarLink.getAttribute("href") : "";
  // A row's team is its group's (not repeated on every row, to keep the page light).
  rows.forEach(function (row) { row.dataset.team = row.closest("[data-team-group]").dataset.teamGroup; });

  function value(name) { return form.elements[name] ? form.elements[name].value : ""; }

  function apply() {
    var f = F.make(value);
    var shown = 0;
    rows.forEach(function (row) {
      var ok = F.matches(row, f);
      row.hidden = !ok;
      if (ok) shown++;
    });
    F.hideEmpty(teams, ".schedule-row");
    F.hideEmpty(months, ".schedule-row");
    status.textContent = shown === rows.length ? t("schedule.showingAll", { count: rows.length })
      : t("schedule.showing", { shown: shown, count: rows.length });
    if (none) none.hidden = shown !== 0;
    var query = F.query(f);
    if (printLink) {
      printLink.href = printBase + (query ? "?" + query : "");
      printLink.textContent = t(query ? "schedule.printThese" : "schedule.print");
    }
    // The calendar takes the same filters (its months have no dates to filter by).
    if (calendarLink) calendarLink.href = calendarBase + (query ? "?" + query : "");
    if (window.history && history.replaceState) {
      history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
    }
  }

  form.hidden = false;
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  F.fill(form, location.search);
  apply();
})();
