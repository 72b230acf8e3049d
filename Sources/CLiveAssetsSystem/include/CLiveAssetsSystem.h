#ifndef CLIVEASSETSSYSTEM_H
#define CLIVEASSETSSYSTEM_H

// The C library's headers that Swift's Glibc module leaves out, for LiveAssetsPlatform alone:
// listxattr, getxattr and fsetxattr (Darwin's module has them).
#ifdef __linux__
#include <sys/xattr.h>
#endif

#endif
