/// Directions to a locality in the map apps people have: Apple Maps, Google Maps,
/// OpenStreetMap, and a `geo:` URI (RFC 5870) that Android hands to any map app.
/// The street address goes into every link that takes one (a driver's map app matches an
/// address best); coordinates go where a link takes them too. Every part taken from content
/// is percent-encoded.
public enum MapLinks {
    public struct Link: Sendable, Hashable {
        public let name: String
        public let url: String
    }

    public static func links(for locality: Locality) -> [Link] {
        let address = locality.address.joined(separator: ", ")
        switch (locality.coordinate, address.isEmpty) {
        case (let c?, false): return both(c, address: address, name: locality.name)
        case (let c?, true): return coordinates(c, name: locality.name)
        case (nil, false): return written(address)
        case (nil, true): return []
        }
    }

    /// Without address or coordinates: the place's name on a map (the town, not the door), the
    /// only thing the page has to offer.
    public static func town(_ locality: Locality) -> [Link] {
        let q = Escape.urlComponent(locality.name)
        return [
            Link(name: "Apple Maps", url: "https://maps.apple.com/?q=\(q)"),
            Link(name: "Google Maps", url: "https://www.google.com/maps/search/?api=1&query=\(q)"),
            Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/search?query=\(q)"),
        ]
    }

    /// The address where a link takes it, the coordinates beside it where the link takes both
    /// (Apple's `ll`, the point of `geo:`), and OpenStreetMap's directions, which take only
    /// coordinates.
    static func both(_ c: Locality.Coordinate, address: String, name: String) -> [Link] {
        let point = "\(c.latitude),\(c.longitude)"
        let a = Escape.urlComponent(address)
        return [
            Link(name: "Apple Maps", url: "https://maps.apple.com/?daddr=\(a)&ll=\(Escape.urlComponent(point))&q=\(Escape.urlComponent(name))"),
            Link(name: "Google Maps", url: "https://www.google.com/maps/dir/?api=1&destination=\(a)"),
            Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/directions?route=%3B\(Escape.urlComponent(point))#map=15/\(c.latitude)/\(c.longitude)"),
            // RFC 5870's point, and the address Android map apps search for near it.
            Link(name: "Other map app (geo:)", url: "geo:\(point)?q=\(a)"),
        ]
    }

    static func coordinates(_ c: Locality.Coordinate, name: String) -> [Link] {
        let point = "\(c.latitude),\(c.longitude)"
        let q = Escape.urlComponent(point)
        return [
            Link(name: "Apple Maps", url: "https://maps.apple.com/?daddr=\(q)&q=\(Escape.urlComponent(name))"),
            Link(name: "Google Maps", url: "https://www.google.com/maps/dir/?api=1&destination=\(q)"),
            Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/directions?route=%3B\(q)#map=15/\(c.latitude)/\(c.longitude)"),
            // RFC 5870 plus the label Android map apps show: geo:lat,lon?q=lat,lon(Name).
            Link(name: "Other map app (geo:)", url: "geo:\(point)?q=\(point)(\(Escape.urlComponent(name)))"),
        ]
    }

    /// No coordinates: directions to the written address, which the map apps look up
    /// (`geo:0,0?q=` is Android's "search for this").
    static func written(_ address: String) -> [Link] {
        let q = Escape.urlComponent(address)
        return [
            Link(name: "Apple Maps", url: "https://maps.apple.com/?daddr=\(q)"),
            Link(name: "Google Maps", url: "https://www.google.com/maps/dir/?api=1&destination=\(q)"),
            Link(name: "OpenStreetMap", url: "https://www.openstreetmap.org/search?query=\(q)"),
            Link(name: "Other map app (geo:)", url: "geo:0,0?q=\(q)"),
        ]
    }
}
