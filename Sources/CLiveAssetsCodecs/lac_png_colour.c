// A PNG's gAMA and cHRM chunks, as libpng kept them, for the header (and for fit to write back).
// Linux only, as lac_png_read.c.
#ifdef __linux__
#include <png.h>

#include "lac_reader.h"

void lac_png_colour_chunks(png_structp png, png_infop info, lac_header *header) {
    /* With an sRGB mark (a chunk or a known sRGB profile) libpng reports sRGB's own values: not the file's. */
    if (header->has_srgb) return;
    png_fixed_point gamma = 0;
    if (png_get_gAMA_fixed(png, info, &gamma) != 0 && gamma > 0) header->gamma = (uint32_t)gamma;
    png_fixed_point c[8] = {0};
    if (png_get_cHRM_fixed(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) != 0) {
        header->has_chromaticities = 1;
        for (int i = 0; i < 8; i++) header->chromaticities[i] = c[i] < 0 ? 0 : (uint32_t)c[i];
    }
}
#endif
