// sitegen's search words, DOM-free: how text becomes search terms, the rules of
// Sources/SitegenWords/SearchText.swift line by line (fold, words with their positions and
// compounds) and its -eth/-est variants (SearchText.variants), so the site's search (search.js),
// the schedule filter (schedule-filter.js) and the apps (AppSearch) fold alike. Checked against
// the shared table Tests/Fixtures/search-words.json by Tests/js/search-words.test.js, as Swift is
// by SearchTextTests.
(function () {
  "use strict";
  var WORD_CHAR = /[\p{Alphabetic}\p{N}\p{M}]/u, WORD = { test: function (c) { return c !== "\u02bc" && WORD_CHAR.test(c); } }, APOS = "'\u2019\u02bc\u2018", HYPH = "-\u2010\u2011";
  var SPECIAL = { "\u00f8": "o", "\u00e6": "ae", "\u0153": "oe", "\u00df": "ss", "\u0142": "l", "\u0111": "d", "\u0131": "i" };
  // keep: the letters a language keeps apart from their base letter (Spanish "\u00f1"), from
  // the index's scopes (SearchLanguage.kept).
  function fold(w, keep) {
    w = w.toLowerCase();
    if (/^[\x00-\x7f]*$/.test(w)) return w;
    if (keep) return Array.from(w.normalize("NFC")).map(function (c) { return keep.indexOf(c) >= 0 ? c : fold(c); }).join("");
    return w.normalize("NFD").replace(/\p{M}/gu, "").replace(/[\u00f8\u00e6\u0153\u00df\u0142\u0111\u0131]/g, function (c) { return SPECIAL[c]; });
  }
  // Words of text: {w: folded, pos, start, end} (end exclusive, in UTF-16 units). Compounds
  // give their parts, then the joined word (compound: true) at the first part's position.
  function words(text, keep) {
    var chars = Array.from(text), res = [], pos = 0, part = "", partStart = 0, offset = 0, comp = null;
    var offs = [];
    for (var k = 0; k < chars.length; k++) { offs.push(offset); offset += chars[k].length; }
    offs.push(offset);
    function endPart(i, hyphen) {
      if (!part) return;
      var w = fold(part, keep);
      res.push({ w: w, pos: pos, start: offs[partStart], end: offs[i] });
      if (hyphen) {
        if (!comp) comp = { w: "", pos: pos, start: offs[partStart] };
        comp.w += w;
      } else if (comp) {
        res.push({ w: comp.w + w, pos: comp.pos, start: comp.start, end: offs[i], compound: true });
        comp = null;
      }
      pos++;
      part = "";
    }
    for (var i = 0; i < chars.length; i++) {
      var c = chars[i];
      if (c === "\u00ad") continue;
      if (WORD.test(c)) { if (!part) partStart = i; part += c; continue; }
      var next = chars[i + 1];
      if (part && next !== undefined && WORD.test(next) && (APOS.indexOf(c) >= 0 || HYPH.indexOf(c) >= 0)) {
        if (HYPH.indexOf(c) >= 0) { endPart(i, true); continue; }
        if ((next === "s" || next === "S") && (chars[i + 2] === undefined || !WORD.test(chars[i + 2]))) { endPart(i, false); i++; continue; }
        continue;
      }
      endPart(i, false);
    }
    endPart(chars.length, false);
    return res;
  }

  // The KJV's forms of a word a reader types in today's English: "love" also finds "loveth" and
  // "lovest", "give" "giveth", "cry" "crieth" (SearchText.variants).
  function variants(w) {
    var v = [];
    if (w.length >= 3 && !/(eth|est)$/.test(w)) {
      v.push(w + "eth", w + "est");
      if (/e$/.test(w)) v.push(w + "th", w + "st");
      if (/[^aeiou]y$/.test(w)) v.push(w.slice(0, -1) + "ieth", w.slice(0, -1) + "iest");
    }
    return v;
  }

  // A language's light stemmer as the index gives it (SearchLanguage.endings): the first
  // [suffix, replacement, minimum length] that fits is applied.
  function stem(w, endings) {
    for (var i = 0; i < (endings || []).length; i++) {
      var e = endings[i];
      if (w.length >= e[2] && w.slice(-e[0].length) === e[0]) return w.slice(0, w.length - e[0].length) + e[1];
    }
    return w;
  }

  window.sitegen.searchWords = { fold: fold, words: words, variants: variants, stem: stem };
})();
