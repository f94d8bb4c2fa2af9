// Xlib and the extensions LaminaHost uses. Only Sources/LaminaHost imports
// this module; each header's calls are wrapped once there, in a file named
// for what it wraps (XDisplay, XShmImage, XPresentClock, ...).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/XKBlib.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xpresent.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/XInput2.h>
#include <X11/Xlib-xcb.h>
#include <xcb/shm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <poll.h>
#include <unistd.h>

// IPC_PRIVATE is a cast macro that Swift does not import.
static inline key_t cx11_ipc_private(void) { return IPC_PRIVATE; }

// XInput 2's mask macros, which Swift does not import.
static inline void cx11_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int cx11_xi_mask_length(int event) { return XIMaskLen(event); }
