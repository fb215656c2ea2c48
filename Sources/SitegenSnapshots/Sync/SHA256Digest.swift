import Foundation
#if canImport(CryptoKit)
import CryptoKit
#else
import CLibCrypto
#endif

/// SHA-256, the one hash of the snapshots' manifest, the offline list and the search index's
/// file names. On Apple platforms (the apps) it is CryptoKit's; elsewhere (the generator on
/// Linux) OpenSSL's libcrypto from Debian, linked like SQLite and libxml2. swift-crypto, which
/// compiled BoringSSL from source, was half of a fresh clone's debug build (docs/testing.md).
public enum SHA256Digest {
    /// The 32 bytes of the digest of `data`.
    public static func bytes(_ data: some ContiguousBytes) -> [UInt8] {
        #if canImport(CryptoKit)
        return data.withUnsafeBytes { Array(SHA256.hash(data: $0)) }
        #else
        var digest = [UInt8](repeating: 0, count: 32)
        data.withUnsafeBytes { buffer in
            digest.withUnsafeMutableBufferPointer { out in
                var length: UInt32 = 0
                _ = EVP_Digest(buffer.baseAddress, buffer.count, out.baseAddress, &length, algorithm, nil)
            }
        }
        return digest
        #endif
    }

    #if !canImport(CryptoKit)
    /// Fetched once: OpenSSL 3's one-shot `SHA256()` looks the algorithm up by name on every call,
    /// which costs more than hashing the short strings and files a build hashes by the thousand.
    /// An `EVP_MD` is immutable once fetched and safe to share between threads.
    private nonisolated(unsafe) static let algorithm = EVP_MD_fetch(nil, "SHA256", nil)
    #endif

    /// The first `digits` lower-case hex digits of the digest of `data` (all 64 by default).
    public static func hex(_ data: some ContiguousBytes, digits: Int = 64) -> String {
        let digest = bytes(data)
        return String(unsafeUninitializedCapacity: digits) { buffer in
            for index in 0..<digits {
                let byte = digest[index / 2]
                buffer[index] = hexDigits[Int(index % 2 == 0 ? byte >> 4 : byte & 0xF)]
            }
            return digits
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
