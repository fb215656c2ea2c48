import Foundation

/// The file of the program running now. Not `CommandLine.arguments[0]`: a program found on PATH
/// (the tarball's bin/ on PATH, the image's) is started as plain `sitegen`, which names no folder.
enum RunningProgram {
    static var file: URL {
        if FileManager.default.fileExists(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        }
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }
}
