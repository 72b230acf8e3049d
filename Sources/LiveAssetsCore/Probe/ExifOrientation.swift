/// The EXIF orientation tag (0x0112): how the stored pixels must be turned to be shown upright.
///
/// Values outside 1...8 (including 0) count as ``up``, as image viewers treat them.
public enum ExifOrientation: Int, Sendable, Hashable, CaseIterable {
    /// 1: shown as stored.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned 180°.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: mirrored along the top-left to bottom-right diagonal (transpose).
    case leftMirrored = 5
    /// 6: turned 90° clockwise to display.
    case right = 6
    /// 7: mirrored along the other diagonal (transverse).
    case rightMirrored = 7
    /// 8: turned 90° counter-clockwise to display.
    case left = 8

    /// The orientation for a raw tag value; anything outside 1...8 is ``up``.
    package init(rawTagValue: Int?) {
        self = rawTagValue.flatMap(ExifOrientation.init(rawValue:)) ?? .up
    }

    /// Whether displaying the image swaps its width and height (orientations 5 to 8).
    public var swapsAxes: Bool { rawValue >= 5 }

    /// A short description for people ("rotate 90° CW").
    package var summary: String {
        switch self {
        case .up: "upright"
        case .upMirrored: "mirrored horizontally"
        case .down: "rotated 180°"
        case .downMirrored: "mirrored vertically"
        case .leftMirrored: "transposed"
        case .right: "rotated 90° clockwise"
        case .rightMirrored: "transversed"
        case .left: "rotated 90° counter-clockwise"
        }
    }
}
