/* Suite "ntt": ML-KEM-768 polynomial arithmetic mod q = 3329 and the KEM.
 *
 * Subject "mlkem768".  Anchor impl "pqclean": PQClean's ML-KEM-768 AVX2
 * code as bundled by the crate pqcrypto-mlkem (bench/anchors).
 *   poly_ntt                 PQCLEAN_MLKEM768_AVX2_poly_ntt, in place
 *   poly_invntt_tomont       PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont, in place
 *   poly_basemul_montgomery  PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery,
 *                            r = a o b with the previous r as a
 *   keypair, enc, dec        PQCLEAN_MLKEM768_AVX2_crypto_kem_* (randomness
 *                            from the crate's randombytes, i.e. the OS)
 * All latency rows.  The polynomial chains feed each output back in without
 * reducing it; the AVX2 code has no data-dependent timing, so coefficient
 * growth does not change the cost.
 */
#include <stdio.h>
#include <string.h>

#include "lfb_rust_anchors.h"
#include "suites.h"

#if LFB_HAVE_PQCLEAN_POLY || LFB_HAVE_PQCLEAN_KEM
typedef struct {
    _Alignas(32) int16_t coeffs[256];
} pq_poly;

typedef struct {
    pq_poly p[2], b;
    uint8_t pk[1184], sk[2400], ct[1088], ss[32];
} pq_st;
static pq_st pq;

static int pq_cpu_ok(void)
{
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
    return 0;
#endif
}
#endif

#if LFB_HAVE_PQCLEAN_POLY
void PQCLEAN_MLKEM768_AVX2_poly_ntt(pq_poly *r);
void PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont(pq_poly *r);
void PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(pq_poly *r, const pq_poly *a, const pq_poly *b);

static void pq_ntt(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) PQCLEAN_MLKEM768_AVX2_poly_ntt(&s->p[0]);
}
static void pq_invntt(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) PQCLEAN_MLKEM768_AVX2_poly_invntt_tomont(&s->p[0]);
}
static void pq_basemul(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n) {
        PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(&s->p[1], &s->p[0], &s->b);
        if (!--n) break;
        PQCLEAN_MLKEM768_AVX2_poly_basemul_montgomery(&s->p[0], &s->p[1], &s->b);
        n--;
    }
}
#endif

#if LFB_HAVE_PQCLEAN_KEM
int PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair(uint8_t *pk, uint8_t *sk);
int PQCLEAN_MLKEM768_AVX2_crypto_kem_enc(uint8_t *ct, uint8_t *ss, const uint8_t *pk);
int PQCLEAN_MLKEM768_AVX2_crypto_kem_dec(uint8_t *ss, const uint8_t *ct, const uint8_t *sk);

static void pq_keypair(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) {
        int r = PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair(s->pk, s->sk);
        lfb_keep(&r);
    }
}
static void pq_enc(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) {
        int r = PQCLEAN_MLKEM768_AVX2_crypto_kem_enc(s->ct, s->ss, s->pk);
        lfb_keep(&r);
    }
}
static void pq_dec(void *arg, uint64_t n)
{
    pq_st *s = arg;
    while (n--) {
        int r = PQCLEAN_MLKEM768_AVX2_crypto_kem_dec(s->ss, s->ct, s->sk);
        lfb_keep(&r);
    }
}
#endif

void suite_ntt(lfb *h)
{
    /* ---- limbforge rows (ntt module, later mlkem): add here, subject "mlkem768",
     *      same op names ---- */

    /* ---- anchors ---- */
#if LFB_HAVE_PQCLEAN_POLY || LFB_HAVE_PQCLEAN_KEM
    if (!pq_cpu_ok()) {
        lfb_note(h, "pqclean: this CPU lacks AVX2/BMI2; PQClean AVX2 rows skipped");
        return;
    }
    lfb_version(h, "pqcrypto-mlkem", LFB_PQCRYPTO_MLKEM_VERSION);
    pq_st *s = &pq;
    for (int i = 0; i < 256; i++) {
        s->p[0].coeffs[i] = (int16_t)(lfb_rand64(h) % 3329);
        s->b.coeffs[i] = (int16_t)(lfb_rand64(h) % 3329);
    }
#endif
#if LFB_HAVE_PQCLEAN_POLY
    {
        static const lfb_row_spec tab[] = {{"poly_ntt", pq_ntt, LFB_LATENCY, 1},
                   {"poly_invntt_tomont", pq_invntt, LFB_LATENCY, 1},
                   {"poly_basemul_montgomery", pq_basemul, LFB_LATENCY, 1}};
        lfb_case base = {.subject = "mlkem768", .impl = "pqclean", .bytes = -1, .arg = s};
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    }
#elif LFB_HAVE_PQCLEAN_KEM
    lfb_note(h, "pqclean: PQCLEAN_MLKEM768_AVX2_poly_* not exported by the anchor archive; "
                "polynomial rows skipped");
#endif
#if LFB_HAVE_PQCLEAN_KEM
    if (!lfb_listing(h) && PQCLEAN_MLKEM768_AVX2_crypto_kem_keypair(s->pk, s->sk) != 0) {
        lfb_note(h, "pqclean: keypair failed; KEM rows skipped");
        return;
    }
    if (!lfb_listing(h)) (void)PQCLEAN_MLKEM768_AVX2_crypto_kem_enc(s->ct, s->ss, s->pk);
    {
        static const lfb_row_spec tab[] = {{"keypair", pq_keypair, LFB_LATENCY, 1}, {"enc", pq_enc, LFB_LATENCY, 1}, {"dec", pq_dec, LFB_LATENCY, 1}};
        lfb_case base = {.subject = "mlkem768", .impl = "pqclean", .bytes = -1, .arg = s};
        lfb_run_rows(h, &base, tab, sizeof tab / sizeof tab[0]);
    }
#endif
#if !LFB_HAVE_PQCLEAN_POLY && !LFB_HAVE_PQCLEAN_KEM
    lfb_note(h, "pqclean (crate pqcrypto-mlkem) not built (%s): rows skipped",
             LFB_RUST_ANCHORS_NOTE);
#endif
}
