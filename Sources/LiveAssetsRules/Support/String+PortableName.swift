extension String {
    /// The name as a Mac's file system surely compares it: APFS and HFS+, as macOS formats them by
    /// default, ignore case and Unicode normalization, so `Icon@2x.png` and `icon@2x.png`, or `é` written
    /// as one character (NFC) and as `e` with a combining accent (NFD), name one file there. Two names are
    /// one on a Mac when their keys are equal as Swift compares strings (canonical equivalence). What
    /// `check` warns about (`mac-name-collision`).
    package var macNameKey: String { lowercased() }

    /// The keys a new name is kept apart from every taken name by: ``macNameKey``, and the name folded
    /// through upper case too (`ß` with `ss`, `ﬁ` with `fi`), a little wider than a file system may fold,
    /// so that a name `fit` gives is only ever more careful than needed.
    package var macNameKeys: [String] {
        let narrow = macNameKey, wide = uppercased().lowercased()
        return narrow == wide ? [narrow] : [narrow, wide]
    }

    /// Whether `self`, a new name, is taken on a Mac by one whose ``macNameKeys`` are in `taken`.
    package func isTakenOnAMac(by taken: Set<String>) -> Bool { macNameKeys.contains(where: taken.contains) }

    /// How `self` and `other`, one name on a Mac (equal ``macNameKey``s), differ: "in case", "in Unicode
    /// normalization (NFC and NFD)" or both.
    package func macNameDifference(from other: String) -> String {
        let caseOnly = macNameKey.utf8.elementsEqual(other.macNameKey.utf8)
        let normalizationOnly = self == other
        return caseOnly ? "only in case" : normalizationOnly ? "only in Unicode normalization (NFC and NFD)"
            : "in case and in Unicode normalization (NFC and NFD)"
    }
}
