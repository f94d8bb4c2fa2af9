#ifndef LAMINA_MEMORY_HINTS_H
#define LAMINA_MEMORY_HINTS_H

/* Asks the processor to start loading the cache line at `address` (for
   reading, kept in all cache levels) without waiting for it: Swift has no
   prefetch of its own. A hint only: any address is safe, even an invalid one. */
static inline __attribute__((always_inline)) void lamina_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}

#endif
