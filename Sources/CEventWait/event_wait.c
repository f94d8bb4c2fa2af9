#define _GNU_SOURCE
#include "event_wait.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

int lamina_event_create(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

void lamina_event_signal(int descriptor) {
    uint64_t one = 1;
    /* Only EAGAIN (the counter is full: it is readable anyway) or a closed
       descriptor can fail it; either way there is nothing to do. */
    ssize_t written = write(descriptor, &one, sizeof one);
    (void)written;
}

static double monotonic_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

int lamina_event_wait(int descriptor, double seconds) {
    struct pollfd entry = { .fd = descriptor, .events = POLLIN, .revents = 0 };
    const int forever = seconds < 0;
    const double deadline = forever ? 0 : monotonic_now() + seconds;
    for (;;) {
        struct timespec timeout = { 0, 0 };
        if (!forever) {
            double left = deadline - monotonic_now();
            if (left > 0) {
                double whole = floor(left);
                timeout.tv_sec = (time_t)whole;
                timeout.tv_nsec = (long)((left - whole) * 1e9);
                if (timeout.tv_nsec > 999999999) timeout.tv_nsec = 999999999;
            }
        }
        int result = ppoll(&entry, 1, forever ? NULL : &timeout, NULL);
        if (result < 0 && errno == EINTR) continue;
        if (result <= 0) return result;
        uint64_t count;
        ssize_t taken = read(descriptor, &count, sizeof count);
        (void)taken; /* EAGAIN: another reader took it; still a wake-up */
        return 1;
    }
}
