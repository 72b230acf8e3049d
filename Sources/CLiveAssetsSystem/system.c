// lasys_strerror, lasys_reserve and lasys_release (include/CLiveAssetsSystem.h); the header holds the rest.
#include "CLiveAssetsSystem.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lasys_strerror(int code, char *buffer, size_t size) {
    if (size == 0) return;
    int saved = errno;
    buffer[0] = '\0';
#if defined(__GLIBC__) && defined(_GNU_SOURCE)
    /* glibc's GNU strerror_r: returns the text, in `buffer` or in a constant string of its own. */
    const char *text = strerror_r(code, buffer, size);
    if (text != buffer) snprintf(buffer, size, "%s", text);
#else
    /* The XSI strerror_r (glibc without _GNU_SOURCE, musl, Apple's): 0, or an error number. */
    if (strerror_r(code, buffer, size) != 0 && buffer[0] == '\0') snprintf(buffer, size, "Unknown error %d", code);
#endif
    buffer[size - 1] = '\0';
    errno = saved;
}

void *lasys_reserve(size_t size) {
    return malloc(size);
}

void lasys_release(void *pointer) {
    free(pointer);
}
