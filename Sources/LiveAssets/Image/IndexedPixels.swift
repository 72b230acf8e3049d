/// An image of at most 256 colours held as a palette: each pixel's entry, and the entries (RGBA), those
/// not opaque first, so that a PNG's tRNS chunk need list only them. Exact: expanding it gives back the
/// image it was made from.
package struct IndexedPixels: Sendable, Hashable {
    /// One index a pixel (a ``PixelBuffer/Layout/gray`` buffer), each below ``count``.
    package var indices: PixelBuffer
    /// RGBA, four bytes an entry.
    package var palette: [UInt8]

    package var count: Int { palette.count / 4 }

    /// The RGBA image the palette stands for.
    package var expanded: PixelBuffer {
        var samples = [UInt8](repeating: 0, count: indices.width * indices.height * 4)
        for (pixel, index) in indices.samples.enumerated() {
            for channel in 0..<4 { samples[pixel * 4 + channel] = palette[Int(index) * 4 + channel] }
        }
        return PixelBuffer(width: indices.width, height: indices.height, layout: .rgba, samples: samples)
    }
}

extension PixelBuffer {
    /// Whether no pixel has colour (R = G = B in each): always for a gray layout.
    package var hasNoColour: Bool {
        guard layout == .rgb || layout == .rgba else { return true }
        let channels = layout.channels
        return samples.withUnsafeBufferPointer { samples in
            var at = 0
            while at < samples.count {
                if samples[at] != samples[at + 1] || samples[at] != samples[at + 2] { return false }
                at += channels
            }
            return true
        }
    }

    /// The image as a palette, when its RGB or RGBA pixels have at most 256 colours (alpha counted);
    /// nil when they have more, or the layout is gray (a gray sample is one byte already). Stops at the
    /// 257th colour, so a photograph costs a few rows.
    package func indexed() -> IndexedPixels? {
        guard layout == .rgb || layout == .rgba else { return nil }
        let channels = layout.channels, pixelCount = width * height
        // Open addressing over 1,024 slots (a quarter full at most): each key, its entry index plus one (0: empty).
        var keys = [UInt32](repeating: 0, count: 1024), entries = [UInt16](repeating: 0, count: 1024)
        var colours: [UInt32] = []
        var indices = [UInt8](repeating: 0, count: pixelCount)
        let complete: Bool = samples.withUnsafeBufferPointer { samples in
            var last: UInt32 = 0, lastIndex: UInt8 = 0, hasLast = false
            for pixel in 0..<pixelCount {
                let at = pixel * channels
                let key = UInt32(samples[at]) << 24 | UInt32(samples[at + 1]) << 16 | UInt32(samples[at + 2]) << 8
                    | UInt32(channels == 4 ? samples[at + 3] : 255)
                if hasLast && key == last {  // runs of one colour are common in graphics
                    indices[pixel] = lastIndex
                    continue
                }
                var slot = Int((key &* 2_654_435_761) >> 22)
                while entries[slot] != 0 && keys[slot] != key { slot = (slot + 1) & 1023 }
                if entries[slot] == 0 {
                    guard colours.count < 256 else { return false }
                    colours.append(key)
                    keys[slot] = key
                    entries[slot] = UInt16(colours.count)
                }
                lastIndex = UInt8(entries[slot] - 1)
                last = key
                hasLast = true
                indices[pixel] = lastIndex
            }
            return true
        }
        guard complete else { return nil }
        // Entries that are not opaque first, each group in the order the colours first appear.
        let order = colours.indices.filter { colours[$0] & 0xFF != 255 } + colours.indices.filter { colours[$0] & 0xFF == 255 }
        var position = [UInt8](repeating: 0, count: colours.count)
        for (new, old) in order.enumerated() { position[old] = UInt8(new) }
        for pixel in indices.indices { indices[pixel] = position[Int(indices[pixel])] }
        let palette = order.flatMap { old -> [UInt8] in
            let key = colours[old]
            return [UInt8(key >> 24), UInt8(key >> 16 & 0xFF), UInt8(key >> 8 & 0xFF), UInt8(key & 0xFF)]
        }
        return IndexedPixels(indices: PixelBuffer(width: width, height: height, layout: .gray, samples: indices), palette: palette)
    }
}
