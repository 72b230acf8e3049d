// Where an image's data ends, found without decoding: the PNG chunk walk and the JPEG EOI search.
#include <stdlib.h>
#include <string.h>

#include "lac_reader.h"

static uint32_t lac_end_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The 12 bytes of every IEND chunk: length 0, type, CRC of the type.
static const uint8_t lac_iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};

static lac_code lac_end_read_failed(lac_status *status, int sys_errno) {
    status->sys_errno = sys_errno;
    return lac_set_error(status, LAC_ERR_READ, strerror(sys_errno));
}

lac_code lac_png_find_end(const lac_input *input, uint64_t size, lac_end *end, lac_status *status) {
    memset(end, 0, sizeof *end);
    memset(status, 0, sizeof *status);
    int sys_errno = 0;
    uint8_t bytes[12];
    /* The common case, one read: the data ends with a whole IEND chunk, so nothing was cut from it. */
    if (size >= 8 + 12 + 12) {
        size_t n = lac_input_read_at(input, size - 12, bytes, 12, &end->reads, &sys_errno);
        if (sys_errno != 0) return lac_end_read_failed(status, sys_errno);
        if (n == 12 && memcmp(bytes, lac_iend, 12) == 0) {
            end->end_offset = size;
            return LAC_OK;
        }
    }
    /* Otherwise walk the chunks, 8 header bytes each, to IEND (data may follow it). Each step moves on
       by at least 12 bytes, so the walk ends. */
    uint64_t offset = 8;
    for (;;) {
        if (offset > size || size - offset < 8) {
            end->truncated = 1;
            end->chunk_offset = offset;
            return LAC_OK;
        }
        size_t n = lac_input_read_at(input, offset, bytes, 8, &end->reads, &sys_errno);
        if (sys_errno != 0) return lac_end_read_failed(status, sys_errno);
        if (n < 8) {  /* the file shrank since its size was taken */
            end->truncated = 1;
            end->chunk_offset = offset;
            return LAC_OK;
        }
        uint64_t length = lac_end_be32(bytes);
        memcpy(end->chunk_type, bytes + 4, 4);
        end->chunk_type[4] = '\0';
        if (length + 12 > size - offset) {
            end->truncated = 1;
            end->chunk_cut = 1;
            end->chunk_offset = offset;
            end->chunk_length = length;
            return LAC_OK;
        }
        offset += length + 12;
        if (memcmp(bytes + 4, "IEND", 4) == 0) {
            end->end_offset = offset;
            end->chunk_type[0] = '\0';
            return LAC_OK;
        }
    }
}

/// The offset of the last FF D9 in `bytes` (which start at stream offset `start`) at or past `floor`, or -1.
static int64_t lac_end_last_eoi(const uint8_t *bytes, size_t length, uint64_t start, uint64_t floor) {
    for (size_t i = length; i >= 2; i--) {
        if (bytes[i - 1] == 0xD9 && bytes[i - 2] == 0xFF) {
            uint64_t at = start + i - 2;
            return at >= floor ? (int64_t)at : -1;
        }
    }
    return -1;
}

/// The last bytes read first: a JPEG almost always ends with its EOI, and a small read into the stack
/// costs less than a page's copy and an allocation (on the 2,000-file bench corpus, 4 KiB and a 64 KiB
/// malloc cost `check` 9%; see the commit).
#define LAC_JPEG_EOI_FIRST 256

lac_code lac_jpeg_find_end(const lac_input *input, uint64_t size, uint64_t scan_offset, lac_end *end,
                           lac_status *status) {
    memset(end, 0, sizeof *end);
    memset(status, 0, sizeof *status);
    int sys_errno = 0;
    uint64_t window = size < LAC_JPEG_EOI_WINDOW ? size : LAC_JPEG_EOI_WINDOW;
    uint64_t first = window < LAC_JPEG_EOI_FIRST ? window : LAC_JPEG_EOI_FIRST;
    uint8_t tail[LAC_JPEG_EOI_FIRST];
    size_t n = lac_input_read_at(input, size - first, tail, (size_t)first, &end->reads, &sys_errno);
    if (sys_errno != 0) return lac_end_read_failed(status, sys_errno);
    end->searched = n;
    int64_t at = lac_end_last_eoi(tail, n, size - first, scan_offset);
    if (at < 0 && n == first && window > first) {
        /* No EOI in the last bytes: the whole window, in one read. */
        uint8_t *bytes = malloc((size_t)window);
        if (bytes == NULL) {
            status->refused_bytes = window;
            return lac_set_error(status, LAC_ERR_NO_MEMORY, "could not allocate the end-of-image window");
        }
        size_t m = lac_input_read_at(input, size - window, bytes, (size_t)window, &end->reads, &sys_errno);
        if (sys_errno == 0) {
            end->searched = m;
            at = lac_end_last_eoi(bytes, m, size - window, scan_offset);
        }
        free(bytes);
        if (sys_errno != 0) return lac_end_read_failed(status, sys_errno);
    }
    if (at < 0) {
        end->truncated = 1;
    } else {
        end->end_offset = (uint64_t)at + 2;
    }
    return LAC_OK;
}
