#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssets

extension FitRun {
    /// Why `fitted` (the bytes fit wrote) is larger than the original whose header is `original`, in a
    /// phrase measured on the two headers: how each stores its pixels. `fit` stores a PNG as a palette
    /// whenever its pixels have at most 256 colours and as gray whenever they have no colour, so a
    /// fitted file that is neither had more.
    static func growthCause(original: ImageInfo?, fitted: Data) -> String {
        guard let original, let result = try? ImageProbe.probe(data: fitted, name: "fitted") else {
            return "the fitted image's data compresses less well"
        }
        func storage(_ info: ImageInfo) -> String {
            "\(info.colorModel == .palette ? "a palette" : info.colorModel.displayName) of \(info.bitDepth) bit\(info.bitDepth == 1 ? "" : "s") a sample"
        }
        let was = storage(original), now = storage(result)
        guard was != now else {
            // The same storage: the encoding spends more on each pixel, measured.
            func perPixel(_ bytes: Int, _ info: ImageInfo) -> String {
                let hundredths = Int((Double(bytes) / Double(max(1, info.width * info.height)) * 100).rounded())
                return "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
            }
            return "both are \(now); the original takes \(perPixel(original.fileSize, original)) bytes a pixel, the fitted image \(perPixel(fitted.count, result))"
                + (result.format == .png ? " (zlib's strongest settings were tried)" : "")
        }
        var why = ""
        if original.colorModel == .palette && result.colorModel != .palette {
            why = ", as resampling blends neighbouring pixels into more than 256 colours"
        } else if original.bitDepth < result.bitDepth {
            why = ", as resampling blends neighbouring pixels into levels between its \(1 << original.bitDepth)"
        }
        return "the original is \(was), the fitted image \(now)\(why)"
    }
}
