#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LiveAssetsCore

/// A file's bytes as the ImageIO decoder hands them to ImageIO, and what it decides of them first: the
/// refusals libpng and libjpeg make on Linux that ImageIO, which forgives more, may not make, and the
/// ICC profile, the file's own. The decisions need no ImageIO, so the Linux tests run them.
package struct ImageIOInput: Sendable {
    /// The whole file.
    package let bytes: Data
    /// The file's ICC profile, where its header reading found one the probe's checks passed.
    package let iccProfile: [UInt8]?

    /// The bytes of the file `info` describes, checked: an error when they are not the file whose header
    /// was read (another size or format), when they end before the image does (``ImageInfo/truncation``,
    /// which libpng and libjpeg refuse as truncated), or when a PNG chunk's CRC does not match (which libpng
    /// refuses as damaged).
    package init(bytes: Data, info: ImageInfo, file: String) throws(DecodeError) {
        let checked = bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Result<[UInt8]?, DecodeError> in
            if let refusal = Self.refusal(of: raw, info: info, file: file) { return .failure(refusal) }
            return .success(info.iccProfileSize.flatMap { EmbeddedProfile.bytes(in: raw, format: info.format, size: $0) })
        }
        self.bytes = bytes
        self.iccProfile = try checked.get()
    }

    /// The whole file at `path`, in memory asked of the system first (``PixelMemory``, the copy `Data`
    /// makes of it counted too): ImageIO then reads these bytes, the ones checked, so the file is read once
    /// for both.
    package static func contents(of path: String) throws(DecodeError) -> Data {
        let file: OpenFile
        do throws(ProbeError) {
            file = try OpenFile(path: path)
        } catch {
            throw error.asDecodeError
        }
        defer { file.closeDescriptor() }
        var bytes: [UInt8]
        do throws(PixelMemoryRefusal) {
            bytes = try PixelMemory.uninitializedArray(of: UInt8.self, count: file.size, extra: file.size)
        } catch {
            throw .outOfMemory(file: path, bytes: error.bytes)
        }
        let read = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(ProbeError) -> Int in try file.read(into: buffer, at: 0) }
        }
        let count: Int
        do throws(ProbeError) {
            count = try read.get()
        } catch {
            throw error.asDecodeError
        }
        guard count == file.size else { throw .changed(file: path, reason: "it became shorter while it was read") }
        return Data(bytes)
    }

    /// Why the bytes `file` holds now must not be decoded as the image `info` describes, or nil.
    static func refusal(of bytes: UnsafeRawBufferPointer, info: ImageInfo, file: String) -> DecodeError? {
        guard bytes.count == info.fileSize else {
            return .changed(file: file, reason: "it is no longer \(info.fileSize.groupedDigits) bytes")
        }
        guard ImageFormat(sniffing: UnsafeRawBufferPointer(rebasing: bytes.prefix(16))) == info.format else {
            return .changed(file: file, reason: "it is no longer a \(info.format.displayName) file")
        }
        if info.truncation != nil { return .truncated(file: file, format: info.format) }
        if info.format == .png, let chunk = PNGChunkCRC.firstMismatch(in: bytes) {
            return .malformed(file: file, format: .png, reason: "\(chunk): CRC error")
        }
        return nil
    }
}
