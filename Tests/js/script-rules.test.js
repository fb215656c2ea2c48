// The scripts fill the templates the build writes (Tests/Fixtures/script-rules.json, made by
// Swift's ScriptRulesTests from the functions the pages use) and must give Swift's answers: a
// verse's and a chapter's address (search-engine.js's refURL, my.js's fill), a reference's text
// (sitegen.reference, on /my/, chapter pages and /search/), a hymn's address and the plan's day.
(function () {
  "use strict";
  var S = window.sitegen;
  function table() { return S.fetchJSON("../Fixtures/script-rules.json"); }

  test("verse and chapter addresses: the book's verse address filled", function () {
    return table().then(function (t) {
      var E = S.searchEngine("/");
      assert.ok(t.verses.length >= 30, "cases");
      t.verses.forEach(function (c) {
        assert.equal(E.refURL({ url: c.template }, c.chapter, c.verse), c.url, c.template);
        assert.equal(S.fill(c.template, { chapter: String(c.chapter), verse: String(c.verse) }), c.url, c.template + " (my.js)");
        assert.equal(E.refURL({ url: c.template }, c.chapter, null), c.chapterURL, c.template + " (chapter)");
      });
    });
  });

  test("references: the form Swift picks, from the page's words, in every language", function () {
    return table().then(function (t) {
      assert.ok(t.references.length >= 24, "cases");
      t.references.forEach(function (c) {
        var label = c.language + " " + JSON.stringify(c.values);
        assert.equal(S.reference(c.values, c.forms), c.text, label);
        assert.equal(S.fill(c.forms["ref.inTranslation"], { reference: c.text, translation: "RV1909" }), c.inTranslation, label);
      });
      // search-engine.js's title of a matched reference is the same rule.
      var E = S.searchEngine("/"), en = t.references.filter(function (c) { return c.language === "en"; })[0];
      var forms = en.forms;
      var saved = S.reference;
      S.reference = function (v) { return saved(v, forms); };
      try {
        t.references.filter(function (c) { return c.language === "en"; }).forEach(function (c) {
          var v = c.values, n = function (x) { return x === undefined ? null : Number(x); };
          assert.equal(E.refTitle({ book: { name: v.book }, chapter: Number(v.chapter), verse: n(v.verse), toChapter: n(v.toChapter), toVerse: n(v.toVerse) }), c.text, JSON.stringify(v));
        });
      } finally { S.reference = saved; }
    });
  });

  test("a chapter page's verse labels: its forms with the chapter filled in (marks.js)", function () {
    return table().then(function (t) {
      assert.ok(t.chapterPages.length >= 6, "cases");
      t.chapterPages.forEach(function (c) {
        var forms = { "ref.verse": c.verse, "ref.verses": c.verses };
        c.labels.forEach(function (l) {
          assert.equal(S.reference({ verse: l[0], toVerse: l[1] || null }, forms), l[2], c.verse + " " + l[0] + "-" + l[1]);
          assert.equal(S.fill(c.inTranslation, { reference: l[2] }), l[2] + " RV1909", c.inTranslation);
        });
      });
    });
  });

  test("hymn addresses", function () {
    return table().then(function (t) {
      assert.ok(t.hymns.length >= 8, "cases");
      t.hymns.forEach(function (c) { assert.equal(S.fill(c.template, { n: c.number }), c.url, c.template); });
    });
  });

  test("the plan's day of a date: key, month file, address", function () {
    return table().then(function (t) {
      assert.ok(t.planDays.length >= 10, "cases");
      t.planDays.forEach(function (c) {
        var p = c.date.split("-").map(Number), values = S.dayValues(new Date(p[0], p[1] - 1, p[2]));
        assert.equal(S.fill(c.templates.day, values), c.key, c.date);
        assert.equal(S.fill(c.templates.days, values), c.days, c.date + " (days)");
        assert.equal(S.fill(c.templates.url, values), c.url, c.date + " (url)");
      });
    });
  });
})();
