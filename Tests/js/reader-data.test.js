// reader-data.js: the one validator of every import, canonical references, an export that always
// imports, and an import that writes all or nothing (issue 25, items 17 and 18).
(function () {
  "use strict";
  var S = window.sitegen, R = S.readerData, K = S.keys, NOW = "2026-11-22T10:00:00.000Z";
  function file(parts) {
    var o = { format: "sitegen-reader-data", version: 1 };   // the older version unless a test says 2
    Object.keys(parts || {}).forEach(function (k) { o[k] = parts[k]; });
    return JSON.stringify(o);
  }
  function fresh(quota) { var backend = memoryStorage(quota); return { backend: backend, store: S.makeStore(backend) }; }
  function importInto(store, text) { return R.importText(store, text, NOW); }

  test("a hymn number that is not an exact integer is refused: 1e400, 1e21, 1.5, 0, \"1\"", function () {
    ['{"number":1e400}', '{"number":1e21}', '{"number":1.5}', '{"number":0}', '{"number":"1"}', '{"number":-1}'].forEach(function (entry) {
      var s = fresh();
      assert.throws(function () { importInto(s.store, '{"format":"sitegen-reader-data","version":1,"favouriteHymns":[' + entry + "]}"); },
                    "la entrada 1 de “favouriteHymns” no es válida (number)", entry);
      assert.deepEqual(s.backend.dump(), {}, entry + " changed the storage");
    });
  });

  test("a reference is kept canonical: John.3.0016 is John.3.16, links to #v16, and is one verse with 16", function () {
    var s = fresh();
    importInto(s.store, file({ hearts: [{ ref: "John.3.0016", at: NOW }, { ref: "John.3.16", at: NOW }],
                               notes: [{ ref: "John.003.16", to: "John.3.018", note: "n", at: NOW }] }));
    assert.deepEqual(Object.keys(JSON.parse(s.backend.getItem(K.marksPrefix + "John.3"))), ["16"]);
    var out = R.exportData(s.store, NOW);
    assert.deepEqual(out.hearts, [{ ref: "John.3.16", at: NOW }]);
    assert.deepEqual(out.notes, [{ ref: "John.3.16", note: "n", at: NOW, updated: NOW, to: "John.3.18" }]);
  });

  test("references outside the Bible's numbers are refused", function () {
    ["John.3.0", "John.0.16", "John.3.201", "John.151.1", "ThirteenChars.1.1", "John.3", "John 3:16", "John.3.16 "].forEach(function (ref) {
      assert.throws(function () { R.parse(file({ hearts: [{ ref: ref, at: NOW }] })); }, "(ref)", ref);
    });
  });

  test("the progress page's older file is checked entry by entry", function () {
    var big = "x".repeat(100 * 1024);
    [['["John.3",42]', "la entrada 2 de “chapters”"], ["{}", "no tiene una lista de capítulos"], ["null", "no tiene una lista de capítulos"],
     ['["' + big + '"]', "la entrada 1 de “chapters”"], ['["John.3"],"plan":["13-01/0"]', "la entrada 1 de “plan”"]].forEach(function (c) {
      var s = fresh();
      assert.throws(function () { importInto(s.store, '{"format":"sitegen-bible-progress","version":1,"chapters":' + c[0] + "}"); }, c[1], c[0].slice(0, 30));
      assert.deepEqual(s.backend.dump(), {});
    });
    var s = fresh();
    var added = importInto(s.store, '{"format":"sitegen-bible-progress","version":1,"chapters":["John.03","Ps.23"],"plan":["01-01/0"]}');
    assert.equal(added.chapters, 2);
    assert.deepEqual(JSON.parse(s.backend.getItem(K.read)), ["John.3", "Ps.23"]);
  });

  test("the schema's rules: unknown fields, bad colours, times, notes and ranges are refused", function () {
    [[{ extra: 1 }, "“extra”"],
     [{ highlights: [{ ref: "Ps.23.1", colour: "red" }] }, "(colour)"],
     [{ highlights: [{ ref: "Ps.23.1", colour: "blue", shade: 2 }] }, "“shade” no es uno de sus campos"],
     [{ hearts: [{ ref: "Ps.23.1" }] }, "(at)"],
     [{ hearts: [{ ref: "Ps.23.1", at: "2026-13-45T99:99:99Z" }] }, "(at)"],
     [{ notes: [{ ref: "Ps.23.1", note: "  ", at: NOW }] }, "(note)"],
     [{ notes: [{ ref: "Ps.23.1", note: "x".repeat(R.LIMITS.note + 1), at: NOW }] }, "(note)"],
     [{ notes: [{ ref: "Ps.23.3", to: "Ps.23.2", note: "n", at: NOW }] }, "(to)"],
     [{ notes: [{ ref: "Ps.23.3", to: "Ps.24.4", note: "n", at: NOW }] }, "(to)"],
     [{ hearts: [{ ref: "Ps.23.1", at: NOW, text: "x".repeat(R.LIMITS.text + 1) }] }, "(text)"],
     [{ progress: { chapters: ["Gen.1"], extra: [] } }, "“extra”"],
     [{ progress: { plan: ["1-1/0"] } }, "progress.plan"],
     [{ hearts: {} }, "“hearts” no es una lista"]].forEach(function (c) {
      assert.throws(function () { R.parse(file(c[0])); }, c[1], JSON.stringify(c[0]).slice(0, 60));
    });
    assert.throws(function () { R.parse('{"format":"sitegen-reader-data","version":3}'); }, "versión 3");
    assert.throws(function () { R.parse("[]"); }, "no es un archivo de lector");
    assert.throws(function () { R.parse("{"); }, "no es un archivo JSON");
  });

  test("a mark exports its verse's text and translation, and an import on a new device shows them", function () {
    var old = fresh();
    old.store.setJSON(K.marksPrefix + "Ps.23", { "1": { heart: NOW, text: "Jehová es mi pastor; nada me faltará.", tr: "rv1909" },
                                                 "2": { h: "green", ht: NOW, text: "In green pastures", tr: "BAD ID" } });
    var out = R.exportData(old.store, NOW);
    assert.equal(out.version, 2);
    assert.deepEqual(out.hearts, [{ ref: "Ps.23.1", at: NOW, text: "Jehová es mi pastor; nada me faltará.", translation: "rv1909" }]);
    assert.deepEqual(out.highlights, [{ ref: "Ps.23.2", colour: "green", at: NOW, text: "In green pastures" }]);
    var s = fresh();
    importInto(s.store, JSON.stringify(out));
    var kept = JSON.parse(s.backend.getItem(K.marksPrefix + "Ps.23"));
    assert.equal(kept["1"].text, "Jehová es mi pastor; nada me faltará.");
    assert.equal(kept["1"].tr, "rv1909");
    assert.equal(kept["2"].tr, undefined);
  });

  test("a version 1 file (marks without their translation) still imports; a translation needs version 2", function () {
    var s = fresh();
    var added = importInto(s.store, file({ hearts: [{ ref: "Ps.23.3", at: NOW, text: "He restoreth my soul" }] }));
    assert.equal(added.hearts, 1);
    var kept = JSON.parse(s.backend.getItem(K.marksPrefix + "Ps.23"))["3"];
    assert.equal(kept.text, "He restoreth my soul");
    assert.equal(kept.tr, undefined);
    assert.throws(function () { R.parse(file({ hearts: [{ ref: "Ps.23.3", at: NOW, translation: "kjv" }] })); }, "versión 2");
    assert.throws(function () { R.parse('{"format":"sitegen-reader-data","version":2,"hearts":[{"ref":"Ps.23.3","at":"' + NOW + '","translation":"../x"}]}'); },
                  "(translation)");
  });

  test("export writes only what import accepts, whatever the storage holds", function () {
    var s = fresh();
    s.backend.setItem(K.hymns, JSON.stringify({ "Infinity": { at: NOW }, "1e+21": {}, "12": { at: "yesterday", title: 7 }, "3": "junk" }));
    s.backend.setItem(K.read, JSON.stringify(["John.3", 42, {}, null, "x".repeat(1000), "John.03"]));
    s.backend.setItem(K.plan, "not json");
    s.backend.setItem(K.marksPrefix + "John.3", JSON.stringify({
      "16": { h: "purple", heart: true, note: "   ", text: 5 }, "0016": { heart: NOW }, "17": { note: "kept", nt: "bad", to: 3 },
      "18": { h: "pink", ht: NOW, text: "y".repeat(5000) } }));
    s.backend.setItem(K.marksPrefix + "John.03", JSON.stringify({ "1": { heart: NOW } }));
    s.backend.setItem(K.marksPrefix + "junk", "[1,2]");
    var out = R.exportData(s.store, NOW);
    R.validate(JSON.parse(JSON.stringify(out)));   // throws if the export would be refused
    assert.deepEqual(out.favouriteHymns, [{ number: 3, at: NOW }, { number: 12, at: NOW }]);
    assert.deepEqual(out.progress.chapters, ["John.3"]);
    assert.deepEqual(out.hearts, [{ ref: "John.3.16", at: NOW }]);
    assert.deepEqual(out.notes, [{ ref: "John.3.17", note: "kept", at: NOW, updated: NOW }]);
    assert.deepEqual(out.highlights, [{ ref: "John.3.18", colour: "pink", at: NOW }]);
    var other = fresh();
    importInto(other.store, JSON.stringify(out));
    assert.deepEqual(R.exportData(other.store, NOW), out, "what a new device exports after importing it");
  });

  test("export, clear, import gives back the same file; a second import adds nothing", function () {
    var s = fresh(), text = file({ progress: { chapters: ["Gen.1", "Ps.23"], plan: ["01-01/0"] },
      highlights: [{ ref: "Ps.23.1", colour: "yellow", at: NOW, text: "Jehová es mi pastor", translation: "rv1909" }],
      hearts: [{ ref: "John.3.16", at: NOW }], notes: [{ ref: "Rom.8.28", to: "Rom.8.30", note: "all things", at: NOW, updated: NOW }],
      favouriteHymns: [{ number: 12, at: NOW, title: "Amazing grace" }], version: 2 });
    var added = importInto(s.store, text);
    assert.deepEqual(added, { chapters: 2, plan: 1, highlights: 1, hearts: 1, notes: 1, favouriteHymns: 1 });
    assert.equal(R.describe(added), "Importado: se añadieron 1 resaltado, 1 corazón, 1 nota, 1 himno favorito, 2 capítulos leídos, "
                                  + "1 lectura del plan marcada.", "in the page's words (run.html's are Spanish)");
    var expected = JSON.parse(text);
    expected.exported = NOW;
    assert.deepEqual(R.exportData(s.store, NOW), expected);
    assert.deepEqual(importInto(s.store, text), { chapters: 0, plan: 0, highlights: 0, hearts: 0, notes: 0, favouriteHymns: 0 });
  });

  test("an import that does not fit changes nothing and says what did not fit (2,160 notes of 4 KB)", function () {
    var s = fresh(5 * 1024 * 1024);   // Chromium's localStorage: 5 M characters per site
    s.backend.setItem(K.read, '["Gen.1"]');
    var notes = [], books = ["Gen", "Exod", "Lev", "Num", "Deut", "Josh"];
    for (var i = 0; i < 2160; i++) {
      var j = Math.floor(i / 6);
      notes.push({ ref: books[i % 6] + "." + (1 + Math.floor(j / 20)) + "." + (1 + j % 20), note: "n".repeat(4096), at: NOW });
    }
    var before = JSON.stringify(s.backend.dump());
    var error = assert.throws(function () { importInto(s.store, file({ notes: notes, progress: { chapters: ["Exod.1"] } })); }, "no cabe");
    assert.ok(/habría añadido 2160 notas, 1 capítulo leído\./.test(error.message), "names what would have been added: " + error.message);
    assert.ok(/necesita unos [0-9,]+ KB más/.test(error.message), "says how much: " + error.message);
    assert.equal(JSON.stringify(s.backend.dump()), before, "storage after the refused import");
  });
})();
