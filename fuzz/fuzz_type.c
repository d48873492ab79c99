/*
 * fuzz_type.c
 *	  libFuzzer target for one type's text parser and binary check, built
 *	  once per type (-DFUZZ_TYPE=FUZZ_WIJI, ...; see the Makefile).
 *
 *	  Each input is read twice.  As text (up to its first NUL), the type's
 *	  parser must agree with a reference written here from SPEC.md, on
 *	  whether the text is valid (and a number too large is out of range, a
 *	  syntax error otherwise) and on its bytes, and what it accepts must
 *	  format to the canonical form of the text and parse back to the same
 *	  bytes.  As the binary input of recv (its first significant-length
 *	  bytes), the type's check must agree with the reference, and what it
 *	  accepts must format to text that parses back to the same bytes and
 *	  formats to itself.  Any disagreement aborts.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "idtext.h"

#define FUZZ_WIJI	1
#define FUZZ_ULID	2
#define FUZZ_SNO	3
#define FUZZ_SIQ	4
#define FUZZ_MUID	5

#define MAX_BYTES	16

typedef unsigned __int128 u128;

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char crockford[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
static const char hexdigits[] = "0123456789ABCDEF";
static const char sno32[] = "23456789abcdefghijklmnopqrstuvwx";
static const char base32[] = "abcdefghijklmnopqrstuvwxyz234567";

static char
upper(char c)
{
	return c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
}

static char
lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* c's value in alphabet, in either case, or -1 */
static int
digit(const char *alphabet, char c)
{
	for (int d = 0; alphabet[d] != '\0'; d++)
		if (lower(alphabet[d]) == lower(c))
			return d;
	return -1;
}

/* Big-endian bytes of the low 8 * n bits of x */
static void
put128(u128 x, uint8_t *out, int n)
{
	for (int i = n - 1; i >= 0; i--, x >>= 8)
		out[i] = (uint8_t) x;
}

static bool
all_hex(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (digit(hexdigits, s[i]) < 0)
			return false;
	return true;
}

/* 32 hex digits, or the UUID form with hyphens at 8, 13, 18 and 23 */
static bool
ref_hex16(const char *s, size_t len, uint8_t *v)
{
	char		digits[32];
	size_t		n = 0;

	if (len != 32 && len != 36)
		return false;
	for (size_t i = 0; i < len; i++)
	{
		if (len == 36 && (i == 8 || i == 13 || i == 18 || i == 23))
		{
			if (s[i] != '-')
				return false;
			continue;
		}
		digits[n++] = s[i];
	}
	if (!all_hex(digits, 32))
		return false;
	for (int i = 0; i < 16; i++)
		v[i] = (uint8_t) (digit(hexdigits, digits[2 * i]) << 4 | digit(hexdigits, digits[2 * i + 1]));
	return true;
}

/*
 * 26 Crockford characters (I, L read as 1, O as 0, U as V if u_as_v) of a value below
 * 2^(5 * 26 - 2 - drop): the first character at most 7 >> drop.  canon gets
 * the upper-case text with the substitutions made.
 */
static bool
ref_crockford(const char *s, size_t len, int drop, bool u_as_v, uint8_t *v, char *canon)
{
	u128		x = 0;

	if (len != CROCKFORD128_LEN)
		return false;
	for (size_t i = 0; i < len; i++)
	{
		char		c = upper(s[i]);
		int			d;

		c = c == 'I' || c == 'L' ? '1' : c == 'O' ? '0' : c == 'U' && u_as_v ? 'V' : c;
		d = digit(crockford, c);
		if (d < 0 || (i == 0 && d > (7 >> drop)))
			return false;
		x = x << 5 | (u128) d;
		canon[i] = c;
	}
	canon[len] = '\0';
	put128(x, v, 16);
	return true;
}

/* wiji: version nibble 1 and a timestamp below 2^54 us */
static bool
ref_wiji_bytes(const uint8_t *v)
{
	return v[9] >> 4 == WIJI_VERSION && (v[0] >> 6) == 0;
}

static bool
ref_wiji(const char *s, size_t len, uint8_t *v, char *canon)
{
	return (ref_crockford(s, len, 2, true, v, canon) || ref_hex16(s, len, v)) && ref_wiji_bytes(v);
}

static bool
ref_ulid(const char *s, size_t len, uint8_t *v, char *canon)
{
	return ref_crockford(s, len, 0, false, v, canon) || ref_hex16(s, len, v);
}

/* sno: 16 sno32 characters, 40 bits for each 8 */
static bool
ref_sno(const char *s, size_t len, uint8_t *v, char *canon)
{
	if (len != SNO32_LEN)
		return false;
	for (int half = 0; half < 2; half++)
	{
		u128		x = 0;

		for (int i = 8 * half; i < 8 * half + 8; i++)
		{
			int			d = digit(sno32, s[i]);

			if (d < 0)
				return false;
			x = x << 5 | (u128) d;
			canon[i] = lower(s[i]);
		}
		put128(x, v + 5 * half, 5);
	}
	canon[len] = '\0';
	return true;
}

/*
 * siq: a decimal integer below 2^112, or "did:siq:" and 29 base32
 * characters, which with "aaa" in front are the 20 bytes of a checksum
 * field (two zero bytes, the CRC-32) and the value.
 */
static bool
ref_siq(const char *s, size_t len, uint8_t *v, char *canon)
{
	u128		x = 0;
	uint8_t		field[20];
	int			bits = 0;
	int			nbytes = 0;
	uint32_t	acc = 0;

	memset(v, 0, SIQ_LEN);
	if (len > 0 && s[0] >= '0' && s[0] <= '9')
	{
		for (size_t i = 0; i < len; i++)
		{
			if (s[i] < '0' || s[i] > '9')
				return false;
			x = x * 10 + (u128) (s[i] - '0');
			if (x >> 112)
				return false;
		}
		put128(x, v + SIQ_OFF, SIQ_LEN - SIQ_OFF);
		return true;
	}
	if (len != SIQ_PREFIX_LEN + SIQ_DID_LEN)
		return false;
	for (int i = 0; i < SIQ_PREFIX_LEN; i++)
		if (lower(s[i]) != SIQ_PREFIX[i])
			return false;
	memcpy(canon, SIQ_PREFIX, SIQ_PREFIX_LEN);
	for (int i = -3; i < SIQ_DID_LEN; i++)
	{
		int			d = i < 0 ? 0 : digit(base32, s[SIQ_PREFIX_LEN + i]);

		if (d < 0)
			return false;
		if (i >= 0)
			canon[SIQ_PREFIX_LEN + i] = lower(s[SIQ_PREFIX_LEN + i]);
		acc = acc << 5 | (uint32_t) d;
		bits += 5;
		while (bits >= 8)
		{
			bits -= 8;
			field[nbytes++] = (uint8_t) (acc >> bits);
		}
	}
	canon[SIQ_PREFIX_LEN + SIQ_DID_LEN] = '\0';
	memcpy(v + SIQ_OFF, field + 6, SIQ_LEN - SIQ_OFF);
	return field[0] == 0 && field[1] == 0 &&
		((uint32_t) field[2] << 24 | (uint32_t) field[3] << 16 |
		 (uint32_t) field[4] << 8 | field[5]) == codec_crc32(field + 6, 14);
}

/* muid: 1 to 3 parts of 13, 11 and 8 hex digits; missing parts are zero */
static bool
ref_muid(const char *s, size_t len, uint8_t *v, char *canon)
{
	static const size_t widths[3] = {MUID_TS_DIGITS, MUID_MED_DIGITS, MUID_OFF_DIGITS};
	char		digits[2 * MUID_LEN];
	size_t		n = 0;
	size_t		pos = 0;

	memset(digits, '0', sizeof(digits));
	for (int part = 0; part < 3; part++)
	{
		if (len - pos < widths[part] || !all_hex(s + pos, widths[part]))
			return false;
		memcpy(digits + n, s + pos, widths[part]);
		n += widths[part];
		pos += widths[part];
		if (pos == len)
			break;
		if (part == 2 || s[pos] != '-')
			return false;
		pos++;
	}
	for (int i = 0, o = 0; i < 2 * MUID_LEN; i++)
	{
		if (i == MUID_TS_DIGITS || i == MUID_TS_DIGITS + MUID_MED_DIGITS)
			canon[o++] = '-';
		canon[o++] = upper(digits[i]);
	}
	canon[MUID_TEXT_LEN] = '\0';
	for (int i = 0; i < MUID_LEN; i++)
		v[i] = (uint8_t) (digit(hexdigits, digits[2 * i]) << 4 | digit(hexdigits, digits[2 * i + 1]));
	return true;
}

static bool
ref_any_bytes(const uint8_t *v)
{
	(void) v;					/* every value of the type's length is valid */
	return true;
}

/*
 * A type: its functions from idtext.c, and the reference's.  ref reads
 * text, writes the bytes, and writes canon when the text is in the form
 * format writes (otherwise leaves it empty).
 */
typedef struct FuzzType
{
	int			len;
	int			off;
	IdtextResult (*parse) (const char *str, uint8_t *v, char *detail);
	bool		(*check) (const uint8_t *v, char *detail);
	void		(*format) (const uint8_t *v, char *buf);
	bool		(*ref) (const char *s, size_t len, uint8_t *v, char *canon);
	bool		(*ref_bytes) (const uint8_t *v);
	bool		numbers;		/* digits are a number: too large is IDTEXT_RANGE */
} FuzzType;

static const FuzzType types[] = {
	[FUZZ_WIJI] = {WIJI_LEN, 0, wiji_parse, wiji_check, wiji_format, ref_wiji, ref_wiji_bytes, false},
	[FUZZ_ULID] = {ULID_LEN, 0, ulid_parse, NULL, ulid_format, ref_ulid, ref_any_bytes, false},
	[FUZZ_SNO] = {SNO_LEN, 0, sno_parse, NULL, sno_format, ref_sno, ref_any_bytes, false},
	[FUZZ_SIQ] = {SIQ_LEN, SIQ_OFF, siq_parse, NULL, siq_format, ref_siq, ref_any_bytes, true},
	[FUZZ_MUID] = {MUID_LEN, 0, muid_parse, NULL, muid_format, ref_muid, ref_any_bytes, false},
};

#define type (types[FUZZ_TYPE])

/* A refusal's detail is a sentence that fits its buffer */
static void
assert_detail(const char *detail)
{
	size_t		n = strnlen(detail, IDTEXT_DETAIL_LEN);

	if (n == 0 || n == IDTEXT_DETAIL_LEN || detail[n - 1] != '.')
		abort();
}

/* Text that a parser accepted: format(parse(text)) and parse(format(v)) */
static void
assert_round_trip(const uint8_t *v, const char *canon)
{
	char		text[IDTEXT_LEN];
	char		detail[IDTEXT_DETAIL_LEN];
	uint8_t		again[MAX_BYTES];

	memset(text, 0x7f, sizeof(text));
	type.format(v, text);
	if (memchr(text, '\0', sizeof(text)) == NULL ||
		(canon[0] != '\0' && strcmp(text, canon) != 0))
		abort();
	/* parsers write into zeroed bytes, as the server's palloc0 gives them */
	memset(again, 0, sizeof(again));
	if (type.parse(text, again, detail) != IDTEXT_OK || memcmp(again, v, type.len) != 0)
		abort();
	if (type.check && !type.check(v, detail))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char		str[256];
	size_t		len = strnlen((const char *) data, size < sizeof(str) ? size : sizeof(str) - 1);
	uint8_t		v[MAX_BYTES];
	uint8_t		want[MAX_BYTES];
	char		canon[IDTEXT_LEN] = "";
	char		detail[IDTEXT_DETAIL_LEN] = "";
	IdtextResult res;
	bool		ok;

	/* Text: the parser and the reference agree, on validity and bytes */
	memcpy(str, data, len);
	str[len] = '\0';
	memset(v, 0, sizeof(v));
	memset(want, 0, sizeof(want));
	res = type.parse(str, v, detail);
	ok = type.ref(str, len, want, canon);
	if (res != (ok ? IDTEXT_OK :
				type.numbers && len > 0 && strspn(str, "0123456789") == len ? IDTEXT_RANGE :
				IDTEXT_SYNTAX))
		abort();
	if (ok)
	{
		if (memcmp(v, want, type.len) != 0)
			abort();
		assert_round_trip(v, canon);
	}
	else
		assert_detail(detail);

	/* Bytes, as recv takes them: the check and the reference agree */
	if (size >= (size_t) (type.len - type.off))
	{
		memset(v, 0, sizeof(v));
		memcpy(v + type.off, data, type.len - type.off);
		detail[0] = '\0';
		ok = type.check ? type.check(v, detail) : true;
		if (ok != type.ref_bytes(v))
			abort();
		if (ok)
			assert_round_trip(v, "");
		else
			assert_detail(detail);
	}
	return 0;
}
