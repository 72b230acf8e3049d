// The internals the codec files share (declared in lac_reader.h): the buffered byte source, the
// encoders' growing output buffer and lac_buffer_free, the status helpers, lac_codec_versions.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include "lac_reader.h"
#include "CLiveAssetsSystem.h"

#include <errno.h>
#include <unistd.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include "lac_jpeg.h"

void lac_reader_init(lac_reader *reader, const lac_input *input) {
    reader->input = input;
    reader->window = NULL;
    reader->window_length = 0;
    reader->prefix_done = 0;
    reader->file_offset = input->prefix_length;
    reader->window_end = 0;
    reader->at_eof = 0;
    reader->sys_errno = 0;
    reader->read_size = LAC_READ_FIRST;
    reader->reads = 0;
}

size_t lac_reader_fill(lac_reader *reader) {
    if (reader->window_length > 0) return reader->window_length;
    if (!reader->prefix_done) {
        reader->prefix_done = 1;
        if (reader->input->prefix_length > 0) {
            reader->window = reader->input->prefix;
            reader->window_length = reader->input->prefix_length;
            reader->window_end = reader->input->prefix_length;
            return reader->window_length;
        }
    }
    if (reader->input->fd < 0 || reader->at_eof) {
        reader->at_eof = 1;
        return 0;
    }
    for (;;) {
        ssize_t n = pread(reader->input->fd, reader->buffer, reader->read_size, (off_t)reader->file_offset);
        reader->reads += 1;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            reader->sys_errno = errno;
            return 0;
        }
        if (n == 0) {
            reader->at_eof = 1;
            return 0;
        }
        reader->file_offset += (uint64_t)n;
        reader->window_end = reader->file_offset;
        if (reader->read_size < LAC_READ_CHUNK) reader->read_size *= 2;
        reader->window = reader->buffer;
        reader->window_length = (size_t)n;
        return reader->window_length;
    }
}

size_t lac_reader_read(lac_reader *reader, uint8_t *destination, size_t length) {
    size_t copied = 0;
    while (copied < length) {
        size_t available = lac_reader_fill(reader);
        if (available == 0) break;
        size_t n = length - copied < available ? length - copied : available;
        memcpy(destination + copied, reader->window, n);
        lac_reader_consume(reader, n);
        copied += n;
    }
    return copied;
}

void lac_reader_skip(lac_reader *reader, uint64_t length) {
    uint64_t n = length < reader->window_length ? length : reader->window_length;
    lac_reader_consume(reader, (size_t)n);
    length -= n;
    if (length == 0) return;
    if (!reader->prefix_done) {
        /* The prefix was never shown: skip inside it first. */
        reader->prefix_done = 1;
        size_t in_prefix = reader->input->prefix_length;
        if (length < in_prefix) {
            reader->window = reader->input->prefix + length;
            reader->window_length = in_prefix - (size_t)length;
            reader->window_end = in_prefix;
            return;
        }
        length -= in_prefix;
    }
    if (reader->input->fd < 0) {
        reader->at_eof = 1;
        return;
    }
    /* pread-based: skipping is moving the offset; reading past the end reports EOF later. */
    reader->file_offset += length;
    reader->window_end = reader->file_offset;
}

size_t lac_input_read_at(const lac_input *input, uint64_t offset, uint8_t *destination, size_t length,
                         uint32_t *reads, int *sys_errno) {
    size_t copied = 0;
    if (offset < input->prefix_length) {
        size_t n = input->prefix_length - (size_t)offset;
        if (n > length) n = length;
        memcpy(destination, input->prefix + offset, n);
        copied = n;
    }
    while (copied < length && input->fd >= 0) {
        ssize_t n = pread(input->fd, destination + copied, length - copied, (off_t)(offset + copied));
        (*reads)++;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            *sys_errno = errno;
            return 0;
        }
        if (n == 0) break;
        copied += (size_t)n;
    }
    return copied;
}

int lac_sink_reserve(lac_sink *sink, size_t length) {
    if (length <= sink->capacity - sink->length) return 1;
    size_t capacity = sink->capacity ? sink->capacity : 65536;
    while (length > capacity - sink->length) {
        if (capacity > SIZE_MAX / 2) return 0;
        capacity *= 2;
    }
    uint8_t *grown = realloc(sink->data, capacity);
    if (grown == NULL) return 0;
    sink->data = grown;
    sink->capacity = capacity;
    return 1;
}

void lac_buffer_free(lac_buffer *buffer) {
    free(buffer->data);
    buffer->data = NULL;
    buffer->length = 0;
}

void lac_copy_message(char *destination, size_t capacity, const char *message) {
    if (capacity == 0) return;
    size_t n = strlen(message);
    if (n >= capacity) n = capacity - 1;
    memcpy(destination, message, n);
    destination[n] = '\0';
}

lac_code lac_set_error(lac_status *status, lac_code code, const char *message) {
    if (status->code == LAC_OK) {
        status->code = code;
        lac_copy_message(status->message, sizeof status->message, message);
    }
    return (lac_code)status->code;
}

void lac_add_warning(lac_status *status, const char *message) {
    if (status->warnings == 0) lac_copy_message(status->first_warning, sizeof status->first_warning, message);
    status->warnings++;
}

const char *lac_error_text(int code, char *buffer, size_t size) {
    lasys_strerror(code, buffer, size);
    return size > 0 ? buffer : "";
}

void lac_codec_versions(char *buffer, size_t capacity) {
    snprintf(buffer, capacity, "libpng %s, libjpeg %d", png_get_libpng_ver(NULL), JPEG_LIB_VERSION);
}

#endif  // __linux__
