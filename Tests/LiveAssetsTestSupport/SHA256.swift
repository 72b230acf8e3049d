import LiveAssets

/// The test corpus's hashes over LiveAssetsCore's SHA-256 (FIPS 180-4).
extension SHA256 {
    /// The digest of `data` as 64 lowercase hex digits, as the corpus manifest gives decoded pixels'.
    package static func hex(_ data: [UInt8]) -> String {
        digest(data).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The manifest's tolerance-friendly fingerprint: an 8x8 grid of mean RGBA, rounded half up.
    package static func fingerprint(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        var cells: [UInt8] = []
        for gy in 0..<8 {
            let y0 = gy * height / 8, y1 = max(y0 + 1, (gy + 1) * height / 8)
            for gx in 0..<8 {
                let x0 = gx * width / 8, x1 = max(x0 + 1, (gx + 1) * width / 8)
                var sums = [Int](repeating: 0, count: 4)
                for y in y0..<min(y1, height) {
                    for x in x0..<min(x1, width) {
                        for c in 0..<4 { sums[c] += Int(rgba[(y * width + x) * 4 + c]) }
                    }
                }
                let count = (min(y1, height) - y0) * (min(x1, width) - x0)
                for c in 0..<4 { cells.append(UInt8((sums[c] * 2 + count) / (2 * count))) }
            }
        }
        return cells
    }
}
