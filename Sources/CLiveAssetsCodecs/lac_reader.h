// Internal: what the codec files share, defined in lac_reader.c: the buffered byte source over an
// lac_input (prefix bytes, then pread(2) from a descriptor), the growing buffer the encoders write into,
// and the status helpers (messages, errors, warnings, system error texts).
#ifndef LAC_READER_H
#define LAC_READER_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "CLiveAssetsCodecs.h"

#define LAC_READ_CHUNK 32768
/// The first read after the prefix: a header probe rarely needs more, and copying 32 KiB out of the
/// page cache for a few bytes was most of its time. Each read doubles it, up to LAC_READ_CHUNK.
#define LAC_READ_FIRST 2048

typedef struct {
    const lac_input *input;
    /// Bytes available at `window`, not yet consumed.
    const uint8_t *window;
    size_t window_length;
    /// Whether the prefix has been handed out already.
    int prefix_done;
    /// Next file offset to pread from.
    uint64_t file_offset;
    /// The stream offset just past the window's last byte (a source's position is this less what it
    /// has not consumed).
    uint64_t window_end;
    int at_eof;
    int sys_errno;
    /// Bytes the next pread asks for.
    size_t read_size;
    /// The preads made (for the tests and the benchmarks).
    uint32_t reads;
    uint8_t buffer[LAC_READ_CHUNK];
} lac_reader;

void lac_reader_init(lac_reader *reader, const lac_input *input);

/// Makes the next bytes available in `window`. Returns the number available (0 at end or on error;
/// `at_eof` / `sys_errno` tell which).
size_t lac_reader_fill(lac_reader *reader);

/// Copies up to `length` bytes to `destination`; returns how many were copied.
size_t lac_reader_read(lac_reader *reader, uint8_t *destination, size_t length);

/// Marks `length` bytes of the window as consumed (`length <= window_length`).
static inline void lac_reader_consume(lac_reader *reader, size_t length) {
    reader->window += length;
    reader->window_length -= length;
}

/// Skips `length` bytes without reading them where the source allows.
void lac_reader_skip(lac_reader *reader, uint64_t length);

/// Copies `length` bytes at stream offset `offset` to `destination`: from the prefix where it holds them,
/// with one pread(2) for the rest. Returns the number copied (fewer at the end of the data; on a read
/// error, 0 with `*sys_errno` set). Counts each pread in `*reads`.
size_t lac_input_read_at(const lac_input *input, uint64_t offset, uint8_t *destination, size_t length,
                         uint32_t *reads, int *sys_errno);

/// Whether a declared size is over the limits (width, height or pixel count).
static inline int lac_exceeds(const lac_limits *limits, uint32_t width, uint32_t height) {
    return width > limits->max_width || height > limits->max_height ||
           (uint64_t)width * (uint64_t)height > limits->max_pixels;
}

/// Encoded bytes as an encoder writes them; `data` becomes the caller's `lac_buffer`.
typedef struct {
    lac_status *status;
    uint8_t *data;
    size_t length;
    size_t capacity;
} lac_sink;

/// Makes room for `length` more bytes; returns 0 when memory runs out.
int lac_sink_reserve(lac_sink *sink, size_t length);

/// Writes the C library's text for the error number `code` into `buffer` (`size` bytes, NUL-terminated)
/// and returns `buffer`: CLiveAssetsSystem's lasys_strerror, thread-safe (strerror_r, where strerror may share one buffer between threads),
/// and `errno` is left as it was.
const char *lac_error_text(int code, char *buffer, size_t size);

/// Copies a message into a fixed-size status field, always NUL-terminated.
void lac_copy_message(char *destination, size_t capacity, const char *message);

/// Records an error in `status` (first error wins) and returns its code.
lac_code lac_set_error(lac_status *status, lac_code code, const char *message);

/// Records a warning: counts it and keeps the first message.
void lac_add_warning(lac_status *status, const char *message);

#ifdef PNG_H
/// The gAMA and cHRM chunks libpng kept, into `header` (see `lac_header.gamma`); after png_read_info.
void lac_png_colour_chunks(png_structp png, png_infop info, lac_header *header);
#endif

#endif
