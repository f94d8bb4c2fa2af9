#ifndef LAMINA_EVENT_WAIT_H
#define LAMINA_EVENT_WAIT_H

/* A wake-up a thread can sleep on with a timeout of nanosecond precision:
   an eventfd waited on with ppoll. Swift's Glibc module has neither
   (<sys/eventfd.h> is not in it; ppoll needs _GNU_SOURCE), so they are
   wrapped here, in a header like the other C modules (a C target would be
   compiled with DWARF 5, which Debian 12's valgrind cannot read). */

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

/* glibc declares ppoll only under _GNU_SOURCE; this is its declaration.
   (On 32-bit targets built with 64-bit time_t glibc redirects ppoll to
   __ppoll64, which this plain declaration skips; Lamina builds for x86_64
   and arm64, where the two are the same.) */
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);

/* A new eventfd (non-blocking, closed on exec), or -1 with errno set. */
static inline int lamina_event_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/* Makes `descriptor` readable until a wait takes the wake-up. Only a full
   counter (readable anyway) or a closed descriptor can fail it: nothing to do. */
static inline void lamina_event_signal(int descriptor) {
    uint64_t one = 1;
    ssize_t written = write(descriptor, &one, sizeof one);
    (void)written;
}

static inline double lamina_event_monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

/* Sleeps until `descriptor` is signalled or `seconds` have passed on the
   monotonic clock (negative: no limit; 0: only looks). A wake-up found is
   taken, so the next wait sleeps again. Returns 1 when signalled, 0 when
   the time ran out, -1 on an error (errno set); an interrupted wait
   (EINTR) goes on for the time left. */
static inline int lamina_event_wait(int descriptor, double seconds) {
    struct pollfd entry = { .fd = descriptor, .events = POLLIN, .revents = 0 };
    const int forever = seconds < 0;
    const double deadline = forever ? 0 : lamina_event_monotonic_now() + seconds;
    for (;;) {
        struct timespec timeout = { 0, 0 };
        if (!forever) {
            double left = deadline - lamina_event_monotonic_now();
            if (left > 0) {
                timeout.tv_sec = (time_t)left;
                long nanoseconds = (long)((left - (double)timeout.tv_sec) * 1e9);
                timeout.tv_nsec = nanoseconds < 0 ? 0 : (nanoseconds > 999999999 ? 999999999 : nanoseconds);
            }
        }
        int result = ppoll(&entry, 1, forever ? NULL : &timeout, NULL);
        if (result < 0 && errno == EINTR) continue;
        if (result <= 0) return result;
        uint64_t count;
        ssize_t taken = read(descriptor, &count, sizeof count);
        (void)taken; /* EAGAIN: nothing left to take; still a wake-up */
        return 1;
    }
}

#endif
