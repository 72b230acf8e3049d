extension SizeTable {
    /// The table that ships with this build: `presentation-sizes.json` at the repository root, compiled
    /// into the library (no resource bundle to lose when the binary is installed elsewhere).
    public static let bundled: SizeTable = {
        do throws(SizeTableError) {
            return try SizeTable(json: PackageResources.presentation_sizes_json, file: "presentation-sizes.json",
                                 findsRepeatedKeys: false)
        } catch {
            // The tests load this same file, so a broken table never ships.
            fatalError("the bundled size table is invalid: \(error.message)")
        }
    }()
}
