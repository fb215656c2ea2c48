import SitegenSite

// The incremental engine fills serve's `SiteSession` as it is: after one edit it writes only the
// files whose bytes changed (docs/incremental.md); the output stays a fresh full build's bytes.
extension BuildReport: RebuildSummary {}
extension BuildSession: SiteSession {}
