// sitegen's shared script layer, loaded first by every page (layout.mustache) and exposing one
// global, `window.sitegen`: the browser-storage keys and a storage that reports what it could
// not write, `el`, `plural`, `fetchJSON`, `ready` and `attr`, and `fill`, `reference` and
// `dayValues`, which fill the templates the build writes instead of re-deriving its rules. The other scripts use it instead of
// writing their own, and `t`, the page's words; nothing here touches the page until a script asks. No build step: a plain
// file, DOM-free apart from `el` and `ready`, so the unit harness (Tests/js/) loads it as it is.
(function () {
  "use strict";

  // Every key the site keeps in localStorage, in one place (docs/marks.md lists them).
  var keys = {
    theme: "sitegen-theme",
    textSize: "sitegen-text-size",
    redLetter: "sitegen-bible-red-letter",
    read: "sitegen-bible-read",
    plan: "sitegen-bible-plan",
    marksPrefix: "sitegen-marks:",
    hymns: "sitegen-hymn-favourites",
    listenRate: "sitegen-listen-rate",
    listenPlace: "sitegen-listen-place"
  };

  // A storage over a Storage-like object (localStorage, or the harness's fake with a quota).
  // Reads never throw (private mode, a broken value → the fallback); writes say whether they
  // happened; `commit` writes several keys all or nothing.
  function makeStore(backend) {
    function storage() { return typeof backend === "function" ? backend() : backend; }
    function get(key) {
      try { return storage().getItem(key); } catch (e) { return null; }
    }
    function set(key, value) {
      try {
        if (value === null || value === undefined) storage().removeItem(key); else storage().setItem(key, value);
        return true;
      } catch (e) { return false; }
    }
    function getJSON(key, fallback) {
      var text = get(key);
      if (text === null) return fallback;
      try { var v = JSON.parse(text); return v === null ? fallback : v; } catch (e) { return fallback; }
    }
    function setJSON(key, value) { return set(key, value === null ? null : JSON.stringify(value)); }
    function allKeys() {
      var out = [];
      try {
        var s = storage();
        for (var i = 0; i < s.length; i++) { var k = s.key(i); if (k !== null) out.push(k); }
      } catch (e) { /* no storage */ }
      return out;
    }
    // Characters kept for the site (keys and values), what a browser's quota counts.
    function used() {
      return allKeys().reduce(function (sum, k) { return sum + k.length + (get(k) || "").length; }, 0);
    }
    // Writes every key of `changes` (value: JSON-ready, or null to remove) or none of them: on
    // the first refused write, the keys already written get their old text back. Returns
    // {ok: true} or {ok: false, needed: characters to write, used: characters kept before}.
    function commit(changes) {
      var names = Object.keys(changes), before = {}, done = [], needed = 0, usedBefore = used();
      names.forEach(function (k) {
        before[k] = get(k);
        if (changes[k] !== null) needed += k.length + JSON.stringify(changes[k]).length - (before[k] || "").length;
      });
      for (var i = 0; i < names.length; i++) {
        if (!setJSON(names[i], changes[names[i]])) {
          done.reverse().forEach(function (k) { set(k, before[k]); });
          return { ok: false, needed: Math.max(0, needed), used: usedBefore };
        }
        done.push(names[i]);
      }
      return { ok: true };
    }
    return { get: get, set: set, getJSON: getJSON, setJSON: setJSON, keys: allKeys, used: used, commit: commit };
  }

  // An element with attributes and text (text set as text, never parsed); `attrs` is an object
  // of attributes, or a string: the class alone (el("li", "plan-reading")). The one element
  // maker every script uses.
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (typeof attrs === "string") attrs = attrs ? { "class": attrs } : null;
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") e.className = attrs[k]; else e.setAttribute(k, attrs[k]);
    });
    if (text !== undefined && text !== null && text !== "") e.textContent = text;
    return e;
  }

  // The page's words (`Content/strings/<language>.yml`, written into the page as JSON blocks,
  // `<script type="application/json" data-strings>`): t("marks.copied", {ref: "Juan 3:16"}).
  // Read once, when first asked; a key the page does not carry comes back as itself.
  var words = null;
  function t(key, values) {
    if (!words) {
      words = {};
      document.querySelectorAll("script[data-strings]").forEach(function (s) {
        try { var w = JSON.parse(s.textContent); Object.keys(w).forEach(function (k) { words[k] = w[k]; }); } catch (e) { /* none */ }
      });
    }
    return fill(Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key, values);
  }

  // A template the build wrote ("/hymns/{n}/", "{book} {chapter}:{verse}") with its {name}
  // placeholders filled: the one filling rule, Swift's StringTable.fill. A value goes in as it
  // is (never searched for placeholders); a placeholder with no value stays as written.
  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (m, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) && values[name] !== null && values[name] !== undefined ? String(values[name]) : m;
    });
  }

  // A reference as the pages write it (Swift's ReferenceText): `v` has {book} and {chapter}, maybe
  // {verse}, {toChapter}, {toVerse}; the form is picked as ReferenceText.form picks it and filled
  // from the page's `ref.*` words (or `forms`, the same words given directly).
  function referenceForm(v) {
    var has = function (x) { return x !== null && x !== undefined && x !== ""; };
    var other = has(v.toChapter) && String(v.toChapter) !== String(v.chapter);
    if (!has(v.verse)) return other ? "ref.chapters" : "ref.chapter";
    if (other) return "ref.span";
    return has(v.toVerse) && String(v.toVerse) !== String(v.verse) ? "ref.verses" : "ref.verse";
  }
  function reference(v, forms) {
    var key = referenceForm(v);
    return forms ? fill(forms[key], v) : t(key, v);
  }

  // A date as the build's day templates take it ("{month}-{day}", PlanDays.scriptValues): its
  // month and day in the reader's own calendar, two digits each.
  function dayValues(date) {
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return { month: pad(date.getMonth() + 1), day: pad(date.getDate()) };
  }

  // The page's language (a Spanish Bible's pages are `es` on an English site), for Intl.
  function language() { return document.documentElement.lang || "en"; }

  // "1 note", "2,160 notes": the number as the page's language writes it ("2160 notas" in
  // Spanish). One formatter for every count: toLocaleString makes a new one per call, which
  // costs more than the rest of a search keystroke's summary.
  var numbers = null;
  function plural(n, one, many) {
    if (!numbers) numbers = new Intl.NumberFormat(language());
    return numbers.format(n) + " " + (n === 1 ? one : many);
  }

  // The JSON at url; rejects on a network error or a status other than 2xx.
  function fetchJSON(url) {
    return fetch(url).then(function (r) { if (!r.ok) throw new Error(r.status + " " + url); return r.json(); });
  }

  function ready(fn) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", fn); else fn();
  }

  // The value Swift wrote into a data-* attribute of the first element that has it ("" if none).
  function attr(name, scope) {
    var e = (scope || document).querySelector("[" + name + "]");
    return e ? e.getAttribute(name) || "" : "";
  }

  window.sitegen = {
    keys: keys, makeStore: makeStore, el: el, plural: plural, fetchJSON: fetchJSON, ready: ready, attr: attr, t: t, language: language,
    fill: fill, reference: reference, dayValues: dayValues,
    store: makeStore(function () { return window.localStorage; })
  };
})();
