/* The print sheet (Templates/schedule-print.mustache) shows what /schedule/ was filtered to:
   the same query string, applied to the sheet's visits and services, and said in words at the
   top so the paper tells what it covers. Without JavaScript the sheet is complete. */
(function () {
  "use strict";
  var sheet = document.querySelector("[data-print-sheet]");
  if (!sheet || !window.sitegen.scheduleFilter) return;
  var F = window.sitegen.scheduleFilter, t = window.sitegen.t;
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

  // The page's language; the site's English writes the day first, as the sheet does ("1 March 2027").
  var locale = window.sitegen.language() === "en" ? "en-GB" : window.sitegen.language();
  function longDate(iso) {
    var d = new Date(iso + "T12:00:00Z");
    return isNaN(d) ? iso : d.toLocaleDateString(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  }
  var parts = [];
  if (f.locality) parts.push(t("print.at", { place: place || f.locality }));
  if (f.team) parts.push(f.team === "Congregations" ? t("print.congregations") : t("print.team", { team: f.team }));
  if (f.category) parts.push(t("print.category", { category: f.category }));
  if (f.from && f.to) parts.push(t("print.fromTo", { from: longDate(f.from), to: longDate(f.to) }));
  else if (f.from) parts.push(t("print.from", { from: longDate(f.from) }));
  else if (f.to) parts.push(t("print.until", { to: longDate(f.to) }));
  if (f.q) parts.push(t("print.matching", { text: f.q }));
  sheet.querySelector("[data-print-covers]").textContent =
    t(shown === 1 ? "print.onlyOne" : "print.only", { parts: parts.join(", "), count: shown });
})();
