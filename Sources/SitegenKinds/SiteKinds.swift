import SitegenAppBundle
import SitegenBible
import SitegenFeatures
import SitegenHymns
import SitegenPages
import SitegenSchedule
import SitegenSearch

/// What a sitegen site is made of: the one list of its kinds of content and the one list of its
/// features, the cross-cutting outputs made from what every kind contributes. Pages of each kind
/// are written in this order; features run in theirs, each seeing what the ones before it made.
/// Adding a kind or a feature is one module and one line here (docs/architecture.md).
public enum SiteKinds {
    public static let bundled: [any ContentKind] = [
        PagesKind(),
        HymnsKind(),
        ScheduleKind(),
        BibleKind(),
    ]

    public static let features: [any SiteFeature] = [
        HomeFeature(),      // the home page (with every kind's `HomeValues`) and the 404 page
        SearchFeature(),    // `/search/` and the index from every kind's `SearchContribution`
        AppBundleFeature(), // `api/v1/bundle/<part>.sqlite` from every kind's `AppTables`
        OfflineFeature(),   // `/offline/`, the web-app manifest, `sw.js` and its list
        MyPageFeature(),    // `/my/` and the reader-data schema from every kind's `ReaderDataPart`
        ManifestFeature(),  // `api/v1/manifest.json`: the snapshots and what the features list
        SitemapFeature(),   // `sitemap.xml` and `robots.txt`
        LinkPreviewFeature(), // `preview.png`, the link-preview image, from the icon and the title
    ]
}
