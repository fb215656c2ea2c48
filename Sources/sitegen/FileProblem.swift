import Foundation

/// A Foundation file error in words a volunteer reads ("NSCocoaErrorDomain error 512" tells them
/// nothing): which path, and what the system said about it.
enum FileProblem {
    /// `path: error: why` when the error names a path, else `error: why`.
    static func message(_ error: any Error) -> String {
        let ns = error as NSError
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return (path.map { "\($0): " } ?? "sitegen: ") + "error: " + reason(ns)
    }

    private static func reason(_ ns: NSError) -> String {
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code))).lowercased()
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))).lowercased() }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
        case .fileWriteOutOfSpace: return "no space left on the disk"
        case .fileWriteVolumeReadOnly: return "read-only file system"
        case .fileNoSuchFile, .fileReadNoSuchFile: return "no such file or folder"
        case .fileWriteFileExists: return "something is already there"
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "not a valid file name"
        default: return "cannot be read or written"
        }
    }
}
