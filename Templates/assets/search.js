// sitegen search: the /search/ page. Plain JavaScript, no build step, no WASM.
// Reads search/index.json (small, fixed name), then only the shards a query needs:
// term shards search/t/<hash>.json and the parts of document groups,
// search/d/<group>-<part>-<hash>.json, 16 documents each (docs/search.md).
// The word rules (tokenize, fold, -eth/-est) are search-words.js's (SitegenWords/SearchText.swift);
// the reference rules are search-engine.js's own (the spellings are the index's books files).
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
  // Ten results a page; the first EAGER are read (and reordered by exact phrase) at once, the
  // others' excerpts when they scroll into view, so a query downloads only what is seen.
  var PAGE = 10;
  // The engine (search-engine.js, DOM-free): loading, references, ranking; the words: search-words.js.
  var W = window.sitegen.searchWords, E = window.sitegen.searchEngine(base), words = W.words, stem = W.stem, fold = W.fold;
  // The translation the reader came from (the header box on its pages sends ?in=<id>): its
  // verses are searched, the others one tap away.
  var readerScope = new URLSearchParams(window.location.search).get("in");
  var EAGER = E.EAGER, MAX_WORDS = E.MAX_WORDS, loadBooks = E.loadBooks, loadPart = E.loadPart;
  // The index names its kinds, their labels and the testaments in the site's language; a search
  // page in another (/search/es/ on an English site) carries them in its own (data-index-words).
  var indexWords = JSON.parse(page.getAttribute("data-index-words") || "{}");
  function localize(m) {
    if (m.localized) return m;
    m.localized = true;
    var w = function (s) { return typeof s === "string" && Object.prototype.hasOwnProperty.call(indexWords, s) ? indexWords[s] : s; };
    m.kinds = m.kinds.map(w);
    (m.kindLabels || []).forEach(function (l) { if (l) Object.keys(l).forEach(function (k) { l[k] = l[k].map(w); }); });
    m.facets.forEach(function (f) { f[1] = w(f[1]); f[2] = w(f[2]); });
    return m;
  }
  function loadMeta() { return E.loadMeta().then(localize); }
  var partKey = E.partKey, rowOf = E.rowOf, facetOf = E.facetOf, refMatch = E.refMatch, refTitle = E.refTitle, refURL = E.refURL;
  var search = E.search, verify = E.verify, docText = E.docText;

  // ---- showing ----
  var el = window.sitegen.el;
  // rules: the document's language's (its kept letters and stems). A word is marked when it, its
  // stem or its plain form ("karlek$" for "kärlek", found typed without the kept letters) matched.
  function excerpt(text, marks, limit, rules) {
    var p = el("p", { "class": "search-excerpt" });
    var keep = rules ? rules.keep : "", endings = rules ? rules.endings : [];
    var spans = words(text, keep).filter(function (x) {
      return !x.compound && (marks.has(x.w) || marks.has(stem(x.w, endings)) || marks.has(fold(stem(x.w, endings)) + E.UNMARKED));
    });
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
  // The title and excerpt say their document's language where it is not the page's (an English
  // hymn or verse on a Spanish site), so a screen reader reads them in it; the kind is the page's.
  function resultItem(url, title, kind, text, marks, rules) {
    var li = el("li", { "class": "search-result" }), lang = languageOf(rules);
    var a = el("a", lang ? { href: base + url, lang: lang } : { href: base + url }, title);
    li.appendChild(a);
    li.appendChild(el("span", { "class": "search-kind" }, kind));
    if (text) {
      var p = excerpt(text, marks, 220, rules);
      if (lang) p.lang = lang;
      li.appendChild(p);
    }
    return li;
  }
  function languageOf(rules) {
    var tag = rules && rules.language, page = window.sitegen.language();
    return tag && tag.split("-")[0].toLowerCase() !== page.split("-")[0].toLowerCase() ? tag : null;
  }
  // A document's rules: its scope's (a translation), else its language's (a Finnish hymn).
  function rulesOf(doc) { var f = facetOf(doc); return f[4] >= 0 ? E.meta.scopeList[f[4]] : E.meta.languageList[f[5]] || null; }

  var state = { results: [], shown: 0, kind: -1, facet: -1, section: "", scope: -1, marks: new Set(), refs: [], query: "", searched: [] };
  function filtered() {
    return state.results.filter(function (r) {
      var f = facetOf(r.doc);
      if (state.scope >= 0 && f[4] !== state.scope) return false;
      if (state.kind >= 0 && f[0] !== state.kind) return false;
      if (state.section && f[2] !== state.section) return false;
      if (state.facet >= 0 && E.meta.groupFacet[Math.floor(r.doc / E.meta.groupSize)] !== state.facet) return false;
      return true;
    });
  }
  var t = window.sitegen.t, plural = window.sitegen.plural;
  // The index's words for a kind's documents, groups, facets and sections (null: none).
  function labelsOf(kind) { return kind >= 0 && E.meta.kindLabels ? E.meta.kindLabels[kind] : null; }
  function summary(list) {
    var groups = new Set(), facets = new Set(), kinds = new Set();
    list.forEach(function (r) {
      var f = facetOf(r.doc);
      kinds.add(f[0]); groups.add(Math.floor(r.doc / E.meta.groupSize)); facets.add(f[1]);
    });
    var L = kinds.size === 1 ? labelsOf(kinds.values().next().value) : null;
    if (L) return t("search.inOf", { documents: plural(list.length, L.document[0], L.document[1]),
      groups: plural(groups.size, L.group[0], L.group[1]), facets: plural(facets.size, L.facet[0], L.facet[1]) });
    return plural(list.length, t("search.result"), t("search.results"));
  }
  function renderFilters() {
    filtersBox.textContent = "";
    if (!state.results.length) return;
    var counts = E.meta.kinds.map(function () { return 0; });
    state.results.forEach(function (r) { counts[facetOf(r.doc)[0]]++; });
    var group = el("div", { "class": "search-kinds", role: "group", "aria-label": t("search.show") });
    function button(label, count, kind) {
      var b = el("button", { type: "button", "class": "search-filter", "aria-pressed": String(state.kind === kind), "data-kind": String(kind), "data-kind-name": kind < 0 ? "All" : E.meta.kinds[kind] });
      b.appendChild(document.createTextNode(label + " "));
      b.appendChild(el("span", { "class": "search-count", "data-count": String(count) }, String(count)));
      b.addEventListener("click", function () { state.kind = kind; state.facet = -1; state.section = ""; show(); });
      return b;
    }
    group.appendChild(button(t("search.all"), state.results.length, -1));
    E.meta.kinds.forEach(function (k, i) { if (counts[i]) group.appendChild(button(k, counts[i], i)); });
    filtersBox.appendChild(group);
    renderScopes();
    var L = labelsOf(state.kind);
    if (L) {
      var sections = {}, facets = {};
      state.results.forEach(function (r) {
        var fi = E.meta.groupFacet[Math.floor(r.doc / E.meta.groupSize)], f = E.meta.facets[fi];
        if (f[0] !== state.kind) return;
        sections[f[2]] = (sections[f[2]] || 0) + 1;
        if (!state.section || f[2] === state.section) facets[fi] = (facets[fi] || 0) + 1;
      });
      var row = el("div", { "class": "search-facet-filters" });
      var ls = el("label", { "for": "search-section" }, L.section[0] + " "), ss = el("select", { id: "search-section" });
      ss.appendChild(el("option", { value: "" }, L.section[1]));
      Object.keys(sections).forEach(function (s) { var o = el("option", { value: s }, s + " (" + sections[s] + ")"); if (s === state.section) o.selected = true; ss.appendChild(o); });
      ss.addEventListener("change", function () { state.section = ss.value; state.facet = -1; show(); });
      var lb = el("label", { "for": "search-facet" }, L.facetFilter[0] + " "), sb = el("select", { id: "search-facet" });
      sb.appendChild(el("option", { value: "-1" }, L.facetFilter[1]));
      Object.keys(facets).map(Number).sort(function (a, b) { return a - b; }).forEach(function (fi) {
        var o = el("option", { value: String(fi) }, E.meta.facets[fi][1] + " (" + facets[fi] + ")");
        if (fi === state.facet) o.selected = true;
        sb.appendChild(o);
      });
      sb.addEventListener("change", function () { state.facet = Number(sb.value); show(); });
      row.appendChild(ls); row.appendChild(ss); row.appendChild(lb); row.appendChild(sb);
      filtersBox.appendChild(row);
    }
  }
  // Translations: the reader's and any searched show their counts; another is searched when tapped.
  function renderScopes() {
    var list = E.meta.scopeList;
    if (list.length < 2) return;
    var counts = list.map(function () { return 0; });
    state.results.forEach(function (r) { var i = facetOf(r.doc)[4]; if (i >= 0) counts[i]++; });
    var group = el("div", { "class": "search-kinds search-scopes", role: "group", "aria-label": t("search.translation") });
    list.forEach(function (x, i) {
      var searched = state.searched.indexOf(x) >= 0;
      var b = el("button", { type: "button", "class": "search-filter", "aria-pressed": String(state.scope === i), "data-scope": x.id });
      b.appendChild(document.createTextNode(x.label + (searched ? " " : "")));
      if (searched) b.appendChild(el("span", { "class": "search-count", "data-count": String(counts[i]) }, String(counts[i])));
      b.addEventListener("click", function () {
        var pick = function () { state.scope = state.scope === i ? -1 : i; state.kind = -1; state.facet = -1; state.section = ""; return show(); };
        if (searched) return pick();
        return E.search(state.query, [x]).then(function (found) {
          var seen = new Set(state.results.map(function (r) { return r.doc; }));
          state.searched.push(x);
          state.results = state.results.concat(found.results.filter(function (r) { return facetOf(r.doc)[4] === i && !seen.has(r.doc); }));
          addMarks(found.results);
          return pick();
        });
      });
      group.appendChild(b);
    });
    filtersBox.appendChild(group);
  }
  function addMarks(results) {
    results.slice(0, 200).forEach(function (r) { r.terms.forEach(function (s) { if (s) s.terms.forEach(function (t) { state.marks.add(t); }); }); });
  }
  // "Bible · Salmos", and the translation's name when it is not the reader's.
  function kindLabel(doc) {
    var f = facetOf(doc), kind = E.meta.kinds[f[0]];
    var scope = f[4] >= 0 && E.meta.scopeList[f[4]] !== state.readerScope ? " \u00b7 " + E.meta.scopeList[f[4]].label : "";
    return kind + scope + (f[1] && kind !== f[1] ? " \u00b7 " + f[1] : "");
  }
  var renderSeq = 0;
  function show() {
    var seq = ++renderSeq;
    renderFilters();
    var list = filtered(), upto = Math.max(state.shown, PAGE);
    var top = list.slice(0, upto);
    var keys = [];
    top.forEach(function (r, i) { var k = partKey(r.doc); if ((i < EAGER || E.isLoaded(k)) && keys.indexOf(k) < 0) keys.push(k); });
    state.refs.forEach(function (ref) { (ref.parts || []).forEach(function (k) { if (keys.indexOf(k) < 0) keys.push(k); }); });
    return Promise.all(keys.map(function (k) { return loadPart(k).catch(function () { return null; }); })).then(function (loaded) {
      if (seq !== renderSeq) return;
      var docs = {};
      keys.forEach(function (k, i) { docs[k] = loaded[i]; });
      out.textContent = "";
      var ol = el("ol", { "class": "search-list" });
      state.refs.forEach(function (ref) { ol.appendChild(ref.render(docs)); });
      top.forEach(function (r) {
        var k = partKey(r.doc), kind = kindLabel(r.doc);
        if (docs[k]) {
          var d = rowOf(docs[k], r.doc);
          ol.appendChild(resultItem(d[0], d[1], kind, d[2], state.marks, rulesOf(r.doc)));
        } else {
          ol.appendChild(lazyItem(r.doc, kind, seq));
        }
      });
      var said = list.length ? summary(list) : "";
      var head = el("p", { "class": "search-summary" }, said + (list.length > top.length ? t("search.firstShown", { count: top.length }) : ""));
      if (list.length || state.refs.length) { out.appendChild(head); out.appendChild(ol); }
      state.shown = top.length;
      if (list.length > top.length) {
        var more = el("button", { type: "button", "class": "search-more" }, t("search.more"));
        more.addEventListener("click", function () { state.shown += PAGE; show(); });
        out.appendChild(more);
      }
      say(state.message || (list.length || state.refs.length ? (state.refs.length ? t("search.goTo", { title: state.refs[0].title }) + (list.length ? "; " : "") : "") + said : ""));
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
        var d = rowOf(rows, doc), full = resultItem(d[0], d[1], kind, d[2], state.marks, rulesOf(doc));
        li.replaceWith(full);
      }).catch(function () {
        return E.referenceOf(doc).catch(function () { return null; }).then(function (ref) {
          if (seq !== renderSeq) return;
          li.classList.remove("search-pending");
          if (ref) li.insertBefore(el("a", { href: base + ref.url }, ref.title), li.firstChild);
          li.appendChild(el("p", { "class": "search-excerpt" }, t("search.notSaved")));
        });
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
      var url = window.sitegen.fill(m.numbered.path, { n: m.number });   // "hymns/{n}/" (HymnPages.path)
      var first = m.numbered.docs[m.number - m.numbered.min];
      refs.push({ numbered: true, title: m.numbered.label + " " + m.number, parts: first ? [partKey(first - 1)] : [], render: function (docs) {
        var d = this.parts.length && (docs[this.parts[0]] || []).find(function (x) { return x && x[0] === url; });
        return resultItem(url, d ? d[1] : this.title, m.numbered.label, d ? d[2] : "", new Set());
      } });
    } else if (m.ambiguous) {
      refs.push({ title: t("search.oneOfBooks", { count: m.ambiguous.length }), render: function () {
        var li = el("li", { "class": "search-result search-choices" });
        li.appendChild(el("span", null, t("search.whichBook") + " "));
        m.ambiguous.forEach(function (b, i) {
          var one = b.verses.length === 1 && m.verse === null, ch = one ? 1 : Math.min(m.chapter, b.verses.length);
          var v = one ? Math.min(m.chapter, b.verses[0]) : (m.verse && m.verse <= b.verses[ch - 1] ? m.verse : null);
          if (i) li.appendChild(document.createTextNode(" \u00b7 "));
          li.appendChild(el("a", { href: base + refURL(b, ch, v) }, refTitle({ book: b, chapter: ch, verse: v, toChapter: null, toVerse: null })));
        });
        return li;
      } });
    } else {
      var title = refTitle(m), target = refURL(m.book, m.chapter, m.verse);
      var ref = { title: title, render: function (docs) {
        var rows = [];
        this.parts.forEach(function (k) { rows = rows.concat(docs[k] || []); });
        var text = rows.filter(function (d) { var v = d && Number(d[0].split("#v")[1]); return d && v >= from && v <= to; })
          .map(function (d) { return d[0].split("#v")[1] + " " + d[2]; }).join(" ");
        return resultItem(target, title, t("search.passage"), text, new Set());
      } };
      // The parts of the chapter's group that hold the verses shown (a verse's place in its
      // chapter is its number - 1).
      var g = m.book.groups[m.chapter - 1], verses = m.book.verses[m.chapter - 1] || 1;
      var from = m.verse || 1, to = Math.min(verses, m.toChapter !== null ? 1e9 : (m.toVerse || m.verse || 3));
      ref.parts = [];
      if (g > 0) for (var p = Math.floor((from - 1) / E.meta.partSize); p <= Math.floor((Math.max(from, to) - 1) / E.meta.partSize); p++) ref.parts.push((g - 1) + "-" + p);
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
    if (!trimmed) { state.results = []; state.refs = []; message(t("search.typeLong")); return Promise.resolve(); }
    if (trimmed.length > 500) trimmed = trimmed.slice(0, 500);
    out.setAttribute("aria-busy", "true");
    return loadMeta().then(function () {
      state.readerScope = E.scopeOf(readerScope);
      return /[0-9]/.test(trimmed) ? loadBooks(state.readerScope) : null;
    }).then(function () {
      var refs = references(trimmed);
      // After a reference ("jn 3:16", "psalm 23"), only text with the query's words: its numbers
      // are the reference's, not words to match against addresses and dates.
      var text = refs.length && !refs[0].numbered ? trimmed.replace(/[0-9]+(?:[:.,\-\u2013][0-9]+)*/g, " ") : trimmed;
      return search(text, [state.readerScope], refs.length > 0).then(verify).then(function (found) {
        if (seq !== querySeq) return;
        state.results = found.results; state.refs = refs; state.kind = -1; state.facet = -1; state.section = ""; state.shown = 0;
        state.scope = -1; state.query = trimmed; state.searched = found.scopes;
        state.marks = new Set();
        addMarks(found.results);
        state.message = "";
        if (!found.results.length && !refs.length) {
          var allStop = found.parsed.words.length && !found.parsed.slots.length;
          message(allStop ? "\u201c" + trimmed.slice(0, 80) + "\u201d has only very common words (such as \u201cthe\u201d, \u201cand\u201d, \u201cof\u201d), which are not searched. Add a less common word, or put a phrase with one in quotes."
            : found.parsed.words.length ? t("search.nothing", { text: trimmed.slice(0, 80) })
            : t("search.type"));
          return;
        }
        if (found.parsed.truncated) state.message = t("search.onlyFirst", { count: MAX_WORDS });
        return show();
      });
    }).catch(function () {
      if (seq === querySeq) message(t("search.noIndex"));
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
  window.sitegen.search = { run: run, refMatch: function (q) { return loadMeta().then(function () { return loadBooks(E.scopeOf(readerScope)); }).then(function () { return refMatch(q); }); },
    normalizeRef: E.normalizeRef, search: function (q) { return loadMeta().then(function () { return search(q, [E.scopeOf(readerScope)]); }); } };
})();
