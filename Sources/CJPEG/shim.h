// libjpeg-turbo's TurboJPEG API: it reports errors through return codes
// (tjGetErrorStr2) instead of libjpeg's error_exit, which would either end
// the process or need a longjmp that Swift cannot do.
#include <turbojpeg.h>
