import Testing
@testable import SitegenServe

@Suite("Live reload")
struct LiveReloadTests {
    @Test("the reload script goes before </body>, and the page is otherwise unchanged")
    func injection() {
        let page = "<!doctype html><html><body><p>Hi</p></body></html>"
        let served = LiveReloadInjection.inject(into: page, status: BuildStatus(version: 3, errors: []))
        #expect(served == "<!doctype html><html><body><p>Hi</p><script src=\"/_sitegen/reload.js\" data-version=\"3\" defer></script></body></html>")
        #expect(!served.contains("sitegen-error-overlay"))
    }

    @Test("after a failed build the errors are shown escaped, over the old page")
    func overlay() {
        let errors = ["Content/hymns/0012.md:3:7: error: unknown key '<script>alert(1)</script>'"]
        let served = LiveReloadInjection.inject(into: "<body><p>Old</p></body>", status: BuildStatus(version: 4, errors: errors))
        #expect(served.contains("<p>Old</p>"))
        #expect(served.contains("id=\"sitegen-error-overlay\""))
        #expect(served.contains("Content/hymns/0012.md:3:7: error: unknown key &#39;&lt;script&gt;alert(1)&lt;/script&gt;&#39;")
                || served.contains("Content/hymns/0012.md:3:7: error: unknown key '&lt;script&gt;alert(1)&lt;/script&gt;'"))
        #expect(!served.contains("<script>alert(1)"))
    }

    /// A page waiting after version N gets the next build at once, not at its timeout: on a
    /// timeout `wait` answers the current status, which is the same build, so the answer alone
    /// cannot tell the two apart; a timeout of a day can (the test would hang on it). With every
    /// test running in parallel on a loaded machine, a 100 ms sleep has been seen to take 35 s.
    @Test("waiting pages are woken by the next build, or answered unchanged after the timeout")
    func board() async {
        let clock = ContinuousClock()
        let board = BuildStatusBoard()
        // A day's timeout: an answer that comes at all came without it (no upper time bound here,
        // which a loaded machine broke; a wait that is never woken hangs the test instead).
        let never = Duration.seconds(86_400)
        #expect(await board.wait(after: -1, timeout: never).version == 0)   // already newer: at once

        let start = clock.now
        let timedOut = await board.wait(after: 0, timeout: .milliseconds(200))
        #expect(timedOut == BuildStatus(version: 0, errors: []))
        #expect(clock.now - start >= .milliseconds(200), "with no new build, the answer waits for the timeout")

        async let woken = board.wait(after: 0, timeout: never)
        try? await Task.sleep(for: .milliseconds(100))
        await board.publish(errors: ["a.md:1:1: error: x"])
        #expect(await woken == BuildStatus(version: 1, errors: ["a.md:1:1: error: x"]), "the build woke the waiting page")
    }
}
