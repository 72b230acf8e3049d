// The plain C loop that LiveAssets' probe is measured against: for each file, open it, read the
// header with libpng's png_read_info or libjpeg's jpeg_read_header (APP1/APP2 saved), read the same
// fields, close it. No Swift, no extra work.
#ifndef CPROBEBASELINE_H
#define CPROBEBASELINE_H

#include <stddef.h>
#include <stdint.h>

/// Probes `count` files; returns how many were read, and the sum of widths and heights (a checksum).
size_t cpb_probe_files(const char *const *paths, size_t count, uint64_t *width_sum, uint64_t *height_sum);

#endif
