/* Meetings page filters (Templates/schedule.mustache). The full list is in the HTML; this
   only hides rows that do not match, so the page works without JavaScript. Filters can be
   preset from the query string (?locality=aberdeen&team=…), and are written back to it. */
(function () {
  "use strict";
  var form = document.querySelector("[data-schedule-filters]");
  if (!form) return;
  var rows = Array.prototype.slice.call(document.querySelectorAll(".schedule-row[data-date]"));
  var teams = document.querySelectorAll("[data-team-group]");
  var months = document.querySelectorAll("[data-month]");
  var status = form.querySelector("[data-filter-status]");
  var none = document.querySelector("[data-filter-none]");
  var fields = ["q", "locality", "category", "team", "from", "to"];

  function value(name) { return (form.elements[name].value || "").trim(); }

  function matches(row, f) {
    if (f.locality && row.dataset.locality !== f.locality) return false;
    if (f.category && row.dataset.category !== f.category) return false;
    if (f.team && row.dataset.team !== f.team) return false;
    if (f.from && row.dataset.date < f.from) return false;
    if (f.to && row.dataset.date > f.to) return false;
    if (f.words.length) {
      var text = row.dataset.search || "";
      for (var i = 0; i < f.words.length; i++) if (text.indexOf(f.words[i]) === -1) return false;
    }
    return true;
  }

  function hideEmpty(groups) {
    Array.prototype.forEach.call(groups, function (group) {
      group.hidden = !group.querySelector(".schedule-row:not([hidden])");
    });
  }

  function apply() {
    var f = { locality: value("locality"), category: value("category"), team: value("team"),
              from: value("from"), to: value("to"),
              words: value("q").toLowerCase().split(/\s+/).filter(Boolean) };
    var shown = 0;
    rows.forEach(function (row) {
      var ok = matches(row, f);
      row.hidden = !ok;
      if (ok) shown++;
    });
    hideEmpty(teams);
    hideEmpty(months);
    status.textContent = shown === rows.length ? "Showing all " + rows.length + " entries."
      : "Showing " + shown + " of " + rows.length + " entries.";
    if (none) none.hidden = shown !== 0;
    writeQuery();
  }

  function writeQuery() {
    if (!window.history || !history.replaceState) return;
    var params = new URLSearchParams();
    fields.forEach(function (name) { var v = value(name); if (v) params.set(name, v); });
    var query = params.toString();
    history.replaceState(null, "", location.pathname + (query ? "?" + query : "") + location.hash);
  }

  function readQuery() {
    var params = new URLSearchParams(location.search);
    fields.forEach(function (name) {
      var v = params.get(name);
      var el = form.elements[name];
      if (v === null || !el) return;
      if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === v; })) return;
      el.value = v;
    });
  }

  form.hidden = false;
  form.addEventListener("input", apply);
  form.addEventListener("change", apply);
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  form.addEventListener("reset", function () { setTimeout(apply, 0); });
  readQuery();
  apply();
})();
