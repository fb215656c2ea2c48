// The service worker (docs/offline.md). The build's sw.js holds the offline list's root
// (self.OFFLINE_ROOT: the groups, and the names of the list's parts, each ending in the hash of its
// bytes), then imports this. The parts (sw-parts/<name>.<hash>.json: each file's path below the
// site with the SHA-256 of its bytes) are kept by their hash: an update fetches only the parts
// whose hash moved, then only the files whose hash moved.
//
// Files are kept by their hash, under <scope>__sha256/<hex>: an update fetches only the files
// whose bytes changed, and a page is always answered with the files of one build, those of the
// active worker's list, until the reader chooses "Reload" for the new one.
"use strict";
var ROOT = self.OFFLINE_ROOT;
var SCOPE = self.registration.scope;
var FILES = "sitegen-files";   // response by content hash
var KEPT = "sitegen-kept";     // group pages a reader opened, and groups saved in full
var PARTS = "sitegen-parts";   // the list's parts, by their name (which ends in their hash)
var PARALLEL = 6;

function href(path) { return new URL(path, SCOPE).href; }
function fileKey(sha) { return SCOPE + "__sha256/" + sha; }
function groupKey(name) { return SCOPE + "__group/" + name; }
function partURL(name) { return href("sw-parts/" + name + ".json"); }
function group(name) { return LIST && LIST.groups.find(function (g) { return g.name === name; }); }

// The list, once its parts are read: { offline, core: [[path, sha]…], groups: [{ name, unit,
// bytes, pages, extra }] }, and URL (no query) → its hash and group (null: the core).
var LIST = null, entries = new Map();

function readList(texts) {
  var list = { offline: ROOT.offline, core: [], groups: ROOT.groups.map(function (g) {
    return { name: g.name, unit: g.unit, bytes: g.bytes, pages: [], extra: [] };
  }) };
  texts.forEach(function (text) {
    var part = JSON.parse(text), g = part.group === undefined ? null : list.groups.find(function (x) { return x.name === part.group; });
    if (!g) { list.core = list.core.concat(part.files || []); return; }
    g.pages = g.pages.concat(part.pages);
    g.extra = g.extra.concat(part.extra);
  });
  var map = new Map();
  list.core.forEach(function (e) { map.set(href(e[0]), { sha: e[1], group: null }); });
  list.groups.forEach(function (g) {
    g.pages.concat(g.extra).forEach(function (e) { map.set(href(e[0]), { sha: e[1], group: g.name }); });
  });
  LIST = list;
  entries = map;
  return list;
}

// A part from the cache, or fetched (when `fetchMissing`), checked against the hash in its name
// and kept. Resolves with its text.
function part(name, cache, fetchMissing) {
  var url = partURL(name);
  return cache.match(url).then(function (hit) {
    if (hit) return hit.text();
    if (!fetchMissing) throw new Error("the list's part " + name + " is not kept");
    return fetch(url, { cache: "no-cache", credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error(response.status + " " + url);
      return response.arrayBuffer();
    }).then(function (bytes) {
      return crypto.subtle.digest("SHA-256", bytes).then(function (digest) {
        var hash = name.slice(name.lastIndexOf(".") + 1);
        if (hex(digest).slice(0, hash.length) !== hash) throw new Error("the server has another version of " + url);
        return cache.put(url, new Response(bytes, { headers: { "Content-Type": "application/json" } })).then(function () {
          return new TextDecoder().decode(bytes);
        });
      });
    });
  });
}

// Reads every part (fetching those not kept, at the install), PARALLEL at a time.
function loadList(fetchMissing) {
  return caches.open(PARTS).then(function (cache) {
    var texts = [], next = 0;
    function worker() {
      if (next >= ROOT.parts.length) return Promise.resolve();
      var index = next++, name = ROOT.parts[index];
      return part(name, cache, fetchMissing).catch(function (error) {
        if (!fetchMissing) throw error;
        return part(name, cache, true);
      }).then(function (text) { texts[index] = text; }).then(worker);
    }
    var workers = [];
    for (var i = 0; i < PARALLEL; i++) workers.push(worker());
    return Promise.all(workers).then(function () { return readList(texts); });
  });
}

// A worker started again by the browser reads its list from the cache (a part lost there is
// fetched again: the server may still have it).
var ready = null;
function listReady() {
  if (!ready) ready = loadList(false).catch(function () { return loadList(true); });
  ready.catch(function () { ready = null; });
  return ready;
}

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

// Install: the list's parts not kept yet, then the core as one unit (a failure fails the
// install, and the browser tries again later; what was kept stays, so the next try fetches only
// the rest). Then the group pages the reader kept whose bytes changed, and the changed files of
// groups saved in full.
self.addEventListener("install", function (event) {
  ready = loadList(true);
  event.waitUntil(ready.then(function () { return caches.open(FILES); }).then(function (cache) {
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

// Removes from a cache what `live` (a set of URLs) does not hold.
function prune(name, live) {
  return caches.open(name).then(function (cache) {
    return cache.keys().then(function (requests) {
      return Promise.all(requests.filter(function (r) { return !live.has(r.url); }).map(function (r) { return cache.delete(r); }));
    });
  });
}

// Activate (first visit, or when the reader chose "Reload"): drop files and parts no longer listed.
self.addEventListener("activate", function (event) {
  event.waitUntil(listReady().then(function () {
    var live = new Set();
    entries.forEach(function (e) { live.add(fileKey(e.sha)); });
    return Promise.all([prune(FILES, live), prune(PARTS, new Set(ROOT.parts.map(partURL)))]);
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

// The answer to a request from the list (read already), or null for the network.
function answer(request) {
  var url = new URL(request.url), key = url.origin + url.pathname, entry = entries.get(key), navigate = request.mode === "navigate";
  if (!entry && navigate && entries.has(key + "/")) return Promise.resolve(Response.redirect(key + "/" + url.search, 301));
  if (!entry) return navigate ? fetch(request).catch(offlinePage) : null;
  return caches.open(FILES).then(function (cache) {
    return cache.match(fileKey(entry.sha)).then(function (hit) {
      if (hit) return hit;
      var kept = entry.group ? keepOpened(key, entry, cache) : Promise.reject(new Error("not kept"));
      return kept.catch(function () { return fetch(request); });
    });
  }).catch(function () { return navigate ? offlinePage() : Response.error(); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  if (LIST) {
    var response = answer(request);
    if (response) event.respondWith(response);
    return;
  }
  // A worker just started by the browser: its list is read from the cache first.
  event.respondWith(listReady().then(function () { return answer(request) || fetch(request); }, function () { return fetch(request); }));
});

// How much of a group is saved: { saved, total, unit, remaining, bytes } (pages counted; the
// group's search documents are saved with them; bytes: what the whole group stores).
function progress(name, have) {
  var g = group(name);
  if (!g) return { saved: 0, total: 0, unit: "", remaining: 0, bytes: 0 };
  var saved = g.pages.filter(function (e) { return have.has(fileKey(e[1])); }).length;
  var remaining = g.pages.concat(g.extra).filter(function (e) { return !have.has(fileKey(e[1])); }).length;
  return { saved: saved, total: g.pages.length, unit: g.unit, remaining: remaining, bytes: g.bytes };
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
  else if (data.type === "progress") reply(listReady().then(function () { return keptKeys(FILES); }).then(function (have) { return progress(data.group, have); }));
  else if (data.type === "save") reply(listReady().then(function () { return saveBatch(data.group, Math.max(1, Math.min(100, data.size | 0))); }));
  else if (data.type === "keep") reply(listReady().then(function () { return keepPage(data.url); }));
});

// The page the reader is on, opened before this worker was there: kept like any opened page.
function keepPage(address) {
  var url = new URL(address, SCOPE), key = url.origin + url.pathname, entry = entries.get(key);
  if (!entry || !entry.group) return Promise.resolve({});
  return caches.open(FILES).then(function (cache) {
    return cache.match(fileKey(entry.sha)).then(function (hit) { return hit || keepOpened(key, entry, cache); });
  }).then(function () { return { kept: key }; });
}
