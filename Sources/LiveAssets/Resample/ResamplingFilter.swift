import LiveAssetsCore

/// The reconstruction filters the resampler offers.
package enum ResamplingFilter: String, Sendable, Hashable, CaseIterable {
    /// Windowed sinc over 3 lobes: the sharpest; the default for photos.
    case lanczos3
    /// Mitchell-Netravali (B = C = 1/3): less ringing, for flat graphics.
    case mitchell
    /// Catmull-Rom (B = 0, C = 1/2): sharper than Mitchell, a little ringing.
    case catmullRom = "catmull-rom"
    /// Box: the plain average of the covered pixels.
    case box

    /// How far the kernel reaches, in input pixels at scale 1.
    package var support: Double {
        switch self {
        case .lanczos3: 3
        case .mitchell, .catmullRom: 2
        case .box: 0.5
        }
    }

    /// The kernel's weight at distance `x`.
    package func weight(_ x: Double) -> Double {
        switch self {
        case .lanczos3:
            let x = abs(x)
            guard x < 3 else { return 0 }
            return Self.sinc(x) * Self.sinc(x / 3)
        case .mitchell: return Self.cubic(x, b: 1.0 / 3, c: 1.0 / 3)
        case .catmullRom: return Self.cubic(x, b: 0, c: 0.5)
        case .box: return x >= -0.5 && x < 0.5 ? 1 : 0
        }
    }

    static func sinc(_ x: Double) -> Double {
        guard x != 0 else { return 1 }
        let pix = Double.pi * x
        return sin(pix) / pix
    }

    static func cubic(_ value: Double, b: Double, c: Double) -> Double {
        let x = abs(value)
        if x < 1 {
            return ((12 - 9 * b - 6 * c) * x * x * x + (-18 + 12 * b + 6 * c) * x * x + (6 - 2 * b)) / 6
        }
        if x < 2 {
            return ((-b - 6 * c) * x * x * x + (6 * b + 30 * c) * x * x + (-12 * b - 48 * c) * x + (8 * b + 24 * c)) / 6
        }
        return 0
    }
}

import LiveAssetsPlatform
