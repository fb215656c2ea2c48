// sitegen site script: theme toggle and text size, both remembered in localStorage.
// The inline script in <head> applies saved choices before the first paint; this file wires
// the buttons. Without JavaScript the system theme still applies and nothing here is needed.
(function () {
  "use strict";
  var S = window.sitegen, root = document.documentElement;
  function store(key, value) { S.store.set(key, value); }

  function systemDark() {
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
  }

  function currentTheme() {
    return root.dataset.theme || (systemDark() ? "dark" : "light");
  }

  function initThemeToggle() {
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    function sync() {
      var dark = currentTheme() === "dark";
      buttons.forEach(function (b) {
        b.setAttribute("aria-pressed", dark ? "true" : "false");
      });
    }
    buttons.forEach(function (b) {
      b.hidden = false;
      b.addEventListener("click", function () {
        var next = currentTheme() === "dark" ? "light" : "dark";
        root.dataset.theme = next;
        store(S.keys.theme, next);
        sync();
      });
    });
    sync();
  }

  // Text size on reading pages: 0.8× … 2.4× in steps, shared by hymns and Bible chapters.
  var SIZES = [0.8, 0.9, 1, 1.15, 1.3, 1.5, 1.75, 2, 2.4];
  function currentScale() {
    var v = parseFloat(getComputedStyle(root).getPropertyValue("--reader-scale"));
    return isNaN(v) ? 1 : v;
  }
  function setScale(v) {
    root.style.setProperty("--reader-scale", String(v));
    store(S.keys.textSize, String(v));
    document.querySelectorAll("[data-text-size-value]").forEach(function (el) {
      el.textContent = Math.round(v * 100) + "%";
    });
  }
  function step(dir) {
    var cur = currentScale(), i = 0;
    while (i < SIZES.length - 1 && SIZES[i] < cur - 0.001) i++;
    var next = Math.min(SIZES.length - 1, Math.max(0, i + dir));
    if (dir > 0 && SIZES[i] > cur + 0.001) next = i;
    setScale(SIZES[next]);
  }
  function initTextSize() {
    document.querySelectorAll("[data-text-size]").forEach(function (b) {
      b.addEventListener("click", function () { step(b.getAttribute("data-text-size") === "larger" ? 1 : -1); });
    });
    document.querySelectorAll("[data-text-size-value]").forEach(function (el) {
      el.textContent = Math.round(currentScale() * 100) + "%";
    });
  }

  // Previous/next by ← and → keys and by a horizontal swipe, on pages that declare
  // <link rel="prev"> / <link rel="next">.
  function go(rel) {
    var link = document.querySelector('link[rel="' + rel + '"]');
    if (link) window.location.href = link.href;
  }
  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }
  function initPaging() {
    if (!document.querySelector('link[rel="prev"], link[rel="next"]')) return;
    document.addEventListener("keydown", function (e) {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || typing(e.target)) return;
      if (e.key === "ArrowLeft") { go("prev"); e.preventDefault(); }
      if (e.key === "ArrowRight") { go("next"); e.preventDefault(); }
    });
    var startX = null, startY = null;
    document.addEventListener("touchstart", function (e) {
      if (e.touches.length !== 1) { startX = null; return; }
      startX = e.touches[0].clientX; startY = e.touches[0].clientY;
    }, { passive: true });
    document.addEventListener("touchend", function (e) {
      if (startX === null || !e.changedTouches.length) return;
      var dx = e.changedTouches[0].clientX - startX, dy = e.changedTouches[0].clientY - startY;
      startX = null;
      // A deliberate horizontal swipe: long enough and clearly more sideways than vertical.
      if (Math.abs(dx) < 60 || Math.abs(dx) < 2 * Math.abs(dy)) return;
      go(dx < 0 ? "next" : "prev");
    }, { passive: true });
  }

  // A site built without its published address (base_url the example.org placeholder) links
  // nothing absolute: subscribing and the printed address use where this page came from.
  function initServedAddress() {
    if (!/^https?:$/.test(location.protocol)) return;
    document.querySelectorAll("[data-webcal]").forEach(function (el) {
      if (el.tagName === "A") el.href = "webcal://" + location.host + el.getAttribute("href");
      el.hidden = false;
    });
    // Paper never carries a loopback address (`sitegen print-sheet` prints from 127.0.0.1, a
    // volunteer's preview from localhost): there the printed address stays out.
    if (/^(localhost|.*\.localhost|127(\.\d+){3}|\[::1\])$/i.test(location.hostname)) return;
    document.querySelectorAll("[data-site-address]").forEach(function (el) {
      el.textContent = location.origin + el.getAttribute("data-site-address");
      var foot = el.closest("[hidden]");
      if (foot) foot.hidden = false;
    });
  }

  S.ready(function () {
    initThemeToggle();
    initTextSize();
    initPaging();
    initServedAddress();
  });
})();
