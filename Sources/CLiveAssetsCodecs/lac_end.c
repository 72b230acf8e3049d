// Where an image's data ends, found without decoding: the PNG chunk walk and the JPEG EOI search.
// Linux only: on Apple platforms ImageIO decodes and encodes (Sources/LiveAssets/*/ImageIO*.swift) and
// libpng and libjpeg are not linked, so this file compiles to nothing there.
#ifdef __linux__
#include <stdlib.h>
#include <string.h>

#include "lac_reader.h"

static uint32_t lac_end_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/// The 12 bytes of every IEND chunk: length 0, type, CRC of the type.
static const uint8_t lac_iend[12] = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};

static lac_code lac_end_read_failed(lac_status *status, int sys_errno) {
    char text[sizeof status->message];
    status->sys_errno = sys_errno;
    return lac_set_error(status, LAC_ERR_READ, lac_error_text(sys_errno, text, sizeof text));
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
    /* Otherwise walk the chunks to IEND (data may follow it), reading their 8-byte headers through the
       buffered reader and skipping each chunk's data and CRC unread. Its reads are linear in the file's
       bytes, not in its chunks: a pread brings in up to 32 KiB of headers, and one more follows a skip
       only past a chunk that leaves the buffer, so a file of N bytes costs about 2N / 32 KiB reads at
       most (a file of 12-byte chunks was one pread per chunk). Each step moves on by at least 12
       bytes, so the walk ends; no cap on the number of chunks is needed. */
    lac_reader reader;
    lac_reader_init(&reader, input);
    lac_reader_skip(&reader, 8);
    uint64_t offset = 8;
    for (;;) {
        if (offset > size || size - offset < 8) {
            end->truncated = 1;
            end->chunk_offset = offset;
            break;
        }
        size_t n = lac_reader_read(&reader, bytes, 8);
        if (reader.sys_errno != 0) {
            end->reads += reader.reads;
            return lac_end_read_failed(status, reader.sys_errno);
        }
        if (n < 8) {  /* the file shrank since its size was taken */
            end->truncated = 1;
            end->chunk_offset = offset;
            break;
        }
        uint64_t length = lac_end_be32(bytes);
        memcpy(end->chunk_type, bytes + 4, 4);
        end->chunk_type[4] = '\0';
        if (length + 12 > size - offset) {
            end->truncated = 1;
            end->chunk_cut = 1;
            end->chunk_offset = offset;
            end->chunk_length = length;
            break;
        }
        offset += length + 12;
        if (memcmp(bytes + 4, "IEND", 4) == 0) {
            end->end_offset = offset;
            end->chunk_type[0] = '\0';
            break;
        }
        lac_reader_skip(&reader, length + 4);
    }
    end->reads += reader.reads;
    return LAC_OK;
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

/// The slow path, for a file whose last 64 KiB hold no EOI after the scan (a Motion Photo appends a
/// whole MP4): reads forward from `scan_offset`, the start of the first scan's entropy-coded data, in
/// 32 KiB reads, to the first EOI. In the entropy-coded data FF 00 (a stuffed FF), FF D0-D7 (restart
/// markers), FF D8 and FF 01 (standalone) and FF FF (fill) are stepped over; any other marker begins a
/// length-prefixed segment (DHT, DQT, SOS, DRI, COM, APPn between progressive scans), skipped whole.
/// Returns the EOI's offset, or -1 when the data ends first (`*sys_errno` set on a read error).
static int64_t lac_jpeg_scan_for_eoi(const lac_input *input, uint64_t scan_offset, uint32_t *reads, int *sys_errno) {
    lac_reader reader;  /* 32 KiB of buffer, as the header readers keep theirs */
    lac_reader_init(&reader, input);
    reader.read_size = LAC_READ_CHUNK;
    lac_reader_skip(&reader, scan_offset);
    enum { DATA, MARKER, LENGTH_HIGH, LENGTH_LOW } state = DATA;
    uint32_t length = 0;
    uint64_t skip = 0;
    for (;;) {
        size_t available = lac_reader_fill(&reader);
        if (available == 0) {
            *reads += reader.reads;
            *sys_errno = reader.sys_errno;
            return -1;
        }
        const uint8_t *bytes = reader.window;
        uint64_t base = reader.window_end - available;
        size_t i = 0;
        while (i < available) {
            if (state == DATA) {
                const uint8_t *ff = memchr(bytes + i, 0xFF, available - i);
                if (ff == NULL) {
                    i = available;
                } else {
                    i = (size_t)(ff - bytes) + 1;
                    state = MARKER;
                }
                continue;
            }
            uint8_t b = bytes[i++];
            switch (state) {
            case MARKER:
                if (b == 0xD9) {
                    *reads += reader.reads;
                    return (int64_t)(base + i - 2);
                }
                if (b == 0xFF) break;  /* fill */
                if (b == 0x00 || (b >= 0xD0 && b <= 0xD8) || b == 0x01) {
                    state = DATA;
                } else {
                    state = LENGTH_HIGH;
                }
                break;
            case LENGTH_HIGH:
                length = (uint32_t)b << 8;
                state = LENGTH_LOW;
                break;
            default:
                length |= b;
                state = DATA;
                if (length > 2) {
                    /* The segment's body, then data again (after SOS, the next scan's). */
                    uint64_t in_window = available - i;
                    if (length - 2 <= in_window) {
                        i += length - 2;
                    } else {
                        skip = length - 2 - in_window;
                        i = available;
                    }
                }
                break;
            }
        }
        lac_reader_consume(&reader, available);
        if (skip > 0) lac_reader_skip(&reader, skip);
        skip = 0;
    }
}

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
        if (at < 0 && size - window > scan_offset) {
            /* The window starts past the scan and holds no EOI: data may follow the image (a Motion
               Photo's MP4). Read the image data itself to its end. */
            at = lac_jpeg_scan_for_eoi(input, scan_offset, &end->reads, &sys_errno);
            if (sys_errno != 0) return lac_end_read_failed(status, sys_errno);
            end->searched = size - scan_offset;
        }
    }
    if (at < 0) {
        end->truncated = 1;
    } else {
        end->end_offset = (uint64_t)at + 2;
    }
    return LAC_OK;
}

#endif  // __linux__
