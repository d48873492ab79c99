/*
 * codec.c
 *	  Crockford base32, sno32, hex and UUID-form codecs (see codec.h).
 */
#include "codec.h"

static const char crockford_alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
static const char hex_lower[] = "0123456789abcdef";
static const char hex_upper[] = "0123456789ABCDEF";

/*
 * Crockford decoding table: -1 for characters outside the alphabet.  Lower
 * case decodes as upper case; I and L read as 1, O as 0 and U as V, the
 * substitutions that Crockford's alphabet allows for human input.
 */
static int8_t crockford_value[256];

static void
crockford_init(void)
{
	for (int c = 0; c < 256; c++)
		crockford_value[c] = -1;
	for (int v = 0; v < 32; v++)
	{
		unsigned char c = (unsigned char) crockford_alphabet[v];

		crockford_value[c] = (int8_t) v;
		if (c >= 'A' && c <= 'Z')
			crockford_value[c - 'A' + 'a'] = (int8_t) v;
	}
	crockford_value['I'] = crockford_value['i'] = 1;
	crockford_value['L'] = crockford_value['l'] = 1;
	crockford_value['O'] = crockford_value['o'] = 0;
	crockford_value['U'] = crockford_value['u'] = crockford_value['V'];
}

/* Built on first use ('Z' is 31 once built); building it twice is harmless. */
static inline void
crockford_ready(void)
{
	if (crockford_value['Z'] == 0)
		crockford_init();
}

/*
 * 130 bits (two zero bits, then the 128-bit value) as 26 five-bit groups.
 * The value is handled as two 64-bit halves.
 */
void
codec_crockford128_encode(const uint8_t in[16], char out[CROCKFORD128_LEN])
{
	uint64_t	hi = be_get(in, 8);
	uint64_t	lo = be_get(in + 8, 8);

	for (int i = CROCKFORD128_LEN - 1; i >= 0; i--)
	{
		out[i] = crockford_alphabet[lo & 31];
		lo = (lo >> 5) | (hi << 59);
		hi >>= 5;
	}
}

int
codec_crockford128_decode(const char *in, size_t len, uint8_t out[16])
{
	uint64_t	hi = 0;
	uint64_t	lo = 0;

	if (len != CROCKFORD128_LEN)
		return CODEC_BAD_LENGTH;
	crockford_ready();
	for (int i = 0; i < CROCKFORD128_LEN; i++)
	{
		int			v = crockford_value[(unsigned char) in[i]];

		if (v < 0)
			return i;
		hi = (hi << 5) | (lo >> 59);
		lo = (lo << 5) | (uint64_t) v;
	}
	/* 130 bits were read: the first character must carry at most 3 */
	if (crockford_value[(unsigned char) in[0]] > 7)
		return CODEC_OVERFLOW;
	be_put(out, 8, hi);
	be_put(out + 8, 8, lo);
	return CODEC_OK;
}

void
codec_hex_encode(const uint8_t *in, size_t nbytes, char *out, int upper)
{
	const char *digits = upper ? hex_upper : hex_lower;

	for (size_t i = 0; i < nbytes; i++)
	{
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
}

static inline int
hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int
codec_hex_decode(const char *in, size_t nbytes, uint8_t *out)
{
	for (size_t i = 0; i < 2 * nbytes; i++)
	{
		int			v = hex_value(in[i]);

		if (v < 0)
			return (int) i;
		if (i % 2 == 0)
			out[i / 2] = (uint8_t) (v << 4);
		else
			out[i / 2] |= (uint8_t) v;
	}
	return CODEC_OK;
}

/* Where the UUID form has its hyphens */
static inline int
uuid_hyphen_at(size_t i)
{
	return i == 8 || i == 13 || i == 18 || i == 23;
}

int
codec_hex16_decode(const char *in, size_t len, uint8_t out[16])
{
	char		digits[32];
	size_t		n = 0;

	if (len == 32)
		return codec_hex_decode(in, 16, out);
	if (len != UUID_TEXT_LEN)
		return CODEC_BAD_LENGTH;
	for (size_t i = 0; i < len; i++)
	{
		if (uuid_hyphen_at(i) != (in[i] == '-'))
			return (int) i;
		if (!uuid_hyphen_at(i))
		{
			if (hex_value(in[i]) < 0)
				return (int) i;
			digits[n++] = in[i];
		}
	}
	return codec_hex_decode(digits, 16, out);
}

/*
 * sno32: 5 bits a character, alphabet "23456789abcdefghijklmnopqrstuvwx"
 * (two contiguous ASCII ranges, so no table is needed).  Each 40-bit block
 * of a sno is 8 characters, most significant first.
 */
static const char sno32_alphabet[] = "23456789abcdefghijklmnopqrstuvwx";

static inline int
sno32_value(char c)
{
	if (c >= '2' && c <= '9')
		return c - '2';
	if (c >= 'a' && c <= 'x')
		return c - 'a' + 8;
	if (c >= 'A' && c <= 'X')
		return c - 'A' + 8;
	return -1;
}

void
codec_sno32_encode(const uint8_t in[10], char out[SNO32_LEN])
{
	for (int block = 0; block < 2; block++)
	{
		uint64_t	v = be_get(in + 5 * block, 5);

		for (int i = 7; i >= 0; i--)
		{
			out[8 * block + i] = sno32_alphabet[v & 31];
			v >>= 5;
		}
	}
}

int
codec_sno32_decode(const char *in, size_t len, uint8_t out[10])
{
	if (len != SNO32_LEN)
		return CODEC_BAD_LENGTH;
	for (int block = 0; block < 2; block++)
	{
		uint64_t	v = 0;

		for (int i = 0; i < 8; i++)
		{
			int			d = sno32_value(in[8 * block + i]);

			if (d < 0)
				return 8 * block + i;
			v = (v << 5) | (uint64_t) d;
		}
		be_put(out + 5 * block, 5, v);
	}
	return CODEC_OK;
}
