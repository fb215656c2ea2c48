/// The hymnal back in the app's format: what `import hymnal-json` read, nothing lost.
/// Lines of a stanza join with a space, because the app's format has no line breaks.
public enum AppExport {
    public static func app(_ hymnal: Hymnal) -> AppHymnal {
        AppHymnal(language: hymnal.language, year: hymnal.year, hymns: hymnal.hymns.map(hymn))
    }

    public static func hymn(_ hymn: Hymn) -> AppHymn {
        AppHymn(verses: hymn.stanzas.map(AppMarkup.text),
                chorus: hymn.chorus.map(AppMarkup.text),
                refrain: hymn.refrain.map(AppMarkup.text))
    }
}
