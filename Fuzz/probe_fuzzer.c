// libFuzzer target for the C shim's header readers, in header and verify mode.
// Build and run: see Fuzz/README.md.
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "CLiveAssetsCodecs.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static uint8_t exif[65536];
    lac_input input = {data, size, -1};
    /* Smaller limits than the defaults keep legitimate large decodes under the fuzzer's RSS limit. */
    lac_limits limits = {8192, 8192, 16u << 20, 500};
    lac_header header;
    lac_status status;
    int png = size >= 8 && memcmp(data, "\x89PNG\r\n\x1a\n", 8) == 0;
    for (int mode = LAC_PROBE_HEADER; mode <= LAC_PROBE_VERIFY; mode++) {
        if (png) {
            lac_png_read_header(&input, &limits, (lac_probe_mode)mode, exif, sizeof exif, &header, &status);
        } else {
            lac_jpeg_read_header(&input, &limits, (lac_probe_mode)mode, exif, sizeof exif, &header, &status);
        }
    }
    return 0;
}
