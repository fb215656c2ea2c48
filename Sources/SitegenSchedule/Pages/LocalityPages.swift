/// `/localities/` (grouped by state or province) and `/localities/<slug>/` (address, service
/// times, photo, map links, upcoming meetings, calendar feed).
public enum LocalityPages {
    public static let indexPath = "localities/"

    /// Region codes in the bundled content, spelled out for headings.
    static let regionNames: [String: String] = [
        "AK": "Alaska", "BC": "British Columbia", "CO": "Colorado", "DE": "Delaware", "MI": "Michigan",
        "MN": "Minnesota", "MT": "Montana", "NC": "North Carolina", "ND": "North Dakota", "NY": "New York",
        "ON": "Ontario", "SD": "South Dakota", "WA": "Washington", "WI": "Wisconsin", "WY": "Wyoming",
        "AB": "Alberta", "SK": "Saskatchewan", "MB": "Manitoba", "OR": "Oregon", "ID": "Idaho", "IA": "Iowa",
    ]

    /// The region's name, or `elsewhere` (the table's "Other places") for a locality without one.
    public static func regionName(_ code: String?, elsewhere: String) -> String {
        guard let code, !code.isEmpty else { return elsewhere }
        return regionNames[code.uppercased()] ?? code
    }

    public static func indexSpec(_ schedule: Schedule, context: RenderContext) -> PageSpec {
        let words = context.strings(), elsewhere = words["services.elsewhere"]
        let grouped = Dictionary(grouping: schedule.localities) { regionName($0.region, elsewhere: elsewhere) }
        let regions = grouped.keys.sorted { a, b in
            if (a == elsewhere) != (b == elsewhere) { return b == elsewhere }
            return a < b
        }.map { name -> TemplateValue in
            ["name": .text(name), "id": .text("r-" + Escape.slug(name)),
             "localities": .list(grouped[name]!.sorted { $0.name < $1.name }.map { summary($0, context: context) })]
        }
        return PageSpec(path: indexPath, template: "localities", title: words["menu.localities"],
                        description: words["description.localities"],
                        values: ["regions": .list(regions), "count": .number(schedule.localities.count),
                                 "intro": .text(words.format("localitiesIntro", ["count": String(schedule.localities.count)]))])
    }

    static func summary(_ l: Locality, context: RenderContext) -> TemplateValue {
        ["name": .text(l.name), "url": .text(context.url(l.sitePath)), "address": .text(l.address.joined(separator: ", ")),
         "services": .text(serviceLines(l, words: ScheduleWords(context.strings())).joined(separator: "; "))]
    }

    /// "Sunday service: Sunday 11 am"
    static func serviceLines(_ l: Locality, words: ScheduleWords) -> [String] {
        l.services.map { s in
            var text = "\(s.name): \(words.weekday(s.weekday))"
            if let t = s.time { text += " \(words.time(t))" }
            if let note = s.note { text += " " + words.table.format("services.note", ["note": note]) }
            return text
        }
    }

    /// The map links as the page names them: the map apps by their names, the phone's own
    /// choice of app (`geo:`) in the page's words.
    static func linkValues(_ links: [MapLinks.Link], words: StringTable) -> TemplateValue {
        .list(links.map { ["name": .text($0.url.hasPrefix("geo:") ? words["locality.geoLink"] : $0.name), "url": .text($0.url)] })
    }

    public static func specs(_ schedule: Schedule, context: RenderContext) -> [PageSpec] {
        let upcoming = SchedulePieces.upcoming(schedule, context: context)
        var byLocality: [String: [Occurrence]] = [:]   // one pass, not one per locality
        for o in upcoming where o.event.status == .meeting {   // a team's travel day is not a meeting there
            for slug in o.event.localitySlugs { byLocality[slug, default: []].append(o) }
        }
        return schedule.localities.map { locality in
            spec(locality, upcoming: byLocality[locality.slug] ?? [], schedule: schedule, context: context)
        }
    }

    static func spec(_ l: Locality, upcoming: [Occurrence], schedule: Schedule, context: RenderContext) -> PageSpec {
        let words = context.strings()
        var values: TemplateObject = [
            "name": .text(l.name),
            "address": .texts(l.address),
            "hasAddress": .flag(!l.address.isEmpty),
            "region": .text(regionName(l.region, elsewhere: words["services.elsewhere"])),
            "services": .texts(serviceLines(l, words: ScheduleWords(words))),
            "hasServices": .flag(!l.services.isEmpty),
            "description": .text(SchedulePieces.description(l, context: context)),
            "mapLinks": linkValues(MapLinks.links(for: l), words: words),
            "hasMapLinks": .flag(!MapLinks.links(for: l).isEmpty),
            "meetings": .list(upcoming.map { SchedulePieces.row($0, schedule: schedule, context: context) }),
            "hasMeetings": .flag(!upcoming.isEmpty),
            "feedURL": .text(context.url(l.feedPath)),
            "indexURL": .text(context.url(indexPath)),
            "timeZone": .text(l.timeZone?.identifier ?? ""),
            "timesLocal": .text(words.format("locality.timesLocal", ["zone": l.timeZone?.identifier ?? ""])),
            "indexName": .text(words["menu.localities"]),
            "feedTitle": .text(words.format("locality.feedTitle", ["name": l.name])),
            "noAddress": .text(words.format("locality.noAddress", ["name": l.name])),
            "subscribeText": .text(words.format("locality.subscribe", ["name": l.name])),
            "downloadText": .text(words.format("locality.download", ["name": l.name])),
        ]
        if let subscribe = ScheduleOutputs.subscribeURL(l.feedPath, context: context) { values["subscribeURL"] = .text(subscribe) }
        if let c = l.coordinate { values["coordinates"] = "\(c.latitude), \(c.longitude)" }
        if let photo = l.photo {
            values["photo"] = ["url": .text(context.url(photo)), "alt": .text(l.photoAlt ?? words.format("locality.photo", ["name": l.name]))]
        }
        if let email = l.email { values["email"] = ["text": .text(email), "mailto": .text("mailto:" + email)] }
        if l.address.isEmpty {
            values["townLinks"] = linkValues(MapLinks.town(l), words: words)
        }
        if let phone = l.phone {
            values["phone"] = ["text": .text(phone), "tel": .text("tel:" + phone.filter { $0.isNumber || $0 == "+" })]
        }
        values["jsonLD"] = LinkedData.script([ScheduleLinkedData.church(l, context: context)]
            + ScheduleLinkedData.events(upcoming.filter { $0.event.locality == l.slug }, schedule: schedule, context: context))
            .map(TemplateValue.text)
        return PageSpec(path: l.sitePath, template: "locality", title: l.name,
                        description: words.format("description.locality", ["name": l.name]),
                        values: values, source: l.source)
    }
}

import Foundation
