#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>
