#ifndef CLIVEASSETSCPU_H
#define CLIVEASSETSCPU_H

/// 1 when this CPU and the operating system support AVX2 (ymm state saved on context switches), else 0.
/// Always 0 off x86-64. Compiled without AVX2 code generation, so it is safe to call on any CPU.
int lacpu_supports_avx2(void);

/// Adds `amount` to `*counter` atomically and returns the value before: how the threads of a parallel
/// loop claim their next piece of work.
long lacpu_fetch_add(long *counter, long amount);

#endif
