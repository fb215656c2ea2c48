import SitegenCore

/// What "Listen" (listen.js, docs/listen.md) reads of a plan reading: the build writes it into
/// the page, so the script never parses a reference or makes a chapter's address.
extension PlanReading {
    /// Chapter by chapter: `[url, first verse, last verse]`,
    /// the last 0 when the chapter is read to its end (listen.js reads this, never the reference).
    func listenParts(context: RenderContext) -> [ListenPart] {
        reading.passages.flatMap { p in
            p.chapters.map { chapter in
                ListenPart(url: context.url(BiblePaths.chapter(p.book, chapter)),
                           from: chapter == p.startChapter && !p.wholeChapters ? p.startVerse : 1,
                           to: chapter == p.endChapter && !p.wholeChapters && !p.endsChapter ? p.endVerse : 0)
            }
        }
    }

    /// `listenParts` as the JSON of a `data-listen` attribute: `[["/bible/luke/1/",1,38]]`.
    func listenJSON(context: RenderContext) -> String {
        "[" + listenParts(context: context).map { "[" + JSONText.quoted($0.url) + ",\($0.from),\($0.to)]" }.joined(separator: ",") + "]"
    }
}

/// One chapter of a plan reading as "Listen" reads it (`to` 0: to the chapter's end).
struct ListenPart: Equatable {
    let url: String
    let from: Int
    let to: Int
}
