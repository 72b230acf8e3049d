import Foundation
import LiveAssets

import LiveAssetsPlatform

extension RuleExample.File.Content {
    /// The file's bytes.
    package var bytes: [UInt8] {
        switch self {
        case .png(let width, let height, let bitDepth, let colorType, let frames, let cut):
            let animation = frames > 1 ? [("acTL", ImageBytes.be32(UInt32(frames)) + ImageBytes.be32(0))] : []
            let bytes = ImageBytes.png(width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth),
                                       colorType: UInt8(colorType), chunksBeforeIDAT: animation)
            return cut ? Array(bytes.dropLast(12)) : bytes  // IEND is the last 12 bytes
        case .jpeg(let width, let height, let orientation, let cmyk):
            var segments: [[UInt8]] = []
            if orientation != 1 { segments.append(ImageBytes.exifSegment(ImageBytes.orientationTIFF(UInt16(orientation)))) }
            // Adobe APP14: "Adobe", version 100, flags0, flags1, transform 0 (CMYK, no colour transform).
            if cmyk { segments.append(ImageBytes.marker(0xEE, Array("Adobe".utf8) + [0, 100, 0, 0, 0, 0, 0])) }
            return ImageBytes.jpegHeader(width: UInt16(width), height: UInt16(height), components: cmyk ? 4 : 3,
                                         segments: segments, subsampled: !cmyk)
        case .text(let text):
            return Array(text.utf8)
        case .bytes(let bytes):
            return bytes
        case .link(let target):
            return Array(target.utf8)  // what the link holds
        }
    }
}

/// write(2) of `count` bytes (the name `write` is taken inside the extension below).
private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

extension RuleExample {
    /// Writes the example's files, and the folders they are in, below `folder`; names keep their bytes.
    package func write(in folder: URL) throws {
        for file in files {
            var path = Array(folder.path.utf8)
            let components = file.path.fileSystemBytes.split(separator: UInt8(ascii: "/"))
            for (index, component) in components.enumerated() {
                path += [UInt8(ascii: "/")] + component
                let isFile = index == components.count - 1
                let made = (path + [0]).withUnsafeBufferPointer { buffer -> Bool in
                    let name = UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                    guard isFile else { return mkdir(name, 0o755) == 0 || errno == EEXIST }
                    if case .link(let target) = file.content { return symlink(target, name) == 0 }
                    let descriptor = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
                    guard descriptor >= 0 else { return false }
                    defer { close(descriptor) }
                    let bytes = file.content.bytes
                    return bytes.withUnsafeBytes { writeAll(descriptor, $0.baseAddress, $0.count) } == bytes.count
                }
                guard made else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
            }
        }
    }
}
