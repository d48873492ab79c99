/*
 * codec.c
 *	  Crockford base32, sno32, hex, UUID-form, siq DID and decimal codecs
 *	  (see codec.h).
 */
#include <string.h>

#include "codec.h"

static const char crockford_alphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
static const char hex_lower[] = "0123456789abcdef";
static const char hex_upper[] = "0123456789ABCDEF";
static const char sno32_alphabet[] = "23456789abcdefghijklmnopqrstuvwx";
static const char base32_alphabet[] = "abcdefghijklmnopqrstuvwxyz234567";

/*
 * Decoding tables, one per alphabet: the value of each byte, or -1 outside
 * the alphabet.  Every alphabet reads either case.  Crockford's also reads
 * I and L as 1, O as 0 and U as V, the substitutions it allows for human
 * input.
 */
static int8_t crockford_value[256];
static int8_t hex_value[256];
static int8_t sno32_value[256];
static int8_t base32_value[256];
static uint32_t crc32_table[256];	/* CRC-32 of each byte value */
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
	table_fill(hex_value, hex_lower);
	table_fill(sno32_value, sno32_alphabet);
	table_fill(base32_value, base32_alphabet);
	for (uint32_t n = 0; n < 256; n++)
	{
		uint32_t	c = n;

		for (int k = 0; k < 8; k++)
			c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		crc32_table[n] = c;
	}
	tables_ready = 1;
}

/*
 * Base32 of whole 5-byte groups, each as 8 characters, most significant
 * first: sno32 and RFC 4648 base32 differ only in their alphabets.
 */
static void
base32_groups_encode(const uint8_t *in, int ngroups, char *out,
					 const char *alphabet)
{
	for (int g = 0; g < ngroups; g++)
	{
		uint64_t	v = be_get(in + 5 * g, 5);

		for (int i = 7; i >= 0; i--)
		{
			out[8 * g + i] = alphabet[v & 31];
			v >>= 5;
		}
	}
}

/* The inverse, through an alphabet's decoding table. */
static int
base32_groups_decode(const char *in, int ngroups, uint8_t *out,
					 const int8_t *value)
{
	for (int g = 0; g < ngroups; g++)
	{
		uint64_t	v = 0;

		for (int i = 0; i < 8; i++)
		{
			int			d = value[(unsigned char) in[8 * g + i]];

			if (d < 0)
				return 8 * g + i;
			v = (v << 5) | (uint64_t) d;
		}
		be_put(out + 5 * g, 5, v);
	}
	return CODEC_OK;
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
codec_crockford128_decode(const char *in, size_t len, uint8_t out[16], int u_as_v)
{
	uint64_t	hi = 0;
	uint64_t	lo = 0;
	int			first = 0;

	if (len != CROCKFORD128_LEN)
		return CODEC_BAD_LENGTH;
	tables_build();
	for (int i = 0; i < CROCKFORD128_LEN; i++)
	{
		int			v = crockford_value[(unsigned char) in[i]];

		if (v < 0 && u_as_v && (in[i] == 'U' || in[i] == 'u'))
			v = crockford_value['V'];
		if (v < 0)
			return i;
		if (i == 0)
			first = v;
		hi = (hi << 5) | (lo >> 59);
		lo = (lo << 5) | (uint64_t) v;
	}
	/* 130 bits were read: the first character must carry at most 3 */
	if (first > 7)
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
	base32_groups_encode(in, 2, out, sno32_alphabet);
}

int
codec_sno32_decode(const char *in, size_t len, uint8_t out[10])
{
	if (len != SNO32_LEN)
		return CODEC_BAD_LENGTH;
	tables_build();
	return base32_groups_decode(in, 2, out, sno32_value);
}

/* The checksum of siq's DID form, one table lookup a byte. */
uint32_t
codec_crc32(const uint8_t *in, size_t nbytes)
{
	uint32_t	crc = 0xFFFFFFFFu;

	tables_build();
	for (size_t i = 0; i < nbytes; i++)
		crc = crc32_table[(crc ^ in[i]) & 0xFF] ^ (crc >> 8);
	return crc ^ 0xFFFFFFFFu;
}

/*
 * siq's DID form: 20 bytes (two zero bytes, the CRC-32, the value) are 32
 * base32 characters, of which the first 3 carry only the zero bits and are
 * left out.
 */
void
codec_siq_did_encode(const uint8_t in[14], char out[SIQ_DID_LEN])
{
	uint8_t		buf[20];
	char		text[32];

	buf[0] = buf[1] = 0;
	be_put(buf + 2, 4, codec_crc32(in, 14));
	memcpy(buf + 6, in, 14);
	base32_groups_encode(buf, 4, text, base32_alphabet);
	memcpy(out, text + 3, SIQ_DID_LEN);
}

/*
 * Put the 3 dropped characters back and decode the 20 bytes; the 16th zero
 * bit of the checksum field is the top bit of the first character.
 */
int
codec_siq_did_decode(const char *in, size_t len, uint8_t out[14],
					 uint32_t *crc_stored)
{
	char		text[32];
	uint8_t		buf[20];
	uint32_t	crc;
	int			rc;

	if (len != SIQ_DID_LEN)
		return CODEC_BAD_LENGTH;
	tables_build();
	memcpy(text, "aaa", 3);
	memcpy(text + 3, in, SIQ_DID_LEN);
	rc = base32_groups_decode(text, 4, buf, base32_value);
	if (rc >= 0)
		return rc - 3;
	if (buf[0] != 0 || buf[1] != 0)
		return CODEC_OVERFLOW;
	crc = (uint32_t) be_get(buf + 2, 4);
	memcpy(out, buf + 6, 14);
	if (crc_stored != NULL)
		*crc_stored = crc;
	if (codec_crc32(out, 14) != crc)
		return CODEC_CHECKSUM;
	return CODEC_OK;
}

/*
 * Decimal integers of up to 128 bits, through four 32-bit limbs and base
 * 10^9 chunks, so that every product fits in 64 bits.
 */
#define DEC_CHUNK	1000000000u

/* Divide by 10^9 until nothing is left, then print the chunks. */
int
codec_dec_encode(const uint8_t *in, size_t nbytes, char *out)
{
	uint8_t		buf[16] = {0};
	uint32_t	limb[4];		/* most significant first */
	uint32_t	chunk[5];		/* least significant first */
	int			nchunks = 0;
	int			first = 0;		/* the first nonzero limb */
	int			n = 0;
	char		digits[9];
	int			nd = 0;

	memcpy(buf + 16 - nbytes, in, nbytes);
	for (int k = 0; k < 4; k++)
		limb[k] = (uint32_t) be_get(buf + 4 * k, 4);
	while (first < 4 && limb[first] == 0)
		first++;
	do
	{
		uint64_t	rem = 0;

		for (int k = first; k < 4; k++)
		{
			uint64_t	cur = rem << 32 | limb[k];

			limb[k] = (uint32_t) (cur / DEC_CHUNK);
			rem = cur % DEC_CHUNK;
		}
		chunk[nchunks++] = (uint32_t) rem;
		while (first < 4 && limb[first] == 0)
			first++;
	} while (first < 4);

	/* The most significant chunk without leading zeros, the others with */
	for (uint32_t v = chunk[--nchunks]; nd == 0 || v != 0; v /= 10)
		digits[nd++] = (char) ('0' + v % 10);
	while (nd > 0)
		out[n++] = digits[--nd];
	while (nchunks > 0)
	{
		uint32_t	v = chunk[--nchunks];

		for (int i = 8; i >= 0; i--)
		{
			out[n + i] = (char) ('0' + v % 10);
			v /= 10;
		}
		n += 9;
	}
	out[n] = '\0';
	return n;
}

/*
 * Check every character first, so that a non-digit is reported wherever it
 * is; then multiply in 9 digits at a time.  A carry out of the top limb is
 * an overflow, so no length of input can wrap around.
 */
int
codec_dec_decode(const char *in, size_t len, uint8_t *out, size_t nbytes)
{
	uint32_t	limb[4] = {0};	/* least significant first */
	uint8_t		buf[16];
	size_t		i = 0;

	if (len == 0)
		return CODEC_BAD_LENGTH;
	for (size_t j = 0; j < len; j++)
		if (in[j] < '0' || in[j] > '9')
			return (int) j;
	while (i < len)
	{
		size_t		n = (len - i) % 9 == 0 ? 9 : (len - i) % 9;
		uint32_t	mul = 1;
		uint64_t	carry = 0;

		for (size_t j = 0; j < n; j++)
		{
			carry = carry * 10 + (uint64_t) (in[i + j] - '0');
			mul *= 10;
		}
		i += n;
		for (int k = 0; k < 4; k++)
		{
			uint64_t	cur = (uint64_t) limb[k] * mul + carry;

			limb[k] = (uint32_t) cur;
			carry = cur >> 32;
		}
		if (carry != 0)
			return CODEC_OVERFLOW;
	}
	for (int k = 0; k < 4; k++)
		be_put(buf + 4 * (3 - k), 4, limb[k]);
	for (size_t j = 0; j < 16 - nbytes; j++)
		if (buf[j] != 0)
			return CODEC_OVERFLOW;
	memcpy(out, buf + 16 - nbytes, nbytes);
	return CODEC_OK;
}
