import LiveAssetsCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(LiveAssetsCommandLine.run(LiveAssetsCommandLine.processArguments))
