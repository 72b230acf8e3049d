// JPEG header reading, pixel verification and decoding through libjpeg's jpeg_read_header and
// jpeg_read_scanlines, with bounded APP1 (EXIF) and APP2 (ICC) marker processors; the error and source
// managers are in lac_jpeg_source.c.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lac_jpeg_source.h"

/// libjpeg's working memory for `limits`: 4 bytes for each pixel the limits allow (what their RGBA
/// image takes), at least 64 MiB, at most 1 GiB. A progressive JPEG keeps 2 bytes per sample of
/// coefficients, so only an image near the pixel limit with full-resolution chroma or CMYK needs more.
static long lac_jpeg_memory_limit(const lac_limits *limits) {
    const uint64_t floor = (uint64_t)64 << 20, ceiling = (uint64_t)1 << 30;
    if (limits->max_pixels == 0 || limits->max_pixels > ceiling / 4) return (long)ceiling;
    uint64_t bytes = limits->max_pixels * 4;
    return (long)(bytes < floor ? floor : bytes);
}

typedef struct {
    lac_header *header;
    lac_status *status;
    uint8_t *exif;
    size_t exif_capacity;
    int exif_seen;
    uint32_t max_scans;
    /// ICC_PROFILE APP2 chunks: total payload, declared count, chunks seen, and which sequence numbers.
    uint64_t icc_total;
    int icc_declared;
    int icc_chunks;
    int icc_inconsistent;
    uint8_t icc_seen[256];
    /// Decoding: each accepted chunk's payload by sequence number, kept by the APP2 processor as it reads
    /// it (at most 255 chunks of at most 65,519 bytes: 16.7 MB whatever the file holds), freed by
    /// lac_jpeg_start. libjpeg's own jpeg_save_markers would keep every APP2 segment and append each to the
    /// end of a list, quadratic in their number.
    uint8_t *icc_chunk[256];
    uint32_t icc_chunk_length[256];
    /// When not NULL, decode into this buffer of `capacity` bytes at 1/`scale_denominator`, `channels`
    /// samples a pixel (4: RGBA; 1: gray, for a gray image).
    uint8_t *rgba;
    size_t capacity;
    unsigned channels;
    unsigned scale_denominator;
    /// When not NULL (decoding), the ICC profile goes here.
    uint8_t *icc;
    size_t icc_capacity;
} lac_jpeg_context;

static int lac_jpeg_next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (source->bytes_in_buffer == 0) (*source->fill_input_buffer)(cinfo);
    source->bytes_in_buffer--;
    return *source->next_input_byte++;
}

static void lac_jpeg_copy(j_decompress_ptr cinfo, uint8_t *destination, size_t length) {
    struct jpeg_source_mgr *source = cinfo->src;
    while (length > 0) {
        if (source->bytes_in_buffer == 0) (*source->fill_input_buffer)(cinfo);
        size_t n = length < source->bytes_in_buffer ? length : source->bytes_in_buffer;
        memcpy(destination, source->next_input_byte, n);
        source->next_input_byte += n;
        source->bytes_in_buffer -= n;
        destination += n;
        length -= n;
    }
}

/// Reads a marker's two-byte length and returns the payload length.
static long lac_jpeg_marker_length(j_decompress_ptr cinfo) {
    long length = (long)lac_jpeg_next_byte(cinfo) << 8;
    length += lac_jpeg_next_byte(cinfo);
    if (length < 2) ERREXIT(cinfo, JERR_BAD_LENGTH);
    return length - 2;
}

/// APP1: keeps the TIFF data of the first "Exif\0\0" segment, skips the rest (XMP, later EXIF).
static boolean lac_jpeg_app1(j_decompress_ptr cinfo) {
    lac_jpeg_context *context = cinfo->client_data;
    long length = lac_jpeg_marker_length(cinfo);
    if (!context->exif_seen && length >= 6) {
        uint8_t identifier[6];
        lac_jpeg_copy(cinfo, identifier, 6);
        length -= 6;
        if (memcmp(identifier, "Exif\0\0", 6) == 0) {
            context->exif_seen = 1;
            size_t n = (size_t)length < context->exif_capacity ? (size_t)length : context->exif_capacity;
            lac_jpeg_copy(cinfo, context->exif, n);
            context->header->exif_length = (uint32_t)n;
            length -= (long)n;
        }
    }
    if (length > 0) (*cinfo->src->skip_input_data)(cinfo, length);
    return TRUE;
}

/// APP2: sizes the ICC profile from its "ICC_PROFILE\0" chunks; when decoding with a buffer for the
/// profile, keeps each accepted chunk (one per sequence number) until it is copied there.
/// Other APP2 segments are skipped unread, so any number of them costs time in
/// proportion to their bytes and no memory.
static boolean lac_jpeg_app2(j_decompress_ptr cinfo) {
    lac_jpeg_context *context = cinfo->client_data;
    long length = lac_jpeg_marker_length(cinfo);
    if (length >= 14) {
        uint8_t identifier[14];
        lac_jpeg_copy(cinfo, identifier, 14);
        length -= 14;
        if (memcmp(identifier, "ICC_PROFILE\0", 12) == 0) {
            int sequence = identifier[12], count = identifier[13];
            if (sequence == 0 || count == 0 || sequence > count ||
                (context->icc_declared != 0 && context->icc_declared != count) || context->icc_seen[sequence]) {
                context->icc_inconsistent = 1;
            } else {
                context->icc_seen[sequence] = 1;
                context->icc_declared = count;
                context->icc_chunks++;
                context->icc_total += (uint64_t)length;
                /* Kept only when decoding into a buffer the caller gave for the profile. */
                if (context->rgba != NULL && context->icc != NULL && context->icc_capacity > 0 && length > 0) {
                    uint8_t *chunk = malloc((size_t)length);
                    if (chunk == NULL) {
                        context->status->refused_bytes = (uint64_t)length;
                        lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_NO_MEMORY, "could not allocate an ICC profile chunk");
                    }
                    context->icc_chunk[sequence] = chunk;
                    context->icc_chunk_length[sequence] = (uint32_t)length;
                    lac_jpeg_copy(cinfo, chunk, (size_t)length);
                    length = 0;
                }
            }
        }
    }
    if (length > 0) (*cinfo->src->skip_input_data)(cinfo, length);
    return TRUE;
}

static void lac_jpeg_progress(j_common_ptr cinfo) {
    if (!cinfo->is_decompressor) return;
    j_decompress_ptr decompress = (j_decompress_ptr)cinfo;
    lac_jpeg_context *context = decompress->client_data;
    if (context->max_scans != 0 && (uint32_t)decompress->input_scan_number > context->max_scans) {
        char message[96];
        snprintf(message, sizeof message, "it has more than %u progressive scans", context->max_scans);
        lac_jpeg_fail(cinfo, LAC_ERR_LIMIT, message);
    }
}

static void lac_jpeg_fill_header(j_decompress_ptr cinfo, lac_jpeg_context *context) {
    lac_header *header = context->header;
    header->width = cinfo->image_width;
    header->height = cinfo->image_height;
    header->bit_depth = (uint8_t)cinfo->data_precision;
    header->progressive = cinfo->progressive_mode ? 1 : 0;
    header->chroma_subsampled = 0;
    for (int c = 1; c < cinfo->num_components && cinfo->comp_info != NULL; c++) {
        if (cinfo->comp_info[c].h_samp_factor != cinfo->comp_info[0].h_samp_factor ||
            cinfo->comp_info[c].v_samp_factor != cinfo->comp_info[0].v_samp_factor) {
            header->chroma_subsampled = 1;
        }
    }
    header->arithmetic = cinfo->arith_code ? 1 : 0;
    J_COLOR_SPACE space = cinfo->jpeg_color_space;
    if (space == JCS_UNKNOWN) {
        /* jpeg_read_header stopped before guessing (12-bit): the same rule from the markers seen. */
        switch (cinfo->num_components) {
        case 1: space = JCS_GRAYSCALE; break;
        case 3: space = cinfo->saw_Adobe_marker && cinfo->Adobe_transform == 0 ? JCS_RGB : JCS_YCbCr; break;
        case 4: space = cinfo->saw_Adobe_marker && cinfo->Adobe_transform == 2 ? JCS_YCCK : JCS_CMYK; break;
        default: break;
        }
    }
    switch (space) {
    case JCS_GRAYSCALE: header->color = LAC_COLOR_GRAY; break;
    case JCS_RGB: header->color = LAC_COLOR_RGB; break;
    case JCS_YCbCr: header->color = LAC_COLOR_YCBCR; break;
    case JCS_CMYK: header->color = LAC_COLOR_CMYK; break;
    case JCS_YCCK: header->color = LAC_COLOR_YCCK; break;
    default: header->color = 0; break;
    }
    if (context->icc_chunks > 0 || context->icc_inconsistent) {
        if (!context->icc_inconsistent && context->icc_chunks == context->icc_declared && context->icc_total > 0 &&
            context->icc_total <= UINT32_MAX) {
            header->icc_length = (uint32_t)context->icc_total;
        } else {
            lac_add_warning(context->status, "the ICC profile chunks are incomplete or inconsistent; ignored");
        }
    }
}

void lac_cmyk_to_rgba(uint8_t *pixels, size_t count) {
    for (size_t x = 0; x < count; x++, pixels += 4) {
        unsigned k = pixels[3];
        pixels[0] = (uint8_t)((pixels[0] * k * 2 + 255) / 510);
        pixels[1] = (uint8_t)((pixels[1] * k * 2 + 255) / 510);
        pixels[2] = (uint8_t)((pixels[2] * k * 2 + 255) / 510);
        pixels[3] = 255;
    }
}

/// The libjpeg calls. Everything libjpeg changes (`cinfo`, the context, the source) lives in the caller,
/// so that its values are defined after a longjmp; the row buffer pointer is volatile.
static lac_code lac_jpeg_run(struct jpeg_decompress_struct *cinfo, struct jpeg_progress_mgr *progress,
                             lac_jpeg_context *context, lac_jpeg_source *source, lac_jpeg_error *error,
                             const lac_limits *limits, lac_probe_mode mode) {
    lac_status *status = context->status;
    JSAMPROW volatile row = NULL;
    cinfo->err = jpeg_std_error(&error->manager);
    error->manager.error_exit = lac_jpeg_error_exit;
    error->manager.emit_message = lac_jpeg_emit_message;
    error->manager.output_message = lac_jpeg_output_message;
    if (setjmp(error->jump)) {
        /* A 12-bit stream: the SOF was read, so report its header; decoding it is another matter. */
        if (status->code == LAC_ERR_UNSUPPORTED && mode == LAC_PROBE_HEADER && cinfo->image_width > 0 &&
            cinfo->image_height > 0) {
            lac_jpeg_fill_header(cinfo, context);
            context->header->undecodable = 1;
            lac_add_warning(status, status->message);
            status->code = LAC_OK;
            status->library_code = 0;
            status->message[0] = '\0';
        }
        jpeg_destroy_decompress(cinfo);
        free(row);
        return (lac_code)status->code;
    }
    jpeg_create_decompress(cinfo);
    /* A progressive stream keeps every coefficient (2 bytes per sample): bounded by the pixel limit. */
    cinfo->mem->max_memory_to_use = lac_jpeg_memory_limit(limits);
    cinfo->client_data = context;
    source->manager.init_source = lac_jpeg_source_init;
    source->manager.fill_input_buffer = lac_jpeg_source_fill;
    source->manager.skip_input_data = lac_jpeg_source_skip;
    source->manager.resync_to_restart = jpeg_resync_to_restart;
    source->manager.term_source = lac_jpeg_source_term;
    source->manager.next_input_byte = NULL;
    source->manager.bytes_in_buffer = 0;
    cinfo->src = &source->manager;
    progress->progress_monitor = lac_jpeg_progress;
    cinfo->progress = progress;
    /* No marker is saved by libjpeg (jpeg_save_markers): APP1 and APP2 go through these processors, the
       other markers are skipped by libjpeg as it meets them. */
    jpeg_set_marker_processor(cinfo, JPEG_APP0 + 1, lac_jpeg_app1);
    jpeg_set_marker_processor(cinfo, JPEG_APP0 + 2, lac_jpeg_app2);

    source->in_header = 1;
    jpeg_read_header(cinfo, TRUE);
    source->in_header = 0;
    context->header->scan_offset = source->reader.window_end - source->manager.bytes_in_buffer;
    lac_jpeg_fill_header(cinfo, context);

    if (lac_exceeds(limits, cinfo->image_width, cinfo->image_height)) {
        lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_TOO_LARGE, "the declared dimensions exceed the limit");
    }

    if (context->rgba != NULL) {
        /* The profile, its chunks in sequence order (fill_header set icc_length only when all are there). */
        if (context->header->icc_length > 0 && context->icc != NULL) {
            size_t at = 0;
            for (int sequence = 1; sequence <= context->icc_declared; sequence++) {
                size_t n = context->icc_chunk_length[sequence];
                if (n > context->icc_capacity - at) n = context->icc_capacity - at;
                if (n > 0) memcpy(context->icc + at, context->icc_chunk[sequence], n);
                at += n;
            }
        }
        /* Copied (or not wanted): freed now rather than held through the decode. */
        for (int sequence = 0; sequence < 256; sequence++) {
            free(context->icc_chunk[sequence]);
            context->icc_chunk[sequence] = NULL;
        }
        error->strict = LAC_STRICT_DAMAGE;
        cinfo->scale_num = 1;
        cinfo->scale_denom = context->scale_denominator;
        int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
        unsigned channels = context->channels;
        if (channels != 4 && channels != 1) {
            lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_CODEC, "a JPEG decodes to 1 or 4 channels");
        }
        if (channels == 1 && cinfo->jpeg_color_space != JCS_GRAYSCALE) {
            lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_CHANGED, "the JPEG is not gray as its header was");
        }
        cinfo->out_color_space = channels == 1 ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_EXT_RGBA;
        jpeg_start_decompress(cinfo);
        if ((size_t)cinfo->output_width * cinfo->output_height * channels > context->capacity) {
            lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_CHANGED, "the image is larger than the header read before it");
        }
        context->header->width = cinfo->output_width;
        context->header->height = cinfo->output_height;
        size_t stride = (size_t)cinfo->output_width * channels;
        while (cinfo->output_scanline < cinfo->output_height) {
            JSAMPROW rows[8];
            JDIMENSION first = cinfo->output_scanline, count = 0;
            while (count < 8 && first + count < cinfo->output_height) {
                rows[count] = context->rgba + (size_t)(first + count) * stride;
                count++;
            }
            JDIMENSION read = jpeg_read_scanlines(cinfo, rows, count);
            if (cmyk) {
                for (JDIMENSION r = 0; r < read; r++) lac_cmyk_to_rgba(rows[r], cinfo->output_width);
            }
        }
        jpeg_finish_decompress(cinfo);
    } else if (mode == LAC_PROBE_VERIFY) {
        error->strict = LAC_STRICT_ALL;
        cinfo->dct_method = JDCT_IFAST;
        cinfo->do_fancy_upsampling = FALSE;
        jpeg_start_decompress(cinfo);
        row = malloc((size_t)cinfo->output_width * (size_t)cinfo->output_components);
        if (row == NULL) lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_NO_MEMORY, "could not allocate one row");
        JSAMPROW rows[1] = {row};
        while (cinfo->output_scanline < cinfo->output_height) jpeg_read_scanlines(cinfo, rows, 1);
        jpeg_finish_decompress(cinfo);
    }

    jpeg_destroy_decompress(cinfo);
    free(row);
    return LAC_OK;
}

static lac_code lac_jpeg_start(const lac_input *input, const lac_limits *limits, lac_probe_mode mode, uint8_t *exif,
                               size_t exif_capacity, uint8_t *rgba, size_t capacity, unsigned channels,
                               unsigned scale_denominator,
                               uint8_t *icc, size_t icc_capacity, lac_header *header, lac_status *status) {
    memset(status, 0, sizeof *status);
    memset(header, 0, sizeof *header);

    lac_jpeg_context context;
    memset(&context, 0, sizeof context);
    context.header = header;
    context.status = status;
    context.exif = exif;
    context.exif_capacity = exif_capacity;
    context.max_scans = limits->max_scans;
    context.rgba = rgba;
    context.capacity = capacity;
    context.channels = channels;
    context.scale_denominator = scale_denominator;
    context.icc = icc;
    context.icc_capacity = icc_capacity;

    lac_jpeg_source source;
    lac_reader_init(&source.reader, input);
    source.in_header = 0;

    lac_jpeg_error error;
    error.status = status;
    error.strict = LAC_STRICT_NONE;

    struct jpeg_decompress_struct decompress;
    struct jpeg_progress_mgr progress;
    memset(&decompress, 0, sizeof decompress);  /* defined even if jpeg_create_decompress fails early */
    lac_code code = lac_jpeg_run(&decompress, &progress, &context, &source, &error, limits, mode);
    for (int sequence = 0; sequence < 256; sequence++) free(context.icc_chunk[sequence]);
    return code;
}

lac_code lac_jpeg_read_header(const lac_input *input, const lac_limits *limits, lac_probe_mode mode,
                              uint8_t *exif, size_t exif_capacity, lac_header *header, lac_status *status) {
    return lac_jpeg_start(input, limits, mode, exif, exif_capacity, NULL, 0, 0, 1, NULL, 0, header, status);
}

lac_code lac_jpeg_decode(const lac_input *input, const lac_limits *limits, unsigned scale_denominator,
                         uint8_t *pixels, size_t capacity, unsigned channels, uint8_t *icc, size_t icc_capacity,
                         uint8_t *exif, size_t exif_capacity, lac_header *header, lac_status *status) {
    if (scale_denominator != 1 && scale_denominator != 2 && scale_denominator != 4 && scale_denominator != 8) {
        memset(status, 0, sizeof *status);
        memset(header, 0, sizeof *header);
        return lac_set_error(status, LAC_ERR_CODEC, "the scale denominator must be 1, 2, 4 or 8");
    }
    return lac_jpeg_start(input, limits, LAC_PROBE_VERIFY, exif, exif_capacity, pixels, capacity, channels, scale_denominator,
                          icc, icc_capacity, header, status);
}

#endif  // __linux__
