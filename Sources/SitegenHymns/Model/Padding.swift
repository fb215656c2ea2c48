/// `zeroPadded("7", 3)` → `007`: hymn file names sort in number order.
func zeroPadded(_ text: String, _ width: Int) -> String {
    String(repeating: "0", count: max(0, width - text.count)) + text
}
