#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

import LiveAssetsCore
import LiveAssets

/// The configuration that governs each input, and the devices it selects.
extension CheckRun {
    /// The configuration that governs `input`; each file is read once per run.
    func configuration(for input: String, in directory: String, loaded: inout [PathKey: CheckConfiguration])
        throws(Failure) -> CheckConfiguration
    {
        let path: String?
        if let configurationPath {
            path = configurationPath
        } else {
            let absolute = Self.absolute(input, from: directory)
            let folder = FileTree.isDirectory(absolute) ? absolute : String(absolute[..<(absolute.lastIndex(of: "/") ?? absolute.startIndex)])
            path = CheckConfiguration.discover(from: folder.isEmpty ? "/" : folder)
        }
        guard let path else { return CheckConfiguration(directory: directory) }
        if let known = loaded[PathKey(path)] { return known }
        do throws(CheckConfiguration.Problem) {
            var configuration = try CheckConfiguration(contentsOf: path)
            configuration.directory = Self.absolute(configuration.directory, from: directory)
            loaded[PathKey(path)] = configuration
            return configuration
        } catch {
            throw .configuration(error)
        }
    }

    func resolveDevices(_ configuration: CheckConfiguration) throws(Failure) -> [DeviceClass] {
        guard let selectors = devices ?? configuration.devices else { return table.defaultDevices }
        do throws(SizeTable.UnknownSelector) {
            return try table.devices(matching: selectors)
        } catch {
            throw .unknownDevice(selector: error.selector, suggestion: error.suggestion,
                                 origin: devices != nil ? "--devices" : (configuration.path ?? "the configuration"))
        }
    }
}
