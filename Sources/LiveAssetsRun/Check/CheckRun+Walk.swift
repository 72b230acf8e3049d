import LiveAssetsCore
import LiveAssets

// What a scan's walk tells the run as it goes: the folders another configuration takes over, and
// which patterns left something out.
extension CheckRun {
    /// The folders a walk met that another scan takes over (told from the walk's one thread).
    final class FolderList {
        var folders: [String] = []
    }

    /// Which of a list of patterns matched something, how many paths each left out and the first few;
    /// asked and told from the walk's one thread.
    final class PatternMatches {
        var used: [Bool]
        var counts: [Int]
        var examples: [[String]]
        init(count: Int) {
            used = [Bool](repeating: false, count: count)
            counts = [Int](repeating: 0, count: count)
            examples = [[String]](repeating: [], count: count)
        }

        /// What was recorded, by pattern: a path asked about twice counts once.
        private var seen = Set<[PathKey]>()

        /// Records that pattern `index` matched `path`.
        func record(_ index: Int, _ path: String) {
            used[index] = true
            guard seen.insert([PathKey(String(index)), PathKey(path)]).inserted else { return }
            counts[index] += 1
            if examples[index].count < 3 { examples[index].append(path) }
        }
    }
}
