int cpb_placeholder(void) { return 0; }
