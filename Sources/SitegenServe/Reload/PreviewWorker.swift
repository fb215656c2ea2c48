/// What `serve` answers at the site's `sw.js` instead of the built offline worker.
///
/// A preview must show every save at once, so it has no offline worker: the pages' `offline.js`
/// does not register one when live reload is injected. A worker left on the same address by a
/// published build (opened from `Output/` on the same port) would still answer from its cache;
/// the browser checks `sw.js` for updates on every navigation, gets this one, and it removes
/// itself and reloads the open pages from the server.
enum PreviewWorker {
    static let sitePath = "/sw.js"

    static let source = #"""
    // sitegen serve: a preview has no offline worker (docs/serve.md). This one replaces a worker
    // left on this address by a published build, removes itself and reloads the open pages.
    self.addEventListener("install", function () { self.skipWaiting(); });
    self.addEventListener("activate", function (event) {
      event.waitUntil(self.registration.unregister().then(function () {
        return self.clients.matchAll({ type: "window" });
      }).then(function (clients) {
        clients.forEach(function (client) { client.navigate(client.url); });
      }));
    });

    """#
}
