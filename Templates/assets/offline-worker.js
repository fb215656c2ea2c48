// The service worker (docs/offline.md). The build's sw.js imports the build's offline list
// (self.OFFLINE_LIST: each file's path below the site with the SHA-256 of its bytes), then this.
//
// Files are kept by their hash, under <scope>__sha256/<hex>: an update fetches only the files
// whose bytes changed, and a page is always answered with the files of one build, those of the
// active worker's list, until the reader chooses "Reload" for the new one.
"use strict";
var LIST = self.OFFLINE_LIST;
var SCOPE = self.registration.scope;
var FILES = "sitegen-files";   // response by content hash
var KEPT = "sitegen-kept";     // group pages a reader opened, and groups saved in full
var PARALLEL = 6;

function href(path) { return new URL(path, SCOPE).href; }
function fileKey(sha) { return SCOPE + "__sha256/" + sha; }
function groupKey(name) { return SCOPE + "__group/" + name; }
function group(name) { return LIST.groups.find(function (g) { return g.name === name; }); }

// URL (no query) → its hash and group (null: the core).
var entries = new Map();
LIST.core.forEach(function (e) { entries.set(href(e[0]), { sha: e[1], group: null }); });
LIST.groups.forEach(function (g) {
  g.pages.concat(g.extra).forEach(function (e) { entries.set(href(e[0]), { sha: e[1], group: g.name }); });
});

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
}

// Fetches a file and keeps it under its hash, only when its bytes are those this list names (a
// server already holding a newer build never mixes into this one). Resolves with a response.
function fetchAndKeep(url, sha, cache) {
  return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then(function (response) {
    if (!response.ok) throw new Error(response.status + " " + url);
    var type = response.headers.get("Content-Type") || "";
    return response.arrayBuffer().then(function (bytes) {
      return crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
        if (hex(digest) !== sha) throw new Error("the server has another version of " + url);
        return cache.put(fileKey(sha), new Response(bytes, { headers: { "Content-Type": type } })).then(function () {
          return new Response(bytes, { headers: { "Content-Type": type } });
        });
      });
    });
  });
}

function keptKeys(name) {
  return caches.open(name).then(function (cache) { return cache.keys(); }).then(function (requests) {
    return new Set(requests.map(function (r) { return r.url; }));
  });
}

// Keeps the entries [path, sha] not kept yet, PARALLEL at a time, each tried twice, and adds
// them to `have`; resolves with how many could not be fetched (one failure never stops the others).
function keepAll(list, cache, have) {
  var seen = new Set(), todo = list.filter(function (e) {
    var fresh = !have.has(fileKey(e[1])) && !seen.has(e[1]);
    seen.add(e[1]);
    return fresh;
  });
  var next = 0, failed = 0;
  function one(e) { return fetchAndKeep(href(e[0]), e[1], cache); }
  function worker() {
    if (next >= todo.length) return Promise.resolve();
    var e = todo[next++];
    return one(e).catch(function () { return one(e); })
      .then(function () { have.add(fileKey(e[1])); }, function () { failed++; }).then(worker);
  }
  var workers = [];
  for (var i = 0; i < PARALLEL; i++) workers.push(worker());
  return Promise.all(workers).then(function () { return failed; });
}

// Install: the core as one unit (a failure fails the install, and the browser tries again
// later; what was kept stays, so the next try fetches only the rest). Then the group pages the
// reader kept whose bytes changed, and the changed files of groups saved in full.
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return keptKeys(FILES).then(function (have) {
      return keepAll(LIST.core, cache, have).then(function (failed) {
        if (failed) throw new Error(failed + " files of the core could not be fetched");
        return keptKeys(KEPT).then(function (kept) {
          var again = [];
          LIST.groups.forEach(function (g) {
            var whole = kept.has(groupKey(g.name));
            g.pages.forEach(function (e) { if (whole || kept.has(href(e[0]))) again.push(e); });
            if (whole) again = again.concat(g.extra);
          });
          return keepAll(again, cache, have);
        });
      });
    });
  }));
});

// Activate (first visit, or when the reader chose "Reload"): drop files no longer listed.
self.addEventListener("activate", function (event) {
  var live = new Set();
  entries.forEach(function (e) { live.add(fileKey(e.sha)); });
  event.waitUntil(caches.open(FILES).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) { return !live.has(r.url); }).map(function (r) { return cache.delete(r); }));
    });
  }).then(function () { return self.clients.claim(); }));
});

function offlinePage() {
  var page = LIST.offline && entries.get(href(LIST.offline));
  return (page ? caches.match(fileKey(page.sha), { cacheName: FILES }) : Promise.resolve(null)).then(function (response) {
    return response || new Response("<!doctype html><title>Offline</title><p>This page is not saved on this device.</p>",
      { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
}

// A group page opened: kept (and fetched again by later updates while it is kept).
function keepOpened(url, entry, cache) {
  return fetchAndKeep(url, entry.sha, cache).then(function (response) {
    return caches.open(KEPT).then(function (kept) { return kept.put(url, new Response("")); }).then(function () { return response; });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var key = url.origin + url.pathname, entry = entries.get(key), navigate = request.mode === "navigate";
  if (!entry && navigate && entries.has(key + "/")) {
    event.respondWith(Response.redirect(key + "/" + url.search, 301));
    return;
  }
  if (!entry) {
    if (navigate) event.respondWith(fetch(request).catch(offlinePage));
    return;
  }
  event.respondWith(caches.open(FILES).then(function (cache) {
    return cache.match(fileKey(entry.sha)).then(function (hit) {
      if (hit) return hit;
      var kept = entry.group ? keepOpened(key, entry, cache) : Promise.reject(new Error("not kept"));
      return kept.catch(function () { return fetch(request); });
    });
  }).catch(function () { return navigate ? offlinePage() : Response.error(); }));
});

// How much of a group is saved: { saved, total, unit, remaining } (pages counted; the group's
// search documents are saved with them).
function progress(name, have) {
  var g = group(name);
  if (!g) return { saved: 0, total: 0, unit: "", remaining: 0 };
  var saved = g.pages.filter(function (e) { return have.has(fileKey(e[1])); }).length;
  var remaining = g.pages.concat(g.extra).filter(function (e) { return !have.has(fileKey(e[1])); }).length;
  return { saved: saved, total: g.pages.length, unit: g.unit, remaining: remaining };
}

// A group's pages and its other files taken in turn (a chapter, then a group of verses for the
// search), so what is saved when a connection drops is usable in both.
function interleaved(a, b) {
  var out = [];
  for (var i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]);
    if (i < b.length) out.push(b[i]);
  }
  return out;
}

// "Save the whole Bible": the page asks for one small batch at a time, so a dropped
// connection loses at most a batch, and saving resumes where it stopped (even days later).
function saveBatch(name, size) {
  var g = group(name);
  if (!g) return Promise.resolve(progress(name, new Set()));
  return caches.open(KEPT).then(function (kept) { return kept.put(groupKey(name), new Response("")); }).then(function () {
    return Promise.all([caches.open(FILES), keptKeys(FILES)]);
  }).then(function (opened) {
    var cache = opened[0], have = opened[1];
    var batch = interleaved(g.pages, g.extra).filter(function (e) { return !have.has(fileKey(e[1])); }).slice(0, size);
    return keepAll(batch, cache, have).then(function (failed) {
      var result = progress(name, have);
      result.stored = batch.length - failed;
      result.failed = failed;
      return result;
    });
  });
}

self.addEventListener("message", function (event) {
  var data = event.data || {}, port = event.ports[0];
  function reply(promise) {
    event.waitUntil(promise.then(function (result) { if (port) port.postMessage(result); },
      function (error) { if (port) port.postMessage({ error: String(error) }); }));
  }
  if (data.type === "activate") self.skipWaiting();
  else if (data.type === "progress") reply(keptKeys(FILES).then(function (have) { return progress(data.group, have); }));
  else if (data.type === "save") reply(saveBatch(data.group, Math.max(1, Math.min(100, data.size | 0))));
  else if (data.type === "keep") {
    // The page the reader is on, opened before this worker was there: kept like any opened page.
    var url = new URL(data.url, SCOPE), key = url.origin + url.pathname, entry = entries.get(key);
    if (entry && entry.group) {
      reply(caches.open(FILES).then(function (cache) {
        return cache.match(fileKey(entry.sha)).then(function (hit) { return hit || keepOpened(key, entry, cache); });
      }).then(function () { return { kept: key }; }));
    }
  }
});
