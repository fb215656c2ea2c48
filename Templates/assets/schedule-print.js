/* The print sheet (Templates/schedule-print.mustache) shows what /schedule/ was filtered to:
   the same query string, applied to the sheet's visits and services, and said in words at the
   top so the paper tells what it covers. Without JavaScript the sheet is complete. */
(function () {
  "use strict";
  var sheet = document.querySelector("[data-print-sheet]");
  if (!sheet || !window.sitegen.scheduleFilter) return;
  var F = window.sitegen.scheduleFilter;
  var button = sheet.querySelector("[data-print-button]");
  if (button) {
    button.hidden = false;
    button.addEventListener("click", function () { window.print(); });
  }
  var f = F.fromQuery(location.search);
  if (F.isEmpty(f)) return;

  var items = sheet.querySelectorAll("[data-print-item]");
  var shown = 0;
  var place = "";
  Array.prototype.forEach.call(items, function (item) {
    item.hidden = !F.matches(item, f);
    if (!item.hidden) shown++;
    if (f.locality && item.dataset.locality === f.locality) place = item.dataset.place;
  });
  // Innermost groups first, so a section empties once its groups have.
  var groups = Array.prototype.slice.call(sheet.querySelectorAll("[data-print-group]")).reverse();
  groups.forEach(function (group) { F.hideEmpty([group], "[data-print-item]"); });
  sheet.querySelector("[data-print-none]").hidden = shown !== 0;

  function longDate(iso) {
    var d = new Date(iso + "T12:00:00Z");
    return isNaN(d) ? iso : d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }
  var parts = [];
  if (f.locality) parts.push("at " + (place || f.locality));
  if (f.team) parts.push(f.team === "Congregations" ? "congregations’ own services" : "team: " + f.team);
  if (f.category) parts.push("category: " + f.category);
  if (f.from && f.to) parts.push("from " + longDate(f.from) + " to " + longDate(f.to));
  else if (f.from) parts.push("from " + longDate(f.from));
  else if (f.to) parts.push("until " + longDate(f.to));
  if (f.q) parts.push("matching “" + f.q + "”");
  sheet.querySelector("[data-print-covers]").textContent =
    "Only meetings " + parts.join(", ") + " (" + shown + (shown === 1 ? " entry" : " entries") + "). The full sheet has all.";
})();
