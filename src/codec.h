/*
 * codec.h
 *	  Text codecs shared by the idgen types: Crockford base32, sno32, hex and
 *	  the UUID form.  Plain C without PostgreSQL headers, so that the fuzz
 *	  targets and the benchmarks link them directly.
 *
 * Decoders return CODEC_OK, or the 0-based position of the first character
 * they could not use, or one of the negative codes below.
 */
#ifndef IDGEN_CODEC_H
#define IDGEN_CODEC_H

#include <stddef.h>
#include <stdint.h>

#define CODEC_OK			(-1)
#define CODEC_BAD_LENGTH	(-2)
#define CODEC_OVERFLOW		(-3)	/* first character too large for 128 bits */

/* Crockford base32 of a 128-bit big-endian value: 26 characters */
#define CROCKFORD128_LEN	26
#define UUID_TEXT_LEN		36

extern void codec_crockford128_encode(const uint8_t in[16], char out[CROCKFORD128_LEN]);
extern int	codec_crockford128_decode(const char *in, size_t len, uint8_t out[16]);

/* Hex digits; the encoder writes lower or upper case */
extern void codec_hex_encode(const uint8_t *in, size_t nbytes, char *out, int upper);
extern int	codec_hex_decode(const char *in, size_t nbytes, uint8_t *out);

/*
 * 16 bytes from 32 hex digits or the 36-character UUID form
 * (8-4-4-4-12 with hyphens), either case.
 */
extern int	codec_hex16_decode(const char *in, size_t len, uint8_t out[16]);

/*
 * sno's base32: each 5-byte block of a 10-byte value as 8 characters of
 * "23456789abcdefghijklmnopqrstuvwx"; the decoder also takes upper case.
 */
#define SNO32_LEN			16

extern void codec_sno32_encode(const uint8_t in[10], char out[SNO32_LEN]);
extern int	codec_sno32_decode(const char *in, size_t len, uint8_t out[10]);


/* Big-endian integer helpers over byte arrays */
static inline uint64_t
be_get(const uint8_t *p, int nbytes)
{
	uint64_t	v = 0;

	for (int i = 0; i < nbytes; i++)
		v = (v << 8) | p[i];
	return v;
}

static inline void
be_put(uint8_t *p, int nbytes, uint64_t v)
{
	for (int i = nbytes - 1; i >= 0; i--)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

#endif							/* IDGEN_CODEC_H */
