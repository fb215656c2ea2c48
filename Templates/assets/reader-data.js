// sitegen reader data: what the reader keeps in this browser, as one file (format
// "sitegen-reader-data", version 2; version 1 files, whose marks name no translation, still import;
// the JSON Schema is ReaderDataSchema, Sources/SitegenFeatures/MyPage/MyPageFeature.swift, put
// together from each kind's ReaderDataPart and published as api/v1/schemas/reader-data.schema.json), and the one validator every import goes
// through (/my/ and the progress page; the progress page's older "sitegen-bible-progress" file too).
// DOM-free: it reads and writes through a `sitegen.makeStore` store, so Tests/js/ runs it as is.
//
// The validator keeps the schema's rules and adds what a schema cannot say: references are
// canonical (John.3.0016 is John.3.16) and within the Bible's numbers, hymn numbers are exact
// integers (1e21 and 1e400 are not), times are real dates, texts have a length the site itself
// never exceeds. Export writes only what import accepts, so a reader's own file always imports.
(function () {
  "use strict";
  var S = window.sitegen, K = S.keys;
  var FORMAT = "sitegen-reader-data", OLD_FORMAT = "sitegen-bible-progress", VERSION = 2;
  // Version 1 had no `translation` on a verse's marks: they link to the default translation.
  var READS = [1, 2];
  // A translation's id (its folder below Content/bible/: "kjv", "rv1909").
  var TRANSLATION = /^[a-z0-9][a-z0-9_-]{0,31}$/;
  var COLOURS = ["yellow", "green", "blue", "pink"];
  // Longest texts kept: a note as the note box allows it, a verse's text (Esther 8:9, the
  // longest, is 530 characters), a hymn's title; a book id (OSIS: "AddEsth", "1Macc").
  var LIMITS = { note: 10000, text: 2000, title: 300, book: 12, chapter: 150, verse: 200, hymn: 99999 };
  var REF = /^([0-9A-Za-z]+)\.([0-9]+)\.([0-9]+)$/;
  var CHAPTER = /^([0-9A-Za-z]+)\.([0-9]+)$/;
  var PLAN = /^([0-9]{2})-([0-9]{2})\/([0-9]+)$/;
  var TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z$/;

  function isObject(v) { return !!v && typeof v === "object" && !Array.isArray(v); }
  function number(digits, max) { var n = parseInt(digits, 10); return n >= 1 && n <= max ? n : 0; }

  // "John.3.0016" → "John.3.16"; null when it is no verse reference.
  function canonicalRef(s) {
    var m = typeof s === "string" && s.length <= 40 && REF.exec(s);
    if (!m || m[1].length > LIMITS.book) return null;
    var c = number(m[2], LIMITS.chapter), v = number(m[3], LIMITS.verse);
    return c && v ? m[1] + "." + c + "." + v : null;
  }
  function canonicalChapter(s) {
    var m = typeof s === "string" && s.length <= 30 && CHAPTER.exec(s);
    if (!m || m[1].length > LIMITS.book) return null;
    var c = number(m[2], LIMITS.chapter);
    return c ? m[1] + "." + c : null;
  }
  // "01-01/0": a day of the year and the plan's column.
  function canonicalPlan(s) {
    var m = typeof s === "string" && s.length <= 12 && PLAN.exec(s);
    if (!m || +m[1] < 1 || +m[1] > 12 || +m[2] < 1 || +m[2] > 31 || +m[3] > 9) return null;
    return m[1] + "-" + m[2] + "/" + (+m[3]);
  }
  function isTime(t) { return typeof t === "string" && t.length <= 30 && TIME.test(t) && !isNaN(Date.parse(t)); }
  function isHymn(n) { return typeof n === "number" && Number.isSafeInteger(n) && n >= 1 && n <= LIMITS.hymn; }
  // A verse number as kept in a chapter's marks ("16"), or null.
  function verseKey(n) { var v = /^[0-9]{1,6}$/.test(String(n)) && number(String(n), LIMITS.verse); return v ? String(v) : null; }

  // ---- the validator ------------------------------------------------------------------------
  function Invalid(message) { this.message = message; }
  Invalid.prototype = Object.create(Error.prototype);
  Invalid.prototype.name = "Invalid";
  function fail(text) { throw new Invalid(text); }

  function onlyKeys(o, allowed, where) {
    Object.keys(o).forEach(function (k) { if (allowed.indexOf(k) < 0) fail(S.t("data.invalid.unknownField", { where: where, name: k.slice(0, 40) })); });
  }
  function text(v, max) { return typeof v === "string" && v.length <= max; }
  function optionalText(o, name, max) { return o[name] === undefined || text(o[name], max) ? "" : name; }
  function optionalTime(o, name) { return o[name] === undefined || isTime(o[name]) ? "" : name; }

  function list(value, where, check) {
    if (value === undefined) return [];
    if (!Array.isArray(value)) fail(S.t("data.invalid.notList", { field: where }));
    return value.map(function (item, i) {
      var result = check(item);
      if (typeof result === "string") fail(S.t("data.invalid.entry", { number: i + 1, field: where, why: result }));
      return result;
    });
  }
  function strings(value, where, canonical) {
    return list(value, where, function (x) { var c = canonical(x); return c ? [c] : S.t("data.invalid.notId"); })
      .map(function (one) { return one[0]; });
  }
  function entry(fields, check) {
    return function (item) {
      if (!isObject(item)) return S.t("data.invalid.entryNotObject");
      var extra = Object.keys(item).filter(function (k) { return fields.indexOf(k) < 0; })[0];
      if (extra !== undefined) return S.t("data.invalid.notAField", { name: extra.slice(0, 40) });
      return check(item);
    };
  }
  // A verse's mark: its OSIS reference, and the text and translation it was made in.
  function verseEntry(fields, check) {
    return entry(fields.concat(["translation"]), function (o) {
      var ref = canonicalRef(o.ref);
      if (!ref) return "ref";
      if (o.translation !== undefined && !(typeof o.translation === "string" && TRANSLATION.test(o.translation))) return "translation";
      var why = optionalText(o, "text", LIMITS.text), result = why || check(o, ref);
      if (typeof result === "object" && o.translation !== undefined) result.translation = o.translation;
      return result;
    });
  }

  var checkHighlight = verseEntry(["ref", "colour", "at", "text"], function (o, ref) {
    if (COLOURS.indexOf(o.colour) < 0) return "colour";
    return optionalTime(o, "at") || { ref: ref, colour: o.colour, at: o.at, text: o.text };
  });
  var checkHeart = verseEntry(["ref", "at", "text"], function (o, ref) {
    return isTime(o.at) ? { ref: ref, at: o.at, text: o.text } : "at";
  });
  var checkNote = verseEntry(["ref", "to", "note", "at", "updated", "text"], function (o, ref) {
    if (!text(o.note, LIMITS.note) || !/\S/.test(o.note)) return "note";
    var to;
    if (o.to !== undefined) {
      to = canonicalRef(o.to);
      var a = ref.split("."), b = to ? to.split(".") : [];
      if (!to || b[0] !== a[0] || b[1] !== a[1] || +b[2] < +a[2]) return "to";
      if (to === ref) to = undefined;
    }
    if (!isTime(o.at)) return "at";
    return optionalTime(o, "updated") || { ref: ref, to: to, note: o.note, at: o.at, updated: o.updated, text: o.text };
  });
  var checkHymn = entry(["number", "at", "title"], function (o) {
    if (!isHymn(o.number)) return "number";
    return optionalTime(o, "at") || optionalText(o, "title", LIMITS.title) || { number: o.number, at: o.at, title: o.title };
  });

  // A reader file (either format) → its entries, canonical; throws an Error saying what is wrong.
  function validate(data) {
    if (!isObject(data)) fail(S.t("data.invalid.notReaderFile"));
    if (data.format === OLD_FORMAT) {   // the progress page's older file: {format, version, chapters, plan}
      onlyKeys(data, ["format", "version", "chapters", "plan"], S.t("data.invalid.theFile"));
      if (data.version !== undefined && data.version !== 1) fail(S.t("data.invalid.progressVersion", { version: String(data.version).slice(0, 20) }));
      if (!Array.isArray(data.chapters)) fail(S.t("data.invalid.noChapters"));
      return { progress: { chapters: strings(data.chapters, "chapters", canonicalChapter), plan: strings(data.plan, "plan", canonicalPlan) },
               highlights: [], hearts: [], notes: [], favouriteHymns: [] };
    }
    if (data.format !== FORMAT) fail(S.t("data.invalid.notSitegenFile"));
    if (READS.indexOf(data.version) < 0) fail(S.t("data.invalid.version", { version: String(data.version).slice(0, 20), current: VERSION }));
    onlyKeys(data, ["format", "version", "exported", "progress", "highlights", "hearts", "notes", "favouriteHymns"], S.t("data.invalid.theFile"));
    if (data.exported !== undefined && !isTime(data.exported)) fail(S.t("data.invalid.notTime", { field: "exported" }));
    var progress = data.progress === undefined ? {} : data.progress;
    if (!isObject(progress)) fail(S.t("data.invalid.notObject", { field: "progress" }));
    onlyKeys(progress, ["chapters", "plan"], "“progress”");
    var out = {
      progress: { chapters: strings(progress.chapters, "progress.chapters", canonicalChapter),
                  plan: strings(progress.plan, "progress.plan", canonicalPlan) },
      highlights: list(data.highlights, "highlights", checkHighlight),
      hearts: list(data.hearts, "hearts", checkHeart),
      notes: list(data.notes, "notes", checkNote),
      favouriteHymns: list(data.favouriteHymns, "favouriteHymns", checkHymn)
    };
    if (data.version === 1) [out.highlights, out.hearts, out.notes].forEach(function (marks) {
      marks.forEach(function (m) { if (m.translation !== undefined) fail(S.t("data.invalid.translationInVersion1")); });
    });
    return out;
  }
  function parse(textOfFile) {
    var data;
    try { data = JSON.parse(String(textOfFile)); } catch (e) { fail(S.t("data.invalid.notJSON")); }
    return validate(data);
  }

  // ---- what is kept (the store), read defensively: anything a script or an old version left ---
  function marksOf(store, id) { var v = store.getJSON(K.marksPrefix + id, {}); return isObject(v) ? v : {}; }
  function chapterIDs(store) {
    return store.keys().filter(function (k) { return k.indexOf(K.marksPrefix) === 0; })
      .map(function (k) { return k.slice(K.marksPrefix.length); });
  }
  function stringList(store, key, canonical) {
    var v = store.getJSON(key, []), seen = {};
    (Array.isArray(v) ? v : []).forEach(function (x) { var c = canonical(x); if (c) seen[c] = true; });
    return Object.keys(seen).sort();
  }
  function favourites(store) { var v = store.getJSON(K.hymns, {}); return isObject(v) ? v : {}; }
  function byNumber(a, b) { return a - b; }

  // ---- export: only what validate accepts ---------------------------------------------------
  function exportData(store, now) {
    var highlights = [], hearts = [], notes = [], hymns = [];
    function time(t) { return isTime(t) ? t : now; }
    // The verse's text and its translation go with the mark, so a new device shows what was marked.
    function withText(o, m) {
      if (text(m.text, LIMITS.text) && m.text) {
        o.text = m.text;
        if (typeof m.tr === "string" && TRANSLATION.test(m.tr)) o.translation = m.tr;
      }
      return o;
    }
    chapterIDs(store).sort().forEach(function (key) {
      var id = canonicalChapter(key), marks = marksOf(store, key);
      if (!id || id !== key) return;
      Object.keys(marks).filter(function (k) { return verseKey(k) === k; }).sort(byNumber).forEach(function (n) {
        var m = marks[n], ref = id + "." + n;
        if (!isObject(m)) return;
        if (COLOURS.indexOf(m.h) >= 0) highlights.push(withText({ ref: ref, colour: m.h, at: time(m.ht) }, m));
        if (m.heart) hearts.push(withText({ ref: ref, at: time(m.heart) }, m));
        if (text(m.note, LIMITS.note) && /\S/.test(m.note)) {
          var note = { ref: ref, note: m.note, at: time(m.nt), updated: time(m.nu || m.nt) };
          var to = verseKey(m.to);
          if (to && +to > +n) note.to = id + "." + to;
          notes.push(withText(note, m));
        }
      });
    });
    var fav = favourites(store);
    Object.keys(fav).filter(function (n) { return isHymn(Number(n)) && String(Number(n)) === n; }).sort(byNumber).forEach(function (n) {
      var f = isObject(fav[n]) ? fav[n] : {}, o = { number: Number(n), at: time(f.at) };
      if (text(f.title, LIMITS.title) && f.title) o.title = f.title;
      hymns.push(o);
    });
    return {
      format: FORMAT, version: VERSION, exported: now,
      progress: { chapters: stringList(store, K.read, canonicalChapter), plan: stringList(store, K.plan, canonicalPlan) },
      highlights: highlights, hearts: hearts, notes: notes, favouriteHymns: hymns
    };
  }

  // ---- import: validate everything, merge in memory, write all or nothing ---------------------
  function merge(store, data, now) {
    var added = { chapters: 0, plan: 0, highlights: 0, hearts: 0, notes: 0, favouriteHymns: 0 };
    var changes = {}, touched = {};
    function mergeList(key, list, count, canonical) {
      var have = {}; stringList(store, key, canonical).forEach(function (x) { have[x] = true; });
      list.forEach(function (x) { if (!have[x]) { have[x] = true; added[count]++; } });
      if (added[count]) changes[key] = Object.keys(have).sort();
    }
    mergeList(K.read, data.progress.chapters, "chapters", canonicalChapter);
    mergeList(K.plan, data.progress.plan, "plan", canonicalPlan);

    function markOf(ref) {
      var parts = ref.split("."), id = parts[0] + "." + parts[1], n = parts[2];
      if (!touched[id]) touched[id] = marksOf(store, id);
      if (!isObject(touched[id][n])) touched[id][n] = {};
      return touched[id][n];
    }
    function keepText(m, t, translation) {
      if (t && !m.text) { m.text = t; if (translation) m.tr = translation; }
    }
    data.highlights.forEach(function (h) {
      var m = markOf(h.ref);
      if (!m.h) { m.h = h.colour; m.ht = h.at || now; added.highlights++; }
      keepText(m, h.text, h.translation);
    });
    data.hearts.forEach(function (h) {
      var m = markOf(h.ref);
      if (!m.heart) { m.heart = h.at; added.hearts++; }
      keepText(m, h.text, h.translation);
    });
    data.notes.forEach(function (n) {
      var m = markOf(n.ref), updated = n.updated || n.at;
      if (m.note === n.note) return;
      // A verse with a note on both sides keeps the one written last.
      if (!m.note || (m.nu || m.nt || "") < updated) {
        if (!m.note) added.notes++;
        m.note = n.note; m.nt = n.at; m.nu = updated;
        if (n.to) m.to = +n.to.split(".")[2]; else delete m.to;
      }
      keepText(m, n.text, n.translation);
    });
    Object.keys(touched).forEach(function (id) { changes[K.marksPrefix + id] = touched[id]; });
    if (data.favouriteHymns.length) {
      var fav = favourites(store), before = JSON.stringify(fav);
      data.favouriteHymns.forEach(function (f) {
        if (!isObject(fav[f.number])) { fav[f.number] = { at: f.at || now }; added.favouriteHymns++; }
        if (f.title && !fav[f.number].title) fav[f.number].title = f.title;
      });
      if (JSON.stringify(fav) !== before) changes[K.hymns] = fav;
    }
    return { changes: changes, added: added };
  }

  // Imports the file's text into the store: {added} or throws an Error whose message says why
  // nothing was changed (a bad entry, or what did not fit in the browser's storage).
  function importText(store, textOfFile, now) {
    var data = parse(textOfFile);
    var plan = merge(store, data, now || new Date().toISOString());
    var result = store.commit(plan.changes);
    if (!result.ok) fail(tooBig(plan.added, result));
    return plan.added;
  }
  function kb(chars) { return Math.ceil(chars * 2 / 1024).toLocaleString("en") + " KB"; }
  function tooBig(added, result) {
    return S.t("data.tooBig", { needed: kb(result.needed), used: kb(result.used), parts: describeParts(added, true) });
  }

  // "3 highlights, 1 heart, …" in the page's words (`data.highlight` one, `data.highlights`
  // many); `onlyAdded`: the parts that are not 0.
  function describeParts(added, onlyAdded) {
    return [[added.highlights, "highlight"], [added.hearts, "heart"], [added.notes, "note"],
            [added.favouriteHymns, "favouriteHymn"], [added.chapters, "chapterRead"], [added.plan, "planTick"]]
      .filter(function (p) { return p[0] || !onlyAdded; })
      .map(function (p) { return S.t("data." + p[1] + (p[0] === 1 ? "" : "s"), { count: p[0] }); }).join(", ");
  }
  function describe(added) { return S.t("data.imported", { parts: describeParts(added) }); }

  S.readerData = {
    FORMAT: FORMAT, OLD_FORMAT: OLD_FORMAT, VERSION: VERSION, COLOURS: COLOURS, LIMITS: LIMITS,
    canonicalRef: canonicalRef, canonicalChapter: canonicalChapter, canonicalPlan: canonicalPlan, verseKey: verseKey,
    validate: validate, parse: parse, exportData: exportData, importText: importText, describe: describe,
    marksOf: marksOf, chapterIDs: chapterIDs, favourites: favourites,
    chapters: function (store) { return stringList(store, K.read, canonicalChapter); },
    planTicks: function (store) { return stringList(store, K.plan, canonicalPlan); }
  };
})();
