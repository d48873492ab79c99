/*
 * codec.c
 *	  Crockford base32, sno32, hex and UUID-form codecs (see codec.h).
 */
#include "codec.h"

static const char crockford_alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
static const char hex_lower[] = "0123456789abcdef";
static const char hex_upper[] = "0123456789ABCDEF";
static const char sno32_alphabet[] = "23456789abcdefghijklmnopqrstuvwx";

/*
 * Decoding tables, one per alphabet: the value of each byte, or -1 outside
 * the alphabet.  Every alphabet reads either case.  Crockford's also reads
 * I and L as 1, O as 0 and U as V, the substitutions it allows for human
 * input.
 */
static int8_t crockford_value[256];
static int8_t hex_value[256];
static int8_t sno32_value[256];
static int	tables_ready = 0;

static void
table_fill(int8_t *table, const char *alphabet)
{
	for (int c = 0; c < 256; c++)
		table[c] = -1;
	for (int v = 0; alphabet[v] != '\0'; v++)
	{
		unsigned char c = (unsigned char) alphabet[v];

		table[c] = (int8_t) v;
		if (c >= 'A' && c <= 'Z')
			table[c - 'A' + 'a'] = (int8_t) v;
		if (c >= 'a' && c <= 'z')
			table[c - 'a' + 'A'] = (int8_t) v;
	}
}

/* Built on first use; building them twice is harmless. */
static inline void
tables_build(void)
{
	if (tables_ready)
		return;
	table_fill(crockford_value, crockford_alphabet);
	crockford_value['I'] = crockford_value['i'] = 1;
	crockford_value['L'] = crockford_value['l'] = 1;
	crockford_value['O'] = crockford_value['o'] = 0;
	crockford_value['U'] = crockford_value['u'] = crockford_value['V'];
	table_fill(hex_value, hex_lower);
	table_fill(sno32_value, sno32_alphabet);
	tables_ready = 1;
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
	tables_build();
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

int
codec_hex_decode(const char *in, size_t nbytes, uint8_t *out)
{
	tables_build();
	for (size_t i = 0; i < nbytes; i++)
	{
		int			hi = hex_value[(unsigned char) in[2 * i]];
		int			lo = hex_value[(unsigned char) in[2 * i + 1]];

		if ((hi | lo) < 0)
			return (int) (hi < 0 ? 2 * i : 2 * i + 1);
		out[i] = (uint8_t) (hi << 4 | lo);
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
	int			n = 0;

	if (len == 32)
		return codec_hex_decode(in, 16, out);
	if (len != UUID_TEXT_LEN)
		return CODEC_BAD_LENGTH;
	tables_build();
	for (size_t i = 0; i < len; i++)
	{
		int			v;

		if (uuid_hyphen_at(i))
		{
			if (in[i] != '-')
				return (int) i;
			continue;
		}
		v = hex_value[(unsigned char) in[i]];
		if (v < 0)
			return (int) i;
		if (n % 2 == 0)
			out[n / 2] = (uint8_t) (v << 4);
		else
			out[n / 2] |= (uint8_t) v;
		n++;
	}
	return CODEC_OK;
}

/*
 * sno32: 5 bits a character.  Each 40-bit block of a sno is 8 characters,
 * most significant first.
 */

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
	tables_build();
	for (int block = 0; block < 2; block++)
	{
		uint64_t	v = 0;

		for (int i = 0; i < 8; i++)
		{
			int			d = sno32_value[(unsigned char) in[8 * block + i]];

			if (d < 0)
				return 8 * block + i;
			v = (v << 5) | (uint64_t) d;
		}
		be_put(out + 5 * block, 5, v);
	}
	return CODEC_OK;
}
