// PNG header reading, pixel verification and decoding (8 and 16 bits) through libpng's read API.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <errno.h>
#include <stdio.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

#include "lac_reader.h"

typedef struct {
    lac_reader reader;
    lac_status *status;
    lac_header *header;
    /// Set once png_read_info has returned: chunks seen later are not part of the header.
    int past_header;
    /// The largest single allocation libpng may make (see lac_png_allocation_cap).
    size_t allocation_cap;
    /// The size of the most recent allocation when it was refused (over the cap), else 0.
    size_t refused_allocation;
    /// The size of the most recent allocation when malloc could not satisfy it, else 0.
    /// Both are cleared by every allocation that succeeds and by every warning: libpng survives a NULL
    /// for an ancillary chunk (it warns and skips the chunk), and a later, unrelated error (a CRC
    /// mismatch) must not be reported as memory. Only an error raised while the latest allocation
    /// stands failed is the allocation's.
    size_t failed_allocation;
    /// When not NULL, decode into this buffer of `capacity` bytes, `channels` samples a pixel (4, or 1
    /// or 2 for gray), and the ICC profile into `icc` (`icc_capacity` bytes).
    uint8_t *rgba;
    size_t capacity;
    unsigned channels;
    uint8_t *icc;
    size_t icc_capacity;
    /// Keep 16-bit samples (host byte order) instead of their high bytes.
    int wide;
    /// The image's height and interlacing (set after png_read_info), to tell when every row is in.
    png_uint_32 height;
    int interlaced;
    /// Bytes read since every row was in.
    size_t read_after_rows;
    /// Set when reading stopped at the budget (the image itself is complete).
    int trailing_cut;
    /// Header reads take eXIf through the chunk callback, into `exif` (`exif_capacity` bytes).
    uint8_t *exif;
    size_t exif_capacity;
    int exif_seen;
    png_infop info;
} lac_png_context;

/// Bytes read once every row is in before libpng is stopped. Past the rows, libpng inflates any
/// further IDAT data only to report it (a 26 MB file can carry 25 GB of zeros there, seconds per
/// gigabyte); legitimate trailing chunks are small, and the image is complete without them.
#define LAC_PNG_TRAILING_BUDGET ((size_t)64 << 10)

/// libpng sizes some buffers from a chunk's declared length and clears them (an iTXt chunk claiming
/// 1.8 GB in a 1 KB file costs 1.8 GB), which chunk_malloc_max does not cover. No legitimate buffer
/// exceeds 32 MiB plus two rows of 16-bit RGBA at the widest accepted width, and none 128 MiB.
static size_t lac_png_allocation_cap(const lac_limits *limits) {
    size_t width = limits->max_width < PNG_UINT_31_MAX ? limits->max_width : PNG_UINT_31_MAX;
    size_t cap = ((size_t)32 << 20) + width * 16;
    return cap < ((size_t)128 << 20) ? cap : ((size_t)128 << 20);  /* whatever --max-side says */
}

/// For the tests: the sizes libpng's allocations fail at on this thread (see lac_test_fail_png_allocations).
static _Thread_local size_t lac_png_failing_from, lac_png_failing_to;

void lac_test_fail_png_allocations(size_t from, size_t to) {
    lac_png_failing_from = from;
    lac_png_failing_to = to;
}

static png_voidp lac_png_malloc(png_structp png, png_alloc_size_t size) {
    lac_png_context *context = png_get_mem_ptr(png);
    context->refused_allocation = 0;
    context->failed_allocation = 0;
    if (size > context->allocation_cap) {
        context->refused_allocation = size;
        return NULL; /* libpng turns this into an error, or skips an ancillary chunk with a warning */
    }
    png_voidp pointer = size >= lac_png_failing_from && size <= lac_png_failing_to ? NULL : malloc(size);
    if (pointer == NULL) context->failed_allocation = size;
    return pointer;
}

static void lac_png_free(png_structp png, png_voidp pointer) {
    (void)png;
    free(pointer);
}

static uint32_t lac_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static void lac_png_error(png_structp png, png_const_charp message) {
    lac_png_context *context = png_get_error_ptr(png);
    lac_set_error(context->status, LAC_ERR_CODEC, message);
    png_longjmp(png, 1);
}

static void lac_png_warning(png_structp png, png_const_charp message) {
    lac_png_context *context = png_get_error_ptr(png);
    /* A warning means libpng went on past whatever failed, allocation included. */
    context->refused_allocation = 0;
    context->failed_allocation = 0;
    lac_add_warning(context->status, message);
}

static void lac_png_read(png_structp png, png_bytep data, size_t length) {
    lac_png_context *context = png_get_io_ptr(png);
    /* Every row is in once libpng has counted past the last one (past the last pass, interlaced). */
    int rows_in = context->height > 0 && (context->interlaced ? png_get_current_pass_number(png) >= 7
                                                                : png_get_current_row_number(png) >= context->height);
    if (rows_in) {
        context->read_after_rows += length;
        if (context->read_after_rows > LAC_PNG_TRAILING_BUDGET) {
            context->trailing_cut = 1;
            lac_add_warning(context->status, "more than 64 KiB follow the last row; the rest of the file was not read");
            png_longjmp(png, 1);
        }
    }
    if (lac_reader_read(&context->reader, data, length) == length) return;
    if (context->reader.sys_errno != 0) {
        char text[sizeof context->status->message];
        context->status->sys_errno = context->reader.sys_errno;
        lac_set_error(context->status, LAC_ERR_READ, lac_error_text(context->reader.sys_errno, text, sizeof text));
    } else {
        lac_set_error(context->status, LAC_ERR_TRUNCATED, "the PNG stream ends early");
    }
    png_longjmp(png, 1);
}

/// Keeps the first `capacity` bytes of an accepted EXIF block in `exif`, and its kept length.
static void lac_png_keep_exif(lac_header *header, uint8_t *exif, size_t capacity, const uint8_t *data, size_t length) {
    size_t n = length < capacity ? length : capacity;
    if (n > 0) memcpy(exif, data, n);
    header->exif_length = (uint32_t)n;
}

/// Unknown chunks: libpng without the APNG patch does not know acTL/fcTL/fdAT, so they arrive here.
static int lac_png_unknown_chunk(png_structp png, png_unknown_chunkp chunk) {
    lac_png_context *context = png_get_user_chunk_ptr(png);
    if (memcmp(chunk->name, "acTL", 4) == 0) {
        if (context->past_header) return 1;
        if (chunk->size == 8) {
            context->header->is_apng = 1;
            context->header->apng_frames = lac_be32(chunk->data);
            context->header->apng_plays = lac_be32(chunk->data + 4);
        } else {
            lac_add_warning(context->status, "acTL: invalid length, animation ignored");
        }
        return 1;
    }
    if (memcmp(chunk->name, "fcTL", 4) == 0) {
        if (!context->past_header) context->header->apng_default_image_is_frame = 1;
        return 1;
    }
    if (memcmp(chunk->name, "fdAT", 4) == 0) return 1;
    if (memcmp(chunk->name, "eXIf", 4) == 0) {
        /* What libpng's own eXIf handler accepts and says, in its order; the chunk is read whole. */
        if (png_get_image_width(png, context->info) == 0) png_chunk_error(png, "missing IHDR");
        if (chunk->size < 2) {
            png_chunk_benign_error(png, "too short");
        } else if (context->exif_seen) {
            png_chunk_benign_error(png, "duplicate");
        } else if ((chunk->data[1] != 'M' && chunk->data[1] != 'I') || chunk->data[0] != chunk->data[1]) {
            png_chunk_benign_error(png, "incorrect byte-order specifier");
        } else {
            context->exif_seen = 1;
            lac_png_keep_exif(context->header, context->exif, context->exif_capacity, chunk->data, chunk->size);
        }
        return 1;
    }
    /* Ancillary (lowercase first letter): handled, i.e. dropped. A 0 here would make libpng keep the
       chunk with two warnings; for a critical chunk it makes libpng fail, as it must. */
    return (chunk->name[0] & 0x20) != 0;
}

/// Runs libpng; every local that changes after setjmp and is used after a longjmp is volatile.
static lac_code lac_png_run(lac_png_context *context, const lac_limits *limits, lac_probe_mode mode,
                            uint8_t *exif, size_t exif_capacity) {
    lac_status *status = context->status;
    lac_header *header = context->header;
    png_structp volatile png = png_create_read_struct_2(PNG_LIBPNG_VER_STRING, context, lac_png_error,
                                                        lac_png_warning, context, lac_png_malloc, lac_png_free);
    if (png == NULL) return lac_set_error(status, LAC_ERR_NO_MEMORY, "libpng could not allocate its state");
    png_infop volatile info = png_create_info_struct(png);
    png_bytep volatile row = NULL;
    if (info == NULL) {
        png_structp p = png;
        png_destroy_read_struct(&p, NULL, NULL);
        return lac_set_error(status, LAC_ERR_NO_MEMORY, "libpng could not allocate its state");
    }
    if (setjmp(png_jmpbuf(png))) {
        png_structp p = png;
        png_infop i = info;
        png_destroy_read_struct(&p, &i, NULL);
        free(row);
        if (context->trailing_cut && status->code == LAC_OK) return LAC_OK;  /* the image was complete */
        if (status->code == LAC_OK) lac_set_error(status, LAC_ERR_CODEC, "libpng failed");
        if (context->failed_allocation != 0 && status->code == LAC_ERR_CODEC) {
            /* libpng's error after a NULL from malloc ("Out of memory", "insufficient memory"...). */
            status->code = LAC_ERR_NO_MEMORY;
            status->refused_bytes = context->failed_allocation;
        } else if (context->refused_allocation != 0 && status->code == LAC_ERR_CODEC) {
            char message[160];
            snprintf(message, sizeof message, "it asks for a %zu-byte buffer, over the %zu-byte cap (%s)",
                     context->refused_allocation, context->allocation_cap, status->message);
            status->message[0] = '\0';
            lac_copy_message(status->message, sizeof status->message, message);
            status->code = LAC_ERR_LIMIT;
            status->refused_bytes = context->refused_allocation;
        }
        return (lac_code)status->code;
    }
    context->info = info;
    png_set_read_fn(png, context, lac_png_read);
    png_set_user_limits(png, limits->max_width, limits->max_height);
    png_set_chunk_cache_max(png, 1000);
    png_set_chunk_malloc_max(png, 8u << 20);
    png_set_read_user_chunk_fn(png, context, lac_png_unknown_chunk);
    /* Text (never used here) goes to the callback like an unknown chunk, which drops it: libpng does
       not decompress it, and a chunk over chunk_malloc_max is skipped unbuffered. */
    static const png_byte text_chunks[] = "tEXt\0zTXt\0iTXt";
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, text_chunks, 3);
    if (mode == LAC_PROBE_HEADER && context->rgba == NULL) {
        /* Header facts only: ancillary chunks' CRCs are not computed (over the few KB of eXIf or iCCP
           some files carry they were 6% of `info`'s time); critical chunks' still are, and
           verification checks all. */
        png_set_crc_action(png, PNG_CRC_DEFAULT, PNG_CRC_QUIET_USE);
        /* eXIf through the chunk callback, in one read: libpng 1.6's own handler reads it a byte at a
           time, a read callback and a CRC call per byte (a 40 KB EXIF with its thumbnail took longer
           than the rest of the header). Verification keeps libpng's handler, which drops an eXIf
           whose CRC fails; unchecked here, both accept it. The one other difference: an eXIf over
           chunk_malloc_max (8 MiB) is not handed to the callback, so this read drops it with a
           warning where libpng's handler would keep it; no camera writes EXIF of that size. */
        static const png_byte exif_chunk[] = "eXIf";
        png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, exif_chunk, 1);
        context->exif = exif;
        context->exif_capacity = exif_capacity;
    }

    png_read_info(png, info);
    context->past_header = 1;

    png_uint_32 width = 0, height = 0;
    int bit_depth = 0, color_type = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    header->width = width;
    header->height = height;
    header->bit_depth = (uint8_t)bit_depth;
    switch (color_type) {
    case PNG_COLOR_TYPE_GRAY: header->color = LAC_COLOR_GRAY; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: header->color = LAC_COLOR_GRAY_ALPHA; break;
    case PNG_COLOR_TYPE_PALETTE: header->color = LAC_COLOR_PALETTE; break;
    case PNG_COLOR_TYPE_RGB: header->color = LAC_COLOR_RGB; break;
    default: header->color = LAC_COLOR_RGBA; break;
    }
    header->has_alpha_channel = (color_type & PNG_COLOR_MASK_ALPHA) != 0;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    int intent = 0;
    header->has_srgb = png_get_sRGB(png, info, &intent) != 0;
    header->srgb_intent = (uint8_t)intent;
    header->interlaced = interlace != PNG_INTERLACE_NONE;

    lac_png_colour_chunks(png, info, header);
    png_charp icc_name = NULL;
    int icc_compression = 0;
    png_bytep icc = NULL;
    png_uint_32 icc_length = 0;
    if (png_get_iCCP(png, info, &icc_name, &icc_compression, &icc, &icc_length) != 0) {
        header->icc_length = icc_length;
        if (context->icc != NULL && icc != NULL) {
            memcpy(context->icc, icc, icc_length < context->icc_capacity ? icc_length : context->icc_capacity);
        }
    }
    png_uint_32 exif_length = 0;
    png_bytep exif_data = NULL;
    if (context->exif == NULL && png_get_eXIf_1(png, info, &exif_length, &exif_data) != 0 && exif_data != NULL) {
        lac_png_keep_exif(header, exif, exif_capacity, exif_data, exif_length);
    }

    if (lac_exceeds(limits, width, height)) {
        lac_set_error(status, LAC_ERR_TOO_LARGE, "the declared dimensions exceed the limit");
        png_longjmp(png, 1);
    }
    context->height = height;
    context->interlaced = interlace != PNG_INTERLACE_NONE;

    if (context->rgba != NULL) {
        size_t pixel_bytes = (size_t)context->channels * (context->wide ? 2 : 1);
        if (context->wide && bit_depth != 16) {
            lac_set_error(status, LAC_ERR_CODEC, "a 16-bit decode was asked of an image with fewer bits");
            png_longjmp(png, 1);
        }
        png_set_expand(png);  /* palette -> RGB, gray < 8 bits -> 8 bits, tRNS -> alpha */
        if (context->wide) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            png_set_swap(png);  /* PNG stores 16-bit samples big-endian */
#endif
        } else {
            png_set_strip_16(png);
        }
        if (context->channels == 4) png_set_gray_to_rgb(png);  /* else gray stays gray (or fails the row check) */
        /* Opaque alpha where there is none: also a gray image whose tRNS the header kept and libpng drops. */
        if (context->channels != 1) png_set_filler(png, context->wide ? 0xFFFF : 0xFF, PNG_FILLER_AFTER);
        (void)png_set_interlace_handling(png);
        png_read_update_info(png, info);
        if (png_get_rowbytes(png, info) != (size_t)width * pixel_bytes) {
            lac_set_error(status, LAC_ERR_CHANGED, "the colour type is not the one the header was read with");
            png_longjmp(png, 1);
        }
        if ((size_t)width * pixel_bytes * height > context->capacity) {
            lac_set_error(status, LAC_ERR_CHANGED, "the image is larger than the header read before it");
            png_longjmp(png, 1);
        }
        row = malloc(sizeof(png_bytep) * (height > 0 ? height : 1));  /* row pointers, not pixels */
        if (row == NULL) {
            lac_set_error(status, LAC_ERR_NO_MEMORY, "could not allocate the row table");
            png_longjmp(png, 1);
        }
        png_bytepp rows = (png_bytepp)row;
        for (png_uint_32 y = 0; y < height; y++) rows[y] = context->rgba + (size_t)y * width * pixel_bytes;
        png_read_image(png, rows);
        png_read_end(png, NULL);
    } else if (mode == LAC_PROBE_VERIFY) {
        int passes = png_set_interlace_handling(png);
        png_read_update_info(png, info);
        size_t row_bytes = png_get_rowbytes(png, info);
        row = malloc(row_bytes > 0 ? row_bytes : 1);
        if (row == NULL) {
            lac_set_error(status, LAC_ERR_NO_MEMORY, "could not allocate one row");
            png_longjmp(png, 1);
        }
        for (int pass = 0; pass < passes; pass++) {
            for (png_uint_32 y = 0; y < height; y++) png_read_row(png, row, NULL);
        }
        png_read_end(png, NULL);
    }

    png_structp p = png;
    png_infop i = info;
    png_destroy_read_struct(&p, &i, NULL);
    free(row);
    return LAC_OK;
}

static lac_code lac_png_start(const lac_input *input, const lac_limits *limits, lac_probe_mode mode, uint8_t *exif,
                              size_t exif_capacity, uint8_t *rgba, size_t capacity, unsigned channels, int wide,
                              uint8_t *icc, size_t icc_capacity, lac_header *header, lac_status *status) {
    memset(status, 0, sizeof *status);
    memset(header, 0, sizeof *header);

    /* Refuse huge declared dimensions before libpng allocates anything: IHDR is the first chunk. */
    if (input->prefix_length >= 24 && memcmp(input->prefix + 12, "IHDR", 4) == 0) {
        header->width = lac_be32(input->prefix + 16);
        header->height = lac_be32(input->prefix + 20);
        if (lac_exceeds(limits, header->width, header->height)) {
            return lac_set_error(status, LAC_ERR_TOO_LARGE, "the declared dimensions exceed the limit");
        }
    }

    lac_png_context context;
    memset(&context, 0, sizeof context);
    lac_reader_init(&context.reader, input);
    context.status = status;
    context.header = header;
    context.allocation_cap = lac_png_allocation_cap(limits);
    context.rgba = rgba;
    context.capacity = capacity;
    context.channels = channels;
    context.icc = icc;
    context.icc_capacity = icc_capacity;
    context.wide = wide;
    return lac_png_run(&context, limits, mode, exif, exif_capacity);
}

lac_code lac_png_read_header(const lac_input *input, const lac_limits *limits, lac_probe_mode mode,
                             uint8_t *exif, size_t exif_capacity, lac_header *header, lac_status *status) {
    return lac_png_start(input, limits, mode, exif, exif_capacity, NULL, 0, 0, 0, NULL, 0, header, status);
}

lac_code lac_png_decode(const lac_input *input, const lac_limits *limits, uint8_t *pixels, size_t capacity,
                        unsigned channels, uint8_t *icc, size_t icc_capacity, uint8_t *exif, size_t exif_capacity,
                        lac_header *header, lac_status *status) {
    return lac_png_start(input, limits, LAC_PROBE_VERIFY, exif, exif_capacity, pixels, capacity, channels, 0, icc,
                         icc_capacity, header, status);
}

lac_code lac_png_decode16(const lac_input *input, const lac_limits *limits, uint16_t *pixels, size_t capacity,
                          unsigned channels, uint8_t *icc, size_t icc_capacity, uint8_t *exif, size_t exif_capacity,
                          lac_header *header, lac_status *status) {
    return lac_png_start(input, limits, LAC_PROBE_VERIFY, exif, exif_capacity, (uint8_t *)pixels, capacity, channels, 1,
                         icc, icc_capacity, header, status);
}

#endif  // __linux__
