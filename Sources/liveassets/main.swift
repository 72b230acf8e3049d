import LiveAssetsCLI

import LiveAssetsPlatform

exit(LiveAssetsCommandLine.run(LiveAssetsCommandLine.processArguments))
