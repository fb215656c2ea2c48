import SitegenCore

/// Adds live reload (and, after a failed build, the error overlay) to HTML as it is served.
///
/// This happens only in the server's response; the files in the output folder are never touched,
/// so what `serve` writes is byte for byte what `build` writes.
public enum LiveReloadInjection {
    /// Reserved URL prefix: nothing in a site may live under it while serving.
    public static let prefix = "/_sitegen/"

    public static func inject(into html: String, status: BuildStatus) -> String {
        var addition = "<script src=\"\(prefix)reload.js\" data-version=\"\(status.version)\" defer></script>"
        if status.failed { addition += ErrorOverlay.html(status.errors) }
        // Before </body> when there is one, so the page's own markup stays first; else at the end.
        if let range = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) {
            return html.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: addition)
        }
        return html + addition
    }
}

/// The error overlay, rendered by the server (so it shows even before any script has run) and
/// by reload.js (when a build fails while the page is open). Same markup and ids in both.
public enum ErrorOverlay {
    public static func html(_ errors: [String]) -> String {
        let lines = errors.map { "<li>\(Escape.html($0))</li>" }.joined()
        return """
        <div id="sitegen-error-overlay" role="alertdialog" aria-labelledby="sitegen-error-title" \
        style="position:fixed;inset:0;z-index:2147483647;overflow:auto;background:rgba(24,4,4,.97);color:#fff;\
        font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:1.5rem">\
        <h2 id="sitegen-error-title" style="margin:0 0 .5rem;font-size:1.1rem;color:#ff8a80">\
        sitegen: the last edit did not build</h2>\
        <p style="margin:0 0 1rem;color:#ddd">The page below is the last good build. \
        Fix the problem and save; this page reloads by itself.</p>\
        <ul style="margin:0;padding-left:1.2rem;white-space:pre-wrap;word-break:break-word">\(lines)</ul>\
        <button type="button" onclick="this.parentNode.remove()" style="margin-top:1rem;font:inherit">Hide</button></div>
        """
    }
}
