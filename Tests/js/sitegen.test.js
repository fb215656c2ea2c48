// sitegen.js: the shared layer (storage, el, plural).
(function () {
  "use strict";
  var S = window.sitegen;

  test("store: reads a missing or broken value as the fallback, writes JSON", function () {
    var backend = memoryStorage(), store = S.makeStore(backend);
    assert.deepEqual(store.getJSON("a", []), []);
    backend.setItem("a", "{not json");
    assert.deepEqual(store.getJSON("a", { x: 1 }), { x: 1 });
    assert.equal(store.setJSON("a", { b: [1, "ü"] }), true);
    assert.equal(backend.getItem("a"), '{"b":[1,"ü"]}');
    assert.equal(store.setJSON("a", null), true);
    assert.equal(backend.getItem("a"), null);
  });

  test("store: a write refused by a full storage says so instead of passing silently", function () {
    var store = S.makeStore(memoryStorage(20));
    assert.equal(store.set("k", "12345"), true);
    assert.equal(store.set("k2", "this is far too long for twenty"), false);
    assert.equal(store.get("k2"), null);
  });

  test("store: commit writes every key or none, and puts back what it wrote first", function () {
    var backend = memoryStorage(60), store = S.makeStore(backend);
    backend.setItem("a", '"old"');
    var before = JSON.stringify(backend.dump());
    var result = store.commit({ a: "new value", b: "x".repeat(10), c: "y".repeat(40) });
    assert.equal(result.ok, false);
    assert.ok(result.needed > 40, "needed counts every character to write");
    assert.equal(JSON.stringify(backend.dump()), before, "storage after a refused commit");
    assert.deepEqual(store.commit({ a: null, b: [1] }), { ok: true });
    assert.deepEqual(backend.dump(), { b: "[1]" });
  });

  test("store: no storage at all (a browser that refuses it) reads as empty", function () {
    var store = S.makeStore(function () { throw new Error("SecurityError"); });
    assert.equal(store.get("x"), null);
    assert.deepEqual(store.keys(), []);
    assert.equal(store.set("x", "1"), false);
  });

  test("el sets text as text and attributes as attributes", function () {
    var e = S.el("a", { href: "/x?a=1&b=<2>", "class": "c" }, "<b>bold</b>");
    assert.equal(e.textContent, "<b>bold</b>");
    assert.equal(e.children.length, 0);
    assert.equal(e.getAttribute("href"), "/x?a=1&b=<2>");
    assert.equal(e.className, "c");
  });

  test("el takes a class name alone, or none", function () {
    var e = S.el("span", "visually-hidden read-label", "read");
    assert.equal(e.className, "visually-hidden read-label");
    assert.equal(e.textContent, "read");
    assert.equal(e.attributes.length, 1, "the class and nothing else");
    assert.equal(S.el("li", "").attributes.length, 0, "an empty class sets none");
  });

  test("plural", function () {
    assert.equal(S.plural(1, "note", "notes"), "1 note");
    assert.equal(S.plural(0, "note", "notes"), "0 notes");
    assert.equal(S.plural(2160, "note", "notes"), "2,160 notes", "the number as the page's language (English here) writes it");
  });
})();
