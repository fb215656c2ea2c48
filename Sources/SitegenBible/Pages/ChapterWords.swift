/// What a chapter's text says besides the verses: the page language's words, and a note for each
/// verse that another bundled translation's numbering has and this one does not (3 John 1:15 of
/// the NRSVA on the KJV's 3 John 1), so the switcher never lands somewhere silently wrong.
enum ChapterWords {
    static func words(_ library: BibleLibrary, _ edition: Edition, _ book: CanonBook, _ chapter: Int) -> VerseHTML.Words {
        var words = VerseHTML.Words()
        words.verse = edition.strings["verse"]
        words.omitted = edition.strings["omitted"]
        let here = edition.translation.scheme
        var seen: Set<String> = [here.name]
        for other in library.translations.map(\.scheme) where seen.insert(other.name).inserted {
            for (ref, mapping) in other.verses(in: book, chapter, notNumberedIn: here) {
                let sentence = edition.strings["onlyIn"].replacingOccurrences(of: "{ref}", with: ref.display)
                    .replacingOccurrences(of: "{scheme}", with: other.name)
                guard let target = mapping.target else {
                    words.elsewhere.append(.init(verse: ref.verse, sentence: sentence, within: nil, withinURL: nil))
                    continue
                }
                let url = target.chapter == chapter && target.book == book
                    ? "#v\(target.verse)" : "../../\(target.book.slug)/\(target.chapter)/#v\(target.verse)"
                words.elsewhere.append(.init(verse: ref.verse, sentence: sentence + " " + edition.strings["wordsIn"],
                                             within: target.display, withinURL: url))
            }
        }
        words.elsewhere.sort { $0.verse < $1.verse }
        return words
    }
}
