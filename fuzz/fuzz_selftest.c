/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The fuzz lane's self-test (scripts/fuzz.sh): a heap overflow on inputs
 * starting with "LF!", which AddressSanitizer must report and libFuzzer turn
 * into a failure.  Not a library test. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *p = malloc(4);
    if (!p) return 0;
    memset(p, 0, 4);
    if (size >= 3 && !memcmp(data, "LF!", 3)) p[4 + (size & 1)] = 1;
    free(p);
    return 0;
}
