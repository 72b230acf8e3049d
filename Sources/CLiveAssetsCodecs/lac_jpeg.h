#ifndef LAC_JPEG_H
#define LAC_JPEG_H

// libjpeg's headers, for the JPEG files of this target, checked to be libjpeg-turbo's: jpeglib.h
// includes jconfig.h, where libjpeg-turbo defines LIBJPEG_TURBO_VERSION; IJG's libjpeg has neither the
// version nor the JCS_EXT_RGBA and JCS_EXT_RGBX colour spaces that lac_jpeg_read.c decodes to and
// lac_jpeg_write.c encodes from.
#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>

#if !defined(LIBJPEG_TURBO_VERSION)
#error "LiveAssets needs libjpeg-turbo (for JCS_EXT_RGBA/JCS_EXT_RGBX); install libjpeg-turbo's development package (Debian: libjpeg-dev)"
#endif

#endif
