// JPEG encoding through libjpeg's compress API, into memory (an lac_sink) the caller frees with
// lac_buffer_free.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lac_jpeg.h"

#include "lac_reader.h"

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    lac_status *status;
} lac_jpeg_write_error;

/// libjpeg's destination manager first, so `cinfo->dest` can be cast back to this.
typedef struct {
    struct jpeg_destination_mgr manager;
    lac_sink sink;
} lac_jpeg_destination;

static void lac_jpeg_write_error_exit(j_common_ptr cinfo) {
    lac_jpeg_write_error *error = (lac_jpeg_write_error *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    error->status->library_code = cinfo->err->msg_code;
    /* JERR_OUT_OF_MEMORY: libjpeg's or the output buffer's allocation failed. */
    lac_set_error(error->status, cinfo->err->msg_code == JERR_OUT_OF_MEMORY ? LAC_ERR_NO_MEMORY : LAC_ERR_CODEC, message);
    longjmp(error->jump, 1);
}

static void lac_jpeg_write_output(j_common_ptr cinfo) { (void)cinfo; }

static void lac_jpeg_destination_init(j_compress_ptr cinfo) {
    lac_jpeg_destination *destination = (lac_jpeg_destination *)cinfo->dest;
    if (!lac_sink_reserve(&destination->sink, 65536)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    destination->manager.next_output_byte = destination->sink.data;
    destination->manager.free_in_buffer = destination->sink.capacity;
}

/// Called when the whole buffer is full: grow it and hand out the new space.
static boolean lac_jpeg_destination_empty(j_compress_ptr cinfo) {
    lac_jpeg_destination *destination = (lac_jpeg_destination *)cinfo->dest;
    destination->sink.length = destination->sink.capacity;
    if (!lac_sink_reserve(&destination->sink, destination->sink.capacity)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    destination->manager.next_output_byte = destination->sink.data + destination->sink.length;
    destination->manager.free_in_buffer = destination->sink.capacity - destination->sink.length;
    return TRUE;
}

static void lac_jpeg_destination_term(j_compress_ptr cinfo) {
    lac_jpeg_destination *destination = (lac_jpeg_destination *)cinfo->dest;
    destination->sink.length = destination->sink.capacity - destination->manager.free_in_buffer;
}

/// The libjpeg calls; `cinfo`, `error` and `destination` live in the caller so that they survive a
/// longjmp with defined values.
static lac_code lac_jpeg_encode_run(struct jpeg_compress_struct *cinfo, lac_jpeg_write_error *error,
                                    lac_jpeg_destination *destination, const lac_pixels *pixels, int quality,
                                    int progressive, int full_chroma, const uint8_t *segment, size_t segment_length,
                                    const uint8_t *icc, size_t icc_length) {
    if (setjmp(error->jump)) {
        jpeg_destroy_compress(cinfo);
        return (lac_code)error->status->code;
    }
    jpeg_create_compress(cinfo);
    destination->manager.init_destination = lac_jpeg_destination_init;
    destination->manager.empty_output_buffer = lac_jpeg_destination_empty;
    destination->manager.term_destination = lac_jpeg_destination_term;
    cinfo->dest = &destination->manager;
    cinfo->image_width = pixels->width;
    cinfo->image_height = pixels->height;
    cinfo->input_components = pixels->channels;
    /* RGBA rows go in as they are: libjpeg-turbo reads RGBX and skips the fourth byte. */
    cinfo->in_color_space = pixels->channels == 1 ? JCS_GRAYSCALE : pixels->channels == 3 ? JCS_RGB : JCS_EXT_RGBX;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, quality, TRUE);
    if (full_chroma && pixels->channels != 1) {
        cinfo->comp_info[0].h_samp_factor = 1;
        cinfo->comp_info[0].v_samp_factor = 1;
    }
    if (progressive) jpeg_simple_progression(cinfo);
    jpeg_start_compress(cinfo, TRUE);
    if (segment_length > 0) jpeg_write_marker(cinfo, JPEG_APP0 + 1, segment, (unsigned int)segment_length);
    if (icc_length > 0) jpeg_write_icc_profile(cinfo, icc, (unsigned int)icc_length);
    while (cinfo->next_scanline < cinfo->image_height) {
        JSAMPROW row = (JSAMPROW)(pixels->pixels + (size_t)cinfo->next_scanline * pixels->row_stride);
        jpeg_write_scanlines(cinfo, &row, 1);
    }
    jpeg_finish_compress(cinfo);
    jpeg_destroy_compress(cinfo);
    return LAC_OK;
}

lac_code lac_jpeg_encode(const lac_pixels *pixels, int quality, int progressive, int full_chroma,
                         const uint8_t *exif, size_t exif_length, const uint8_t *icc, size_t icc_length,
                         lac_buffer *output, lac_status *status) {
    memset(status, 0, sizeof *status);
    output->data = NULL;
    output->length = 0;
    if ((pixels->channels != 1 && pixels->channels != 3 && pixels->channels != 4) || pixels->width == 0 ||
        pixels->height == 0) {
        return lac_set_error(status, LAC_ERR_CODEC, "JPEG takes gray, RGB or RGBA pixels of a non-zero size");
    }
    if (exif_length > 65533 - 6) return lac_set_error(status, LAC_ERR_CODEC, "the EXIF data exceeds one segment");
    uint8_t *segment = NULL;
    if (exif_length > 0) {
        segment = malloc(exif_length + 6);
        if (segment == NULL) return lac_set_error(status, LAC_ERR_NO_MEMORY, "out of memory");
        memcpy(segment, "Exif\0\0", 6);
        memcpy(segment + 6, exif, exif_length);
    }
    struct jpeg_compress_struct cinfo;
    lac_jpeg_write_error error;
    lac_jpeg_destination destination;
    memset(&cinfo, 0, sizeof cinfo);  /* defined even if jpeg_create_compress fails early */
    memset(&destination, 0, sizeof destination);
    destination.sink.status = status;
    error.status = status;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = lac_jpeg_write_error_exit;
    error.manager.output_message = lac_jpeg_write_output;
    lac_code code = lac_jpeg_encode_run(&cinfo, &error, &destination, pixels, quality, progressive, full_chroma,
                                        segment, segment ? exif_length + 6 : 0, icc, icc_length);
    free(segment);
    if (code != LAC_OK) {
        free(destination.sink.data);
        return code;
    }
    output->data = destination.sink.data;
    output->length = destination.sink.length;
    return LAC_OK;
}

#endif  // __linux__
