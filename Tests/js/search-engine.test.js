// search-engine.js without a page: a reference as people type it, normalised before the books
// are looked up (the lookup itself needs the built index: Tests/e2e/test_search.py checks it
// against Tests/SearchTests/Fixtures/reference-spellings.tsv).
(function () {
  "use strict";
  test("references are normalised: ordinals, spaces, dashes, accents", function () {
    var E = window.sitegen.searchEngine("/");
    [["1st John 3:16", "1 john 3:16"], ["Jn. 3 : 16", "jn 3:16"], ["II Cor 13:4–7", "2 cor 13:4-7"], ["Ps 23", "ps 23"],
     ["First Corinthians 13", "1 corinthians 13"], ["Génesis 1:1", "genesis 1:1"], ["1cor 13", "1 cor 13"]].forEach(function (c) {
      assert.equal(E.normalizeRef(c[0]), c[1], c[0]);
    });
  });

  test("an engine is made without touching the network or the page", function () {
    var E = window.sitegen.searchEngine("/nowhere/");
    assert.equal(E.meta, null);
    assert.equal(E.isLoaded("0-0"), false);
    assert.equal(E.refURL({ url: "bible/john/{chapter}/#v{verse}" }, 3, 16), "bible/john/3/#v16");
    assert.equal(E.refURL({ url: "bible/john/{chapter}/#v{verse}" }, 3, null), "bible/john/3/");
  });
})();
