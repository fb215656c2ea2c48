import CSQLite
import Foundation
import SitegenCore

/// A SQLite database file opened for writing, with the few calls the bundle needs.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String

    init(path: String) throws {
        self.path = path
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw AppBundleError("cannot create \(path): \(message)")
        }
    }

    deinit { sqlite3_close(handle) }

    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw error(sql) }
    }

    /// Runs `sql` (one statement with `?` parameters) once per row of `rows`, binding each row's
    /// values in order straight from the row (no array of bindings made per row).
    func insert<Row: Sequence>(_ sql: String, rows: some Sequence<Row>) throws where Row.Element: SQLiteBindable {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw error(sql) }
        defer { sqlite3_finalize(statement) }
        for row in rows {
            var index: Int32 = 1
            for value in row {
                value.bind(statement, index)
                index += 1
            }
            guard sqlite3_step(statement) == SQLITE_DONE else { throw error(sql) }
            sqlite3_reset(statement)
        }
    }

    private func error(_ sql: String) -> AppBundleError {
        AppBundleError("\(String(cString: sqlite3_errmsg(handle))) in: \(sql.prefix(120))")
    }
}

/// A value that binds itself to a statement's parameter (`SQLiteDatabase.insert`).
protocol SQLiteBindable {
    func bind(_ statement: OpaquePointer?, _ index: Int32)
}

/// A value bound to a statement's parameter; text is copied by SQLite (`SQLITE_TRANSIENT`).
enum AppValueBinding: SQLiteBindable {
    case integer(Int)
    case real(Double)
    case text(String)
    case null

    func bind(_ statement: OpaquePointer?, _ index: Int32) {
        switch self {
        case .integer(let value): sqlite3_bind_int64(statement, index, Int64(value))
        case .real(let value): sqlite3_bind_double(statement, index, value)
        case .text(let value): bindText(value, statement, index)
        case .null: sqlite3_bind_null(statement, index)
        }
    }
}

/// A table's own values bind as they are, without a row of bindings made for each row.
extension AppValue: SQLiteBindable {
    func bind(_ statement: OpaquePointer?, _ index: Int32) { binding.bind(statement, index) }
}

/// Text's UTF-8 bound with its length: handing SQLite a Swift `String` as a C string copied it
/// into a new NUL-terminated array for every value, and SQLite then measured it again.
private func bindText(_ text: String, _ statement: OpaquePointer?, _ index: Int32) {
    var text = text
    _ = text.withUTF8 { bytes -> Int32 in
        // An empty buffer may have no address; SQLite binds a NULL pointer as NULL, not as ''.
        guard let base = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, transient) }
        return sqlite3_bind_text(statement, index, UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(bytes.count), transient)
    }
}

/// SQLite's `SQLITE_TRANSIENT` (a macro Swift does not import): copy the bytes before returning.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

public struct AppBundleError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = "app bundle: " + description }
}
