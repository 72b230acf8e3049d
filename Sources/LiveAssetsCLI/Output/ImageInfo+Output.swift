import LiveAssetsRun

extension ImageInfo {
    /// The `info --json` object: the documented keys first, in a fixed order, then extra facts.
    func jsonObject(path: String) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("format", .string(format.rawValue)),
            ("width", .int(width)),
            ("height", .int(height)),
            ("orientation", .int(orientation.rawValue)),
            ("displayWidth", .int(displayWidth)),
            ("displayHeight", .int(displayHeight)),
            ("bitDepth", .int(bitDepth)),
            ("colorModel", .string(colorModel.rawValue)),
            ("hasAlpha", .bool(hasAlpha)),
            ("interlaced", .bool(isInterlaced)),
            ("progressive", .bool(isProgressive)),
            ("hasICC", .bool(hasICCProfile)),
            ("frameCount", .int(frameCount)),
            ("fileSize", .int(fileSize)),
            ("orientationTag", .optional(orientationTagValue, JSONValue.int)),
            ("alphaChannel", .bool(hasAlphaChannel)),
            ("transparencyChunk", .bool(hasTransparencyChunk)),
            ("arithmetic", .bool(isArithmeticCoded)),
            ("iccSize", .optional(iccProfileSize, JSONValue.int)),
            ("sRGBChunk", .bool(hasSRGBChunk)),
            ("loopCount", .optional(loopCount, JSONValue.int)),
            ("decodable", .bool(isDecodable)),
            ("warnings", .int(warningCount)),
            ("firstWarning", .optional(firstWarning, JSONValue.string)),
        ])
    }

    /// One line for people: "logo.png: PNG 180x180, 8-bit RGBA, alpha, 2,048 bytes".
    func summaryLine(path: String) -> String {
        var parts = ["\(format.displayName) \(width)x\(height)"]
        if orientation != .up {
            let source = format == .heif ? "turned by its irot/imir boxes" : "EXIF orientation \(orientation.rawValue)"
            parts[0] += " (\(source), \(orientation.summary): shown \(displayWidth)x\(displayHeight))"
        }
        parts.append(colorModel == .unknown ? "\(bitDepth)-bit" : "\(bitDepth)-bit \(colorModel.displayName)")
        if hasAlphaChannel {
            parts.append("alpha")
        } else if hasTransparencyChunk {
            parts.append("alpha (tRNS)")
        }
        if isInterlaced { parts.append("interlaced") }
        if isProgressive { parts.append("progressive") }
        if isArithmeticCoded { parts.append("arithmetic-coded") }
        if let iccProfileSize { parts.append("ICC profile \(iccProfileSize.groupedDigits) bytes") }
        if hasSRGBChunk { parts.append("sRGB") }
        if let loopCount {
            parts.append("APNG \(frameCount) frame\(frameCount == 1 ? "" : "s")"
                + (loopCount == 0 ? ", loops forever" : ", plays \(loopCount)x"))
        }
        if format == .heif {
            parts.append("measured from its header, never decoded")
        } else if !isDecodable {
            parts.append("not decodable by this build")
        }
        parts.append("\(fileSize.groupedDigits) bytes")
        if let firstWarning {
            parts.append("\(warningCount) warning\(warningCount == 1 ? "" : "s"): \(firstWarning)")
        }
        return "\(path): " + parts.joined(separator: ", ")
    }
}

extension ProbeError {
    /// The `info --json` object for a file that could not be read.
    func jsonObject(path: String) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("error", .object([("code", .string(code)), ("message", .string(message))])),
        ])
    }
}
