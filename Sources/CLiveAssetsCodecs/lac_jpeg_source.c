// The libjpeg error manager and source manager the JPEG read paths (lac_jpeg_read.c) run with: errors
// and strict warnings become an lac_status and a longjmp to lac_jpeg_run's setjmp; bytes come from an
// lac_reader. Declared in lac_jpeg_source.h.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <stdio.h>

#include "lac_jpeg_source.h"

/// Warnings after which part of the picture is grey fill or garbage: a decode for `fit` stops there
/// rather than write the result. Extraneous bytes between markers and similar slips decode whole.
static int lac_jpeg_warning_damages_pixels(int code) {
    switch (code) {
    case JWRN_JPEG_EOF:         /* the data ends before the image */
    case JWRN_HIT_MARKER:       /* a scan's data ends early */
    case JWRN_MUST_RESYNC:      /* a restart marker is missing or wrong */
    case JWRN_HUFF_BAD_CODE:    /* undecodable entropy-coded data */
    case JWRN_BOGUS_PROGRESSION:
    case JWRN_NOT_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

void lac_jpeg_fail(j_common_ptr cinfo, lac_code code, const char *message) {
    lac_jpeg_error *error = (lac_jpeg_error *)cinfo->err;
    lac_set_error(error->status, code, message);
    longjmp(error->jump, 1);
}

void lac_jpeg_error_exit(j_common_ptr cinfo) {
    lac_jpeg_error *error = (lac_jpeg_error *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    if (error->status->code == LAC_OK) error->status->library_code = cinfo->err->msg_code;
    if (cinfo->err->msg_code == JERR_NO_BACKING_STORE) {
        /* libjpeg reached max_memory_to_use and has no disk to spill to: a limit, not damage. */
        snprintf(message, sizeof message,
                 "it needs more than %ld MB of working memory, the ceiling set by the pixel limit (4 bytes a pixel)",
                 cinfo->mem->max_memory_to_use / 1000000);
        error->status->refused_bytes = (uint64_t)cinfo->mem->max_memory_to_use;
        lac_jpeg_fail(cinfo, LAC_ERR_LIMIT, message);
    }
    if (cinfo->err->msg_code == JERR_OUT_OF_MEMORY) {
        /* malloc returned NULL inside libjpeg's memory manager. */
        lac_jpeg_fail(cinfo, LAC_ERR_NO_MEMORY, message);
    }
    lac_jpeg_fail(cinfo, cinfo->err->msg_code == JERR_BAD_PRECISION ? LAC_ERR_UNSUPPORTED : LAC_ERR_CODEC,
                  message);
}

void lac_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return; /* trace messages */
    lac_jpeg_error *error = (lac_jpeg_error *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    cinfo->err->num_warnings++;
    lac_add_warning(error->status, message);
    if (error->strict == LAC_STRICT_ALL ||
        (error->strict == LAC_STRICT_DAMAGE && lac_jpeg_warning_damages_pixels(cinfo->err->msg_code))) {
        if (error->status->code == LAC_OK) error->status->library_code = cinfo->err->msg_code;
        lac_jpeg_fail(cinfo, cinfo->err->msg_code == JWRN_JPEG_EOF ? LAC_ERR_TRUNCATED : LAC_ERR_CODEC, message);
    }
}

void lac_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

void lac_jpeg_source_init(j_decompress_ptr cinfo) { (void)cinfo; }

void lac_jpeg_source_term(j_decompress_ptr cinfo) { (void)cinfo; }

boolean lac_jpeg_source_fill(j_decompress_ptr cinfo) {
    lac_jpeg_source *source = (lac_jpeg_source *)cinfo->src;
    lac_reader *reader = &source->reader;
    if (reader->window_length > 0) lac_reader_consume(reader, reader->window_length);
    size_t available = lac_reader_fill(reader);
    if (available > 0) {
        source->manager.next_input_byte = reader->window;
        source->manager.bytes_in_buffer = available;
        return TRUE;
    }
    if (reader->sys_errno != 0) {
        char text[sizeof ((lac_jpeg_error *)cinfo->err)->status->message];
        ((lac_jpeg_error *)cinfo->err)->status->sys_errno = reader->sys_errno;
        lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_READ, lac_error_text(reader->sys_errno, text, sizeof text));
    }
    if (source->in_header) lac_jpeg_fail((j_common_ptr)cinfo, LAC_ERR_TRUNCATED, "the JPEG header ends early");
    /* As libjpeg's own sources do: warn, then insert a fake EOI so decoding can finish. */
    WARNMS(cinfo, JWRN_JPEG_EOF);
    source->fake_eoi[0] = 0xFF;
    source->fake_eoi[1] = JPEG_EOI;
    source->manager.next_input_byte = source->fake_eoi;
    source->manager.bytes_in_buffer = 2;
    return TRUE;
}

void lac_jpeg_source_skip(j_decompress_ptr cinfo, long count) {
    lac_jpeg_source *source = (lac_jpeg_source *)cinfo->src;
    if (count <= 0) return;
    if ((size_t)count <= source->manager.bytes_in_buffer) {
        source->manager.next_input_byte += count;
        source->manager.bytes_in_buffer -= (size_t)count;
        return;
    }
    uint64_t beyond = (uint64_t)count - source->manager.bytes_in_buffer;
    if (source->manager.next_input_byte != source->fake_eoi) {
        lac_reader_consume(&source->reader, source->reader.window_length);
    }
    lac_reader_skip(&source->reader, beyond);
    source->manager.next_input_byte = NULL;
    source->manager.bytes_in_buffer = 0;
}

#endif  // __linux__
