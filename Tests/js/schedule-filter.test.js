// schedule-filter.js: the filter folds words as the site's search does (search-words.js).
(function () {
  "use strict";
  var F = window.sitegen.scheduleFilter;
  function entry(text, data) {
    var li = document.createElement("li");
    li.textContent = text;
    Object.keys(data || {}).forEach(function (k) { li.dataset[k] = data[k]; });
    return li;
  }
  function filter(values) { return F.make(function (name) { return values[name]; }); }
  function found(q, text, data) { return F.matches(entry(text, data), filter({ q: q })); }

  test("hyphens, dashes, accents and case fold as in the search", function () {
    ["Tri-Cities", "tri-cities", "TRI—CITIES", "tri cities", "tricities", "Tri"].forEach(function (q) {
      assert.equal(found(q, "Gospel meeting with Tri‐Cities, WA"), true, q);
    });
    assert.equal(found("cafe", "Café Aurora"), true, "cafe");
    assert.equal(found("CAFÉ", "cafe aurora"), true, "CAFÉ");
    assert.equal(F.fold("Café Tri‐Cities"), " cafe tri cities tricities");
  });

  test("every typed word must begin a word of the entry, its place or its team", function () {
    assert.equal(found("cities", "Gospel meeting with Tri‐Cities"), true);
    assert.equal(found("ities", "Gospel meeting with Tri‐Cities"), false, "inside a word");
    assert.equal(found("aberdeen tri", "Gospel meeting with Tri‐Cities"), false, "one word missing");
    assert.equal(found("aberdeen", "Gospel meeting", { place: "Aberdeen Hall" }), true, "place");
    assert.equal(found("team 4", "Gospel meeting", { team: "Missionary team 4" }), true, "team");
  });

  test("dates, locality, team and category", function () {
    var visit = { locality: "aberdeen", category: "mission", team: "T", from: "2026-12-01", to: "2026-12-07" };
    assert.equal(F.matches(entry("x", visit), filter({ from: "2026-12-05" })), true, "overlaps from");
    assert.equal(F.matches(entry("x", visit), filter({ from: "2026-12-08" })), false, "ends before from");
    assert.equal(F.matches(entry("x", visit), filter({ to: "2026-11-30" })), false, "starts after to");
    assert.equal(F.matches(entry("x", visit), filter({ locality: "tricities" })), false, "locality");
    assert.equal(F.matches(entry("x", visit), filter({ locality: "aberdeen", category: "mission" })), true);
    assert.equal(F.query(filter({ q: " a b ", team: "T 1" })), "q=a+b&team=T+1");
    assert.equal(F.isEmpty(filter({})), true);
  });

  test("fill sets a form from the query string, leaving out a choice the form does not offer", function () {
    var form = document.createElement("form");
    form.innerHTML = '<input name="q"><select name="locality"><option value="">All</option><option value="aberdeen">A</option></select>'
      + '<select name="team"><option value="">All</option></select>';
    F.fill(form, "?q=tri%20cities&locality=aberdeen&team=Missionary+team+9&from=2027-01-01");
    assert.equal(form.elements.q.value, "tri cities");
    assert.equal(form.elements.locality.value, "aberdeen");
    assert.equal(form.elements.team.value, "", "no such team in this form");
  });
})();
