/*
 * fuzz_codec.c
 *	  libFuzzer target for the pure text codecs: no input may crash a
 *	  decoder, and whatever decodes must encode back to an input that decodes
 *	  to the same bytes.  siq's DID body and decimal integers must encode
 *	  back to the canonical form of the input itself: the DID body in lower
 *	  case, the decimal without leading zeros.
 *
 *	  clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
 *		  fuzz/fuzz_codec.c src/codec.c -o fuzz/fuzz_codec
 */
#include <stdlib.h>
#include <string.h>

#include "codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * siq's DID body: what decodes encodes back to the input in lower case, and
 * a checksum mismatch reports a checksum that is not the value's.
 */
static void
fuzz_siq_did(const char *text, size_t size)
{
	uint8_t		value[14];
	uint8_t		again[14];
	char		encoded[SIQ_DID_LEN];
	uint32_t	crc = 0;
	int			rc = codec_siq_did_decode(text, size, value, &crc);

	if (rc == CODEC_CHECKSUM)
	{
		if (codec_crc32(value, 14) == crc)
			abort();
		return;
	}
	if (rc != CODEC_OK)
		return;
	if (size != SIQ_DID_LEN || crc != codec_crc32(value, 14))
		abort();
	codec_siq_did_encode(value, encoded);
	for (size_t i = 0; i < SIQ_DID_LEN; i++)
	{
		char		c = text[i];

		if (c >= 'A' && c <= 'Z')
			c = (char) (c - 'A' + 'a');
		if (encoded[i] != c)
			abort();
	}
	if (codec_siq_did_decode(encoded, SIQ_DID_LEN, again, NULL) != CODEC_OK ||
		memcmp(value, again, 14) != 0)
		abort();
}

/*
 * Decimal: what decodes encodes back to the input without its leading
 * zeros, at siq's 14 bytes and at 16; a value that fits 14 bytes fits 16.
 */
static void
fuzz_dec(const char *text, size_t size)
{
	uint8_t		value[16];
	char		digits[DECIMAL_BUF_LEN];
	size_t		skip = 0;
	int			rc14 = codec_dec_decode(text, size, value, 14);
	int			rc16;

	if (rc14 == CODEC_OK)
	{
		while (skip + 1 < size && text[skip] == '0')
			skip++;
		if ((size_t) codec_dec_encode(value, 14, digits) != size - skip ||
			memcmp(digits, text + skip, size - skip) != 0)
			abort();
	}
	rc16 = codec_dec_decode(text, size, value, 16);
	if (rc16 == CODEC_OK)
	{
		while (skip + 1 < size && text[skip] == '0')
			skip++;
		if ((size_t) codec_dec_encode(value, 16, digits) != size - skip ||
			memcmp(digits, text + skip, size - skip) != 0)
			abort();
	}
	if ((rc14 >= 0 && rc16 != rc14) ||
		(rc14 == CODEC_BAD_LENGTH) != (size == 0) ||
		(rc14 == CODEC_OK && rc16 != CODEC_OK) ||
		(rc16 == CODEC_OK && rc14 != ((value[0] | value[1]) == 0 ? CODEC_OK : CODEC_OVERFLOW)))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	uint8_t		value[16];
	uint8_t		again[16];
	char		encoded[CROCKFORD128_LEN];

	for (int u_as_v = 0; u_as_v <= 1; u_as_v++)
	{
		if (codec_crockford128_decode(text, size, value, u_as_v) != CODEC_OK)
			continue;
		/* the canonical text has no U; with U read as V, more texts decode */
		codec_crockford128_encode(value, encoded);
		if (codec_crockford128_decode(encoded, CROCKFORD128_LEN, again, 0) != CODEC_OK ||
			memcmp(value, again, 16) != 0 ||
			(u_as_v == 0 && (codec_crockford128_decode(text, size, again, 1) != CODEC_OK ||
							 memcmp(value, again, 16) != 0)))
			abort();
	}
	if (codec_hex16_decode(text, size, value) == CODEC_OK)
	{
		char		hex[32];

		codec_hex_encode(value, 16, hex, (int) (size & 1));
		if (codec_hex16_decode(hex, 32, again) != CODEC_OK || memcmp(value, again, 16) != 0)
			abort();
	}
	if (codec_sno32_decode(text, size, value) == CODEC_OK)
	{
		char		sno[SNO32_LEN];

		codec_sno32_encode(value, sno);
		if (codec_sno32_decode(sno, SNO32_LEN, again) != CODEC_OK || memcmp(value, again, 10) != 0)
			abort();
	}
	fuzz_siq_did(text, size);
	fuzz_dec(text, size);
	return 0;
}
