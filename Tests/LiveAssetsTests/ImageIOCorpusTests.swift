import Foundation
import LiveAssets
import LiveAssetsCore
import LiveAssetsTestSupport
import Testing

/// The ImageIO decoder's checks of a file's bytes, over every real file of the shared corpus and each cut
/// short at three points, against the Linux decoder: a file libpng or libjpeg decodes passes them with the
/// same ICC profile, and a file they refuse is one the Linux decoder refuses too.
@Suite(.enabled(if: Corpus.isAvailable, "skipped: the shared corpus (../shared/corpus) is not present"))
struct ImageIOCorpusTests {
    @Test func theAppleChecksAgreeWithTheLinuxDecoderOnEveryCorpusFile() throws {
        var disagreements: [String] = []
        var (accepted, refused) = (0, 0)
        for url in Corpus.images {
            let whole = try [UInt8](Data(contentsOf: url))
            for cut in [whole.count, whole.count * 3 / 4, whole.count / 2, whole.count / 4] where cut > 0 {
                let bytes = Array(whole.prefix(cut)), name = "\(url.lastPathComponent)[..<\(cut)]"
                // The header as the Apple path reads it; a file whose header it refuses never reaches ImageIO.
                guard let info = try? HeaderReader.read(bytes, name: name), info.isDecodable, info.format.isSupported else { continue }
                let linux = Result { () throws(DecodeError) in try ImageDecoder.decode(data: Data(bytes), name: name) }
                let apple = Result { () throws(DecodeError) in try ImageIOInput(bytes: Data(bytes), info: info, file: name) }
                switch (linux, apple) {
                case (.success(let image), .success(let input)):
                    accepted += 1
                    if image.iccProfile != input.iccProfile {
                        disagreements.append("\(name): profile of \(image.iccProfile?.count ?? 0) bytes on Linux, \(input.iccProfile?.count ?? 0) here")
                    }
                case (.success, .failure(let error)):
                    disagreements.append("\(name): Linux decodes it, the Apple checks refuse it: \(error.message)")
                case (.failure, .failure):
                    refused += 1
                case (.failure, .success):
                    break  // damage only a decode finds (a broken zlib stream, a bad Huffman code): ImageIO's to judge
                }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20).joined(separator: "\n"))")
        #expect(accepted == 193 && refused == 407, "accepted \(accepted), refused \(refused)")  // the 193 valid files whole
    }
}
