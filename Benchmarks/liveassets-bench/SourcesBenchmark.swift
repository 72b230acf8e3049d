import Foundation
import LiveAssetsRun
import LiveAssetsCore

/// Reading a large app's Swift files for the presentations of its images (`check --sources`,
/// `liveassets usage`): generated SwiftUI files with views that build one another, helper functions,
/// data tables, comments, raw and multi-line strings, and one widget with an ActivityConfiguration.
enum SourcesBenchmark {
    /// Writes `count` files into `directory` (replacing the generated ones); returns their paths.
    static func generate(count: Int, into directory: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            let next = (index + 1) % count
            var text = """
                import SwiftUI

                /// Generated view \(index): a comment with a brace { and a "string".
                struct GeneratedView\(index): View {
                    let title: String
                    var values: [Int] = [1, 2, 3]

                    var body: some View {
                        VStack(alignment: .leading, spacing: 4) {
                            Text("Title \\(title) {\\(values.count)}")
                            HStack {
                                Image("icon-\(index % 50)")
                                ForEach(values, id: \\.self) { value in
                                    Text(#"raw \\#(value) }"#)
                                }
                            }
                            GeneratedView\(next)Row(index: \(index))
                            badge
                        }
                        .padding()
                    }

                    var badge: some View {
                        Image(systemName: "star").foregroundStyle(.yellow)
                    }
                }

                struct GeneratedView\(index)Row: View {
                    let index: Int
                    var body: some View {
                        /* nested /* comment */ } */
                        Label("Row \\(index)", systemImage: "star")
                    }
                }

                """
            for helper in 0..<6 {
                text += """

                    func helper\(index)x\(helper)(_ value: Int) -> String {
                        let table = ["a\(index)", "b\(helper)", "c"]
                        let pattern = #/row-\\d+/#
                        _ = pattern
                        if value > 3 { return table[value % 3] }
                        return table[0] + \"\"\"
                            multi-line \\(value) }
                            \"\"\"
                    }

                    """
            }
            if index == 0 {
                text += """

                    struct GeneratedLiveActivity: Widget {
                        var body: some WidgetConfiguration {
                            ActivityConfiguration(for: GeneratedAttributes.self) { context in
                                GeneratedView1(title: "lock")
                            } dynamicIsland: { context in
                                DynamicIsland {
                                    DynamicIslandExpandedRegion(.leading) { GeneratedView2(title: "expanded") }
                                } compactLeading: {
                                    Image("icon-\\(context.state.code)")
                                } compactTrailing: {
                                    GeneratedView3(title: "trailing")
                                } minimal: {
                                    Image(.icon7)
                                }
                            }
                        }
                    }

                    """
            }
            let path = directory + "/GeneratedView\(index).swift"
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            paths.append(path)
        }
        return paths
    }

    static func run(directory: String, count: Int, rounds: Int) throws {
        let existing = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".swift") }
        if existing.count != count { _ = try generate(count: count, into: directory) }
        let paths = try SwiftSources.files(in: [directory])
        let sources = paths.map { (path: $0, bytes: FileBytes.read($0)!) }
        let bytes = sources.reduce(0) { $0 + $1.bytes.count }
        let lines = sources.reduce(0) { total, source in total + source.bytes.count { $0 == UInt8(ascii: "\n") } }
        var tokens = 0
        let lexing = FitBenchmark.median(rounds) { tokens = sources.reduce(0) { $0 + SwiftLexer.tokens(of: $1.bytes).count } }
        var reading = SourceReading()
        let reader = FitBenchmark.median(rounds) { reading = SwiftUsageReader.read(sources) }
        let whole = try FitBenchmark.median(rounds) { _ = try SwiftSources.read([directory]) }
        print(String(format: "sources: %d files, %d lines, %.1f MB, %d tokens; %d references, %d not followed",
                     paths.count, lines, Double(bytes) / 1e6, tokens, reading.references.count, reading.references.count { $0.unresolved != nil }))
        print(String(format: "  lexing %.1f ms, lexing and reading %.1f ms, listing, reading the files and reading the code %.1f ms (medians of %d, one thread)",
                     lexing, reader, whole, rounds))
    }
}
