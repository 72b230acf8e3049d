#include <stddef.h>
int cpb_placeholder(void);
