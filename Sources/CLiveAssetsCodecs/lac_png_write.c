// PNG encoding through libpng's write API, into memory (an lac_sink) the caller frees with lac_buffer_free.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

#include "lac_reader.h"

static void lac_png_write_error(png_structp png, png_const_charp message) {
    lac_sink *sink = png_get_error_ptr(png);
    lac_set_error(sink->status, LAC_ERR_CODEC, message);
    png_longjmp(png, 1);
}

static void lac_png_write_warning(png_structp png, png_const_charp message) {
    lac_sink *sink = png_get_error_ptr(png);
    lac_add_warning(sink->status, message);
}

static void lac_png_write_data(png_structp png, png_bytep data, size_t length) {
    lac_sink *sink = png_get_io_ptr(png);
    if (!lac_sink_reserve(sink, length)) {
        lac_set_error(sink->status, LAC_ERR_NO_MEMORY, "out of memory");
        png_longjmp(png, 1);
    }
    memcpy(sink->data + sink->length, data, length);
    sink->length += length;
}

static void lac_png_flush(png_structp png) { (void)png; }

/// The libpng calls; `sink` lives in the caller so that its contents survive a longjmp.
static lac_code lac_png_encode_run(lac_sink *sink, const lac_pixels *pixels, const lac_png_settings *settings,
                                   const uint8_t *exif, size_t exif_length, const uint8_t *icc, size_t icc_length,
                                   int srgb_intent) {
    static const int color_types[5] = {0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB,
                                       PNG_COLOR_TYPE_RGB_ALPHA};
    lac_status *status = sink->status;
    png_structp volatile png = png_create_write_struct(PNG_LIBPNG_VER_STRING, sink, lac_png_write_error,
                                                       lac_png_write_warning);
    if (png == NULL) return lac_set_error(status, LAC_ERR_NO_MEMORY, "libpng could not allocate its state");
    png_infop volatile info = png_create_info_struct(png);
    if (info == NULL) {
        png_structp p = png;
        png_destroy_write_struct(&p, NULL);
        return lac_set_error(status, LAC_ERR_NO_MEMORY, "libpng could not allocate its state");
    }
    if (setjmp(png_jmpbuf(png))) {  /* setjmp alone in the condition, as C11 7.13.1.1 requires */
        png_structp p = png;
        png_infop i = info;
        png_destroy_write_struct(&p, &i);
        if (status->code == LAC_OK) lac_set_error(status, LAC_ERR_CODEC, "libpng failed");
        return (lac_code)status->code;
    }
    png_set_write_fn(png, sink, lac_png_write_data, lac_png_flush);
    png_set_compression_level(png, settings->compression_level);
    if (settings->filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, settings->filters);
    if (settings->strategy >= 0) png_set_compression_strategy(png, settings->strategy);
    int count = settings->palette_count;
    if (count > 0) {
        int depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
        png_set_IHDR(png, info, pixels->width, pixels->height, depth, PNG_COLOR_TYPE_PALETTE, PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_color colors[256];
        png_byte alphas[256];
        int translucent = 0;  /* entries up to the last one that is not opaque */
        for (int i = 0; i < count; i++) {
            colors[i].red = settings->palette[4 * i];
            colors[i].green = settings->palette[4 * i + 1];
            colors[i].blue = settings->palette[4 * i + 2];
            alphas[i] = settings->palette[4 * i + 3];
            if (alphas[i] != 255) translucent = i + 1;
        }
        png_set_PLTE(png, info, colors, count);
        if (translucent > 0) png_set_tRNS(png, info, alphas, translucent, NULL);
    } else {
        png_set_IHDR(png, info, pixels->width, pixels->height, 8, color_types[pixels->channels], PNG_INTERLACE_NONE,
                     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    }
    if (exif_length > 0) png_set_eXIf_1(png, info, (png_uint_32)exif_length, (png_bytep)exif);
    if (settings->gamma > 0 && settings->gamma <= 0x7FFFFFFF) png_set_gAMA_fixed(png, info, (png_fixed_point)settings->gamma);
    if (settings->has_chromaticities) {
        const uint32_t *c = settings->chromaticities;
        int valid = 1;
        for (int i = 0; i < 8; i++) valid &= c[i] <= 0x7FFFFFFF;
        if (valid) {
            png_set_cHRM_fixed(png, info, (png_fixed_point)c[0], (png_fixed_point)c[1], (png_fixed_point)c[2], (png_fixed_point)c[3],
                               (png_fixed_point)c[4], (png_fixed_point)c[5], (png_fixed_point)c[6], (png_fixed_point)c[7]);
        }
    }
    if (icc_length > 0) {
        png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_length);
    } else if (srgb_intent >= 0 && srgb_intent <= 3) {
        png_set_sRGB(png, info, srgb_intent);
    }
    png_write_info(png, info);
    if (count > 0 && count <= 16) png_set_packing(png);  /* one index byte a pixel, packed to 1, 2 or 4 bits */
    for (uint32_t y = 0; y < pixels->height; y++) {
        png_write_row(png, pixels->pixels + (size_t)y * pixels->row_stride);
    }
    png_write_end(png, NULL);
    png_structp p = png;
    png_infop i = info;
    png_destroy_write_struct(&p, &i);
    return LAC_OK;
}

lac_code lac_png_encode(const lac_pixels *pixels, const lac_png_settings *settings, const uint8_t *exif,
                        size_t exif_length, const uint8_t *icc, size_t icc_length, int srgb_intent, lac_buffer *output,
                        lac_status *status) {
    memset(status, 0, sizeof *status);
    output->data = NULL;
    output->length = 0;
    if (pixels->channels < 1 || pixels->channels > 4 || pixels->width == 0 || pixels->height == 0) {
        return lac_set_error(status, LAC_ERR_CODEC, "the pixels have no size or an unknown layout");
    }
    if (settings->compression_level < 0 || settings->compression_level > 9 || (settings->filters & ~0xF8) != 0 ||
        settings->strategy < -1 || settings->strategy > 3) {
        return lac_set_error(status, LAC_ERR_CODEC, "the PNG level, filters or strategy are out of range");
    }
    if (settings->palette_count < 0 || settings->palette_count > 256 ||
        (settings->palette_count > 0 && (settings->palette == NULL || pixels->channels != 1))) {
        return lac_set_error(status, LAC_ERR_CODEC, "the palette has more than 256 entries or the pixels are not one index each");
    }
    if (settings->palette_count > 0) {  /* every index must name an entry: libpng would write any byte */
        for (uint32_t y = 0; y < pixels->height; y++) {
            const uint8_t *row = pixels->pixels + (size_t)y * pixels->row_stride;
            for (uint32_t x = 0; x < pixels->width; x++) {
                if (row[x] >= settings->palette_count) return lac_set_error(status, LAC_ERR_CODEC, "a pixel's index is past the palette");
            }
        }
    }
    lac_sink sink = {status, NULL, 0, 0};
    lac_code code = lac_png_encode_run(&sink, pixels, settings, exif, exif_length, icc, icc_length, srgb_intent);
    if (code != LAC_OK) {
        free(sink.data);
        return code;
    }
    output->data = sink.data;
    output->length = sink.length;
    return LAC_OK;
}

#endif  // __linux__
