// Internal: the libjpeg plumbing under the JPEG read paths (lac_jpeg_read.c), defined in
// lac_jpeg_source.c: the error manager, which turns libjpeg's errors (and the warnings that count as
// errors) into an lac_status and a longjmp to the caller's setjmp, and the source manager, which feeds
// libjpeg from an lac_reader. Included only inside the .c files' `#ifdef __linux__`.
#ifndef LAC_JPEG_SOURCE_H
#define LAC_JPEG_SOURCE_H

#include <setjmp.h>
#include <stdio.h>
#include "lac_jpeg.h"

#include "lac_reader.h"

/// libjpeg's error manager first, so `cinfo->err` can be cast back to this.
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    lac_status *status;
    /// Which warnings become errors: LAC_STRICT_NONE, those that mean image data is missing or
    /// garbage (decoding for fit), or all (pixel verification).
    int strict;
} lac_jpeg_error;

enum { LAC_STRICT_NONE = 0, LAC_STRICT_DAMAGE = 1, LAC_STRICT_ALL = 2 };

/// libjpeg's source manager first, so `cinfo->src` can be cast back to this.
typedef struct {
    struct jpeg_source_mgr manager;
    lac_reader reader;
    /// Reading the header: the end of the data there is a truncation error, not a warning.
    int in_header;
    JOCTET fake_eoi[2];
} lac_jpeg_source;

/// Records the error in the status and longjmps to `((lac_jpeg_error *)cinfo->err)->jump`.
void lac_jpeg_fail(j_common_ptr cinfo, lac_code code, const char *message);

/// The error manager's entries (`error_exit` longjmps through lac_jpeg_fail; so does `emit_message`
/// for a warning the `strict` level makes an error).
void lac_jpeg_error_exit(j_common_ptr cinfo);
void lac_jpeg_emit_message(j_common_ptr cinfo, int level);
void lac_jpeg_output_message(j_common_ptr cinfo);

/// The source manager's entries (`fill_input_buffer` longjmps on a read error, or on the end of the
/// data inside the header).
void lac_jpeg_source_init(j_decompress_ptr cinfo);
void lac_jpeg_source_term(j_decompress_ptr cinfo);
boolean lac_jpeg_source_fill(j_decompress_ptr cinfo);
void lac_jpeg_source_skip(j_decompress_ptr cinfo, long count);

#endif
