#ifndef LAMINA_EVENT_WAIT_H
#define LAMINA_EVENT_WAIT_H

/* A wake-up a thread can sleep on with a timeout of nanosecond precision:
   an eventfd waited on with ppoll. Swift's Glibc module has neither (both
   need _GNU_SOURCE), so they are wrapped here, compiled with it. */

/* A new eventfd (non-blocking, closed on exec), or -1 with errno set. */
int lamina_event_create(void);

/* Makes `descriptor` readable until the next wait takes the wake-up. */
void lamina_event_signal(int descriptor);

/* Sleeps until `descriptor` is signalled or `seconds` have passed on the
   monotonic clock (a negative `seconds`: no limit; 0: just looks). A
   wake-up found is taken, so the next wait sleeps again. Returns 1 when
   signalled, 0 when the time ran out, -1 on an error (errno set; EINTR is
   retried for the time left). */
int lamina_event_wait(int descriptor, double seconds);

#endif
