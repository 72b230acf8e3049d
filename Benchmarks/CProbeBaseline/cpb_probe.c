
// Linux only (the benchmark runs against the peers there); elsewhere libpng and libjpeg are not linked.
#ifdef __linux__
#include "CProbeBaseline.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <png.h>
#include <jpeglib.h>

struct cpb_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
};

static void cpb_jpeg_exit(j_common_ptr cinfo) { longjmp(((struct cpb_jpeg_error *)cinfo->err)->jump, 1); }
static void cpb_jpeg_silent(j_common_ptr cinfo, int level) { (void)cinfo; (void)level; }
static void cpb_png_error(png_structp png, png_const_charp message) { (void)message; png_longjmp(png, 1); }
static void cpb_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static int cpb_png(FILE *file, uint32_t *width, uint32_t *height) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, cpb_png_error, cpb_png_warning);
    png_infop info = png_create_info_struct(png);
    int ok = 0;
    if (!setjmp(png_jmpbuf(png))) {
        png_init_io(png, file);
        png_set_sig_bytes(png, 8);
        png_read_info(png, info);
        *width = png_get_image_width(png, info);
        *height = png_get_image_height(png, info);
        png_charp name;
        int compression;
        png_bytep profile;
        png_uint_32 length;
        (void)png_get_valid(png, info, PNG_INFO_tRNS);
        (void)png_get_iCCP(png, info, &name, &compression, &profile, &length);
        png_bytep exif;
        (void)png_get_eXIf_1(png, info, &length, &exif);
        ok = 1;
    }
    png_destroy_read_struct(&png, &info, NULL);
    return ok;
}

static int cpb_jpeg(FILE *file, uint32_t *width, uint32_t *height) {
    struct jpeg_decompress_struct cinfo;
    struct cpb_jpeg_error error;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = cpb_jpeg_exit;
    error.manager.emit_message = cpb_jpeg_silent;
    int ok = 0;
    if (!setjmp(error.jump)) {
        jpeg_create_decompress(&cinfo);
        jpeg_stdio_src(&cinfo, file);
        jpeg_save_markers(&cinfo, JPEG_APP0 + 1, 0xFFFF);
        jpeg_save_markers(&cinfo, JPEG_APP0 + 2, 0xFFFF);
        jpeg_read_header(&cinfo, TRUE);
        *width = cinfo.image_width;
        *height = cinfo.image_height;
        ok = 1;
    }
    jpeg_destroy_decompress(&cinfo);
    return ok;
}

size_t cpb_probe_files(const char *const *paths, size_t count, uint64_t *width_sum, uint64_t *height_sum) {
    size_t read = 0;
    *width_sum = 0;
    *height_sum = 0;
    for (size_t index = 0; index < count; index++) {
        FILE *file = fopen(paths[index], "rb");
        if (file == NULL) continue;
        struct stat status;
        unsigned char signature[8];
        uint32_t width = 0, height = 0;
        int ok = 0;
        if (fstat(fileno(file), &status) == 0 && fread(signature, 1, 8, file) == 8) {
            if (memcmp(signature, "\x89PNG\r\n\x1a\n", 8) == 0) {
                ok = cpb_png(file, &width, &height);
            } else if (signature[0] == 0xFF && signature[1] == 0xD8) {
                rewind(file);
                ok = cpb_jpeg(file, &width, &height);
            }
        }
        fclose(file);
        if (ok) {
            read++;
            *width_sum += width;
            *height_sum += height;
        }
    }
    return read;
}

#else
#include "CProbeBaseline.h"

size_t cpb_probe_files(const char *const *paths, size_t count, uint64_t *width_sum, uint64_t *height_sum) {
    (void)paths;
    (void)count;
    *width_sum = 0;
    *height_sum = 0;
    return 0;
}
#endif  // __linux__
