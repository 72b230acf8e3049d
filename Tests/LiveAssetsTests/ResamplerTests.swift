import LiveAssets
import LiveAssetsTestSupport
import Testing

import LiveAssetsPlatform

@Suite struct ResamplerTests {
    static func random(_ width: Int, _ height: Int, seed: UInt64, opaque: Bool = false) -> PixelBuffer {
        var state = seed
        let samples = (0..<(width * height * 4)).map { index -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = UInt8(truncatingIfNeeded: state >> 33)
            return opaque && index % 4 == 3 ? 255 : value
        }
        return PixelBuffer(width: width, height: height, layout: .rgba, samples: samples)
    }

    @Test(arguments: [
        (1, 1, 1, 1), (7, 1, 3, 1), (1, 13, 1, 5), (97, 89, 31, 29), (101, 7, 10, 3), (640, 3, 7, 1),
        (3, 640, 1, 7), (257, 251, 256, 250), (500, 400, 37, 41),
    ])
    func simdAndScalarKernelsGiveIdenticalBytes(width: Int, height: Int, outWidth: Int, outHeight: Int) throws {
        let image = Self.random(width, height, seed: UInt64(width * 1000 + height))
        for filter in ResamplingFilter.allCases {
            let target = PixelSize(width: outWidth, height: outHeight)
            let simd = try Resampler.resize(image, to: target, filter: filter, kernel: .simd)
            let scalar = try Resampler.resize(image, to: target, filter: filter, kernel: .scalar)
            #expect(simd.samples == scalar.samples, "\(filter) \(width)x\(height) -> \(outWidth)x\(outHeight)")
            let parallel = try Resampler.resize(image, to: target, filter: filter, jobs: 3, kernel: .simd)
            #expect(parallel.samples == simd.samples)
        }
    }

    /// Random pixels whose alpha is mostly 0, 1 or 255 (the edge cases of unpremultiplying).
    static func sparse(_ width: Int, _ height: Int, seed: UInt64) -> PixelBuffer {
        var image = random(width, height, seed: seed)
        for index in stride(from: 3, to: image.samples.count, by: 4) {
            let pick = image.samples[index] % 4
            image.samples[index] = pick == 0 ? 0 : pick == 1 ? 1 : pick == 2 ? 255 : image.samples[index]
        }
        return image
    }

    @Test(.enabled(if: Resampler.Kernel.isAVX2Available, "skipped: this build or CPU has no AVX2 (the portable kernel runs)"),
          arguments: [
              (1, 1, 1, 1), (2, 1, 1, 1), (3, 3, 2, 2), (5, 5, 4, 4), (97, 89, 31, 29), (101, 7, 10, 3), (640, 3, 7, 1),
              (3, 640, 1, 7), (257, 251, 256, 250), (509, 17, 1, 1), (1009, 13, 997, 12), (4001, 2, 3, 1), (2, 4001, 1, 3),
              (331, 199, 113, 67), (17, 19, 9, 10),
          ])
    func avx2AndPortableKernelsGiveIdenticalBytes(width: Int, height: Int, outWidth: Int, outHeight: Int) throws {
        let target = PixelSize(width: outWidth, height: outHeight)
        for (index, image) in [Self.random(width, height, seed: UInt64(width * 31 + height)),
                               Self.random(width, height, seed: UInt64(width + height * 17), opaque: true),
                               Self.sparse(width, height, seed: UInt64(width * 7 + height * 3))].enumerated() {
            for filter in ResamplingFilter.allCases {
                let portable = try Resampler.resize(image, to: target, filter: filter, kernel: .simd)
                let avx2 = try Resampler.resize(image, to: target, filter: filter, kernel: .avx2)
                #expect(avx2.samples == portable.samples, "image \(index) \(filter) \(width)x\(height) -> \(outWidth)x\(outHeight)")
                let parallel = try Resampler.resize(image, to: target, filter: filter, jobs: 2, kernel: .avx2)
                #expect(parallel.samples == portable.samples)
            }
        }
    }

    @Test(.enabled(if: Resampler.Kernel.isAVX2Available, "skipped: this build or CPU has no AVX2 (the portable kernel runs)"))
    func avx2KernelMatchesOnAPartialLastPixel() throws {
        let image = Self.sparse(227, 149, seed: 5)
        for extent in [SIMD2(113.5, 74.5), SIMD2(227.0, 149.0)] {
            let portable = try Resampler.resize(image, to: PixelSize(width: 50, height: 32), kernel: .simd, extent: extent)
            #expect(try Resampler.resize(image, to: PixelSize(width: 50, height: 32), kernel: .avx2, extent: extent).samples == portable.samples)
        }
    }

    @Test func staysWithinOneLevelOfAFloat64Reference() throws {
        for (index, (width, height, outWidth, outHeight)) in [(120, 90, 37, 28), (64, 64, 21, 9), (33, 200, 33, 50)].enumerated() {
            let image = Self.random(width, height, seed: UInt64(index + 7), opaque: index == 0)
            for filter in ResamplingFilter.allCases {
                let ours = try Resampler.resize(image, to: PixelSize(width: outWidth, height: outHeight), filter: filter)
                let reference = ReferenceResampler.resize(image, to: PixelSize(width: outWidth, height: outHeight), filter: filter)
                let worst = zip(ours.samples, reference.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 1, "\(filter): \(worst) levels")
            }
        }
    }

    @Test func aWhiteShapeOnTransparencyKeepsNoDarkHalo() throws {
        // A white disc; outside it fully transparent black (0, 0, 0, 0), as editors save it.
        let size = 90
        var samples = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size {
            for x in 0..<size where (x - 45) * (x - 45) + (y - 45) * (y - 45) <= 30 * 30 {
                samples.replaceSubrange(((y * size + x) * 4)..<((y * size + x) * 4 + 4), with: [255, 255, 255, 255])
            }
        }
        let image = PixelBuffer(width: size, height: size, layout: .rgba, samples: samples)
        for filter in ResamplingFilter.allCases {
            let small = try Resampler.resize(image, to: PixelSize(width: 29, height: 29), filter: filter)
            var edges = 0
            for pixel in stride(from: 0, to: small.samples.count, by: 4) where small.samples[pixel + 3] > 0 {
                if small.samples[pixel + 3] < 255 { edges += 1 }
                #expect(small.samples[pixel..<pixel + 3].allSatisfy { $0 >= 254 }, "\(filter): a dark fringe pixel")
            }
            #expect(edges > 0)  // there is an antialiased edge, and it stayed white
        }
    }

    @Test func aOnePixelCheckerboardShrunkByThreeAveragesToGreyWithoutMoire() throws {
        let size = 300
        let samples = (0..<(size * size)).flatMap { index -> [UInt8] in
            let value: UInt8 = (index % size + index / size) % 2 == 0 ? 0 : 255
            return [value, value, value, 255]
        }
        let image = PixelBuffer(width: size, height: size, layout: .rgba, samples: samples)
        let small = try Resampler.resize(image, to: PixelSize(width: 100, height: 100), filter: .lanczos3)
        let greys = stride(from: 0, to: small.samples.count, by: 4).map { Int(small.samples[$0]) }
        #expect(greys.min()! >= 125 && greys.max()! <= 130, "grey from \(greys.min()!) to \(greys.max()!)")
    }

    @Test func neverUpscalesAndLeavesAFittingImageAlone() throws {
        let image = Self.random(20, 10, seed: 3)
        #expect(try Resampler.resize(image, to: PixelSize(width: 40, height: 30)) == image)
        #expect(try Resampler.resize(image, to: PixelSize(width: 20, height: 10)) == image)
        #expect(try Resampler.resize(image, to: PixelSize(width: 40, height: 5)).width == 20)
    }

    @Test func coefficientsAreNormalisedAndClampedToTheImage() throws {
        for filter in ResamplingFilter.allCases {
            for (input, output) in [(100, 33), (10, 10), (7, 3), (1000, 1), (3, 2)] {
                let c = ResamplingCoefficients(inputSize: input, outputSize: output, filter: filter)
                for index in 0..<output {
                    let sum = (0..<c.counts[index]).reduce(0.0) { $0 + c.exactWeights[index * c.taps + $1] }
                    #expect(abs(sum - 1) < 1e-12, "\(filter) \(input)->\(output) at \(index)")
                    #expect(c.starts[index] >= 0 && c.starts[index] + c.counts[index] <= input)
                }
            }
        }
    }

    @Test func aPartialLastPixelIsMappedAsPartOfAPixel() throws {
        // Five columns of which the last stands for half a pixel (a 9-pixel-wide JPEG decoded at 1/2):
        // a box average to one pixel covers columns 0-3 and stops where the picture stops.
        let image = PixelBuffer(width: 5, height: 1, layout: .rgba,
                                samples: [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 200, 0, 0, 255])
        let whole = try Resampler.resize(image, to: PixelSize(width: 1, height: 1), filter: .box)
        let partial = try Resampler.resize(image, to: PixelSize(width: 1, height: 1), filter: .box, extent: SIMD2(4.5, 1))
        #expect(whole.samples == [40, 0, 0, 255])
        #expect(partial.samples == [0, 0, 0, 255])
        let c = ResamplingCoefficients(inputSize: 5, outputSize: 2, filter: .lanczos3, inputExtent: 4.5)
        var centres = [0.0, 0.0]
        for index in 0..<2 {
            for tap in 0..<c.counts[index] {
                centres[index] += c.exactWeights[index * c.taps + tap] * (Double(c.starts[index] + tap) + 0.5)
            }
        }
        // Output pixel centres at 1.125 and 3.375 of the 4.5-pixel picture, not 1.25 and 3.75.
        #expect(abs(centres[0] - 1.125) < 0.2 && abs(centres[1] - 3.375) < 0.2, "\(centres)")
        #expect(try Resampler.resize(image, to: PixelSize(width: 2, height: 1), extent: SIMD2(4.5, 1)).samples
            == Resampler.resize(image, to: PixelSize(width: 2, height: 1), kernel: .scalar, extent: SIMD2(4.5, 1)).samples)
    }
}

@Suite struct WideResamplerTests {
    static func random(_ width: Int, _ height: Int, seed: UInt64) -> WidePixelBuffer {
        var state = seed
        let samples = (0..<(width * height * 4)).map { _ -> UInt16 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt16(truncatingIfNeeded: state >> 33)
        }
        return WidePixelBuffer(width: width, height: height, samples: samples)
    }

    @Test(arguments: [(1, 1, 1, 1), (97, 89, 31, 29), (640, 3, 7, 1), (50, 60, 17, 19)])
    func simdAndScalarKernelsAgreeOnSixteenBitInput(width: Int, height: Int, outWidth: Int, outHeight: Int) throws {
        let image = Self.random(width, height, seed: UInt64(width + height))
        for filter in ResamplingFilter.allCases {
            let target = PixelSize(width: outWidth, height: outHeight)
            #expect(try Resampler.resize(image, to: target, filter: filter, kernel: .simd).samples
                == Resampler.resize(image, to: target, filter: filter, kernel: .scalar).samples)
        }
    }

    @Test func sixteenBitInputIsFilteredAtFullPrecision() throws {
        let image = Self.random(120, 90, seed: 5)
        let target = PixelSize(width: 37, height: 28)
        let ours = try Resampler.resize(image, to: target)
        let reference = ReferenceResampler.resize(samples: image.samples.map { Double($0) / 257 }, width: 120, height: 90,
                                                  to: target, filter: .lanczos3)
        #expect((zip(ours.samples, reference.samples).map { abs(Int($0) - Int($1)) }.max() ?? 0) <= 1)
        // The low bytes count: reducing to 8 bits first gives a different result.
        let narrowed = PixelBuffer(width: 120, height: 90, layout: .rgba, samples: image.samples.map { UInt8($0 >> 8) })
        #expect(try Resampler.resize(narrowed, to: target).samples != ours.samples)
    }
}
