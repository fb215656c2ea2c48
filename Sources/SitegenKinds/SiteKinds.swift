import SitegenBible
import SitegenHymns
import SitegenPages
import SitegenSchedule

/// The kinds of content a sitegen site is made of: the one list. Pages of each kind are
/// written in this order; adding a kind is one module and one line here (docs/architecture.md).
public enum SiteKinds {
    public static let bundled: [any ContentKind] = [
        PagesKind(),
        HymnsKind(),
        ScheduleKind(),
        BibleKind(),
    ]
}
