/*
 * fuzz_codec.c
 *	  libFuzzer target for the pure text codecs: no input may crash a
 *	  decoder, and whatever decodes must encode back to an input that decodes
 *	  to the same bytes.
 *
 *	  clang -g -O1 -fsanitize=fuzzer,address,undefined -Isrc \
 *		  fuzz/fuzz_codec.c src/codec.c -o fuzz/fuzz_codec
 */
#include <stdlib.h>
#include <string.h>

#include "codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *) data;
	uint8_t		value[16];
	uint8_t		again[16];
	char		encoded[CROCKFORD128_LEN];

	if (codec_crockford128_decode(text, size, value) == CODEC_OK)
	{
		codec_crockford128_encode(value, encoded);
		if (codec_crockford128_decode(encoded, CROCKFORD128_LEN, again) != CODEC_OK ||
			memcmp(value, again, 16) != 0)
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
	return 0;
}
