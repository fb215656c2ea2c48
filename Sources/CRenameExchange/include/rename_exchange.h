// A tiny C shim: Swift's Glibc module does not export renameat2(2), which the output writer
// needs to swap the new site and the old one in one atomic step.
#ifndef SITEGEN_RENAME_EXCHANGE_H
#define SITEGEN_RENAME_EXCHANGE_H

/// Atomically exchanges the two paths (both must exist): at every instant each path names
/// either the old or the new tree, never nothing. Returns 0, or -1 with errno set
/// (ENOSYS/EINVAL where the kernel or file system cannot exchange).
int sitegen_rename_exchange(const char *from, const char *to);

#endif
