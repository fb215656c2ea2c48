import Foundation

/// schema.org structured data of the schedule's pages (docs/publishing.md, "Link previews and
/// search engines"): on each locality page a `Church`, and an `Event` for each upcoming mission
/// visit it hosts (the page the home page's next visits link to; on `/schedule/`, which lists
/// every meeting, they would take the page past its byte budget). Dates carry the locality's
/// offset; places their address and coordinates.
enum ScheduleLinkedData {
    /// The mission meetings still to come, one `Event` a visit (the days in a row one team holds
    /// meetings at one place, as the home page and the print sheet count them): a day's event
    /// repeated a hundred times would weigh more than the page's list.
    static func events(_ upcoming: [Occurrence], schedule: Schedule, context: RenderContext) -> [LinkedData] {
        let words = ScheduleWords(context.strings())
        return Visit.visits(upcoming).map { event($0, schedule: schedule, words: words, context: context) }
    }

    /// From the first day's first session to the last day's last (all-day dates without sessions).
    static func event(_ visit: Visit, schedule: Schedule, words: ScheduleWords, context: RenderContext) -> LinkedData {
        let e = visit.first.event, last = visit.days[visit.days.count - 1]
        let place = schedule.locality(e.locality)
        let title = EventText.title(e, schedule: schedule, words: words)
        var start: LinkedData = .text(visit.firstDate.description), end: LinkedData = .text(visit.lastDate.description)
        if let zone = e.timeZone, let first = visit.first.event.sessions.first, let final = last.event.sessions.last,
           let from = visit.first.start(of: first), let to = last.end(of: final) {
            start = .text(ZonedTime.iso8601(from, in: zone))
            end = .text(ZonedTime.iso8601(to, in: zone))
        }
        let location = place.map { self.place($0, type: "Place", context: context) } ?? .thing("Place", ["name": .text(title)])
        return .thing("Event", [
            "name": .text(title), "startDate": start, "endDate": end, "location": location,
            "eventStatus": .text("https://schema.org/EventScheduled"),
            "eventAttendanceMode": .text("https://schema.org/OfflineEventAttendanceMode"),
            "description": e.comment.map(LinkedData.text),
        ])
    }

    /// The locality's page: a `Church` with its weekly services as opening hours.
    static func church(_ l: Locality, context: RenderContext) -> LinkedData {
        guard case .object(var church) = place(l, type: "Church", context: context) else { return place(l, type: "Church", context: context) }
        church["telephone"] = l.phone.map(LinkedData.text)
        church["email"] = l.email.map(LinkedData.text)
        let hours = l.services.compactMap { s -> LinkedData? in
            guard let time = s.time else { return nil }
            return .thing("OpeningHoursSpecification", ["name": .text(s.name),
                                                         "dayOfWeek": .text("https://schema.org/" + CalendarDate.weekdayNames[s.weekday - 1]),
                                                         "opens": .text(time.description + ":00")])
        }
        if !hours.isEmpty { church["openingHoursSpecification"] = .list(hours) }
        return .object(church)
    }

    static func place(_ l: Locality, type: String, context: RenderContext) -> LinkedData {
        .thing(type, [
            "name": .text(l.name),
            "address": l.address.isEmpty ? nil : address(l),
            "geo": l.coordinate.map { .thing("GeoCoordinates", ["latitude": .number($0.latitude), "longitude": .number($0.longitude)]) },
            "url": context.publishedURL(l.sitePath).map(LinkedData.text),
        ])
    }

    /// The envelope's lines as a `PostalAddress`: the street lines, and the last line read as
    /// "Town REGION POSTCODE" when it names the locality's region (else it stays a street line).
    static func address(_ l: Locality) -> LinkedData {
        var street = l.address
        var town: String?, postcode: String?
        if let region = l.region, let last = street.last, let range = last.range(of: " \(region) ", options: .backwards) {
            town = String(last[..<range.lowerBound])
            postcode = String(last[range.upperBound...])
            street.removeLast()
        }
        return .thing("PostalAddress", [
            "streetAddress": street.isEmpty ? nil : .text(street.joined(separator: ", ")),
            "addressLocality": town.map(LinkedData.text), "postalCode": postcode.map(LinkedData.text),
            "addressRegion": l.region.map(LinkedData.text), "addressCountry": l.country.map(LinkedData.text),
        ])
    }
}
