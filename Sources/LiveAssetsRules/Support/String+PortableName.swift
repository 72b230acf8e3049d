extension String {
    /// The name as a Mac's file system compares it: APFS and HFS+, as macOS formats them by default,
    /// ignore case and Unicode normalization, so `Icon@2x.png` and `icon@2x.png`, or `é` written as one
    /// character (NFC) and as `e` with a combining accent (NFD), name one file there. Two names are one
    /// on a Mac when their keys are equal as Swift compares strings (canonical equivalence); the case is
    /// folded by upper- then lower-casing, which also folds `ß` with `ss` (a little wider than the file
    /// system's own folding: a new name is then only ever more careful).
    package var macNameKey: String { uppercased().lowercased() }

    /// How `self` and `other`, one name on a Mac (equal ``macNameKey``s), differ: "in case", "in Unicode
    /// normalization (NFC and NFD)" or both.
    package func macNameDifference(from other: String) -> String {
        let caseOnly = macNameKey.utf8.elementsEqual(other.macNameKey.utf8)
        let normalizationOnly = self == other
        return caseOnly ? "only in case" : normalizationOnly ? "only in Unicode normalization (NFC and NFD)"
            : "in case and in Unicode normalization (NFC and NFD)"
    }
}
