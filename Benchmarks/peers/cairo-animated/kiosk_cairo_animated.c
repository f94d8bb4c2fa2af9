/* Heavy kiosk-menu peer: the kiosk's animated background (kiosk-menu
 * --background animated) under the menu, drawn with cairo into an image in
 * MIT-SHM shared memory and pushed with XShmPutImage every 16.67 ms tick.
 * Each frame redraws and pushes the bounding box of what changed: every
 * disc's old and new place and the ring's (the discs move every frame, so
 * that box is most of the window). Expose redraws the whole window.
 * Up/Down move the selection, Escape quits.
 * Build: cc -O2 -o kiosk_cairo_animated kiosk_cairo_animated.c $(pkg-config --cflags --libs cairo x11 xext) -lm */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/keysym.h>
#include <X11/extensions/XShm.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <cairo.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>

enum { W = 1280, H = 720, IW = 400, IH = 50, SP = 20, N = 5, DISCS = 3 };
static const char *names[N] = {"Movies", "Music", "Podcasts", "Photos", "Internet"};
/* The discs' colours (RGBA), as in demos/kiosk-menu/main.swift. */
static const double colors[DISCS][4] = {
    {0.15, 0.25, 0.60, 0.55}, {0.45, 0.15, 0.50, 0.45}, {0.10, 0.45, 0.45, 0.45}};

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static long long epoch_ms(void) { struct timeval tv; gettimeofday(&tv, NULL); return tv.tv_sec * 1000LL + tv.tv_usec / 1000; }

/* CA kCAMediaTimingFunctionEaseInEaseOut = cubic-bezier(0.42, 0, 0.58, 1) */
static double bez(double a, double b, double t) { double u = 1 - t; return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t; }
static double ease(double x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    double t = x;
    for (int i = 0; i < 8; i++) {
        double f = bez(0.42, 0.58, t) - x;
        double d = 3 * (1 - t) * (1 - t) * 0.42 + 6 * (1 - t) * t * (0.58 - 0.42) + 3 * t * t * (1 - 0.58);
        if (fabs(d) < 1e-9) break;
        t -= f / d; if (t < 0) t = 0; if (t > 1) t = 1;
    }
    return bez(0, 1, t);
}
/* An eased animation of `period` seconds that autoreverses forever: 0..1..0. */
static double swing(double t, double period) {
    double ph = fmod(t, 2 * period) / period;
    return ph < 1 ? ease(ph) : 1 - ease(ph - 1);
}

static void rrect(cairo_t *cr, double x, double y, double w, double h, double r) {
    cairo_new_sub_path(cr);
    cairo_arc(cr, x + w - r, y + r, r, -M_PI / 2, 0);
    cairo_arc(cr, x + w - r, y + h - r, r, 0, M_PI / 2);
    cairo_arc(cr, x + r, y + h - r, r, M_PI / 2, M_PI);
    cairo_arc(cr, x + r, y + r, r, M_PI, 3 * M_PI / 2);
    cairo_close_path(cr);
}

/* A damage box: x0, y0 inclusive, x1, y1 exclusive. */
typedef struct { int x0, y0, x1, y1; } Box;
static void add(Box *b, double x, double y, double w, double h) {
    int x0 = (int)floor(x) - 1, y0 = (int)floor(y) - 1, x1 = (int)ceil(x + w) + 1, y1 = (int)ceil(y + h) + 1;
    if (b->x1 <= b->x0) { *b = (Box){x0, y0, x1, y1}; return; }
    if (x0 < b->x0) b->x0 = x0;
    if (y0 < b->y0) b->y0 = y0;
    if (x1 > b->x1) b->x1 = x1;
    if (y1 > b->y1) b->y1 = y1;
}

int main(void) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) { fprintf(stderr, "no display\n"); return 1; }
    if (!XShmQueryExtension(dpy)) { fprintf(stderr, "no MIT-SHM\n"); return 1; }
    int scr = DefaultScreen(dpy);
    Window win = XCreateSimpleWindow(dpy, RootWindow(dpy, scr), 0, 0, W, H, 0, 0, 0);
    XStoreName(dpy, win, "kiosk-cairo-animated");
    XSelectInput(dpy, win, KeyPressMask | ExposureMask | StructureNotifyMask);
    XMapWindow(dpy, win);
    GC gc = XCreateGC(dpy, win, 0, NULL);

    XShmSegmentInfo shm;
    XImage *img = XShmCreateImage(dpy, DefaultVisual(dpy, scr), DefaultDepth(dpy, scr), ZPixmap, NULL, &shm, W, H);
    shm.shmid = shmget(IPC_PRIVATE, img->bytes_per_line * H, IPC_CREAT | 0600);
    shm.shmaddr = img->data = shmat(shm.shmid, NULL, 0);
    shm.readOnly = False;
    XShmAttach(dpy, &shm); XSync(dpy, False);
    shmctl(shm.shmid, IPC_RMID, NULL);
    cairo_surface_t *surf = cairo_image_surface_create_for_data((unsigned char *)img->data, CAIRO_FORMAT_RGB24, W, H, img->bytes_per_line);
    cairo_t *cr = cairo_create(surf);
    cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr, 32);

    const double top = (H - (N * IH + (N - 1) * SP)) / 2.0, left = (W - IW) / 2.0;
    const double d = H * 0.9; /* disc diameter */
    double disc_x[DISCS], ring_y = -1; /* where each was drawn last (left edge / top); -1: full frame */
    int sel = 0;
    double y_from = top, y_to = top, move_t0 = -1;
    double t_start = now(), next = t_start, last_print = t_start;
    long frames = 0;
    for (;;) {
        while (XPending(dpy)) {
            XEvent ev; XNextEvent(dpy, &ev);
            if (ev.type == Expose) ring_y = -1;
            if (ev.type == KeyPress) {
                KeySym ks = XLookupKeysym(&ev.xkey, 0);
                if (ks == XK_Escape) return 0;
                int ns = sel;
                if (ks == XK_Down && sel < N - 1) ns = sel + 1;
                if (ks == XK_Up && sel > 0) ns = sel - 1;
                if (ns != sel) { /* implicit 0.25 s animation from the current presentation value */
                    double t = now(), cur = y_to;
                    if (move_t0 >= 0) cur = y_from + (y_to - y_from) * ease((t - move_t0) / 0.25);
                    sel = ns; y_from = cur; y_to = top + sel * (IH + SP); move_t0 = t;
                }
            }
        }
        double t = now();
        double y = y_to;
        if (move_t0 >= 0) { double p = (t - move_t0) / 0.25; if (p >= 1) move_t0 = -1; else y = y_from + (y_to - y_from) * ease(p); }
        double opacity = 1.0 - 0.75 * swing(t - t_start, 1.0);
        /* Disc i is centred at (i+1)/4 of the width and drifts W/5 right, left, right, over 6, 8, 10 s. */
        double x[DISCS];
        for (int i = 0; i < DISCS; i++)
            x[i] = W * (i + 1) / 4.0 - d / 2 + W / 5.0 * (i % 2 ? -1 : 1) * swing(t - t_start, 6 + 2 * i);

        /* What changed: the discs' old and new boxes and the ring's (it pulses every frame). */
        Box b = {0, 0, 0, 0};
        if (ring_y < 0) b = (Box){0, 0, W, H};
        else {
            for (int i = 0; i < DISCS; i++) { add(&b, disc_x[i], (H - d) / 2, d, d); add(&b, x[i], (H - d) / 2, d, d); }
            add(&b, left, ring_y, IW, IH); add(&b, left, y, IW, IH);
            if (b.x0 < 0) b.x0 = 0;
            if (b.y0 < 0) b.y0 = 0;
            if (b.x1 > W) b.x1 = W;
            if (b.y1 > H) b.y1 = H;
        }
        for (int i = 0; i < DISCS; i++) disc_x[i] = x[i];
        ring_y = y;

        cairo_save(cr);
        cairo_rectangle(cr, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0); cairo_clip(cr);
        cairo_set_source_rgb(cr, 0, 0, 0); cairo_paint(cr);
        for (int i = 0; i < DISCS; i++) {
            cairo_set_source_rgba(cr, colors[i][0], colors[i][1], colors[i][2], colors[i][3]);
            cairo_arc(cr, x[i] + d / 2, H / 2.0, d / 2, 0, 2 * M_PI);
            cairo_fill(cr);
        }
        cairo_set_source_rgb(cr, 1, 1, 1);
        for (int i = 0; i < N; i++) {
            cairo_text_extents_t te; cairo_font_extents_t fe;
            cairo_text_extents(cr, names[i], &te); cairo_font_extents(cr, &fe);
            double iy = top + i * (IH + SP);
            cairo_move_to(cr, left + (IW - te.x_advance) / 2, iy + (IH - (fe.ascent + fe.descent)) / 2 + fe.ascent);
            cairo_show_text(cr, names[i]);
        }
        cairo_set_source_rgba(cr, 1, 1, 1, opacity);
        cairo_set_line_width(cr, 2);
        rrect(cr, left + 1, y + 1, IW - 2, IH - 2, 24);
        cairo_stroke(cr);
        cairo_restore(cr);
        cairo_surface_flush(surf);
        XShmPutImage(dpy, win, gc, img, b.x0, b.y0, b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, False);
        XSync(dpy, False); /* wait for the server to consume the buffer before drawing into it again */
        frames++;
        if (t - last_print >= 1.0) { printf("FRAMES %ld T %lld\n", frames, epoch_ms()); last_print = t; }
        next += 1.0 / 60;
        double dt = next - now();
        if (dt < -0.1) next = now();
        else if (dt > 0) { struct timespec ts = {0, (long)(dt * 1e9)}; nanosleep(&ts, NULL); }
    }
}
