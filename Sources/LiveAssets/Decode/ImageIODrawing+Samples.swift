/// What the ImageIO decoder does to the samples Core Graphics drew, to hand back what the Linux decoder
/// hands back: plain loops over arrays, run by the Linux tests.
extension ImageIODrawing {
    /// Premultiplied samples (8 or 16 bits), alpha the last of `channels`, back to straight alpha, rounded
    /// to the nearest level (a fully transparent pixel is all zero). Core Graphics premultiplies what it
    /// draws; libpng does not, so a translucent pixel can still differ by a level or more.
    package static func straighten<Sample: FixedWidthInteger & UnsignedInteger>(_ samples: inout [Sample], channels: Int) {
        let maximum = UInt64(Sample.max)
        samples.withUnsafeMutableBufferPointer { buffer in
            for pixel in stride(from: 0, to: buffer.count, by: channels) {
                let alpha = UInt64(buffer[pixel + channels - 1])
                for channel in pixel..<pixel + channels - 1 {
                    buffer[channel] = alpha == 0 ? 0 : Sample(min(maximum, (UInt64(buffer[channel]) * maximum + alpha / 2) / alpha))
                }
            }
        }
    }

    /// CMYK pixels as Core Graphics holds them (ink: 0 is none, 255 full; ImageIO undoes the inversion
    /// Adobe applications write) turned, in place, into RGBA by the Linux decoder's formula. libjpeg hands
    /// that decoder the stored values, which an Adobe file holds inverted (S = 255 - ink), and it takes
    /// R = round(S(C) x S(K) / 255), likewise G from M and B from Y, alpha 255 (`lac_cmyk_to_rgba`).
    package static func rgba(fromInk samples: inout [UInt8]) {
        samples.withUnsafeMutableBufferPointer { buffer in
            for pixel in stride(from: 0, to: buffer.count - 3, by: 4) {
                let key = 255 - UInt32(buffer[pixel + 3])
                for channel in pixel..<pixel + 3 {
                    buffer[channel] = UInt8(((255 - UInt32(buffer[channel])) * key * 2 + 255) / 510)
                }
                buffer[pixel + 3] = 255
            }
        }
    }

    /// Gray drawn on black (so premultiplied by its alpha) and that alpha, drawn apart, interleaved into
    /// straight gray+alpha pixels in `samples`.
    package static func interleave(gray: [UInt8], alpha: [UInt8], into samples: inout [UInt8]) {
        for pixel in 0..<gray.count {
            samples[pixel * 2] = gray[pixel]
            samples[pixel * 2 + 1] = alpha[pixel]
        }
        straighten(&samples, channels: 2)
    }

    /// The same at 16 bits, the alpha taken from a premultiplied RGBA drawing of the image (`rgba`, 4
    /// samples a pixel): Core Graphics has no 16-bit alpha-only context.
    package static func interleave(gray: [UInt16], alphaOf rgba: [UInt16], into samples: inout [UInt16]) {
        for pixel in 0..<gray.count {
            samples[pixel * 2] = gray[pixel]
            samples[pixel * 2 + 1] = rgba[pixel * 4 + 3]
        }
        straighten(&samples, channels: 2)
    }
}
