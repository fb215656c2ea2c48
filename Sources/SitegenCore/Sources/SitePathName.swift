/// File names that become URLs (`Content/pages/help/faq.md` → `/help/faq/`) must be safe in a
/// URL as they are: in `<loc>`, canonical links, menus and Markdown links alike. Rather than
/// percent-encode `with space.md` or `q?x=1#f.md` into URLs nobody would type, such names are
/// refused with a clear error: ASCII letters, digits, `-`, `_` and `.` only, in each folder name
/// too (a `%` would be read as an escape, a newline would break the sitemap).
public enum SitePathName {
    /// Whether `relative` (with `/` between folders) is safe; reports it at `location` if not.
    public static func check(_ relative: String, at location: SourceLocation, diagnostics: Diagnostics) -> Bool {
        let safe = relative.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0)
        }
        if safe && !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return true }
        diagnostics.error("file name '\(relative)' cannot be part of a URL: use ASCII letters, digits, '-', '_' and '.' only "
                          + "(e.g. 'with-space.md' for 'with space.md')", at: location)
        return false
    }
}
