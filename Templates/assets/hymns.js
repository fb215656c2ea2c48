// Hymnal pages: the number pad. Typing digits (keyboard or the on-screen pad) and Enter/Open
// goes straight to hymns/N/; an empty, out-of-range or non-numeric entry gets a message in the
// form's role="alert" paragraph instead of a 404. Without JavaScript the same form submits to
// hymns/numbers/ (a page of every number as a link), so the hymn is still one tap away.
(function () {
  "use strict";
  var S = window.sitegen;

  // What is wrong with the typed text, or null when it names a hymn.
  function problem(text, count) {
    if (text === "") return S.t("hymns.empty", { count: count });
    if (!/^[0-9]+$/.test(text)) return S.t("hymns.notNumber", { text: text, count: count });
    var n = parseInt(text, 10);
    if (n < 1 || n > count) return S.t("hymns.noSuchHymn", { number: n, count: count });
    return null;
  }

  function hymnURL(form, n) {
    return S.fill(form.getAttribute("data-hymn-url"), { n: parseInt(n, 10) });   // "/hymns/{n}/", HymnPages.path
  }

  function initFinder(form) {
    var input = form.querySelector("input[name=n]");
    var message = form.querySelector("[data-hymn-message]");
    var pad = form.querySelector("[data-hymn-pad]");
    var count = parseInt(form.getAttribute("data-hymn-count"), 10);
    function say(text) { message.textContent = text || ""; input.setAttribute("aria-invalid", text ? "true" : "false"); }

    form.addEventListener("submit", function (e) {
      e.preventDefault();
      var text = input.value.trim();
      var wrong = problem(text, count);
      if (wrong) { say(wrong); input.focus(); return; }
      say("");
      window.location.href = hymnURL(form, text);
    });
    input.addEventListener("input", function () { if (message.textContent) say(""); });

    if (pad) {
      pad.hidden = false;
      pad.addEventListener("click", function (e) {
        var button = e.target.closest("button");
        if (!button || button.type === "submit") return;
        if (button.hasAttribute("data-digit")) {
          if (input.value.length < 4) input.value += button.getAttribute("data-digit");
        } else if (button.hasAttribute("data-pad-delete")) {
          input.value = input.value.slice(0, -1);
        }
        say("");
      });
    }
    return { form: form, input: input, say: say, count: count };
  }

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  // On a hymn page, digits typed anywhere open the "Go to hymn" box with that digit in it.
  function initDigitKeys(finder) {
    var details = document.querySelector("[data-hymn-go]");
    document.addEventListener("keydown", function (e) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (!/^[0-9]$/.test(e.key)) return;
      if (details) details.open = true;
      finder.input.value = e.key;
      finder.input.focus();
      finder.say("");
      e.preventDefault();
    });
  }

  // hymns/numbers/?n=123 (the no-JavaScript form's target) opens the hymn when scripts do run.
  function followQuery(finder) {
    var match = /[?&]n=([^&#]*)/.exec(window.location.search);
    if (!match) return;
    var text = decodeURIComponent(match[1].replace(/\+/g, " ")).trim();
    var wrong = problem(text, finder.count);
    if (wrong) { finder.input.value = text; finder.say(wrong); return; }
    window.location.replace(hymnURL(finder.form, text));
  }

  // /hymns/ "By meter": the choice shows only that meter's hymns; a link from a hymn's meter
  // (#meter-8-6-8-6) chooses it. Without JavaScript every group is shown and the link scrolls to it.
  function initMeterFilter() {
    var box = document.querySelector("[data-meter-filter]");
    if (!box) return;
    var select = box.querySelector("select");
    var groups = document.querySelectorAll("[data-meter-index] .meter-group");
    function choose(id) {
      select.value = id;
      for (var i = 0; i < groups.length; i++) groups[i].hidden = id !== "" && groups[i].id !== id;
    }
    box.hidden = false;
    select.addEventListener("change", function () {
      choose(select.value);
      history.replaceState(null, "", select.value ? "#" + select.value : window.location.pathname + window.location.search);
    });
    function fromHash() {
      var id = window.location.hash.slice(1);
      if (/^meter-/.test(id) && document.getElementById(id)) { choose(id); document.getElementById(id).scrollIntoView(); }
    }
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }

  function init() {
    initMeterFilter();
    var forms = document.querySelectorAll("[data-hymn-finder]");
    if (!forms.length) return;
    var finder = initFinder(forms[0]);
    for (var i = 1; i < forms.length; i++) initFinder(forms[i]);
    initDigitKeys(finder);
    if (document.querySelector(".hymn-numbers")) followQuery(finder);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init); else init();
})();
