import LiveAssets
import Testing

/// Gray images are resized as gray, to the bytes their RGBA copy (g, g, g, alpha) resizes to: every
/// kernel, 8 and 16 bits, with alpha and without.
@Suite struct GrayResamplerTests {
    static var kernels: [Resampler.Kernel] { Resampler.Kernel.isAVX2Available ? [.scalar, .simd, .avx2] : [.scalar, .simd] }

    /// How many samples differ (all of them when the counts differ): a short message when a test fails.
    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.count == b.count ? zip(a, b).filter { $0 != $1 }.count : max(a.count, b.count)
    }

    /// Gray+alpha pixels: the red and alpha samples of random RGBA whose alpha is mostly 0, 1 or 255.
    static func grayAlpha(_ width: Int, _ height: Int, seed: UInt64) throws -> PixelBuffer {
        try ResamplerTests.sparse(width, height, seed: seed).converted(to: .grayAlpha)
    }

    @Test(arguments: [
        (1, 1, 1, 1), (7, 1, 3, 1), (1, 13, 1, 5), (97, 89, 31, 29), (640, 3, 7, 1), (257, 251, 256, 250), (331, 199, 113, 67),
    ])
    func grayResizesToTheGrayOfItsRGBACopy(width: Int, height: Int, outWidth: Int, outHeight: Int) throws {
        let target = PixelSize(width: outWidth, height: outHeight)
        let withAlpha = try Self.grayAlpha(width, height, seed: UInt64(width * 13 + height))
        let opaque = try withAlpha.converted(to: .gray)
        for image in [withAlpha, opaque] {
            let rgba = try image.converted(to: .rgba)
            for kernel in Self.kernels {
                for filter in ResamplingFilter.allCases {
                    let expected = try Resampler.resize(rgba, to: target, filter: filter, kernel: kernel).converted(to: image.layout)
                    let resized = try Resampler.resize(image, to: target, filter: filter, kernel: kernel)
                    #expect(resized.layout == image.layout)
                    #expect(Self.differing(resized.samples, expected.samples) == 0, "\(image.layout) \(kernel) \(filter) \(width)x\(height) -> \(target)")
                    let parallel = try Resampler.resize(image, to: target, filter: filter, jobs: 2, kernel: kernel)
                    #expect(Self.differing(parallel.samples, expected.samples) == 0)
                }
            }
        }
    }

    @Test(arguments: [(1, 1, 1, 1), (97, 89, 31, 29), (640, 3, 7, 1), (50, 60, 17, 19)])
    func sixteenBitGrayResizesToTheGrayOfItsRGBACopy(width: Int, height: Int, outWidth: Int, outHeight: Int) throws {
        let target = PixelSize(width: outWidth, height: outHeight)
        let wide = WideResamplerTests.random(width, height, seed: UInt64(width + height * 5)).samples
        let pairs = stride(from: 0, to: wide.count, by: 4).map { (wide[$0], wide[$0 + 3]) }
        let cases: [(WidePixelBuffer, WidePixelBuffer)] = [
            (WidePixelBuffer(width: width, height: height, layout: .grayAlpha, samples: pairs.flatMap { [$0.0, $0.1] }),
             WidePixelBuffer(width: width, height: height, samples: pairs.flatMap { [$0.0, $0.0, $0.0, $0.1] })),
            (WidePixelBuffer(width: width, height: height, layout: .gray, samples: pairs.map { $0.0 }),
             WidePixelBuffer(width: width, height: height, samples: pairs.flatMap { [$0.0, $0.0, $0.0, 65535] })),
        ]
        for (gray, rgba) in cases {
            for kernel in [Resampler.Kernel.scalar, .simd] {
                let expected = try Resampler.resize(rgba, to: target, kernel: kernel).converted(to: gray.layout)
                let resized = try Resampler.resize(gray, to: target, kernel: kernel)
                #expect(resized.layout == gray.layout)
                #expect(Self.differing(resized.samples, expected.samples) == 0, "\(gray.layout) \(kernel) \(width)x\(height) -> \(target)")
            }
        }
    }

    @Test func layoutsConvertAsDecodersWouldGiveThem() throws {
        let gray = PixelBuffer(width: 2, height: 1, layout: .gray, samples: [10, 200])
        #expect(try gray.converted(to: .rgba).samples == [10, 10, 10, 255, 200, 200, 200, 255])
        #expect(try gray.converted(to: .grayAlpha).samples == [10, 255, 200, 255])
        let grayAlpha = PixelBuffer(width: 2, height: 1, layout: .grayAlpha, samples: [10, 0, 200, 128])
        #expect(try grayAlpha.converted(to: .rgba).samples == [10, 10, 10, 0, 200, 200, 200, 128])
        #expect(try grayAlpha.converted(to: .gray).samples == [10, 200])
        let rgba = PixelBuffer(width: 1, height: 1, layout: .rgba, samples: [1, 2, 3, 4])
        #expect(try rgba.converted(to: .grayAlpha).samples == [1, 4])
        #expect(try rgba.converted(to: .rgb).samples == [1, 2, 3])
        #expect(try rgba.converted(to: .rgba) == rgba)
    }
}
