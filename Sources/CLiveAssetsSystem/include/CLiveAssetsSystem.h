#ifndef CLIVEASSETSSYSTEM_H
#define CLIVEASSETSSYSTEM_H

// The C library's headers that Swift's Glibc module leaves out, for LiveAssetsPlatform alone:
// listxattr, getxattr and fsetxattr (Darwin's module has them). And the one C call LiveAssetsPlatform
// needs in a form Swift cannot pick itself, and an allocation the optimiser cannot remove (system.c).
// Symbols are prefixed `lasys_`.
#include <stddef.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

/// Writes the C library's text for the error number `code` (what strerror(3) gives) into `buffer`,
/// `size` bytes, always NUL-terminated when `size` > 0. Thread-safe where strerror is not (it may share
/// one buffer between threads): strerror_r in whichever form the C library declares, GNU (glibc with
/// _GNU_SOURCE) or XSI (glibc otherwise, musl, Apple's). `errno` is left as it was.
void lasys_strerror(int code, char *buffer, size_t size);

/// malloc(3) of `size` bytes, NULL when the system refuses them; free it with lasys_release. A
/// separate function in a separate file so that the compiler sees neither the allocation nor its use:
/// an optimiser that sees `malloc` followed by `free` may remove both and take the allocation as
/// granted, which is how a check for the memory disappeared from a release build once.
void *lasys_reserve(size_t size);

/// free(3) of what lasys_reserve returned (NULL is allowed).
void lasys_release(void *pointer);

#endif
