#include "CLiveAssetsTemporaries.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// One entry per file being written at once: `fit --jobs` allows 1024 workers, each with one temporary
// file at a time, and the command's own writes (Contents.json, the stamp) come one after another.
#define SLOTS 1088
#define PATH_BYTES 4096

enum { FREE = 0, CLAIMED = 1, LIVE = 2 };

// Separate arrays, so that finding a free entry touches one page of states, not one page per entry.
static int states[SLOTS];
static unsigned long generations[SLOTS];  // changes whenever an entry is claimed, so a reader sees reuse
static char paths[SLOTS][PATH_BYTES];

static int terminating;  // a handler has started: no new temporary files
static long creating;    // threads between creating a temporary file and recording it
static int installed;

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };

// The creating thread blocks the handled signals while it creates and records a file, so the handler
// never runs on a thread that is half-way through that; it may run on another thread, and waits for
// `creating` to fall to zero before it reads the table.
static void block_handled(sigset_t *saved) {
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) sigaddset(&set, handled[i]);
    pthread_sigmask(SIG_BLOCK, &set, saved);
}

int latmp_create(char *template_path, int *slot) {
    *slot = -1;
    size_t length = strlen(template_path);
    sigset_t saved;
    block_handled(&saved);
    __atomic_add_fetch(&creating, 1, __ATOMIC_SEQ_CST);
    // Either this thread sees `terminating`, or the handler sees `creating` above zero and waits.
    if (__atomic_load_n(&terminating, __ATOMIC_SEQ_CST)) {
        __atomic_sub_fetch(&creating, 1, __ATOMIC_SEQ_CST);
        pthread_sigmask(SIG_SETMASK, &saved, NULL);
        errno = EINTR;
        return -1;
    }
    int descriptor = mkstemp(template_path);
    int code = errno;
    if (descriptor >= 0 && length < PATH_BYTES) {
        for (int i = 0; i < SLOTS; i++) {
            int expected = FREE;
            if (!__atomic_compare_exchange_n(&states[i], &expected, CLAIMED, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) continue;
            __atomic_add_fetch(&generations[i], 1, __ATOMIC_RELAXED);
            __atomic_thread_fence(__ATOMIC_RELEASE);
            for (size_t k = 0; k <= length; k++) __atomic_store_n(&paths[i][k], template_path[k], __ATOMIC_RELAXED);
            __atomic_store_n(&states[i], LIVE, __ATOMIC_SEQ_CST);
            *slot = i;
            break;
        }
    }
    __atomic_sub_fetch(&creating, 1, __ATOMIC_SEQ_CST);
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    errno = code;
    return descriptor;
}

void latmp_forget(int slot) {
    if (slot < 0 || slot >= SLOTS) return;
    __atomic_store_n(&states[slot], FREE, __ATOMIC_SEQ_CST);
}

// Only async-signal-safe calls: nanosleep, unlink, sigaction, raise.
static void remove_and_raise(int signal_number) {
    int code = errno;
    __atomic_store_n(&terminating, 1, __ATOMIC_SEQ_CST);
    // A thread recording a file is a few instructions from done; wait for it (at most 2 s).
    struct timespec pause = { 0, 1000000 };
    for (int i = 0; i < 2000 && __atomic_load_n(&creating, __ATOMIC_SEQ_CST) > 0; i++) nanosleep(&pause, NULL);
    char path[PATH_BYTES];
    for (int i = 0; i < SLOTS; i++) {
        unsigned long generation = __atomic_load_n(&generations[i], __ATOMIC_ACQUIRE);
        if (__atomic_load_n(&states[i], __ATOMIC_ACQUIRE) != LIVE) continue;
        size_t k = 0;
        for (; k < PATH_BYTES - 1; k++) {
            path[k] = __atomic_load_n(&paths[i][k], __ATOMIC_RELAXED);
            if (path[k] == 0) break;
        }
        path[k] = 0;
        __atomic_thread_fence(__ATOMIC_ACQUIRE);
        // Read whole, not while the entry was being reused (only possible when the wait above ran out):
        // otherwise skip it.
        if (__atomic_load_n(&states[i], __ATOMIC_ACQUIRE) != LIVE || __atomic_load_n(&generations[i], __ATOMIC_ACQUIRE) != generation) continue;
        // A file renamed meanwhile is gone from this name: unlink then fails harmlessly.
        unlink(path);
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal_number, &action, NULL);
    // Blocked while this handler runs: delivered, with its default action, as soon as it returns.
    raise(signal_number);
    errno = code;
}

int latmp_install_signal_handlers(void) {
    int expected = 0;
    if (!__atomic_compare_exchange_n(&installed, &expected, 1, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) return 0;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = remove_and_raise;
    sigemptyset(&action.sa_mask);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) sigaddset(&action.sa_mask, handled[i]);
    action.sa_flags = SA_RESTART;
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (size_t i = 0; i < sizeof handled / sizeof handled[0]; i++) {
        struct sigaction old;
        // A signal the process was started with ignored (nohup, a background job) stays ignored.
        if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(handled[i], &action, NULL);
        sigaddset(&unblocked, handled[i]);
    }
    // A parent may start the process with these blocked (Foundation's Process passes on the mask of the
    // thread that starts it, which blocks nearly everything): it would then never see them at all.
    pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL);
    return 1;
}
