/* hash.h - FNV-1a 64, the one hash of the project: instance files and the
 * binary in the run context, run seeds, bootstrap seeds, legacy record
 * ids.  Not cryptographic: it tells versions apart, it does not defend
 * against forgery. */
#ifndef SEARCHLAB_CORE_HASH_H
#define SEARCHLAB_CORE_HASH_H

#include <stddef.h>
#include <stdint.h>

#define FNV1A_OFFSET 0xcbf29ce484222325ull

/* h with the n bytes at p mixed in (start from FNV1A_OFFSET). */
static inline uint64_t fnv1a(uint64_t h, const void *p, size_t n) {
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* The FNV-1a 64 of the file at path as 16 hex digits; 0, or -1 (hex "")
 * when it cannot be read. */
int fnv1a_file(const char *path, char hex[17]);

#endif
