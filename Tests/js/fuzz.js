// The reader-data fuzz target (scripts/fuzz-reader-data drives it in headless Chromium):
// `fuzzReaderData(texts)` runs every text through the import a reader would make and checks
// what must hold whatever the text: the validator only ever refuses with its own message; an
// accepted file, imported into an empty store, exports a file the validator accepts, that
// imports again to the same export; a refused file changes nothing. Returns one result per
// text: {ms, problem} (problem "" when all held).
(function () {
  "use strict";
  var S = window.sitegen, R = S.readerData, NOW = "2026-11-22T10:00:00.000Z";
  function one(text) {
    var backend = memoryStorage(5 * 1024 * 1024), store = S.makeStore(backend), accepted = true;
    try { R.importText(store, text, NOW); }
    catch (e) {
      if (e.name !== "Invalid") return "the import threw " + e.name + ": " + e.message;
      accepted = false;
    }
    if (!accepted) return Object.keys(backend.dump()).length ? "a refused file changed the storage" : "";
    var out = JSON.stringify(R.exportData(store, NOW));
    try { R.validate(JSON.parse(out)); } catch (e) { return "its export is refused: " + e.message; }
    var again = S.makeStore(memoryStorage());
    try { R.importText(again, out, NOW); } catch (e) { return "its export does not import: " + e.message; }
    var second = JSON.stringify(R.exportData(again, NOW));
    return second === out ? "" : "export → import → export differs";
  }
  window.fuzzReaderData = function (texts) {
    return texts.map(function (text) {
      var started = performance.now(), problem = one(text);
      return { ms: performance.now() - started, problem: problem };
    });
  };
})();
