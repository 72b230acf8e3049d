/// The memory the ImageIO decoder needs for one image, counted before any of it is asked for, as the
/// Linux decoder counts its own: every size product checked for overflow, and all of it asked of the
/// system at once through ``PixelMemory``, so that a refusal is this image's error, not the process's end.
package struct ImageIOMemory: Sendable, Hashable {
    /// The samples drawn into (in the drawing's ``ImageIODrawing/Pass/layout``), the first buffer asked
    /// for; the others are asked for with it.
    package var samples: Int
    /// The planes drawn beside them: the gray and the alpha drawn apart.
    package var planeBytes: Int
    /// The copy in the header's layout, where the drawn layout is another.
    package var convertedBytes: Int
    /// The bytes ImageIO decodes the image into while it is drawn (its bytes per row times its height).
    /// The decoder asks ImageIO to cache nothing, so this copy lives only for the drawing; it is counted
    /// all the same.
    package var imageIOBytes: Int

    package init(samples: Int, planeBytes: Int, convertedBytes: Int, imageIOBytes: Int) {
        self.samples = samples
        self.planeBytes = planeBytes
        self.convertedBytes = convertedBytes
        self.imageIOBytes = imageIOBytes
    }

    /// Everything beyond the samples, for ``PixelMemory/uninitializedArray(of:count:extra:)``.
    package var extraBytes: Int { planeBytes + convertedBytes + imageIOBytes }

    /// The memory `drawing` needs for a `width` x `height` image that ImageIO decodes at
    /// `imageBytesPerRow`; nil when a product or sum does not fit an Int (a size only raised limits let
    /// through), which the decoder refuses as over the limit.
    package static func plan(_ drawing: ImageIODrawing, width: Int, height: Int, imageBytesPerRow: Int) -> ImageIOMemory? {
        let sampleBytes = drawing.bitsPerComponent / 8
        let drawnLayout = drawing.pass.layout
        guard width >= 0, height >= 0, imageBytesPerRow >= 0,
              let pixels = product(width, height),
              let samples = product(pixels, drawnLayout.channels),
              let sampleMemory = product(samples, sampleBytes),
              let imageIOBytes = product(imageBytesPerRow, height),
              let converted = drawnLayout == drawing.layout ? 0 : product(pixels, drawing.layout.channels * sampleBytes)
        else { return nil }
        // The gray plane, and the alpha: an 8-bit plane, or at 16 bits an RGBA drawing.
        let planes = drawing.pass == .grayAlpha
            ? sum(product(pixels, sampleBytes), drawing.bitsPerComponent == 8 ? pixels : product(pixels, 8)) : 0
        guard let planes, let total = sum(sampleMemory, sum(planes, sum(converted, imageIOBytes))),
              total < Int.max - PixelMemory.overhead
        else { return nil }
        return ImageIOMemory(samples: samples, planeBytes: planes, convertedBytes: converted, imageIOBytes: imageIOBytes)
    }

    private static func product(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : value
    }

    private static func sum(_ a: Int?, _ b: Int?) -> Int? {
        guard let a, let b else { return nil }
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : value
    }
}
