/// Directions to a locality in the map apps people have: Apple Maps, Google Maps,
/// OpenStreetMap, and a `geo:` URI (RFC 5870) that Android hands to any map app.
/// Every part taken from content is percent-encoded.
public enum MapLinks {
    public struct Link: Sendable, Hashable {
        public let name: String
        public let url: String
    }

    public static func links(for locality: Locality) -> [Link] {
        if let c = locality.coordinate {
            let point = "\(c.latitude),\(c.longitude)"
            let q = Escape.urlComponent(point)
            return [
                Link(name: "Apple Maps", url: "https://maps.apple.com/?daddr=\(q)&q=\(Escape.urlComponent(locality.name))"),
                Link(name: "Google Maps", url: "https://www.google.com/maps/dir/?api=1&destination=\(q)"),
                Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/directions?route=%3B\(q)#map=15/\(c.latitude)/\(c.longitude)"),
                // RFC 5870 plus the label Android map apps show: geo:lat,lon?q=lat,lon(Name).
                Link(name: "Other map app (geo:)", url: "geo:\(point)?q=\(point)(\(Escape.urlComponent(locality.name)))"),
            ]
        }
        // No coordinates: directions to the written address, which the map apps look up.
        guard !locality.address.isEmpty else { return [] }
        let q = Escape.urlComponent(locality.address.joined(separator: ", "))
        return [
            Link(name: "Apple Maps", url: "https://maps.apple.com/?daddr=\(q)"),
            Link(name: "Google Maps", url: "https://www.google.com/maps/dir/?api=1&destination=\(q)"),
            Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/search?query=\(q)"),
        ]
    }
}
