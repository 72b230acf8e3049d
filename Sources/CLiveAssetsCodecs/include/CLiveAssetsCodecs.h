// CLiveAssetsCodecs: the one C target that calls libpng and libjpeg.
//
// Every libpng/libjpeg call that can longjmp runs inside a function of this target that set up the
// setjmp itself; Swift only sees plain functions that return an `lac_code` and fill an `lac_status`.
// Nothing allocated here outlives a call except an encoder's `lac_buffer`, which the caller frees with
// `lac_buffer_free`; no Swift buffer is held across a longjmp.
#ifndef CLIVEASSETSCODECS_H
#define CLIVEASSETSCODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Result codes. `LAC_OK` is 0; every other value names the kind of failure.
typedef enum {
    LAC_OK = 0,
    /// read(2) failed; `lac_status.sys_errno` holds errno.
    LAC_ERR_READ = 1,
    /// The data ended before the codec had what it needed.
    LAC_ERR_TRUNCATED = 2,
    /// The declared dimensions exceed the limits; `lac_header.width/height` hold them.
    LAC_ERR_TOO_LARGE = 3,
    /// libpng or libjpeg rejected the data; `lac_status.message` holds the library's message.
    LAC_ERR_CODEC = 4,
    /// A well-formed stream this build cannot decode (12-bit JPEG, ...); message says which.
    LAC_ERR_UNSUPPORTED = 5,
    /// An allocation failed.
    LAC_ERR_NO_MEMORY = 6,
    /// The image is larger than the buffer sized from the header read before (the file changed
    /// between the two reads); nothing was written past the buffer.
    LAC_ERR_CHANGED = 7,
    /// A limit set for one image refused the work before it was done: libjpeg's working-memory ceiling,
    /// libpng's per-allocation cap, the progressive scan count. The data may well be valid.
    LAC_ERR_LIMIT = 8,
} lac_code;

/// What went wrong, with the libraries' own words. Filled on every call.
typedef struct {
    int32_t code;
    /// libjpeg's `msg_code` for the error, or 0.
    int32_t library_code;
    int32_t sys_errno;
    /// Number of warnings the library emitted (benign errors included).
    int32_t warnings;
    /// With LAC_ERR_NO_MEMORY or LAC_ERR_LIMIT: the size of the allocation refused, when known (else 0).
    uint64_t refused_bytes;
    /// The error message (NUL-terminated, possibly empty).
    char message[200];
    /// The first warning message (NUL-terminated, possibly empty).
    char first_warning[200];
} lac_status;

/// Where the bytes come from: `prefix` holds the first `prefix_length` bytes of the stream; when
/// `fd >= 0` the rest is read with pread(2) from `fd` starting at offset `prefix_length`.
typedef struct {
    const uint8_t *prefix;
    size_t prefix_length;
    int fd;
} lac_input;

/// Refuse images over these limits right after the header, before any pixel memory exists.
typedef struct {
    uint32_t max_width;
    uint32_t max_height;
    uint64_t max_pixels;
    /// Progressive JPEGs with more scans than this are refused (CPU-time bombs). 0 = no limit.
    uint32_t max_scans;
} lac_limits;

/// Colour models, as stored.
typedef enum {
    LAC_COLOR_GRAY = 1,
    LAC_COLOR_GRAY_ALPHA = 2,
    LAC_COLOR_PALETTE = 3,
    LAC_COLOR_RGB = 4,
    LAC_COLOR_RGBA = 5,
    LAC_COLOR_YCBCR = 6,
    LAC_COLOR_CMYK = 7,
    LAC_COLOR_YCCK = 8,
} lac_color;

/// Header facts, read without decoding the pixels.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint8_t bit_depth;
    /// An `lac_color` value.
    uint8_t color;
    uint8_t has_alpha_channel;
    /// PNG tRNS chunk present.
    uint8_t has_trns;
    /// PNG Adam7.
    uint8_t interlaced;
    /// JPEG progressive / arithmetic-coded.
    uint8_t progressive;
    uint8_t arithmetic;
    /// PNG sRGB chunk present, and its rendering intent (0-3).
    uint8_t has_srgb;
    uint8_t srgb_intent;
    /// PNG: acTL present before the image data.
    uint8_t is_apng;
    /// PNG: an fcTL precedes IDAT, so the default image is the first animation frame.
    uint8_t apng_default_image_is_frame;
    /// JPEG: the stream is valid but this libjpeg build cannot decode it (12-bit samples).
    uint8_t undecodable;
    /// JPEG: colour components sampled below the luma's resolution (4:2:0, 4:2:2, ...).
    uint8_t chroma_subsampled;
    /// Size in bytes of the embedded ICC profile (PNG iCCP, JPEG APP2 chunks), 0 when none.
    uint32_t icc_length;
    /// APNG acTL num_frames and num_plays.
    uint32_t apng_frames;
    uint32_t apng_plays;
    /// Bytes copied into the caller's EXIF buffer (TIFF header onward).
    uint32_t exif_length;
    /// JPEG: the stream offset just past the first SOS segment, where the entropy-coded data begins.
    uint64_t scan_offset;
    /// PNG: a gAMA chunk libpng kept (gamma x 100,000), where the image is not marked sRGB (an sRGB chunk
    /// or profile supersedes it, and libpng then reports sRGB's own gamma); 0 when none.
    uint32_t gamma;
    /// PNG: a cHRM chunk libpng kept, likewise: white, red, green, blue, each x then y, x 100,000;
    /// `has_chromaticities` 0 when none.
    uint8_t has_chromaticities;
    uint32_t chromaticities[8];
} lac_header;

/// Options for the header readers.
typedef enum {
    /// Stop after the header (the default).
    LAC_PROBE_HEADER = 0,
    /// Also decode the pixel data, one row at a time into a single row buffer, and read to the end of
    /// the stream. Library warnings that mean damaged data (a truncated JPEG) become errors.
    LAC_PROBE_VERIFY = 1,
} lac_probe_mode;

/// Reads a PNG header with libpng's png_read_info (IHDR, tRNS, iCCP, sRGB, eXIf, acTL/fcTL).
/// The first EXIF bytes (up to `exif_capacity`) are copied to `exif`.
lac_code lac_png_read_header(const lac_input *input, const lac_limits *limits, lac_probe_mode mode,
                             uint8_t *exif, size_t exif_capacity, lac_header *header, lac_status *status);

/// Reads a JPEG header with libjpeg's jpeg_read_header; APP1 (EXIF), APP2 (ICC) are read by bounded
/// marker processors and APP14 (Adobe) by libjpeg. The first EXIF segment's TIFF data (up to
/// `exif_capacity` bytes) is copied to `exif`.
lac_code lac_jpeg_read_header(const lac_input *input, const lac_limits *limits, lac_probe_mode mode,
                              uint8_t *exif, size_t exif_capacity, lac_header *header, lac_status *status);

/// For the tests only: on the calling thread, every allocation libpng asks for of `from`...`to` bytes
/// fails as if the system had refused it (0, 0, the default, turns this off).
void lac_test_fail_png_allocations(size_t from, size_t to);

/// How an image's data ends, found without decoding any of it.
typedef struct {
    /// 1 when the data ends before the image's end marker (PNG IEND chunk, JPEG EOI marker).
    uint8_t truncated;
    /// PNG: 1 when a chunk runs past the end of the data (its type in `chunk_type`), 0 when the data ends
    /// between chunks or inside a chunk's 8-byte header, with no IEND chunk.
    uint8_t chunk_cut;
    char chunk_type[5];
    /// PNG: where that chunk (or the incomplete header) starts, and the data length it declares.
    uint64_t chunk_offset;
    uint64_t chunk_length;
    /// Where the image's end marker ends (PNG: past IEND's CRC; JPEG: past FF D9) when not truncated.
    uint64_t end_offset;
    /// JPEG: how many bytes at the end of the data were searched for the EOI marker.
    uint64_t searched;
    /// How many positioned reads it took (for the tests and the benchmarks).
    uint32_t reads;
} lac_end;

/// The bytes a JPEG's EOI marker is looked for in: the last 64 KiB.
#define LAC_JPEG_EOI_WINDOW 65536

/// Walks a PNG's chunk structure from the signature to IEND, reading only chunk headers: lengths and
/// types, no CRC, no inflate; the chunks within `input`'s prefix cost no read. A chunk that declares more
/// bytes than `size` leaves, or data that ends without an IEND chunk, is truncated; bytes after IEND are
/// allowed. When the data's last 12 bytes are a whole IEND chunk it cannot have been cut, and that one
/// read decides.
lac_code lac_png_find_end(const lac_input *input, uint64_t size, lac_end *end, lac_status *status);

/// Looks for a JPEG's EOI marker (FF D9) in the last LAC_JPEG_EOI_WINDOW bytes of its `size` bytes: the last
/// FF D9 there is taken as the end, and it must lie past `scan_offset` (the first scan's start, from the
/// header), so that an EXIF thumbnail's EOI does not count. Bytes after EOI are allowed. The last 256 bytes
/// are read first; the whole window only when they hold no EOI. When the window starts past the scan and
/// holds no EOI either (data appended after the image, such as a Motion Photo's MP4), the entropy-coded
/// data is read forward from `scan_offset` to its first EOI (stuffed bytes, restart markers and the
/// segments between progressive scans stepped over), so any amount of data after EOI is allowed.
lac_code lac_jpeg_find_end(const lac_input *input, uint64_t size, uint64_t scan_offset, lac_end *end,
                           lac_status *status);

/// Decodes a PNG to 8-bit straight-alpha pixels of `channels` samples (palette and low bit depths
/// expanded, tRNS as alpha, 16-bit reduced to the high byte; the IDAT image of an APNG) into `pixels`,
/// which must hold width x height x `channels` bytes (`capacity`). `channels` is 4 (RGBA: gray
/// replicated, missing alpha 255) for any image, or, for a gray image, 1 (gray) or 2 (gray+alpha, which
/// a gray image with tRNS needs); rows of another width fail. The stream is read to its end. The ICC
/// profile, if any, is copied to `icc` (up to `icc_capacity` bytes; `header.icc_length` says its size),
/// and an eXIf chunk before the image data to `exif` (up to `exif_capacity` bytes; `header.exif_length`
/// says how many were copied).
lac_code lac_png_decode(const lac_input *input, const lac_limits *limits, uint8_t *pixels, size_t capacity,
                        unsigned channels, uint8_t *icc, size_t icc_capacity, uint8_t *exif, size_t exif_capacity,
                        lac_header *header, lac_status *status);

/// As lac_png_decode, but a 16-bit image keeps its 16 bits: samples in the host's byte order
/// (width x height x `channels` x 2 bytes); tRNS, gray and palette expanded as for 8 bits. For an
/// image of 8 bits or fewer, fails: use lac_png_decode.
lac_code lac_png_decode16(const lac_input *input, const lac_limits *limits, uint16_t *pixels, size_t capacity,
                          unsigned channels, uint8_t *icc, size_t icc_capacity, uint8_t *exif, size_t exif_capacity,
                          lac_header *header, lac_status *status);

/// Decodes a JPEG to 8-bit pixels at 1/`scale_denominator` of its size (1, 2, 4 or 8, libjpeg's DCT
/// scaling: ceil(width / denominator) x ceil(height / denominator)) into `pixels`, which must hold
/// that many pixels x `channels` bytes: 4 (RGBA, alpha 255) for any image, or 1 (gray) for a gray one.
/// libjpeg-turbo defaults (islow DCT, fancy upsampling); CMYK and YCCK become RGB as
/// R = round(C x K / 255) on the stored (Adobe-inverted) values. A truncated scan is an error; other
/// warnings (extraneous bytes and the like, which viewers ignore) are counted in the status.
/// The ICC profile, reassembled from its APP2 chunks, is copied to `icc` as for PNG, and the first EXIF
/// APP1 segment's TIFF data to `exif`.
lac_code lac_jpeg_decode(const lac_input *input, const lac_limits *limits, unsigned scale_denominator,
                         uint8_t *pixels, size_t capacity, unsigned channels, uint8_t *icc, size_t icc_capacity,
                         uint8_t *exif, size_t exif_capacity,
                         lac_header *header, lac_status *status);

/// CMYK pixels as libjpeg gives them (the stored values, which Adobe applications write inverted), 4
/// bytes each, turned in place into RGBA: R = round(C x K / 255), G from M, B from Y, alpha 255. What
/// lac_jpeg_decode does to each CMYK or YCCK row; the ImageIO decoder's tests hold its Swift formula to it.
void lac_cmyk_to_rgba(uint8_t *pixels, size_t count);

/// Pixels handed to an encoder: 8-bit samples, `channels` per pixel (1 gray, 2 gray+alpha, 3 RGB,
/// 4 RGBA), rows `row_stride` bytes apart.
typedef struct {
    const uint8_t *pixels;
    uint32_t width;
    uint32_t height;
    size_t row_stride;
    uint8_t channels;
} lac_pixels;

/// Encoded bytes, allocated by the encoder; free with `lac_buffer_free`.
typedef struct {
    uint8_t *data;
    size_t length;
} lac_buffer;

void lac_buffer_free(lac_buffer *buffer);

/// How libpng filters rows and zlib compresses them.
typedef struct {
    /// zlib level, 0 (stored) to 9 (smallest).
    int compression_level;
    /// libpng's filter mask (PNG_FILTER_NONE 0x08, SUB 0x10, UP 0x20, AVG 0x40, PAETH 0x80, all 0xF8);
    /// with more than one, libpng picks per row the filter whose output has the smallest sum of
    /// absolute values. 0 keeps libpng's default (all five for 8-bit RGB/gray images).
    int filters;
    /// zlib strategy (Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_HUFFMAN_ONLY 2, Z_RLE 3); -1 keeps libpng's
    /// default (Z_FILTERED when rows are filtered).
    int strategy;
    /// A palette of `palette_count` RGBA entries (1 to 256), or 0 for none. With one, the pixels hold one
    /// index byte a pixel (1 channel), each below `palette_count`; the image is written as a palette PNG
    /// with the fewest bits a sample that hold every index (1, 2, 4 or 8) and a tRNS chunk for the
    /// entries up to the last one that is not opaque.
    const uint8_t *palette;
    int palette_count;
    /// A gAMA chunk's gamma x 100,000 (0 for none) and a cHRM chunk's eight values (white, red, green,
    /// blue, x then y, x 100,000; `has_chromaticities` 0 for none), written as given: the source's, as
    /// `lac_header` reports them.
    uint32_t gamma;
    int has_chromaticities;
    uint32_t chromaticities[8];
} lac_png_settings;

/// Encodes 8-bit pixels as PNG (any channel count) with `settings`. When `exif_length > 0`, `exif`
/// (TIFF data) is stored in an eXIf chunk; when `icc_length > 0`, `icc` in an iCCP chunk (libpng
/// drops a profile it finds invalid, with a warning); when `srgb_intent >= 0` (and no profile), an sRGB
/// chunk with that rendering intent.
lac_code lac_png_encode(const lac_pixels *pixels, const lac_png_settings *settings, const uint8_t *exif,
                        size_t exif_length, const uint8_t *icc, size_t icc_length, int srgb_intent, lac_buffer *output,
                        lac_status *status);

/// Encodes 8-bit gray (1 channel), RGB (3) or RGBA (4, the alpha byte skipped) pixels as baseline JPEG, or progressive when
/// `progressive`; 4:2:0 unless `full_chroma`. `exif` (TIFF data) goes in an APP1 segment and `icc` in
/// APP2 chunks when their lengths are not 0.
lac_code lac_jpeg_encode(const lac_pixels *pixels, int quality, int progressive, int full_chroma,
                         const uint8_t *exif, size_t exif_length, const uint8_t *icc, size_t icc_length,
                         lac_buffer *output, lac_status *status);

/// Writes the libpng and libjpeg versions this binary runs with, e.g. "libpng 1.6.39, libjpeg 62".
void lac_codec_versions(char *buffer, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
