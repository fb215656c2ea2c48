/// The script served at `/_sitegen/reload.js` into every HTML page `serve` sends.
///
/// It long-polls `/_sitegen/wait`: a newer good build reloads the page; a failed one shows the
/// error overlay over the last good page (which stays as it was). Long polling rather than
/// WebSockets or Server-Sent Events: plain request/response, which every HTTP/1.1 server and
/// proxy handles, each request bounded by the server's own timeout.
enum ReloadScript {
    static let source = #"""
    (function () {
      "use strict";
      var script = document.currentScript;
      var version = Number(script && script.dataset.version) || 0;
      var prefix = "/_sitegen/";

      function escapeText(text) {
        var div = document.createElement("div");
        div.textContent = text;
        return div.innerHTML;
      }

      function showErrors(errors) {
        var old = document.getElementById("sitegen-error-overlay");
        if (old) old.remove();
        fetch(prefix + "overlay", { cache: "no-store" })
          .then(function (r) { return r.text(); })
          .then(function (html) {
            var holder = document.createElement("div");
            holder.innerHTML = html;
            if (holder.firstElementChild) document.body.appendChild(holder.firstElementChild);
          })
          .catch(function () {
            var pre = document.createElement("pre");
            pre.id = "sitegen-error-overlay";
            pre.innerHTML = errors.map(escapeText).join("\n");
            document.body.appendChild(pre);
          });
      }

      function hideErrors() {
        var old = document.getElementById("sitegen-error-overlay");
        if (old) old.remove();
      }

      function poll() {
        fetch(prefix + "wait?after=" + version, { cache: "no-store" })
          .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
          .then(function (status) {
            if (status.version !== version) {
              version = status.version;
              if (status.errors.length === 0) { location.reload(); return; }
              showErrors(status.errors);
            }
            poll();
          })
          .catch(function () { setTimeout(poll, 1000); });   // server restarting or gone: retry gently
      }

      window.sitegenLiveReload = { version: function () { return version; }, hideErrors: hideErrors };
      poll();
    })();
    """#
}
