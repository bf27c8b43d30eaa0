/* Helper for p1305_oracle.py: reads lines "KEYHEX MSGHEX" (MSGHEX may be
 * "-" for an empty message) from stdin and prints, per line, the tag of the
 * one-shot API.  It also computes the tag streaming (split at a few points,
 * and 16 bytes / 1 byte at a time) and prints "MISMATCH" instead when any
 * of them differs, so the oracle checks every path with one expected tag.
 * Honours LIMBFORGE_BACKEND (exit 77 when the CPU lacks the back end). */
#include "test_common.h"

#include "limbforge/poly1305.h"

#define MAXM 20000

static void stream(uint8_t tag[16], const uint8_t *m, size_t len, const uint8_t *key, size_t step)
{
    lf_poly1305_state st;
    lf_poly1305_init(&st, key);
    for (size_t off = 0; off < len; off += step)
        lf_poly1305_update(&st, m + off, len - off < step ? len - off : step);
    lf_poly1305_final(&st, tag);
}

int main(void)
{
    t_backend_or_skip("p1305_pipe");
    static char line[2 * MAXM + 200];
    static uint8_t m[MAXM];
    uint8_t key[32], t0[16], t[16];
    while (fgets(line, sizeof line, stdin)) {
        char *sp = strchr(line, ' ');
        if (!sp) continue;
        *sp = 0;
        if (t_unhex(key, sizeof key, line) != 32) { fprintf(stderr, "bad key\n"); return 2; }
        size_t len = sp[1] == '-' ? 0 : t_unhex(m, sizeof m, sp + 1);
        lf_poly1305(t0, m, len, key);
        int ok = 1;
        static const size_t steps[] = {1, 16, 17, 64, 250, 1000};
        for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
            if (steps[i] == 1 && len > 2000) continue;
            stream(t, m, len, key, steps[i]);
            ok &= !memcmp(t, t0, 16);
        }
        if (!ok) {
            printf("MISMATCH\n");
            continue;
        }
        for (int i = 0; i < 16; i++) printf("%02x", t0[i]);
        printf("\n");
    }
    return 0;
}
