/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Manual experiment behind the AVX-512 lane-width choice (src/ntt/README.md);
 * not built by CMake:  cc -O3 -mavx512f -mavx512bw -mavx512vl -mavx512dq
 * tests/ntt/lanes_avx512.c && ./a.out
 * 16-bit vs 32-bit AVX-512 lanes: the 7-level Cooley-Tukey butterfly network
 * of one 256-coefficient polynomial (Montgomery multiplication by a
 * per-level zeta vector; register renaming stands in for the data movement
 * between levels, which is left out), as a dependent chain. */
#include <immintrin.h>
#include <stdio.h>
#include <stdint.h>
#include <time.h>
#define AI static inline __attribute__((always_inline))
AI __m512i keep(__m512i x){__asm__("":"+v"(x));return x;}
/* 16-bit lanes: 8 zmm */
AI __m512i m16(__m512i b, __m512i z, __m512i zq){
  __m512i t=_mm512_mullo_epi16(b,zq), h=_mm512_mulhi_epi16(b,z);
  return keep(_mm512_sub_epi16(h,_mm512_mulhi_epi16(t,_mm512_set1_epi16(3329))));}
__attribute__((noinline)) void net16(int16_t *a, const int16_t *zt){
  __m512i x[8];
  for(int i=0;i<8;i++) x[i]=_mm512_loadu_si512(a+32*i);
  for(int l=0;l<7;l++){ __m512i z=_mm512_loadu_si512(zt+64*l), zq=_mm512_loadu_si512(zt+64*l+32);
    for(int i=0;i<4;i++){ __m512i t=m16(x[i+4],z,zq); x[i+4]=_mm512_sub_epi16(x[i],t); x[i]=_mm512_add_epi16(x[i],t);}
    __m512i y0=x[1];x[1]=x[4];x[4]=y0; y0=x[3];x[3]=x[6];x[6]=y0; }
  for(int i=0;i<8;i++) _mm512_storeu_si512(a+32*i,x[i]);}
/* 32-bit lanes: 16 zmm */
AI __m512i m32(__m512i b, __m512i z){
  __m512i p=_mm512_mullo_epi32(b,z);
  __m512i t=_mm512_mullo_epi32(p,_mm512_set1_epi32(-3327));
  t=_mm512_srai_epi32(_mm512_slli_epi32(t,16),16);
  return keep(_mm512_srai_epi32(_mm512_sub_epi32(p,_mm512_mullo_epi32(t,_mm512_set1_epi32(3329))),16));}
__attribute__((noinline)) void net32(int16_t *a, const int16_t *zt){
  __m512i x[16];
  for(int i=0;i<16;i++) x[i]=_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i*)(a+16*i)));
  for(int l=0;l<7;l++){ __m512i z=_mm512_cvtepi16_epi32(_mm256_loadu_si256((const __m256i*)(zt+64*l)));
    for(int i=0;i<8;i++){ __m512i t=m32(x[i+8],z); x[i+8]=_mm512_sub_epi32(x[i],t); x[i]=_mm512_add_epi32(x[i],t);}
    for(int i=1;i<8;i+=2){__m512i y0=x[i];x[i]=x[i+7];x[i+7]=y0;} }
  for(int i=0;i<16;i++) _mm256_storeu_si256((__m256i*)(a+16*i),_mm512_cvtepi32_epi16(x[i]));}
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
int main(void){
  static int16_t a[256] __attribute__((aligned(64))), zt[512] __attribute__((aligned(64)));
  for(int i=0;i<512;i++) zt[i]=(int16_t)(i*37%3329-1664);
  for(int i=0;i<256;i++) a[i]=(int16_t)(i%3329);
  for(int k=0;k<2;k++){ double best16=1e9,best32=1e9;
  for(int rep=0;rep<41;rep++){ long N=20000; double t0=now(); for(long n=0;n<N;n++) net16(a,zt); double t1=now();
    for(long n=0;n<N;n++) net32(a,zt); double t2=now();
    if((t1-t0)/N<best16)best16=(t1-t0)/N; if((t2-t1)/N<best32)best32=(t2-t1)/N;}
  printf("butterfly network, latency chain, best of 41: 16-bit lanes %.1f ns, 32-bit lanes %.1f ns\n",best16*1e9,best32*1e9);}
  return 0;}
