import Foundation
import LiveAssets
import LiveAssets
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

/// Memory the system refuses and limits that refuse work are errors of their own, for one file, never
/// "damaged data" and never the end of the process.
@Suite struct ResourceRefusalTests {
    static let underAddressSanitizer = dlsym(Platform.everyLoadedImage, "__asan_init") != nil

    /// Linux refuses one allocation larger than its memory and swap unless told to overcommit always
    /// (mode 1); macOS grants any size. AddressSanitizer's allocator stops the process instead of
    /// returning NULL.
    static let refusesHugeAllocations: Bool = {
        #if os(Linux)
        let mode = (try? String(contentsOfFile: "/proc/sys/vm/overcommit_memory", encoding: .utf8))?.first
        return mode != "1" && !underAddressSanitizer
        #else
        return false
        #endif
    }()

    @Test(.enabled(if: refusesHugeAllocations, "skipped: this system grants (or ASan stops at) a 4 TB allocation"))
    func aPixelBufferTheSystemRefusesIsThatFilesOutOfMemoryError() throws {
        // A valid header declaring 1,000,000 x 1,000,000 pixels: 4 TB as RGBA, with limits that allow it.
        var png = Array(ImageBytes.png(width: 1_000_000, height: 1_000_000, colorType: 6, omitIDAT: true).dropLast(12))
        png += ImageBytes.chunk("IDAT", ImageBytes.zlibStored([0, 0, 0])) + ImageBytes.chunk("IEND", [])
        let limits = ImageLimits(maxPixels: Int.max, maxSide: 1_000_000)
        let folder = try TemporaryDirectory()
        let path = try folder.write("huge.png", png)
        #expect(throws: DecodeError.outOfMemory(file: path, bytes: 4_000_000_000_000)) {
            try ImageDecoder.decode(path: path, options: .init(limits: limits))
        }
        #expect(throws: FitError.decode(.outOfMemory(file: path, bytes: 4_000_000_000_000))) {
            try ImageFitter.fit(path: path, to: PixelSize(width: 10, height: 10), options: .init(limits: limits))
        }
        #expect(DecodeError.outOfMemory(file: path, bytes: 4_000_000_000_000).code == "out-of-memory")
        #expect(DecodeError.outOfMemory(file: "huge.png", bytes: 4_000_000_000_000).message
                == "huge.png needs 4,000,000 MB for its pixels and the system refused it; run with fewer --jobs or more memory, then run again.")
    }

    @Test(.enabled(if: refusesHugeAllocations, "skipped: this system grants (or ASan stops at) a 4 TB allocation"))
    func everyPixelStageAsksForItsMemoryFirst() throws {
        #expect(throws: PixelMemoryRefusal(bytes: 4_000_000_000_000)) {
            try PixelMemory.uninitializedArray(of: UInt8.self, count: 4_000_000_000_000)
        }
        #expect(throws: PixelMemoryRefusal(bytes: Int.max)) {
            try PixelMemory.uninitializedArray(of: UInt32.self, count: Int.max / 2)
        }
        let small = try PixelMemory.zeroedArray(of: UInt16.self, count: 5)
        #expect(small == [0, 0, 0, 0, 0])
    }

    @Test func aSizeNoPixelBufferCanHoldIsOverLimitWithItsDeclaredSize() throws {
        // 2,000,000,000 x 2,000,000,000 pixels: 16 x 10^18 bytes as RGBA, more than an Int holds.
        let side: UInt32 = 2_000_000_000
        let limits = ImageLimits(maxPixels: Int.max, maxSide: Int(side))
        let error = DecodeError.overLimit(file: "image data", format: .png,
                                          reason: "it declares 2000000000x2000000000 pixels, more bytes than one pixel buffer can hold")
        for bitDepth: UInt8 in [8, 16] {
            let png = Array(ImageBytes.png(width: side, height: side, bitDepth: bitDepth, colorType: 6, omitIDAT: true).dropLast(12))
                + ImageBytes.chunk("IDAT", ImageBytes.zlibStored([0, 0, 0])) + ImageBytes.chunk("IEND", [])
            let folder = try TemporaryDirectory()
            let path = try folder.write("huge.png", png)
            #expect(throws: error) { try ImageDecoder.decode(data: Data(png), options: .init(limits: limits)) }
            if bitDepth == 16 {
                #expect(throws: DecodeError.overLimit(file: path, format: .png, reason: error.reasonForTest)) {
                    try ImageDecoder.decode16(path: path, options: .init(limits: limits))
                }
            }
        }
        #expect(error.message == "image data was refused by a limit that keeps one image from taking the whole run: the PNG declares 2000000000x2000000000 pixels, more bytes than one pixel buffer can hold; if the file is trusted, export it again smaller.")
    }

    @Test func aProgressiveJPEGOverTheScanLimitIsOverLimitNotDamaged() throws {
        let jpeg = try ImageEncoders.JPEG(progressive: true).encode(.pattern(width: 64, height: 48, layout: .rgb, multiplier: 5))
        let limits = ImageLimits(maxScans: 2)
        let error = DecodeError.overLimit(file: "image data", format: .jpeg, reason: "it has more than 2 progressive scans")
        #expect(throws: error) { try ImageDecoder.decode(data: jpeg, options: .init(limits: limits)) }
        #expect(error.code == "over-limit")
        #expect(error.message == "image data has more than 2 progressive scans, over the per-image limit; save it as a baseline JPEG.")
        #expect(ProbeError.overLimit(file: "photo.jpg", format: .jpeg, reason: "it has more than 500 progressive scans").message
                == "photo.jpg has more than 500 progressive scans, over the per-image limit; save it as a baseline JPEG.")
        #expect(throws: ProbeError.overLimit(file: "image data", format: .jpeg, reason: "it has more than 2 progressive scans")) {
            try ImageProbe.probe(data: jpeg, options: .init(limits: limits, verifiesPixelData: true))
        }
        #expect(try ImageDecoder.decode(data: jpeg).pixels.width == 64)
    }
}

extension DecodeError {
    var reasonForTest: String {
        if case .overLimit(_, _, let reason) = self { return reason }
        return ""
    }
}
