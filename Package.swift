// swift-tools-version: 6.0
// sitegen: a static site and offline-data generator for a congregation's hymnal,
// Bible, meetings schedule and localities.
import PackageDescription

let package = Package(
    name: "sitegen",
    // iOS: for the apps that add the SitegenSnapshots library (async URLSession).
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .executable(name: "sitegen", targets: ["sitegen"]),
        // For the phone apps (docs/app-data.md): models of every snapshot, `SnapshotSync`, and the
        // word rules to query the SQLite bundle. No dependency on the generator.
        .library(name: "SitegenSnapshots", targets: ["SitegenSnapshots"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // Spreadsheet (CSV) import of schedules.
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        // `sitegen serve`: a small pure-Swift HTTP/1.1 server (no SwiftNIO, so a clean build stays quick).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        // Debian's libcmark-gfm-dev, linked in process (never the cmark-gfm program).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Debian's libxml2-dev: its SAX2 parser streams the OSIS Bible text (the biggest input).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // Debian's libssl-dev: libcrypto's SHA-256 (the manifest's, the offline list's and the
        // search index's hashes). On Apple platforms SitegenSnapshots uses CryptoKit instead.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Debian's libsqlite3-dev (FTS5 included): the apps' SQLite bundle, made in process.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // The search word rules (`SearchText`, `TermTable`, `StableHash`), Foundation only: shared
        // by the site's index, the apps' SQLite bundle and the apps' library.
        .target(name: "SitegenWords"),
        // The built-in theme (Templates/), the starter site (Starter/) and the CI pipelines (deploy/),
        // compiled into the binary as they are when it is built (docs/architecture.md, "The built-in theme").
        .target(name: "SitegenBuiltIn", plugins: ["EmbedFiles"]),
        .plugin(name: "EmbedFiles", capability: .buildTool()),
        // Shared building blocks: diagnostics, source files, front matter, Markdown,
        // templates, escaping, snapshots, the atomic output writer.
        .target(
            name: "SitegenCore",
            dependencies: [
                "CCmarkGFM",
                "CRenameExchange",
                // The apps' models: the one definition of the snapshots' wire format (docs/app-data.md).
                "SitegenSnapshots",
                // The search's word rules and its stable hash.
                "SitegenWords",
                .product(name: "Yams", package: "Yams"),
            ],
            // The interface's words: the built-in tables (English, the one every other is read over;
            // Spanish; Finnish), compiled in (docs/languages.md). A new language's table is added here.
            resources: [.embedInCode("Strings/en.yml"), .embedInCode("Strings/es.yml"), .embedInCode("Strings/fi.yml")]
        ),
        // One module per content kind: its source format, model, pages, snapshots, and the
        // `ContentKind` it gives the pipeline (docs/architecture.md).
        .target(name: "SitegenPages", dependencies: ["SitegenCore", "SitegenSnapshots"]),
        .target(name: "SitegenHymns", dependencies: ["SitegenCore", "SitegenSnapshots"]),
        .target(name: "SitegenBible", dependencies: ["SitegenCore", "SitegenSnapshots", "SitegenWords", "CLibXML2", .product(name: "Yams", package: "Yams")],
                // Versifications are data (docs/bible.md), compiled into the binary as bytes.
                resources: [.embedInCode("Versification/KJV.vrs"), .embedInCode("Versification/NRSVA.vrs")]),
        .target(name: "SitegenSchedule", dependencies: ["SitegenCore", "SitegenSnapshots", .product(name: "SwiftCSV", package: "SwiftCSV")]),
        // The one list of the site's kinds of content and of its features.
        .target(name: "SitegenKinds", dependencies: ["SitegenCore", "SitegenPages", "SitegenHymns", "SitegenBible", "SitegenSchedule",
                                                     "SitegenFeatures", "SitegenSearch", "SitegenAppBundle"]),
        // The features made from every kind's contributions (the home page, /my/, the offline
        // list, the manifest, the sitemap); the search's and the bundle's live with their code.
        .target(name: "SitegenFeatures", dependencies: ["SitegenCore", "CZlib"]),
        // Debian's zlib1g-dev: the link-preview PNG's deflate (and reading the icon it is made from).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The build pipeline: read every kind, render, run every feature, write; a full build or
        // one edit in `serve`. It knows kinds only through `ContentKind`, features through `SiteFeature`.
        .target(name: "SitegenSite", dependencies: ["SitegenCore", "SitegenBuiltIn"]),
        // The apps' SQLite bundle written from every kind's `AppTable`s (docs/app-data.md).
        .target(name: "SitegenAppBundle", dependencies: ["SitegenCore", "SitegenWords", "CSQLite"]),
        // The apps' library: Codable snapshot models, `SnapshotSync` (mirror api/v1/ atomically).
        .target(name: "SitegenSnapshots", dependencies: ["SitegenWords", .target(name: "CLibCrypto", condition: .when(platforms: [.linux]))]),
        // Search: the index written from every kind's `SearchContribution` (`SearchFeature`); the
        // word rules are SitegenWords', the reference reader is the browser's (search-engine.js).
        .target(name: "SitegenSearch", dependencies: ["SitegenCore", "SitegenWords"]),
        // `sitegen serve`: serves Output/ on loopback, watches sources, rebuilds, reloads pages.
        .target(
            name: "SitegenServe",
            dependencies: ["SitegenSite", "SitegenCore", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // `sitegen print-sheet`: a built page printed to reproducible PDF with headless Chromium.
        .target(
            name: "SitegenPrint",
            dependencies: ["SitegenServe", "SitegenCore", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .executableTarget(
            name: "sitegen",
            dependencies: [
                "SitegenSite", "SitegenCore", "SitegenKinds", "SitegenHymns", "SitegenSchedule", "SitegenBible", "SitegenServe",
                "SitegenPrint", "SitegenSnapshots", "SitegenBuiltIn",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // The commit checked out, for `sitegen --version` (the version is SitegenBuiltIn's).
            plugins: ["EmbedCommit"]
        ),
        .plugin(name: "EmbedCommit", capability: .buildTool()),
        // --- Hardening (issue 17) ---
        // renameat2(RENAME_EXCHANGE), which Swift's Glibc module does not export: the output
        // writer swaps the new site in with one atomic exchange.
        .target(name: "CRenameExchange"),
        // Fuzz targets for every parser that reads content (see docs/reliability.md, `make fuzz`).
        .target(
            name: "SitegenFuzzTargets",
            dependencies: ["SitegenCore", "SitegenHymns", "SitegenBible", "SitegenSchedule", "SitegenSnapshots"]
        ),
        .executableTarget(name: "sitegen-fuzz", dependencies: ["SitegenFuzzTargets", "SitegenCore"]),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["SitegenFuzzTargets"], exclude: ["Corpus"]),
        // --- end of hardening block ---
        // swift-mustache is the reference the template engine's output is compared with.
        .testTarget(name: "SitegenCoreTests", dependencies: ["SitegenCore", .product(name: "Mustache", package: "swift-mustache")]),
        .testTarget(name: "SitegenSiteTests", dependencies: ["SitegenSite", "SitegenCore", "SitegenKinds", "SitegenPages", "SitegenServe", "SitegenBuiltIn"]),
        .testTarget(name: "HymnsTests", dependencies: ["SitegenHymns"]),
        .testTarget(name: "BibleTests", dependencies: ["SitegenBible", "SitegenSnapshots"], exclude: ["Fixtures"]),
        .testTarget(name: "ScheduleTests", dependencies: ["SitegenSchedule", "SitegenCore"]),
        .testTarget(name: "PrintTests", dependencies: ["SitegenPrint", "SitegenCore"]),
        .testTarget(name: "SearchTests", dependencies: ["SitegenSearch", "SitegenWords", "SitegenBible", "SitegenCore"], exclude: ["Fixtures"]),
        // The apps' library against builds of the bundled site, served over loopback; the bundle.
        .testTarget(
            name: "AppDataTests",
            dependencies: ["SitegenSnapshots", "SitegenSite", "SitegenKinds", "SitegenAppBundle", "CSQLite",
                           .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(name: "ServeTests", dependencies: ["SitegenServe", .product(name: "FlyingFox", package: "FlyingFox")]),
    ],
    swiftLanguageModes: [.v6]
)
