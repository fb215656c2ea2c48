/// A content kind with its cache, behind a face that does not name the kind's model, so the
/// pipeline can hold every kind of the site in one list and never switch on kinds.
protocol KindRunning: Sendable {
    var name: String { get }
    var sources: KindSources { get }
    func read(_ input: KindInput) async -> KindModel
    func requiredTemplates(_ model: KindModel) -> [String]
    func pages(_ model: KindModel, context: RenderContext) -> [PageSpec]
    func pageList(_ model: KindModel, context: RenderContext) -> PageList
    /// `remembering`: through the kind's cache (a session); else with a new one, dropped after.
    func snapshots(_ model: KindModel, context: RenderContext, remembering: Bool) throws -> [Snapshot]
    func feeds(_ model: KindModel, context: RenderContext) -> [OutputFile]
    func contributions(_ model: KindModel, context: RenderContext) -> Contributions
    func check(_ model: KindModel, site: BuiltSite, context: RenderContext)
    var checksBuiltSite: Bool { get }
}

/// A kind's model as the pipeline holds it; nil when the site has none of the kind.
struct KindModel: Sendable {
    let value: (any Sendable)?
}

/// The runner of one kind, with a new cache (a full build) that later builds of a session keep.
func makeRunner(_ kind: some ContentKind) -> any KindRunning {
    KindRunner(kind: kind, cache: kind.makeCache())
}

private struct KindRunner<Kind: ContentKind>: KindRunning {
    let kind: Kind
    let cache: Kind.Cache

    var name: String { kind.name }
    var sources: KindSources { kind.sources }

    func read(_ input: KindInput) async -> KindModel {
        KindModel(value: await kind.read(input, cache: cache))
    }

    /// The typed model (the pipeline only hands a runner the models it read).
    private func typed(_ model: KindModel) -> Kind.Model? { model.value as? Kind.Model }

    func requiredTemplates(_ model: KindModel) -> [String] {
        typed(model).map(kind.requiredTemplates) ?? []
    }

    func pages(_ model: KindModel, context: RenderContext) -> [PageSpec] {
        typed(model).map { kind.pages($0, context: context, cache: cache) } ?? []
    }

    func pageList(_ model: KindModel, context: RenderContext) -> PageList {
        typed(model).map { kind.pageList($0, context: context, cache: cache) } ?? PageList([])
    }

    func snapshots(_ model: KindModel, context: RenderContext, remembering: Bool) throws -> [Snapshot] {
        try typed(model).map { try kind.snapshots($0, context: context, cache: remembering ? cache : kind.makeCache()) } ?? []
    }

    func feeds(_ model: KindModel, context: RenderContext) -> [OutputFile] {
        typed(model).map { kind.feeds($0, context: context, cache: cache) } ?? []
    }

    func contributions(_ model: KindModel, context: RenderContext) -> Contributions {
        typed(model).map { kind.contributions($0, context: context, cache: cache) } ?? Contributions()
    }

    func check(_ model: KindModel, site: BuiltSite, context: RenderContext) {
        if let model = typed(model) { kind.check(model, site: site, context: context) }
    }

    var checksBuiltSite: Bool { kind.checksBuiltSite }

}
