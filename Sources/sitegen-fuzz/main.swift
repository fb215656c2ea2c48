import Foundation
import SitegenFuzzTargets

// sitegen-fuzz TARGET [libFuzzer options or: --seconds N --seed S --corpus DIR --found DIR]
//
// Built with `-sanitize=fuzzer -DFUZZING` (what `make fuzz` does) it hands control to libFuzzer,
// which mutates the corpus with coverage feedback. Built plainly it is a seeded random-mutation
// loop over the corpus with the same targets, so the fuzzers also run where libFuzzer does not.

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget(rawValue: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: sitegen-fuzz TARGET [options]\ntargets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
    exit(2)
}

#if FUZZING
nonisolated(unsafe) var selected = target

/// libFuzzer's entry point (its driver refers to it by name even when started through
/// `LLVMFuzzerRunDriver`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    selected.run(size == 0 ? Data() : Data(bytes: data!, count: size))
    return 0
}
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
// libFuzzer sees the arguments after the target name.
var cArguments: [UnsafeMutablePointer<CChar>?] = ([arguments[0]] + arguments.dropFirst(2)).map { strdup($0) } + [nil]
var count = Int32(cArguments.count - 1)
let status = cArguments.withUnsafeMutableBufferPointer { buffer -> Int32 in
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = buffer.baseAddress
    return LLVMFuzzerRunDriver(&count, &argv) { data, size in fuzzOne(data, size) }
}
exit(status)
#else
MutationLoop(target: target, arguments: Array(arguments.dropFirst(2))).run()
#endif
