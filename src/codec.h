/*
 * codec.h
 *	  Text codecs shared by the idgen types: Crockford base32, sno32, hex,
 *	  the UUID form, siq's DID form (RFC 4648 base32 with a CRC-32) and
 *	  decimal integers.  Plain C without PostgreSQL headers, so that the fuzz
 *	  targets and the benchmarks link them directly.
 *
 * Decoders return CODEC_OK, or the 0-based position of the first character
 * they could not use, or one of the negative codes below.
 */
#ifndef IDGEN_CODEC_H
#define IDGEN_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define CODEC_OK			(-1)
#define CODEC_BAD_LENGTH	(-2)
#define CODEC_OVERFLOW		(-3)	/* value too large for its bytes */
#define CODEC_CHECKSUM		(-4)	/* checksum does not match the value */

/* Crockford base32 of a 128-bit big-endian value: 26 characters */
#define CROCKFORD128_LEN	26
#define UUID_TEXT_LEN		36

extern void codec_crockford128_encode(const uint8_t in[16], char out[CROCKFORD128_LEN]);

/*
 * Either case; I and L read as 1, O as 0 (Crockford's rules).  U is not a
 * digit, except with u_as_v, where it reads as V, as wiji's reference does.
 */
extern int	codec_crockford128_decode(const char *in, size_t len, uint8_t out[16],
									  int u_as_v);

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

/* CRC-32 of zlib (ISO-HDLC, as Python's binascii.crc32) */
extern uint32_t codec_crc32(const uint8_t *in, size_t nbytes);

/*
 * The body of siq's DID form, after "did:siq:": the CRC-32 of the 14 value
 * bytes as 6 big-endian bytes, then the value, in lower-case RFC 4648
 * base32 without padding (32 characters), less its first 3 characters,
 * which are always "aaa".  The decoder takes either case and returns
 * CODEC_OK, a bad character's position, CODEC_BAD_LENGTH, CODEC_OVERFLOW
 * (the checksum field's two high bytes are not zero: the first character
 * is past "p") or CODEC_CHECKSUM.  On CODEC_OK and CODEC_CHECKSUM it has
 * written the value to out and, if crc_stored is not NULL, the checksum
 * read from the text to *crc_stored.
 */
#define SIQ_DID_LEN			29

extern void codec_siq_did_encode(const uint8_t in[14], char out[SIQ_DID_LEN]);
extern int	codec_siq_did_decode(const char *in, size_t len, uint8_t out[14],
								 uint32_t *crc_stored);

/*
 * Decimal digits of a big-endian unsigned integer of nbytes <= 16 bytes.
 * The encoder writes the digits without leading zeros ("0" for zero) and a
 * NUL into DECIMAL_BUF_LEN bytes, and returns the number of digits.  The
 * decoder takes one or more digits, leading zeros allowed, and returns
 * CODEC_OK, the position of the first non-digit, CODEC_BAD_LENGTH for an
 * empty string or CODEC_OVERFLOW for a value of 2^(8 * nbytes) or more.
 */
#define DECIMAL_BUF_LEN		40	/* 2^128 - 1 has 39 digits */

extern int	codec_dec_encode(const uint8_t *in, size_t nbytes, char *out);
extern int	codec_dec_decode(const char *in, size_t len, uint8_t *out, size_t nbytes);


/*
 * Big-endian integer helpers over byte arrays.  Eight bytes are one load or
 * store and a byte swap where the machine is little-endian: a value written
 * a byte at a time and read back as a word waits for the store buffer.
 */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BE_WORD_SWAP 1
#endif

static inline uint64_t
be_get(const uint8_t *p, int nbytes)
{
	uint64_t	v = 0;

#ifdef BE_WORD_SWAP
	if (nbytes == 8)
	{
		memcpy(&v, p, 8);
		return __builtin_bswap64(v);
	}
#endif
	for (int i = 0; i < nbytes; i++)
		v = (v << 8) | p[i];
	return v;
}

static inline void
be_put(uint8_t *p, int nbytes, uint64_t v)
{
#ifdef BE_WORD_SWAP
	if (nbytes == 8)
	{
		v = __builtin_bswap64(v);
		memcpy(p, &v, 8);
		return;
	}
#endif
	for (int i = nbytes - 1; i >= 0; i--)
	{
		p[i] = (uint8_t) v;
		v >>= 8;
	}
}

#endif							/* IDGEN_CODEC_H */
