/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Strict DER ECDSA signatures (API: limbforge/secp256k1.h).  The accepted
 * set is libsecp256k1's secp256k1_ecdsa_signature_parse_der: DER lengths
 * (short form below 128, minimal long form above), INTEGERs without
 * superfluous leading 0x00/0xff bytes, nothing after the SEQUENCE; an
 * INTEGER that is negative, longer than 32 bytes or >= n parses as 0
 * (such a signature can only fail verification). */
#include <string.h>

#include "secp256k1/secp256k1_internal.h"

/* DER length at *p (advanced); 0 on a malformed or non-minimal length */
static int lf_der_len(size_t *len, const uint8_t **p, const uint8_t *end)
{
    if (*p >= end) return 0;
    uint8_t b = *(*p)++;
    if (b < 0x80) {
        *len = b;
        return 1;
    }
    size_t n = b & 0x7f;
    if (n == 0 || b == 0xff) return 0; /* indefinite, reserved */
    if (n > (size_t)(end - *p) || **p == 0 || n > sizeof(size_t)) return 0;
    size_t v = 0;
    while (n--) v = (v << 8) | *(*p)++;
    if (v < 0x80 || v > (size_t)(end - *p)) return 0;
    *len = v;
    return 1;
}

/* INTEGER at *p into out32 (0 for values out of range, see above) */
static int lf_der_int(uint8_t out32[32], const uint8_t **p, const uint8_t *end)
{
    size_t len;
    memset(out32, 0, 32);
    if (*p >= end || **p != 0x02) return 0;
    (*p)++;
    if (!lf_der_len(&len, p, end) || len == 0 || len > (size_t)(end - *p)) return 0;
    const uint8_t *v = *p;
    if (len > 1 && v[0] == 0x00 && !(v[1] & 0x80)) return 0; /* padding */
    if (len > 1 && v[0] == 0xff && (v[1] & 0x80)) return 0;
    *p += len;
    int bad = (v[0] & 0x80) != 0; /* negative */
    if (v[0] == 0x00) {
        v++;
        len--;
    }
    if (len > 32) bad = 1;
    if (!bad) {
        memcpy(out32 + 32 - len, v, len);
        lf_sc t;
        if (lf_sc_set_b32(&t, out32)) memset(out32, 0, 32); /* >= n */
    }
    return 1;
}

int lf_secp256k1_ecdsa_der_parse(uint8_t sig64[64], const uint8_t *der, size_t len)
{
    const uint8_t *p, *end;
    size_t slen;
    if (der == NULL) goto bad; /* before der + len: no arithmetic on NULL */
    p = der, end = der + len;
    if (p >= end || *p++ != 0x30) goto bad;
    if (!lf_der_len(&slen, &p, end) || slen != (size_t)(end - p)) goto bad;
    if (!lf_der_int(sig64, &p, end) || !lf_der_int(sig64 + 32, &p, end)) goto bad;
    if (p != end) goto bad;
    return LF_OK;
bad:
    memset(sig64, 0, 64);
    return LF_ERR_PARAM;
}

/* minimal INTEGER of a 32-byte big-endian value: returns its length */
static size_t lf_der_put_int(uint8_t *out, const uint8_t v[32])
{
    size_t i = 0;
    while (i < 31 && v[i] == 0) i++;
    size_t pad = (v[i] & 0x80) ? 1 : 0, n = 32 - i;
    out[0] = 0x02;
    out[1] = (uint8_t)(n + pad);
    out[2] = 0;
    memcpy(out + 2 + pad, v + i, n);
    return 2 + pad + n;
}

int lf_secp256k1_ecdsa_der_serialize(uint8_t *out, size_t *outlen, const uint8_t sig64[64])
{
    uint8_t buf[72];
    if (outlen == NULL) return LF_ERR_PARAM;
    size_t n = 2;
    n += lf_der_put_int(buf + n, sig64);
    n += lf_der_put_int(buf + n, sig64 + 32);
    buf[0] = 0x30;
    buf[1] = (uint8_t)(n - 2);
    if (out == NULL || *outlen < n) {
        if (out) memset(out, 0, *outlen);
        *outlen = 0;
        return LF_ERR_PARAM;
    }
    memcpy(out, buf, n);
    *outlen = n;
    return LF_OK;
}
