// The system's zlib: every platform LiveAssets builds on ships it (Debian's zlib1g-dev, Apple's SDKs).
#include <zlib.h>
