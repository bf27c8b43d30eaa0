/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable C of src/modinv/bingcd.h (LF_BG_NO_ASM, set by CMake for
 * this file), instantiated for sg_pipe's shapes (bg_shapes.h). */
#include <stdint.h>

#define LF_BG_PREFIX c
#include "bg_shapes.h"
