// sitegen's search engine, DOM-free: reads the index the build wrote (search/index.json, term
// shards, document parts, the books file; docs/search.md), matches references as people type them
// (the one reference grammar: its spellings are the books files', from Swift's BibleSearch and
// ReferenceSpellings; Tests/e2e/test_search.py reads every one of
// Tests/SearchTests/Fixtures/reference-spellings.tsv through it) and ranks documents for a query, with
// the word rules of search-words.js. `sitegen.searchEngine(base)` makes one for the site at
// `base`; search.js shows its answers on /search/.
(function () {
  "use strict";
  var S = window.sitegen, W = S.searchWords, fold = W.fold, words = W.words, variants = W.variants, stem = W.stem;
  // The first EAGER results are read (and reordered by exact phrase) at once; a query reads its
  // first MAX_WORDS words.
  var EAGER = 5, MAX_WORDS = 24;
  // A plain form's mark: "karlek$" for "kärlek" (SearchLanguage.unmarkedMark), in "karlek"'s shard.
  var UNMARKED = "$";

  window.sitegen.searchEngine = function (base) {
    // ---- numbers in index files (VarintText) ----
    var FINAL = "0123456789abcdefghijklmnopqrstuv", CONT = "wxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_";
    function decodeNumbers(s) {
      var values = [], v = 0;
      for (var i = 0; i < s.length; i++) {
        var d = FINAL.indexOf(s[i]);
        if (d >= 0) { values.push(v * 32 + d); v = 0; } else { v = v * 32 + CONT.indexOf(s[i]); }
      }
      return values;
    }
    // A length as postings carry it (SearchIndex's Postings.lengthBucket): exact below 8, then
    // four steps per doubling; read as the middle of its step.
    function lengthOf(q) {
      if (q < 8) return q;
      var e = 3 + Math.floor((q - 8) / 4), f = (q - 8) % 4;
      return (4 + f) * Math.pow(2, e) / 4 + Math.pow(2, e) / 8;
    }
    // Postings: per document: id delta (the first from the scope's base), length (bucket),
    // first position + 1, position deltas, 0.
    function decodePostings(s, base) {
      var n = decodeNumbers(s), docs = [], doc = base, i = 0;
      while (i < n.length) {
        doc += n[i];
        var len = lengthOf(n[i + 1]), p = n[i + 2] - 1, positions = [p];
        i += 3;
        while (n[i] !== 0) { p += n[i]; positions.push(p); i++; }
        i++;
        docs.push({ doc: doc, len: len, pos: positions });
      }
      return docs;
    }

    // ---- loading ----
    var meta = null, metaPromise = null, shardCache = {}, partCache = {};
    function getJSON(path) { return window.sitegen.fetchJSON(base + path); }
    function loadMeta() {
      // The entry (what an edit changes) and the file it names with the rest.
      if (!metaPromise) metaPromise = getJSON("search/index.json").then(function (entry) {
        return getJSON("search/m/" + entry.meta + ".json").then(function (rest) { return Object.assign(rest, entry); });
      }).then(function (m) {
        m.stop = new Set(m.stopWords);
        // Group numbers (gaps between them) and each one's facet, in group order; a group's
        // facet is looked up by its number.
        var at = -1;
        m.groupList = decodeNumbers(m.groupIDs).map(function (gap) { return (at += gap + 1); });
        m.groupFacet = [];
        decodeNumbers(m.groupFacets).forEach(function (f, i) { m.groupFacet[m.groupList[i]] = f; });
        m.bookList = [];
        // The scopes (each translation), with their language's rules (SearchLanguage), and the
        // shared documents' rules: a scope's term is "!<id> <term>".
        m.scopeList = (m.scopes || []).map(function (x, i) {
          return { index: i, id: x[0], label: x[1], language: x[2], stop: new Set(x[3]), keep: x[4], endings: x[5], books: x[6], terms: x[7], base: x[8], unmarked: !!x[9], prefix: "!" + x[0] + " " };
        });
        var sharedShards = shardList(m);
        // The shared documents' languages (a facet's last number) and their rules.
        m.languageList = (m.languages || [["", [], "", [], 0]]).map(function (x, i) {
          return { index: -1, lang: i, id: "", language: x[0], stop: new Set(m.stopWords.concat(x[1])), keep: x[2], endings: x[3], unmarked: !!x[4], prefix: "", base: 0, shards: sharedShards };
        });
        // Where each group's hash is: the entry has the shared groups', each scope's terms file
        // its own (in group order both).
        m.groupHash = [];
        fillHashes(m, -1, m.groups);
        m.numberedList = m.numbered.map(function (n) { return { label: n[0], words: n[1], path: n[2], min: n[3], max: n[4], docs: decodeNumbers(n[5]) }; });
        meta = m;
        return m;
      });
      return metaPromise;
    }
    function fillHashes(m, scope, hashes) {
      var at = 0;
      for (var i = 0; i < m.groupList.length; i++) {
        var g = m.groupList[i];
        if (m.facets[m.groupFacet[g]][4] !== scope) continue;
        m.groupHash[g] = hashes.substr(at, 8);
        at += 8;
      }
    }
    // A list of term shards, [[first term (without the scope's prefix), hash], ...], from its
    // two strings: the first terms joined by spaces and the hashes, ten hex digits each.
    function shardList(x) {
      return x.shardHashes ? x.shards.split(" ").map(function (first, i) { return [first, x.shardHashes.substr(i * 10, 10)]; }) : [];
    }
    // A scope's term shards and part hashes (search/s/), once.
    function loadScope(rules) {
      if (!rules.loading) rules.loading = rules.shards ? Promise.resolve() : getJSON("search/s/" + rules.terms + ".json").then(function (t) {
        rules.shards = shardList(t);
        fillHashes(meta, rules.index, t.groups);
      }).catch(function (e) { rules.loading = null; throw e; });
      return rules.loading;
    }
    // The books a reference names: the shared ones and those of the scope the reader is in.
    var booksPromises = {};
    function booksOf(scope) {
      var key = scope ? scope.id : "";
      if (!booksPromises[key]) booksPromises[key] = Promise.all([meta.books].concat(scope ? [scope.books] : []).map(function (hash) {
        return getJSON("search/r/" + hash + ".json");
      })).then(function (files) {
        return [].concat.apply([], files).map(function (b) { return { name: b[0], url: b[1], aliases: b[2], verses: decodeNumbers(b[3]), groups: decodeNumbers(b[4]), borrowed: !!b[5], verseName: b[6] }; });
      });
      return booksPromises[key];
    }
    function loadBooks(scope) { return booksOf(scope).then(function (list) { meta.bookList = list; }); }
    // What a verse is called, from its id alone (its group is its chapter, its place its verse
    // number - 1): offline, a result whose text is not saved still says "Psalm 23:1".
    function referenceOf(doc) {
      var scope = meta.scopeList[facetOf(doc)[4]];
      if (!scope) return Promise.resolve(null);
      var g = groupOf(doc) + 1;
      return booksOf(scope).then(function (list) {
        for (var i = 0; i < list.length; i++) {
          var ch = list[i].groups.indexOf(g);
          if (ch >= 0 && !list[i].borrowed) {
            var verse = doc % meta.groupSize + 1;
            return { title: S.reference({ book: list[i].verseName || list[i].name, chapter: ch + 1, verse: verse }), url: refURL(list[i], ch + 1, verse) };
          }
        }
        return null;
      });
    }
    function scopeOf(id) { return meta.scopeList.filter(function (x) { return x.id === id; })[0] || meta.scopeList[0] || null; }
    // A shard of a list (the shared one or a scope's), by the hash that names its file.
    function shardIndex(shards, term) {
      var lo = 0, hi = shards.length - 1;
      while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (shards[mid][0] <= term) lo = mid; else hi = mid - 1; }
      return shards[lo] ? shards[lo][1] : null;
    }
    function loadShard(hash) {
      if (!shardCache[hash]) shardCache[hash] = getJSON("search/t/" + hash + ".json");
      return shardCache[hash];
    }
    // A document's group is its id / groupSize; its part, its place in the group / partSize.
    function groupOf(doc) { return Math.floor(doc / meta.groupSize); }
    function partKey(doc) { return groupOf(doc) + "-" + Math.floor((doc % meta.groupSize) / meta.partSize); }
    function rowOf(rows, doc) { return rows[(doc % meta.groupSize) % meta.partSize]; }
    function loadPart(key) {
      if (!partCache[key]) {
        var gp = key.split("-"), g = Number(gp[0]), scope = meta.facets[meta.groupFacet[g]][4];
        // A failure is not kept: offline, a part not saved on the device loads once back online.
        partCache[key] = (scope >= 0 ? loadScope(meta.scopeList[scope]) : Promise.resolve()).then(function () {
          return getJSON("search/d/" + key + "-" + meta.groupHash[g] + ".json");
        })
          .catch(function (e) { delete partCache[key]; throw e; });
      }
      return partCache[key];
    }

    // ---- references (the grammar lives here alone; docs/search.md lists what it reads) ----
    var ORDINALS = { "1st": "1", first: "1", i: "1", "2nd": "2", second: "2", ii: "2", "3rd": "3", third: "3", iii: "3" };
    function normalizeRef(q) {
      var s = fold(q).replace(/[.,\u00a0\t\n]/g, " ").replace(/[\u2010-\u2014]/g, "-");
      var w = s.split(" ").filter(Boolean);
      if (w.length >= 2 && ORDINALS[w[0]] && /^\p{L}/u.test(w[1])) w[0] = ORDINALS[w[0]];
      if (w.length && /^[123]\p{L}+$/u.test(w[0])) w.splice(0, 1, w[0][0], w[0].slice(1));
      return w.join(" ").replace(/ ?([:-]) ?/g, "$1");
    }
    function refMatch(query) {
      var q = normalizeRef(query), w = q.split(" ").filter(Boolean), last = w.pop();
      if (last === undefined) return null;
      var digits = last.replace(/^#/, "");
      if (/^[0-9]+$/.test(digits) && w.length <= 1) {
        var n = parseInt(digits, 10);
        for (var k = 0; k < meta.numberedList.length; k++) {
          var item = meta.numberedList[k];
          if (n >= item.min && n <= item.max && (!w.length || item.words.indexOf(w[0]) >= 0)) return { numbered: item, number: n };
        }
      }
      if (!w.length) return null;
      var text = last, spaced = false;
      if (w.length >= 2 && /^[0-9]+$/.test(w[w.length - 1]) && last.indexOf(":") < 0) { text = w.pop() + ":" + last; spaced = true; }
      var pieces = text.split("-");
      if (pieces.length > 2) return null;
      function parts(p) { return /^[0-9]+(:[0-9]+)?$/.test(p) ? p.split(":").map(Number) : null; }
      var from = parts(pieces[0]);
      if (!from) return null;
      var ch = from[0], v = from.length > 1 ? from[1] : null, toCh = null, toV = null;
      if (pieces.length === 2) {
        var to = parts(pieces[1]);
        if (!to) return null;
        if (to.length === 2) { toCh = to[0]; toV = to[1]; } else if (from.length === 2) toV = to[0]; else toCh = to[0];
      }
      var key = w.join(" ");
      if (!/\p{L}/u.test(key)) return null;
      var books = meta.bookList, cands = [];
      books.forEach(function (b, i) { if (b.aliases.indexOf(key) >= 0) cands.push(i); });
      if (!cands.length && key.replace(/[^\p{L}]/gu, "").length >= 2) {
        books.forEach(function (b, i) { if (!b.borrowed && b.aliases.some(function (a) { return a.indexOf(key) === 0; })) cands.push(i); });
      }
      if (!cands.length) return null;
      if (cands.length > 1) return { ambiguous: cands.map(function (i) { return books[i]; }), chapter: ch, verse: v };
      var book = books[cands[0]], colon = from.length === 2 || spaced;
      if (book.verses.length === 1 && v === null && !colon && (ch > 1 || toCh !== null)) {
        v = ch; ch = 1;
        if (toCh !== null) { toV = toCh; toCh = null; }
      }
      if (ch < 1 || ch > book.verses.length) return null;
      if (v !== null && (v < 1 || v > book.verses[ch - 1])) return null;
      if (toCh !== null) {
        if (toCh < ch || toCh > book.verses.length) return null;
        if (toV !== null && (toV < 1 || toV > book.verses[toCh - 1])) return null;
      } else if (toV !== null && (v === null || toV < v || toV > book.verses[ch - 1])) return null;
      return { book: book, chapter: ch, verse: v, toChapter: toCh, toVerse: toV };
    }
    // A match as the pages write a reference (the page's `ref.*` words, sitegen.reference); a
    // chapter to a verse of another ("John 3-4:2") starts at the chapter's first verse.
    function refTitle(m) {
      var verse = m.verse === null && m.toVerse !== null && m.toVerse !== undefined ? 1 : m.verse;
      return S.reference({ book: m.book.name, chapter: m.chapter, verse: verse, toChapter: m.toChapter, toVerse: m.toVerse });
    }
    // A chapter's or a verse's address: the book's verse address as the build wrote it
    // (BiblePaths.verseTemplate, "bible/john/{chapter}/#v{verse}") filled; a chapter's is its
    // first line without the fragment.
    function refURL(book, ch, v) {
      var url = S.fill(book.url, { chapter: ch, verse: v });
      return v ? url : url.split("#")[0];
    }

    // ---- query ----
    // Slots: the query's words that are not stop words, each with its position among all the
    // query's words; quoted words must appear as one phrase.
    // rules: the shared documents' or a scope's (folding, stop words, stems, term prefix).
    function parseQuery(q, rules) {
      var quoted = /"/.test(q) || /\u201c|\u201d/.test(q);
      var ws = words(q.replace(/[\u201c\u201d]/g, '"'), rules.keep).filter(function (x) { return !x.compound; });
      var truncated = ws.length > MAX_WORDS;
      ws = ws.slice(0, MAX_WORDS);
      var slots = [];
      ws.forEach(function (x) { if (!rules.stop.has(x.w)) slots.push({ w: stem(x.w, rules.endings), qpos: x.pos, rules: rules }); });
      var prefix = !quoted && slots.length && /[\p{L}\p{N}]$/u.test(q) && slots[slots.length - 1].qpos === ws[ws.length - 1].pos;
      if (prefix) slots[slots.length - 1].prefix = true;
      return { words: ws, slots: slots, phrase: quoted, truncated: truncated };
    }
    function editDistance1or2(a, b, max) {
      if (Math.abs(a.length - b.length) > max) return false;
      var prev = [], cur, i, j;
      for (j = 0; j <= b.length; j++) prev.push(j);
      for (i = 1; i <= a.length; i++) {
        cur = [i];
        var best = i;
        for (j = 1; j <= b.length; j++) {
          var cost = a[i - 1] === b[j - 1] ? 0 : 1;
          cur.push(Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], prevprev[j - 2] + 1);
          best = Math.min(best, cur[j]);
        }
        if (best > max) return false;
        var prevprev = prev;
        prev = cur;
      }
      return prev[b.length] <= max;
    }
    // The King James forms for English words only (the shared rules and English scopes).
    function kinds(slot) { return /^(en(-|$)|$)/i.test(slot.rules.language) ? variants(slot.w) : []; }
    function shardsFor(slot) {
      var list = slot.rules.shards, find = function (t) { return shardIndex(list, t); };
      var need = [find(slot.w)];
      kinds(slot).forEach(function (v) { need.push(find(v)); });
      if (slot.prefix && slot.w.length >= 2) {
        var hashes = list.map(function (x) { return x[1]; }), first = hashes.indexOf(need[0]), last = hashes.indexOf(find(slot.w + "\uffff"));
        if (last - first <= 2) for (var s = first; s <= last; s++) need.push(hashes[s]);
      }
      return need.filter(function (s, i) { return s && need.indexOf(s) === i; });
    }
    // The forms of a slot found in the loaded shards, each with its weight.
    // Terms are compared without their scope's prefix; a form's term is what the excerpt marks.
    function forms(slot, shards) {
      var found = {}, all = {}, P = slot.rules.prefix;
      shards.forEach(function (sh) { for (var t in sh) if (t.indexOf(P) === 0 && (P || t[0] !== "!")) all[t.slice(P.length)] = sh[t]; });
      if (all[slot.w] !== undefined) found[slot.w] = 1;
      kinds(slot).forEach(function (v) { if (all[v] !== undefined) found[v] = 0.7; });
      if (slot.prefix) for (var t in all) if (t !== slot.w && t.indexOf(slot.w) === 0) found[t] = found[t] || 0.6;
      // "karlek" finds "kärlek" (indexed as "karlek$" too), weighed as a typo.
      if (slot.rules.unmarked && all[slot.w + UNMARKED] !== undefined) found[slot.w + UNMARKED] = 0.5;
      if (!Object.keys(found).length && slot.w.length >= 4) {
        var max = slot.w.length >= 8 ? 2 : 1;
        for (var t2 in all) if (editDistance1or2(slot.w, t2, max)) found[t2] = 0.5;
      }
      var list = [];
      for (var f in found) list.push({ term: f, weight: found[f], postings: all[f] });
      return list;
    }

    // One set of rules over its terms: the shared documents, or one scope's.
    function searchWith(q, rules) {
      var parsed = parseQuery(q, rules);
      var slots = parsed.slots;
      if (!slots.length) return Promise.resolve({ parsed: parsed, results: [], complete: false });
      return loadScope(rules).then(function () { return searchLoaded(parsed, rules); });
    }
    function searchLoaded(parsed, rules) {
      var slots = parsed.slots;
      var langs = rules.langs, other = langs ? function (doc) { return langs.indexOf(facetOf(doc)[5]) < 0; } : null;
      var uniq = [];
      slots.forEach(function (s) { if (!uniq.some(function (u) { return u.w === s.w && !!u.prefix === !!s.prefix; })) uniq.push(s); });
      return Promise.all(uniq.map(function (s) { return Promise.all(shardsFor(s).map(loadShard)); })).then(function (loaded) {
        var N = meta.documents, byDoc = new Map();
        var slotForms = slots.map(function (s) {
          var u = uniq.findIndex(function (x) { return x.w === s.w && !!x.prefix === !!s.prefix; });
          return forms(s, loaded[u]);
        });
        var idf = slotForms.map(function (fs) {
          var df = 0;
          fs.forEach(function (f) { f.docs = f.docs || decodePostings(f.postings, rules.base); df += f.docs.length; });
          return Math.log(1 + N / (1 + df));
        });
        slotForms.forEach(function (fs, k) {
          fs.forEach(function (f) {
            f.docs.forEach(function (d) {
              if (other && other(d.doc)) return;
              var e = byDoc.get(d.doc);
              if (!e) { e = { doc: d.doc, len: d.len, slots: new Array(slots.length) }; byDoc.set(d.doc, e); }
              var s = e.slots[k] || (e.slots[k] = { weight: 0, pos: [] });
              s.weight = Math.max(s.weight, f.weight);
              s.pos = s.pos.concat(d.pos);
              s.terms = (s.terms || []).concat([f.term]);
            });
          });
        });
        var entries = Array.from(byDoc.values()), n = slots.length;
        var complete = entries.filter(function (e) { for (var k = 0; k < n; k++) if (!e.slots[k]) return false; return true; });
        if (complete.length) entries = complete;
        var idfSum = idf.reduce(function (a, b) { return a + b; }, 0) || 1;
        var results = [], anyFull = false;
        entries.forEach(function (e) {
          var cover = 0, exact = 0;
          for (var k = 0; k < n; k++) if (e.slots[k]) { cover += idf[k]; exact += e.slots[k].weight; }
          var pairs = 0, full = false;
          if (n > 1 && complete.length) {
            for (k = 0; k + 1 < n; k++) {
              var gap = slots[k + 1].qpos - slots[k].qpos, next = new Set(e.slots[k + 1].pos);
              if (e.slots[k].pos.some(function (p) { return next.has(p + gap); })) pairs++;
            }
            var sets = e.slots.map(function (s) { return new Set(s.pos); });
            full = e.slots[0].pos.some(function (a) {
              for (var j = 1; j < n; j++) if (!sets[j].has(a + slots[j].qpos - slots[0].qpos)) return false;
              return true;
            });
          } else if (n === 1) full = true;
          if (parsed.phrase && !full) return;
          var score = (facetOf(e.doc)[3] || 0) + 10 * cover / idfSum + 4 * exact / n + (n > 1 ? 6 * pairs / (n - 1) + (full ? 6 : 0) : 0) + 3 * 8 / (8 + e.len);
          results.push({ doc: e.doc, score: score, terms: e.slots });
          if (full) anyFull = true;
        });
        return { parsed: parsed, results: results, complete: complete.length > 0, phrase: anyFull };
      });
    }
    // The shared languages grouped by how they read the query (an ASCII query reads alike in
    // English and Finnish: one pass), each group over its own languages' documents.
    function sharedRules(q) {
      var groups = [], keys = [];
      meta.languageList.forEach(function (r) {
        var key = JSON.stringify(parseQuery(q, r).slots.map(function (s) { return [s.w, !!s.prefix]; })), at = keys.indexOf(key);
        if (at < 0) { keys.push(key); groups.push(Object.assign({}, r, { langs: [r.lang] })); return; }
        groups[at].langs.push(r.lang);
        groups[at].unmarked = groups[at].unmarked || r.unmarked;
      });
      if (groups.length === 1) groups[0].langs = null;
      return groups;
    }
    function byScore(a, b) { return b.score - a.score || a.doc - b.doc; }
    // The shared documents and the scopes given (the reader's translation first); when none of
    // them has a document with the query's words in its order, the other scopes too ("love is
    // patient" is the WEB's, not the KJV's), unless `alone`. Documents with every word are kept
    // if there are any.
    function search(q, scopes, alone) {
      var all = meta.scopeList, want = (scopes || []).filter(Boolean);
      function over(list) { return Promise.all(list.map(function (r) { return searchWith(q, r); })); }
      return over(sharedRules(q).concat(want)).then(function (done) {
        if (alone || done.some(function (d) { return d.complete && d.phrase; }) || want.length >= all.length || !done[0].parsed.slots.length) return [done, want];
        var rest = all.filter(function (x) { return want.indexOf(x) < 0; });
        return over(rest).then(function (more) { return [done.concat(more), want.concat(rest)]; });
      }).then(function (pair) {
        var done = pair[0], complete = done.some(function (d) { return d.complete; }), results = [];
        done.forEach(function (d) { if (!complete || d.complete) results = results.concat(d.results); });
        results.sort(byScore);
        return { parsed: done[0].parsed, results: results, complete: complete, scopes: pair[1] };
      });
    }

    // The query's words (stop words included) in a row in the document's text: what the index
    // cannot tell, as it does not hold the stop words.
    function exactPhrase(text, qwords) {
      var dw = words(text).filter(function (x) { return !x.compound; }).map(function (x) { return x.w; });
      // Both by the shared folding ("kärlek" as the text's "karlek").
      var q = qwords.map(function (x) { return fold(x.w); });
      outer: for (var i = 0; i + q.length <= dw.length; i++) {
        for (var j = 0; j < q.length; j++) if (dw[i + j] !== q[j] && !(j === q.length - 1 && dw[i + j].indexOf(q[j]) === 0)) continue outer;
        return true;
      }
      return false;
    }
    function docText(doc) {
      return loadPart(partKey(doc)).then(function (rows) { return rowOf(rows, doc)[2]; });
    }
    // A quoted phrase keeps only the documents that have it word for word (up to 80 candidates
    // are read); otherwise the first results are reordered so the exact phrase comes first.
    function verify(found) {
      var qw = found.parsed.words;
      if (qw.length < 2 || !found.results.length) return Promise.resolve(found);
      var check = found.parsed.phrase ? found.results.slice(0, 80) : found.results.slice(0, EAGER);
      return Promise.all(check.map(function (r) { return docText(r.doc).catch(function () { return null; }); })).then(function (texts) {
        // A text not saved on the device (offline) cannot be checked: kept, not dropped.
        check.forEach(function (r, i) { r.exact = texts[i] !== null && exactPhrase(texts[i], qw); if (r.exact) r.score += 8; });
        if (found.parsed.phrase) found.results = check.filter(function (r, i) { return r.exact || texts[i] === null; });
        else found.results = check.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; }).concat(found.results.slice(EAGER));
        return found;
      });
    }
    // A document's facet: [kind, book, testament, boost, scope index or -1].
    function facetOf(doc) { return meta.facets[meta.groupFacet[Math.floor(doc / meta.groupSize)]]; }

    return {
      EAGER: EAGER, MAX_WORDS: MAX_WORDS, get meta() { return meta; },
      UNMARKED: UNMARKED, loadMeta: loadMeta, loadBooks: loadBooks, loadScope: loadScope, referenceOf: referenceOf, loadPart: loadPart, isLoaded: function (key) { return !!partCache[key]; },
      partKey: partKey, rowOf: rowOf, facetOf: facetOf, normalizeRef: normalizeRef, refMatch: refMatch, scopeOf: scopeOf,
      refTitle: refTitle, refURL: refURL, search: search, verify: verify, docText: docText
    };
  };
})();
