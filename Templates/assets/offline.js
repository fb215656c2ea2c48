// Offline use (docs/offline.md): registers the service worker the build made (sw.js), says
// when a new version of the site is ready instead of changing the page under the reader, keeps
// the page being read when it belongs to a group (a Bible chapter), and runs "Save the whole
// Bible" (each translation's own, with its size shown before saving). Without JavaScript or
// service workers the site is simply online-only.
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !document.currentScript) return;
  var base = new URL("../", document.currentScript.src).href;   // assets/offline.js → the site
  var sw = navigator.serviceWorker, S = window.sitegen;

  // `sitegen serve` injects live reload: a preview always shows the newest save, so it has no
  // worker (and serve's own sw.js removes one left by a published build).
  if (document.querySelector('script[src*="/_sitegen/reload.js"]')) return;

  function ask(worker, message) {
    return new Promise(function (resolve) {
      var channel = new MessageChannel();
      channel.port1.onmessage = function (event) { resolve(event.data || {}); };
      worker.postMessage(message, [channel.port2]);
    });
  }

  // ---- A new version: a notice, and the page changes only when the reader says so ----------
  var reloading = false;
  sw.addEventListener("controllerchange", function () { if (reloading) location.reload(); });

  function notice(registration) {
    if (document.querySelector(".update-notice")) return;
    var box = S.el("div", { "class": "update-notice", role: "status" }), text = S.el("p", null, S.t("site.newVersion"));
    var button = S.el("button", { type: "button", "class": "primary" }, S.t("site.reload"));
    button.addEventListener("click", function () {
      reloading = true;
      if (registration.waiting) registration.waiting.postMessage({ type: "activate" });
      else location.reload();
    });
    box.appendChild(text);
    box.appendChild(button);
    document.body.appendChild(box);
  }

  function watch(registration) {
    if (registration.waiting && sw.controller) notice(registration);
    registration.addEventListener("updatefound", function () {
      var installing = registration.installing;
      if (!installing) return;
      installing.addEventListener("statechange", function () {
        if (installing.state === "installed" && sw.controller) notice(registration);
      });
    });
  }

  // ---- "Save the whole Bible for offline reading" ------------------------------------------
  function count(n) { return n.toLocaleString(S.language()); }
  function megabytes(bytes) { return (bytes / 1e6).toLocaleString(S.language(), { maximumFractionDigits: 1 }) + " MB"; }

  // `worker`: the active worker when the page started; the page's controller once there is one
  // (after an update it is the new worker: the old one no longer answers).
  function saver(box, worker) {
    var group = box.getAttribute("data-offline-save");
    var button = box.querySelector("button"), status = box.querySelector("[data-offline-progress]");
    var retry = 0, timer = null;
    function show(p, extra) {
      var done = p.total > 0 && p.remaining === 0;
      status.textContent = S.t(done ? "site.savedAll" : "site.savedSome", { saved: count(p.saved), total: count(p.total),
        unit: S.t("site.unit." + p.unit) }) + (extra ? " " + extra : "");
      button.hidden = done;
    }
    function run() {
      clearTimeout(timer);
      ask(sw.controller || worker, { type: "save", group: group, size: 40 }).then(function (p) {
        if (p.error) { status.textContent = S.t("site.savingStopped", { error: p.error }); button.disabled = false; return; }
        if (p.remaining === 0) { show(p); button.disabled = false; return; }
        if (p.stored > 0) { retry = 0; show(p); run(); return; }
        // Nothing could be fetched: no connection (or the server is down). Try again by itself.
        retry = Math.min(retry + 1, 5);
        show(p, S.t("site.paused"));
        timer = setTimeout(run, 1000 * retry);
      });
    }
    window.addEventListener("online", function () { if (timer) run(); });
    button.addEventListener("click", function () {
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist();
      button.disabled = true;
      status.textContent = S.t("site.saving");
      run();
    });
    ask(sw.controller || worker, { type: "progress", group: group }).then(function (p) {
      var size = box.querySelector("[data-offline-size]");
      if (size && p.bytes) size.textContent = " " + S.t("site.offlineSize", { size: megabytes(p.bytes) });
      box.hidden = false;
      if (p.saved) show(p);
    });
  }

  window.addEventListener("load", function () {
    sw.register(base + "sw.js").then(watch).catch(function () { /* online-only, as without JavaScript */ });
    sw.ready.then(function (registration) {
      var worker = registration.active;
      worker.postMessage({ type: "keep", url: location.href });
      var box = document.querySelector("[data-offline-save]");
      if (box) saver(box, worker);
    });
  });
})();
