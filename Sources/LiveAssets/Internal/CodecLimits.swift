#if !canImport(ImageIO)
import CLiveAssetsCodecs

extension ImageLimits {
    /// The limits as the C shim takes them, clamped to its integer widths.
    var codecLimits: lac_limits {
        lac_limits(max_width: UInt32(clamping: maxSide), max_height: UInt32(clamping: maxSide),
                   max_pixels: UInt64(clamping: maxPixels), max_scans: UInt32(clamping: maxScans))
    }
}
#endif
