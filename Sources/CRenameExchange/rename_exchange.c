// See include/rename_exchange.h.
#define _GNU_SOURCE
#include "rename_exchange.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

int sitegen_rename_exchange(const char *from, const char *to) {
#if defined(__linux__) && defined(SYS_renameat2)
    // The raw system call: glibc's renameat2 wrapper needs 2.28, and the call is the same.
    return (int)syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
