// Headers only (include/CLiveAssetsSystem.h); a C target needs one source file.
#include "CLiveAssetsSystem.h"
