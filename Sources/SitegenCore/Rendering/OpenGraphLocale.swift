import Foundation
import Synchronization

/// `og:locale` as the Open Graph protocol spells it, `language_TERRITORY`: a language tag that
/// names its region keeps it (`en-GB` → `en_GB`); one that does not gets the region CLDR's likely
/// subtags give it (`fi` → `fi_FI`, `es` → `es_ES`, `en` → `en_US`), data that ships with
/// Foundation, so no machine setting changes it. A tag CLDR does not know stays as written.
public enum OpenGraphLocale {
    /// Every page asks; a site has one or a few languages, each worked out once.
    private static let known = Mutex<[String: String]>([:])

    public static func of(_ language: String) -> String {
        if let found = known.withLock({ $0[language] }) { return found }
        let likely = Locale.Language(identifier: Locale.Language(identifier: language).maximalIdentifier)
        let value: String
        if let code = likely.languageCode?.identifier, let region = likely.region?.identifier {
            value = "\(code)_\(region)"
        } else {
            value = language.replacingOccurrences(of: "-", with: "_")
        }
        known.withLock { $0[language] = value }
        return value
    }
}
