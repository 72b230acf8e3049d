// libFuzzer targets for the Swift side: one binary, the target named by LIVEASSETS_FUZZ_TARGET
// (probe, header, decode, exif, json, fit, imageio). Fuzz/run-swift.sh builds it with
// `-sanitize=fuzzer,address -parse-as-library -D LIVEASSETS_FUZZING`. Built normally (as `swift build`
// does) it replays the files given as arguments through the chosen target: a crash's reproducer.
import Foundation
import LiveAssets
import LiveAssetsCore

/// Small limits: the fuzzer looks for crashes, hangs and leaks, not for big pictures.
let limits = ImageLimits(maxPixels: 4_000_000, maxSide: 8_192, maxScans: 100)

enum FuzzTarget: String {
    case probe, header, decode, exif, json, fit, imageio

    static let current: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["LIVEASSETS_FUZZ_TARGET"] ?? "probe"
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(Data("LIVEASSETS_FUZZ_TARGET must be probe, header, decode, exif, json, fit or imageio, not \(name)\n".utf8))
            exit(64)
        }
        return target
    }()

    func run(_ bytes: UnsafeRawBufferPointer) {
        let data = Data(bytes)
        switch self {
        case .probe:
            // Header mode and verify mode (every row decoded).
            _ = try? ImageProbe.probe(data: data, name: "fuzz", options: .init(limits: limits))
            _ = try? ImageProbe.probe(data: data, name: "fuzz", options: .init(limits: limits, verifiesPixelData: true))
        case .header:
            // The Swift header reader, with the codec probe as its oracle: the same answer or a crash.
            let swift = Result { () throws(ProbeError) in try HeaderReader.read(bytes, name: "fuzz", limits: limits) }
            let codec = Result { () throws(ProbeError) in try ImageProbe.probe(data: data, name: "fuzz", options: .init(limits: limits)) }
            if Self.summary(swift) != Self.summary(codec) {
                fatalError("the Swift header reader says \(Self.summary(swift)); the codec probe \(Self.summary(codec))")
            }
            // Read in blocks of 5 bytes, as from a file: every fact and warning as from memory.
            let partial = Result { () throws(ProbeError) in
                var window = ByteWindow(source: ArraySource([UInt8](bytes), path: "fuzz"), blockSize: 5)
                return try HeaderReader.read(&window, name: "fuzz", limits: limits, findsTruncation: true)
            }
            if String(describing: partial) != String(describing: swift) {
                fatalError("read in blocks the Swift header reader says \(partial); from memory \(swift)")
            }
        case .decode:
            _ = try? ImageDecoder.decode(data: data, name: "fuzz", options: .init(limits: limits))
            _ = try? ImageDecoder.decode(data: data, name: "fuzz", options: .init(limits: limits, scaleDenominator: 4))
        case .exif:
            _ = ExifReader.orientation(in: bytes)
        case .json:
            // Contents.json, .liveassets.json and a size table all start from the same bytes; then an
            // edit of the catalog description, which must refuse what it cannot keep valid.
            let array = [UInt8](bytes)
            _ = try? ImageSetContents.entries(array)
            _ = try? CheckConfiguration(json: array, file: "fuzz.json", directory: "/fuzz")
            _ = try? SizeTable(json: array, file: "fuzz.json")
            _ = try? ImageSetEdit.addingFile("a@2x.png", scale: 2, to: String(decoding: array, as: UTF8.self))
        case .imageio:
            // The ImageIO decoder's checks of the bytes, with the Linux decoder as their oracle: what libpng
            // or libjpeg decodes they pass, with the same profile; what they refuse, the Linux decoder refuses.
            guard let info = try? HeaderReader.read(bytes, name: "fuzz", limits: limits), info.isDecodable, info.format.isSupported else { return }
            let linux = try? ImageDecoder.decode(data: data, name: "fuzz", options: .init(limits: limits))
            let apple = Result { () throws(DecodeError) in try ImageIOInput(bytes: data, info: info, file: "fuzz") }
            switch apple {
            case .success(let input) where linux != nil && input.iccProfile != linux?.iccProfile:
                fatalError("the Apple checks keep another ICC profile than the Linux decoder")
            case .failure(let error) where linux != nil:
                fatalError("the Apple checks refuse what the Linux decoder decodes: \(error.message)")
            default:
                break
            }
        case .fit:
            let target = PixelSize(width: 37, height: 23)
            if let fitted = try? ImageFitter.fit(data: data, name: "fuzz", to: target, options: .init(limits: limits)) {
                // What fit writes must read back, no larger than the target.
                guard let info = try? ImageProbe.probe(data: fitted), info.width <= target.width, info.height <= target.height else {
                    fatalError("fit produced an unreadable or oversized image")
                }
            }
        }
    }
}

extension FuzzTarget {
    /// What both header readers must agree on: accept or refuse (and how), the facts check reads, and the
    /// ICC profile's size and the sRGB mark.
    static func summary(_ result: Result<ImageInfo, ProbeError>) -> String {
        switch result {
        case .failure(let error): "refused: \(error.code)"
        case .success(let info):
            "\(info.format) \(info.width)x\(info.height) \(info.orientation) \(info.bitDepth) \(info.colorModel) "
                + "\(info.frameCount) \(info.isDecodable) \(String(describing: info.truncation)) "
                + "icc \(String(describing: info.iccProfileSize)) sRGB \(String(describing: info.sRGBRenderingIntent))"
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzTarget.current.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

#if LIVEASSETS_FUZZING
/// libFuzzer's driver, entered from the executable's `main` (SwiftPM links an executable's `main` to
/// `<module>_main`, so libFuzzer's own `main` is not the one that runs).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@_cdecl("liveassets_fuzz_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, values = argv
    return runFuzzerDriver(&count, &values, fuzzOneInput)
}
#else
/// Replay: each file named on the command line, once (libFuzzer brings its own `main` when fuzzing).
@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path) cannot be read\n".utf8))
                exit(1)
            }
            data.withUnsafeBytes { FuzzTarget.current.run($0) }
            print("\(path): ok")
        }
    }
}
#endif
