// search-words.js against the tables Swift's SearchTextTests check SearchText with: the same
// words, positions and -eth/-est forms in the browser as in the index and the apps.
(function () {
  "use strict";
  var W = window.sitegen.searchWords;
  function table(name) { return window.sitegen.fetchJSON("../Fixtures/" + name); }

  test("words: the shared table of texts", function () {
    return table("search-words.json").then(function (t) {
      assert.ok(t.cases.length >= 15, "cases");
      t.cases.forEach(function (row) {
        assert.deepEqual(W.words(row[0]).map(function (x) { return x.w; }), row[1], row[0]);
      });
    });
  });

  test("variants: the King James forms of a typed word", function () {
    return table("search-words.json").then(function (t) {
      assert.ok(t.variants.length >= 10, "variants");
      t.variants.forEach(function (row) { assert.deepEqual(W.variants(row[0]), row[1], row[0]); });
    });
  });

  test("languages: kept letters, and the plain form a word is also found by", function () {
    return table("search-words.json").then(function (t) {
      assert.ok(t.languages.length >= 4, "languages");
      t.languages.forEach(function (row) {
        var got = W.words(row[2], row[1]).map(function (x) { return x.w; });
        assert.deepEqual(got, row[3], row[2]);
        // Spanish keeps ñ without a plain form; the others' plain form is the shared fold.
        if (row[0] !== "es") assert.deepEqual(got.map(function (w) { return W.fold(w); }), row[4], row[2] + " (plain)");
      });
    });
  });

  test("words and positions of every code point up to U+FFFF agree with SearchText", function () {
    return table("search-words-bmp.json").then(function (t) {
      assert.equal(t.blocks.length, 256, "blocks");
      var wrong = [];
      t.blocks.forEach(function (block) {
        var got = W.words(block[1]).map(function (x) { return x.pos + " " + x.w; }).join("\n");
        if (got === block[2]) return;
        // Name the first code points that differ, not the whole block.
        var expected = block[2].split("\n"), lines = got.split("\n");
        for (var i = 0; i < Math.max(expected.length, lines.length) && wrong.length < 20; i++) {
          if (expected[i] !== lines[i]) { wrong.push("U+" + block[0] + ": expected " + JSON.stringify(expected[i]) + ", got " + JSON.stringify(lines[i])); break; }
        }
      });
      assert.deepEqual(wrong, []);
    });
  });
})();
