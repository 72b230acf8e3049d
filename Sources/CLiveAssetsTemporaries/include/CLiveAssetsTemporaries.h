#ifndef CLIVEASSETSTEMPORARIES_H
#define CLIVEASSETSTEMPORARIES_H

/// The temporary files this process has created and not yet renamed or removed, kept in a fixed table
/// that a signal handler can read: SIGINT, SIGTERM and SIGHUP remove them before the process ends.
/// Symbols are prefixed `latmp_`.

/// Creates a temporary file from `template` as mkstemp(3) does (the template ends in "XXXXXX" and is
/// rewritten with the name chosen) and records it in the table. Returns the open descriptor, or -1 with
/// errno set (EINTR when a terminating signal is being handled). `*slot` receives the table entry to
/// hand to `latmp_forget` once the file has been renamed or removed; -1 when the path is too long for
/// the table or the table is full (the file is then not removed on a signal).
int latmp_create(char *template_path, int *slot);

/// Forgets a table entry once its file has been renamed or removed. -1 is ignored.
void latmp_forget(int slot);

/// Installs the handler for SIGINT, SIGTERM and SIGHUP (not for one this process was started with
/// ignored): it removes the recorded temporary files, restores the default action and raises the signal
/// again, so that the process still ends as killed by it. They are unblocked in the calling thread (call
/// it from the main thread before starting others, which inherit its mask). Only the first call
/// installs; returns 1 when it did. A library never calls this on its own: the program that owns the
/// process decides.
int latmp_install_signal_handlers(void);

#endif
