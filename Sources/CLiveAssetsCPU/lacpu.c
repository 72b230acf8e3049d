#include "CLiveAssetsCPU.h"

int lacpu_supports_avx2(void) {
#if defined(__x86_64__) || defined(_M_X64)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

long lacpu_fetch_add(long *counter, long amount) {
    return __atomic_fetch_add(counter, amount, __ATOMIC_RELAXED);
}
