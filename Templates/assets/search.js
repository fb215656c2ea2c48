// sitegen search: the /search/ page. Plain JavaScript, no build step, no WASM.
// Reads search/index.json (small, fixed name), then only the shards a query needs:
// term shards search/t/<hash>.json and the parts of document groups,
// search/d/<group>-<part>-<hash>.json, 16 documents each (docs/search.md).
// The word rules (tokenize, fold, -eth/-est) are search-words.js's (SitegenWords/SearchText.swift);
// the reference rules follow Sources/SitegenSearch/ReferenceQuery.swift.
(function () {
  "use strict";
  var page = document.querySelector("[data-search]");
  if (!page) return;
  var base = page.getAttribute("data-base") || "/";
  var input = page.querySelector("[data-search-input]");
  var form = page.querySelector("[data-search-form]");
  var out = page.querySelector("[data-search-results]");
  var filtersBox = page.querySelector("[data-search-filters]");
  var status = page.querySelector("[data-search-status]");
  // Ten results a page; the first five are read (and reordered by exact phrase) at once, the
  // others' excerpts when they scroll into view, so a query downloads only what is seen.
  var PAGE = 10, EAGER = 5, MAX_WORDS = 24;

  // The word rules (fold, words, the -eth/-est variants): search-words.js, DOM-free.
  var W = window.sitegen.searchWords, fold = W.fold, words = W.words, variants = W.variants;

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
  // Postings: per document: id delta, length, first position + 1, position deltas, 0.
  function decodePostings(s) {
    var n = decodeNumbers(s), docs = [], doc = 0, i = 0;
    while (i < n.length) {
      doc += n[i];
      var len = n[i + 1], p = n[i + 2] - 1, positions = [p];
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
    if (!metaPromise) metaPromise = getJSON("search/index.json").then(function (m) {
      m.stop = new Set(m.stopWords);
      m.groupFacet = decodeNumbers(m.groupFacets);
      m.partStart = [0];
      decodeNumbers(m.groupParts).forEach(function (n, g) { m.partStart.push(m.partStart[g] + n); });
      m.bookList = [];
      m.numberedList = m.numbered.map(function (n) { return { label: n[0], words: n[1], path: n[2], min: n[3], max: n[4], docs: decodeNumbers(n[5]) }; });
      meta = m;
      return m;
    });
    return metaPromise;
  }
  var booksPromise = null;
  function loadBooks() {
    if (!booksPromise) booksPromise = getJSON("search/r/" + meta.books + ".json").then(function (books) {
      meta.bookList = books.map(function (b) { return { name: b[0], path: b[1], aliases: b[2], verses: decodeNumbers(b[3]), groups: decodeNumbers(b[4]) }; });
    });
    return booksPromise;
  }
  function shardIndex(term) {
    var lo = 0, hi = meta.shards.length - 1;
    while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (meta.shards[mid][0] <= term) lo = mid; else hi = mid - 1; }
    return lo;
  }
  function loadShard(i) {
    if (!shardCache[i]) shardCache[i] = getJSON("search/t/" + meta.shards[i][1] + ".json");
    return shardCache[i];
  }
  // A document's group is its id / groupSize; its part, its place in the group / partSize.
  function groupOf(doc) { return Math.floor(doc / meta.groupSize); }
  function partKey(doc) { return groupOf(doc) + "-" + Math.floor((doc % meta.groupSize) / meta.partSize); }
  function rowOf(rows, doc) { return rows[(doc % meta.groupSize) % meta.partSize]; }
  function loadPart(key) {
    if (!partCache[key]) {
      var gp = key.split("-"), i = meta.partStart[Number(gp[0])] + Number(gp[1]);
      // A failure is not kept: offline, a part not saved on the device loads once back online.
      partCache[key] = getJSON("search/d/" + key + "-" + meta.groups.substr(i * 8, 8) + ".json")
        .catch(function (e) { delete partCache[key]; throw e; });
    }
    return partCache[key];
  }

  // ---- references (ReferenceQuery.swift) ----
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
      books.forEach(function (b, i) { if (b.aliases.some(function (a) { return a.indexOf(key) === 0; })) cands.push(i); });
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
  function refTitle(m) {
    var t = m.book.name + " " + m.chapter;
    if (m.verse !== null) t += ":" + m.verse;
    if (m.toChapter !== null) t += "\u2013" + m.toChapter + (m.toVerse !== null ? ":" + m.toVerse : "");
    else if (m.toVerse !== null) t += "\u2013" + m.toVerse;
    return t;
  }
  function refURL(book, ch, v) { return book.path + ch + "/" + (v ? "#v" + v : ""); }

  // ---- query ----
  // Slots: the query's words that are not stop words, each with its position among all the
  // query's words; quoted words must appear as one phrase.
  function parseQuery(q) {
    var quoted = /"/.test(q) || /\u201c|\u201d/.test(q);
    var ws = words(q.replace(/[\u201c\u201d]/g, '"')).filter(function (x) { return !x.compound; });
    var truncated = ws.length > MAX_WORDS;
    ws = ws.slice(0, MAX_WORDS);
    var slots = [], seen = {};
    ws.forEach(function (x) { if (!meta.stop.has(x.w)) slots.push({ w: x.w, qpos: x.pos }); });
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
  function shardsFor(slot) {
    var need = [shardIndex(slot.w)];
    variants(slot.w).forEach(function (v) { need.push(shardIndex(v)); });
    if (slot.prefix && slot.w.length >= 2) {
      var last = shardIndex(slot.w + "\uffff");
      if (last - need[0] <= 2) for (var s = need[0]; s <= last; s++) need.push(s);
    }
    return need.filter(function (s, i) { return need.indexOf(s) === i; });
  }
  // The forms of a slot found in the loaded shards, each with its weight.
  function forms(slot, shards) {
    var found = {}, all = {};
    shards.forEach(function (sh) { for (var t in sh) all[t] = sh[t]; });
    if (all[slot.w] !== undefined) found[slot.w] = 1;
    variants(slot.w).forEach(function (v) { if (all[v] !== undefined) found[v] = 0.7; });
    if (slot.prefix) for (var t in all) if (t !== slot.w && t.indexOf(slot.w) === 0) found[t] = found[t] || 0.6;
    if (!Object.keys(found).length && slot.w.length >= 4) {
      var max = slot.w.length >= 8 ? 2 : 1;
      for (var t2 in all) if (editDistance1or2(slot.w, t2, max)) found[t2] = 0.5;
    }
    var list = [];
    for (var f in found) list.push({ term: f, weight: found[f], postings: all[f] });
    return list;
  }

  function search(q) {
    var parsed = parseQuery(q);
    var slots = parsed.slots;
    if (!slots.length) return Promise.resolve({ parsed: parsed, results: [] });
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
        fs.forEach(function (f) { f.docs = f.docs || decodePostings(f.postings); df += f.docs.length; });
        return Math.log(1 + N / (1 + df));
      });
      slotForms.forEach(function (fs, k) {
        fs.forEach(function (f) {
          f.docs.forEach(function (d) {
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
      var results = [];
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
      });
      results.sort(function (a, b) { return b.score - a.score || a.doc - b.doc; });
      return { parsed: parsed, results: results, complete: complete.length > 0 };
    });
  }

  // The query's words (stop words included) in a row in the document's text: what the index
  // cannot tell, as it does not hold the stop words.
  function exactPhrase(text, qwords) {
    var dw = words(text).filter(function (x) { return !x.compound; }).map(function (x) { return x.w; });
    var q = qwords.map(function (x) { return x.w; });
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

  // ---- showing ----
  var el = window.sitegen.el;
  function excerpt(text, marks, limit) {
    var p = el("p", { "class": "search-excerpt" });
    var spans = words(text).filter(function (x) { return !x.compound && marks.has(x.w); });
    var from = 0, to = text.length;
    if (text.length > limit) {
      var first = spans.length ? spans[0].start : 0;
      from = Math.max(0, first - 60);
      while (from > 0 && !/\s/.test(text[from - 1])) from--;
      to = Math.min(text.length, from + limit);
    }
    var at = from;
    if (from > 0) p.appendChild(document.createTextNode("\u2026"));
    spans.forEach(function (s) {
      if (s.start < at || s.end > to) return;
      p.appendChild(document.createTextNode(text.slice(at, s.start)));
      p.appendChild(el("mark", null, text.slice(s.start, s.end)));
      at = s.end;
    });
    p.appendChild(document.createTextNode(text.slice(at, to)));
    if (to < text.length) p.appendChild(document.createTextNode("\u2026"));
    return p;
  }
  function resultItem(url, title, kind, text, marks) {
    var li = el("li", { "class": "search-result" });
    var a = el("a", { href: base + url }, title);
    li.appendChild(a);
    li.appendChild(el("span", { "class": "search-kind" }, kind));
    if (text) li.appendChild(excerpt(text, marks, 220));
    return li;
  }

  var state = { results: [], shown: 0, kind: -1, facet: -1, section: "", marks: new Set(), refs: [] };
  function facetOf(doc) { return meta.facets[meta.groupFacet[Math.floor(doc / meta.groupSize)]]; }
  function filtered() {
    return state.results.filter(function (r) {
      var f = facetOf(r.doc);
      if (state.kind >= 0 && f[0] !== state.kind) return false;
      if (state.section && f[2] !== state.section) return false;
      if (state.facet >= 0 && meta.groupFacet[Math.floor(r.doc / meta.groupSize)] !== state.facet) return false;
      return true;
    });
  }
  // One formatter for every count: toLocaleString builds a new one per call, which costs more
  // than the rest of a keystroke's summary.
  var NUMBER = new Intl.NumberFormat("en");
  function plural(n, one, many) { return NUMBER.format(n) + " " + (n === 1 ? one : many); }
  function summary(list) {
    var groups = new Set(), facets = new Set(), bible = meta.kinds.indexOf("Bible");
    var onlyBible = list.length && list.every(function (r) { return facetOf(r.doc)[0] === bible; });
    list.forEach(function (r) { groups.add(Math.floor(r.doc / meta.groupSize)); facets.add(facetOf(r.doc)[1]); });
    if (onlyBible) return plural(list.length, "verse", "verses") + " in " + plural(groups.size, "chapter", "chapters") + " of " + plural(facets.size, "book", "books");
    return plural(list.length, "result", "results");
  }
  function renderFilters() {
    filtersBox.textContent = "";
    if (!state.results.length) return;
    var counts = meta.kinds.map(function () { return 0; });
    state.results.forEach(function (r) { counts[facetOf(r.doc)[0]]++; });
    var group = el("div", { "class": "search-kinds", role: "group", "aria-label": "Show" });
    function button(label, count, kind) {
      var b = el("button", { type: "button", "class": "search-filter", "aria-pressed": String(state.kind === kind), "data-kind": String(kind), "data-kind-name": kind < 0 ? "All" : meta.kinds[kind] });
      b.appendChild(document.createTextNode(label + " "));
      b.appendChild(el("span", { "class": "search-count", "data-count": String(count) }, String(count)));
      b.addEventListener("click", function () { state.kind = kind; state.facet = -1; state.section = ""; show(); });
      return b;
    }
    group.appendChild(button("All", state.results.length, -1));
    meta.kinds.forEach(function (k, i) { if (counts[i]) group.appendChild(button(k, counts[i], i)); });
    filtersBox.appendChild(group);
    var bible = meta.kinds.indexOf("Bible");
    if (state.kind === bible && bible >= 0) {
      var sections = {}, facets = {};
      state.results.forEach(function (r) {
        var fi = meta.groupFacet[Math.floor(r.doc / meta.groupSize)], f = meta.facets[fi];
        if (f[0] !== bible) return;
        sections[f[2]] = (sections[f[2]] || 0) + 1;
        if (!state.section || f[2] === state.section) facets[fi] = (facets[fi] || 0) + 1;
      });
      var row = el("div", { "class": "search-bible-filters" });
      var ls = el("label", { "for": "search-testament" }, "Testament "), ss = el("select", { id: "search-testament" });
      ss.appendChild(el("option", { value: "" }, "Both testaments"));
      Object.keys(sections).forEach(function (s) { var o = el("option", { value: s }, s + " (" + sections[s] + ")"); if (s === state.section) o.selected = true; ss.appendChild(o); });
      ss.addEventListener("change", function () { state.section = ss.value; state.facet = -1; show(); });
      var lb = el("label", { "for": "search-book" }, "Book "), sb = el("select", { id: "search-book" });
      sb.appendChild(el("option", { value: "-1" }, "All books"));
      Object.keys(facets).map(Number).sort(function (a, b) { return a - b; }).forEach(function (fi) {
        var o = el("option", { value: String(fi) }, meta.facets[fi][1] + " (" + facets[fi] + ")");
        if (fi === state.facet) o.selected = true;
        sb.appendChild(o);
      });
      sb.addEventListener("change", function () { state.facet = Number(sb.value); show(); });
      row.appendChild(ls); row.appendChild(ss); row.appendChild(lb); row.appendChild(sb);
      filtersBox.appendChild(row);
    }
  }
  var renderSeq = 0;
  function show() {
    var seq = ++renderSeq;
    renderFilters();
    var list = filtered(), upto = Math.max(state.shown, PAGE);
    var top = list.slice(0, upto);
    var keys = [];
    top.forEach(function (r, i) { var k = partKey(r.doc); if ((i < EAGER || partCache[k]) && keys.indexOf(k) < 0) keys.push(k); });
    state.refs.forEach(function (ref) { (ref.parts || []).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
    return Promise.all(keys.map(function (k) { return loadPart(k).catch(function () { return null; }); })).then(function (loaded) {
      if (seq !== renderSeq) return;
      var docs = {};
      keys.forEach(function (k, i) { docs[k] = loaded[i]; });
      out.textContent = "";
      var ol = el("ol", { "class": "search-list" });
      state.refs.forEach(function (ref) { ol.appendChild(ref.render(docs)); });
      top.forEach(function (r) {
        var k = partKey(r.doc), f = facetOf(r.doc);
        var kind = meta.kinds[f[0]] + (f[1] && meta.kinds[f[0]] !== f[1] ? " \u00b7 " + f[1] : "");
        if (docs[k]) {
          var d = rowOf(docs[k], r.doc);
          ol.appendChild(resultItem(d[0], d[1], kind, d[2], state.marks));
        } else {
          ol.appendChild(lazyItem(r.doc, kind, seq));
        }
      });
      var said = list.length ? summary(list) : "";
      var head = el("p", { "class": "search-summary" }, said + (list.length > top.length ? ", the first " + top.length + " shown" : ""));
      if (list.length || state.refs.length) { out.appendChild(head); out.appendChild(ol); }
      state.shown = top.length;
      if (list.length > top.length) {
        var more = el("button", { type: "button", "class": "search-more" }, "Show more");
        more.addEventListener("click", function () { state.shown += PAGE; show(); });
        out.appendChild(more);
      }
      say(state.message || (list.length || state.refs.length ? (state.refs.length ? "Go to " + state.refs[0].title + (list.length ? "; " : "") : "") + said : ""));
      out.setAttribute("aria-busy", "false");
    });
  }
  // A result whose group is not loaded yet (its link, title and text are all in the group's
  // file): filled in when it comes near the view.
  var observer = "IntersectionObserver" in window ? new IntersectionObserver(function (entries) {
    entries.forEach(function (e) { if (e.isIntersecting) { observer.unobserve(e.target); e.target.load(); } });
  }, { rootMargin: "200px" }) : null;
  function lazyItem(doc, kind, seq) {
    var li = el("li", { "class": "search-result search-pending" });
    li.appendChild(el("span", { "class": "search-kind" }, kind));
    li.load = function () {
      loadPart(partKey(doc)).then(function (rows) {
        if (seq !== renderSeq) return;
        var d = rowOf(rows, doc), full = resultItem(d[0], d[1], kind, d[2], state.marks);
        li.replaceWith(full);
      }).catch(function () {
        if (seq !== renderSeq) return;
        li.classList.remove("search-pending");
        li.appendChild(el("p", { "class": "search-excerpt" }, "Not saved on this device for offline use: this result shows once you are back online."));
      });
    };
    if (observer) observer.observe(li); else li.load();
    return li;
  }
  function say(text) { status.textContent = text; }
  function message(text) {
    out.setAttribute("aria-busy", "false");
    out.textContent = "";
    filtersBox.textContent = "";
    out.appendChild(el("p", { "class": "search-message" }, text));
    say(text);
  }

  function references(q) {
    var m = refMatch(q), refs = [];
    if (!m) return refs;
    if (m.numbered) {
      var url = m.numbered.path.replace("{n}", String(m.number));
      var first = m.numbered.docs[m.number - m.numbered.min];
      refs.push({ title: m.numbered.label + " " + m.number, parts: first ? [partKey(first - 1)] : [], render: function (docs) {
        var d = this.parts.length && (docs[this.parts[0]] || []).find(function (x) { return x[0] === url; });
        return resultItem(url, d ? d[1] : this.title, m.numbered.label, d ? d[2] : "", new Set());
      } });
    } else if (m.ambiguous) {
      refs.push({ title: "one of " + m.ambiguous.length + " books", render: function () {
        var li = el("li", { "class": "search-result search-choices" });
        li.appendChild(el("span", null, "Which book? "));
        m.ambiguous.forEach(function (b, i) {
          var one = b.verses.length === 1 && m.verse === null, ch = one ? 1 : Math.min(m.chapter, b.verses.length);
          var v = one ? Math.min(m.chapter, b.verses[0]) : (m.verse && m.verse <= b.verses[ch - 1] ? m.verse : null);
          if (i) li.appendChild(document.createTextNode(" \u00b7 "));
          li.appendChild(el("a", { href: base + refURL(b, ch, v) }, b.name + " " + ch + (v ? ":" + v : "")));
        });
        return li;
      } });
    } else {
      var title = refTitle(m), target = refURL(m.book, m.chapter, m.verse);
      var ref = { title: title, render: function (docs) {
        var rows = [];
        this.parts.forEach(function (k) { rows = rows.concat(docs[k] || []); });
        var text = rows.filter(function (d) { var v = Number(d[0].split("#v")[1]); return v >= from && v <= to; })
          .map(function (d) { return d[0].split("#v")[1] + " " + d[2]; }).join(" ");
        return resultItem(target, title, "Bible passage", text, new Set());
      } };
      // The parts of the chapter's group that hold the verses shown (a verse's place in its
      // chapter is its number - 1).
      var g = m.book.groups[m.chapter - 1], verses = m.book.verses[m.chapter - 1] || 1;
      var from = m.verse || 1, to = Math.min(verses, m.toChapter !== null ? 1e9 : (m.toVerse || m.verse || 3));
      ref.parts = [];
      if (g > 0) for (var p = Math.floor((from - 1) / meta.partSize); p <= Math.floor((Math.max(from, to) - 1) / meta.partSize); p++) ref.parts.push((g - 1) + "-" + p);
      refs.push(ref);
    }
    return refs;
  }
  var querySeq = 0, addressTimer = 0;
  // The address follows the query (a search is a link to share), once typing pauses: Chromium's
  // replaceState costs more than a keystroke's whole search.
  function keepInAddress(q, now) {
    clearTimeout(addressTimer);
    function write() {
      var url = new URL(window.location.href);
      if (q) url.searchParams.set("q", q); else url.searchParams.delete("q");
      history.replaceState(null, "", url.toString());
    }
    if (now) write(); else addressTimer = setTimeout(write, 250);
  }
  function run(q, push) {
    var seq = ++querySeq;
    if (push !== false) keepInAddress(q);
    var trimmed = q.trim();
    if (!trimmed) { state.results = []; state.refs = []; message("Type a word, a phrase in \u201cquotes\u201d, a Bible reference such as John 3:16 or Ps 23, or a hymn number."); return Promise.resolve(); }
    if (trimmed.length > 500) trimmed = trimmed.slice(0, 500);
    out.setAttribute("aria-busy", "true");
    return loadMeta().then(function () { return /[0-9]/.test(trimmed) ? loadBooks() : null; }).then(function () {
      var refs = references(trimmed);
      return search(trimmed).then(verify).then(function (found) {
        if (seq !== querySeq) return;
        state.results = found.results; state.refs = refs; state.kind = -1; state.facet = -1; state.section = ""; state.shown = 0;
        state.marks = new Set();
        found.results.slice(0, 200).forEach(function (r) { r.terms.forEach(function (s) { if (s) s.terms.forEach(function (t) { state.marks.add(t); }); }); });
        state.message = "";
        if (!found.results.length && !refs.length) {
          var allStop = found.parsed.words.length && !found.parsed.slots.length;
          message(allStop ? "\u201c" + trimmed.slice(0, 80) + "\u201d has only very common words (such as \u201cthe\u201d, \u201cand\u201d, \u201cof\u201d), which are not searched. Add a less common word, or put a phrase with one in quotes."
            : found.parsed.words.length ? "Nothing found for \u201c" + trimmed.slice(0, 80) + "\u201d. Check the spelling, or try fewer words."
            : "Type a word, a phrase in \u201cquotes\u201d, a Bible reference or a hymn number.");
          return;
        }
        if (found.parsed.truncated) state.message = "Only the first " + MAX_WORDS + " words were searched.";
        return show();
      });
    }).catch(function () {
      if (seq === querySeq) message("Search could not load its index. Check the connection and try again.");
    });
  }

  page.classList.add("search-ready");
  var initial = new URLSearchParams(window.location.search).get("q") || "";
  input.value = initial;
  input.addEventListener("input", function () { run(input.value); });
  form.addEventListener("submit", function (e) {
    e.preventDefault();
    keepInAddress(input.value, true);   // before going to a passage, so Back returns to this search
    run(input.value, false).then(function () {
      var first = out.querySelector(".search-result a");
      if (first && state.refs.length && !/choices/.test(first.parentNode.className)) window.location.href = first.href;
    });
  });
  if (initial) run(initial, false); else { run("", false); }
  window.sitegen.search = { run: run, refMatch: function (q) { return loadMeta().then(loadBooks).then(function () { return refMatch(q); }); },
    normalizeRef: normalizeRef, search: function (q) { return loadMeta().then(function () { return search(q); }); } };
})();
