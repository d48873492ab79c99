/*
 * codec_bench.c
 *	  Microbenchmark of the pure text codecs (src/codec.c), outside the
 *	  server: nanoseconds per Crockford base32 encode and decode of a 128-bit
 *	  value, per hex encode and UUID-form decode, per siq DID-body and
 *	  decimal encode and decode of a 14-byte value, and, for reference, per
 *	  clock_gettime(CLOCK_REALTIME), the clock every generator reads.
 *
 *	  cc -O2 -Isrc bench/codec_bench.c src/codec.c -o bench/codec_bench
 *	  bench/codec_bench [milliseconds per measurement, default 50]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec.h"

#define NINPUTS		4096		/* distinct inputs, cycled through */
#define NREPEATS	7			/* measurements per operation; the median wins */

static uint8_t bins[NINPUTS][16];
static char crockford[NINPUTS][CROCKFORD128_LEN];
static char uuids[NINPUTS][UUID_TEXT_LEN];
static char siq_dids[NINPUTS][SIQ_DID_LEN];
static char decimals[NINPUTS][DECIMAL_BUF_LEN];
static size_t decimal_lens[NINPUTS];

/* Written after every measurement so the compiler keeps the work. */
static volatile uint64_t sink;

static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static uint64_t
xorshift64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void
make_inputs(void)
{
	uint64_t	seed = 0x9E3779B97F4A7C15u;
	char		hex[32];

	for (int i = 0; i < NINPUTS; i++)
	{
		be_put(bins[i], 8, xorshift64(&seed));
		be_put(bins[i] + 8, 8, xorshift64(&seed));
		codec_crockford128_encode(bins[i], crockford[i]);
		codec_hex_encode(bins[i], 16, hex, 0);
		memcpy(uuids[i], hex, 8);
		uuids[i][8] = '-';
		memcpy(uuids[i] + 9, hex + 8, 4);
		uuids[i][13] = '-';
		memcpy(uuids[i] + 14, hex + 12, 4);
		uuids[i][18] = '-';
		memcpy(uuids[i] + 19, hex + 16, 4);
		uuids[i][23] = '-';
		memcpy(uuids[i] + 24, hex + 20, 12);
		codec_siq_did_encode(bins[i], siq_dids[i]);
		decimal_lens[i] = (size_t) codec_dec_encode(bins[i], 14, decimals[i]);
	}
}

/* One measurement: ns per operation over n operations. */
typedef double (*bench_fn) (long n);

/*
 * BENCH(name, out, step) defines name(n): ns per operation over n runs of
 * step, which may use i (the run), out (a buffer declared as given) and acc
 * (a sum that keeps the work from being optimised away).  A macro, so that
 * each step is compiled into its own loop with no indirect call in it.
 */
#define BENCH(NAME, OUT_DECL, STEP) \
static double \
NAME(long n) \
{ \
	OUT_DECL; \
	uint64_t	acc = 0; \
	double		t0 = now_ns(); \
 \
	for (long i = 0; i < n; i++) \
	{ \
		STEP; \
	} \
	t0 = (now_ns() - t0) / n; \
	sink = acc; \
	return t0; \
}

/* A decoder's call, which must succeed on these inputs */
#define DECODED(CALL) \
	do { if ((CALL) != CODEC_OK) abort(); } while (0)

BENCH(b_crockford_encode, char out[CROCKFORD128_LEN],
	  codec_crockford128_encode(bins[i % NINPUTS], out);
	  acc += (unsigned char) out[i % CROCKFORD128_LEN])
BENCH(b_crockford_decode, uint8_t out[16],
	  DECODED(codec_crockford128_decode(crockford[i % NINPUTS], CROCKFORD128_LEN, out, 0));
	  acc += out[i % 16])
BENCH(b_hex_encode, char out[32],
	  codec_hex_encode(bins[i % NINPUTS], 16, out, 0);
	  acc += (unsigned char) out[i % 32])
BENCH(b_uuid_decode, uint8_t out[16],
	  DECODED(codec_hex16_decode(uuids[i % NINPUTS], UUID_TEXT_LEN, out));
	  acc += out[i % 16])
/* siq values are the first 14 bytes of each input */
BENCH(b_siq_did_encode, char out[SIQ_DID_LEN],
	  codec_siq_did_encode(bins[i % NINPUTS], out);
	  acc += (unsigned char) out[i % SIQ_DID_LEN])
BENCH(b_siq_did_decode, uint8_t out[14],
	  DECODED(codec_siq_did_decode(siq_dids[i % NINPUTS], SIQ_DID_LEN, out, NULL));
	  acc += out[i % 14])
BENCH(b_dec_encode, char out[DECIMAL_BUF_LEN],
	  acc += (uint64_t) codec_dec_encode(bins[i % NINPUTS], 14, out) + (unsigned char) out[0])
BENCH(b_dec_decode, uint8_t out[14],
	  DECODED(codec_dec_decode(decimals[i % NINPUTS], decimal_lens[i % NINPUTS], out, 14));
	  acc += out[i % 14])
BENCH(b_clock, struct timespec out,
	  clock_gettime(CLOCK_REALTIME, &out);
	  acc += out.tv_nsec)

static int
cmp_double(const void *a, const void *b)
{
	double		x = *(const double *) a,
				y = *(const double *) b;

	return (x > y) - (x < y);
}

/*
 * Measure fn NREPEATS times, each over as many operations as fit in about
 * ms milliseconds (found by a short calibration that doubles as warm-up),
 * and print the median.
 */
static void
run(const char *name, bench_fn fn, double ms)
{
	double		t[NREPEATS];
	long		n = 1000;

	while (fn(n) * n < 2e6 && n < (1L << 40))
		n *= 2;
	n = (long) (ms * 1e6 / fn(n)) + 1;
	for (int r = 0; r < NREPEATS; r++)
		t[r] = fn(n);
	qsort(t, NREPEATS, sizeof(double), cmp_double);
	printf("  %-46s %7.1f ns/op  (min %.1f, max %.1f; %ld ops per run)\n",
		   name, t[NREPEATS / 2], t[0], t[NREPEATS - 1], n);
}

int
main(int argc, char **argv)
{
	double		ms = argc > 1 ? atof(argv[1]) : 50;

	if (ms <= 0)
		ms = 50;
	make_inputs();
	printf("  median of %d runs of about %.0f ms each, cycling through %d random values\n",
		   NREPEATS, ms, NINPUTS);
	run("crockford128 encode (16 bytes -> 26 chars)", b_crockford_encode, ms);
	run("crockford128 decode (26 chars -> 16 bytes)", b_crockford_decode, ms);
	run("hex encode (16 bytes -> 32 chars)", b_hex_encode, ms);
	run("hex16 decode (36-char UUID form -> 16 bytes)", b_uuid_decode, ms);
	run("siq DID encode (14 bytes -> 29 chars)", b_siq_did_encode, ms);
	run("siq DID decode (29 chars -> 14 bytes)", b_siq_did_decode, ms);
	run("decimal encode (14 bytes -> 33-34 digits)", b_dec_encode, ms);
	run("decimal decode (33-34 digits -> 14 bytes)", b_dec_decode, ms);
	run("reference: clock_gettime(CLOCK_REALTIME)", b_clock, ms);
	return 0;
}
