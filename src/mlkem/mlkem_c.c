/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable ML-KEM implementation (back end c and every back end without
 * one of its own): mlkem_body.h, compiled with the baseline flags. */
#define LF_MLKEM_NS(name) name##_c
#include "mlkem/mlkem_body.h"
