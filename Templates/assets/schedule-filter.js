/* What /schedule/ and /schedule/print/ filter by, in one place: the filters in the query string
   (?locality=aberdeen&team=…&category=…&from=…&to=…&q=…) and whether an entry matches them.
   Entries carry data-locality, data-category, data-team, maybe data-place, and either data-date
   (a day) or data-from/data-to (a visit or a run of services: matched when it overlaps the
   dates). Words are looked for in the entry's text, its place and its team: each word typed
   must begin a word there, words as the site's search makes them (search-words.js, the rules of
   SitegenWords), so "Tri-Cities", "tri cities" and "TRI—CITIES" find "Tri‐Cities", "cafe" finds
   "Café", and "tricities" the joined compound. */
(function () {
  "use strict";
  var fields = ["q", "locality", "category", "team", "from", "to"];

  var W = window.sitegen.searchWords;
  /* The folded words of a text, each after a space: " cafe tri cities tricities". */
  function fold(text) {
    return W.words(String(text || "")).map(function (x) { return " " + x.w; }).join("");
  }
  /* The words typed, without the joined form of a compound (its parts are enough). */
  function typedWords(q) {
    return W.words(q).filter(function (x) { return !x.compound; }).map(function (x) { return " " + x.w; });
  }

  /* A filter from a name → value lookup (the form, or the query string). */
  function make(get) {
    var f = {};
    fields.forEach(function (name) { f[name] = (get(name) || "").trim(); });
    f.words = typedWords(f.q);
    return f;
  }

  function fromQuery(search) {
    var params = new URLSearchParams(search);
    return make(function (name) { return params.get(name); });
  }

  /* Sets a filter form's fields from the query string; a choice the form does not offer is left out. */
  function fill(form, search) {
    var f = fromQuery(search);
    fields.forEach(function (name) {
      var el = form.elements[name];
      var v = f[name];
      if (!v || !el) return;
      if (el.tagName === "SELECT" && !Array.prototype.some.call(el.options, function (o) { return o.value === v; })) return;
      el.value = v;
    });
  }

  function isEmpty(f) {
    return fields.every(function (name) { return !f[name]; });
  }

  /* The filter as a query string ("" when nothing is set). */
  function query(f) {
    var params = new URLSearchParams();
    fields.forEach(function (name) { if (f[name]) params.set(name, f[name]); });
    return params.toString();
  }

  function matches(el, f) {
    var d = el.dataset;
    if (f.locality && d.locality !== f.locality) return false;
    if (f.category && d.category !== f.category) return false;
    if (f.team && d.team !== f.team) return false;
    var first = d.from || d.date, last = d.to || d.date;
    if (f.from && last < f.from) return false;
    if (f.to && first > f.to) return false;
    if (f.words.length) {
      var text = el.foldedSearch || (el.foldedSearch = fold(el.textContent + " " + (d.place || "") + " " + (d.team || "")));
      for (var i = 0; i < f.words.length; i++) if (text.indexOf(f.words[i]) === -1) return false;
    }
    return true;
  }

  /* Hides each group (month, team, section) left without a visible entry. */
  function hideEmpty(groups, itemSelector) {
    Array.prototype.forEach.call(groups, function (group) {
      group.hidden = !group.querySelector(itemSelector + ":not([hidden])");
    });
  }

  window.sitegen.scheduleFilter = { fields: fields, fold: fold, make: make, fromQuery: fromQuery, fill: fill, isEmpty: isEmpty,
                            query: query, matches: matches, hideEmpty: hideEmpty };
})();
