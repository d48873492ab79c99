/*
 * idtext.c
 *	  Each type's text form and its check of bytes from a binary path (see
 *	  idtext.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "idtext.h"

void
idtext_bad_char(char *detail, const char *str, int pos, int charpos, int clen)
{
	unsigned char c = (unsigned char) str[pos];

	if (c < 0x20 || c == 0x7f)
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "Unexpected control character 0x%02x at position %d.", c, charpos);
	else
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "Unexpected character \"%.*s\" at position %d.", clen, str + pos, charpos);
}

/* A character of a parser's input, which is ASCII: one byte, one place */
static void
ascii_bad_char(char *detail, const char *str, int pos)
{
	idtext_bad_char(detail, str, pos, pos + 1, 1);
}

/*
 * The 16 bytes of a text in the forms that 16-byte types read: 26 Crockford
 * base32 characters (U read as V with u_as_v), 32 hex digits or the
 * 36-character UUID form.  Returns
 * CODEC_OK; CODEC_OVERFLOW for base32 text past 128 bits, whose first
 * character the caller reports; or CODEC_BAD_LENGTH with detail written.
 */
static int
decode128(const char *type, const char *str, uint8_t *v, char *detail, int u_as_v)
{
	size_t		len = strlen(str);
	int			rc;

	if (len == CROCKFORD128_LEN)
		rc = codec_crockford128_decode(str, len, v, u_as_v);
	else if (len == 32 || len == UUID_TEXT_LEN)
		rc = codec_hex16_decode(str, len, v);
	else
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "A %s is 26 base32 characters, 32 hex digits or a 36-character UUID, not %zu character%s.",
				 type, len, len == 1 ? "" : "s");
		return CODEC_BAD_LENGTH;
	}
	if (rc >= 0)
	{
		ascii_bad_char(detail, str, rc);
		return CODEC_BAD_LENGTH;
	}
	return rc;
}

/* The canonical text of the 16-byte types with a Crockford base32 form */
static void
crockford128_format(const uint8_t *v, char *buf)
{
	codec_crockford128_encode(v, buf);
	buf[CROCKFORD128_LEN] = '\0';
}

/* wiji: the version nibble, and a timestamp that base32 text can carry */
bool
wiji_check(const uint8_t *v, char *detail)
{
	if (v[9] >> 4 != WIJI_VERSION)
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "The version nibble is %d; a wiji has version %d.", v[9] >> 4, WIJI_VERSION);
		return false;
	}
	if (wiji_timestamp_us(v) > WIJI_MAX_US)
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "The timestamp %" PRIu64 " us is not below 2^54 us (2540-11-07).",
				 wiji_timestamp_us(v));
		return false;
	}
	return true;
}

/*
 * wiji: 26 Crockford base32 characters (first 0 or 1; U read as V, as its
 * reference parser does), 32 hex digits or the 36-character UUID form.
 */
IdtextResult
wiji_parse(const char *str, uint8_t *v, char *detail)
{
	int			rc = decode128("wiji", str, v, detail, 1);

	/* base32 text starting past 1 holds a timestamp of 2^54 us or more */
	if (rc == CODEC_OVERFLOW ||
		(rc == CODEC_OK && strlen(str) == CROCKFORD128_LEN &&
		 wiji_timestamp_us(v) > WIJI_MAX_US))
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "The first character must be 0 or 1, not \"%c\".", str[0]);
		return IDTEXT_SYNTAX;
	}
	return rc == CODEC_OK && wiji_check(v, detail) ? IDTEXT_OK : IDTEXT_SYNTAX;
}

void
wiji_format(const uint8_t *v, char *buf)
{
	crockford128_format(v, buf);
}

/*
 * ulid: 26 Crockford base32 characters (first 0 to 7; no U, by Crockford's
 * rules, as other ULID implementations), 32 hex digits (the SQLite form) or
 * the 36-character UUID form, either case.
 */
IdtextResult
ulid_parse(const char *str, uint8_t *v, char *detail)
{
	int			rc = decode128("ulid", str, v, detail, 0);

	if (rc == CODEC_OVERFLOW)
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "The first character must be 0 to 7, not \"%c\": the value would not fit in 128 bits.",
				 str[0]);
	return rc == CODEC_OK ? IDTEXT_OK : IDTEXT_SYNTAX;
}

void
ulid_format(const uint8_t *v, char *buf)
{
	crockford128_format(v, buf);
}

/* sno: exactly 16 sno32 characters, either case */
IdtextResult
sno_parse(const char *str, uint8_t *v, char *detail)
{
	size_t		len = strlen(str);
	int			rc;

	if (len != SNO32_LEN)
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "A sno is %d characters of \"23456789abcdefghijklmnopqrstuvwx\", not %zu.",
				 SNO32_LEN, len);
		return IDTEXT_SYNTAX;
	}
	rc = codec_sno32_decode(str, len, v);
	if (rc >= 0)
	{
		ascii_bad_char(detail, str, rc);
		return IDTEXT_SYNTAX;
	}
	return IDTEXT_OK;
}

void
sno_format(const uint8_t *v, char *buf)
{
	codec_sno32_encode(v, buf);
	buf[SNO32_LEN] = '\0';
}

/* Whether str starts with the ASCII prefix, in either case */
static bool
has_prefix_nocase(const char *str, const char *prefix)
{
	for (; *prefix; str++, prefix++)
	{
		char		c = *str;

		if (c >= 'A' && c <= 'Z')
			c = (char) (c - 'A' + 'a');
		if (c != *prefix)
			return false;
	}
	return true;
}

/*
 * siq: "did:siq:" and the 29-character body (prefix and body in either
 * case, checksum verified), or a decimal integer below 2^112.
 */
IdtextResult
siq_parse(const char *str, uint8_t *v, char *detail)
{
	size_t		len = strlen(str);
	uint32_t	crc;
	int			rc;

	if (len == 0)
	{
		snprintf(detail, IDTEXT_DETAIL_LEN, "The text is empty.");
		return IDTEXT_SYNTAX;
	}
	if (str[0] >= '0' && str[0] <= '9')
	{
		rc = codec_dec_decode(str, len, v + SIQ_OFF, SIQ_LEN - SIQ_OFF);
		if (rc == CODEC_OVERFLOW)
		{
			snprintf(detail, IDTEXT_DETAIL_LEN, "A siq is an integer from 0 to 2^112 - 1.");
			return IDTEXT_RANGE;
		}
	}
	else if (str[0] == '-' || str[0] == '+')
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "A siq integer is written without a sign, from 0 to 2^112 - 1.");
		return IDTEXT_SYNTAX;
	}
	else if (has_prefix_nocase(str, SIQ_PREFIX))
	{
		rc = codec_siq_did_decode(str + SIQ_PREFIX_LEN, len - SIQ_PREFIX_LEN, v + SIQ_OFF, &crc);
		if (rc == CODEC_BAD_LENGTH)
		{
			snprintf(detail, IDTEXT_DETAIL_LEN,
					 "A siq is \"did:siq:\" and %d base32 characters, not %zu.",
					 SIQ_DID_LEN, len - SIQ_PREFIX_LEN);
			return IDTEXT_SYNTAX;
		}
		if (rc == CODEC_OVERFLOW)
		{
			snprintf(detail, IDTEXT_DETAIL_LEN,
					 "The text overflows the 6-byte checksum field: its first character \"%c\" must be one of a-p.",
					 str[SIQ_PREFIX_LEN]);
			return IDTEXT_SYNTAX;
		}
		if (rc == CODEC_CHECKSUM)
		{
			snprintf(detail, IDTEXT_DETAIL_LEN,
					 "Checksum mismatch: the text carries 0x%08x, but the CRC-32 of its value is 0x%08x.",
					 crc, codec_crc32(v + SIQ_OFF, SIQ_LEN - SIQ_OFF));
			return IDTEXT_SYNTAX;
		}
		if (rc >= 0)
			rc += SIQ_PREFIX_LEN;
	}
	else
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "A siq is \"did:siq:\" and %d base32 characters, or a decimal integer; the text starts with neither.",
				 SIQ_DID_LEN);
		return IDTEXT_SYNTAX;
	}
	if (rc >= 0)
	{
		ascii_bad_char(detail, str, rc);
		return IDTEXT_SYNTAX;
	}
	return IDTEXT_OK;
}

void
siq_format(const uint8_t *v, char *buf)
{
	memcpy(buf, SIQ_PREFIX, SIQ_PREFIX_LEN);
	codec_siq_did_encode(v + SIQ_OFF, buf + SIQ_PREFIX_LEN);
	buf[SIQ_PREFIX_LEN + SIQ_DID_LEN] = '\0';
}

/*
 * muid: TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO in either case, or its first one
 * or two parts (the rest zero), each at its full width.  The parts' digits
 * are those of the 16 bytes in order.
 */
IdtextResult
muid_parse(const char *str, uint8_t *v, char *detail)
{
	static const int widths[3] = {MUID_TS_DIGITS, MUID_MED_DIGITS, MUID_OFF_DIGITS};
	char		digits[2 * MUID_LEN];
	int			nparts = 1;
	int			part = 0;
	int			width = 0;
	int			ndigits = 0;
	int			rc;

	if (str[0] == '\0')
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "The text is empty; a muid is 13, 11 and 8 hex digits separated by \"-\".");
		return IDTEXT_SYNTAX;
	}
	for (const char *c = str; *c; c++)
		nparts += *c == '-';
	if (nparts > 3)
	{
		snprintf(detail, IDTEXT_DETAIL_LEN,
				 "A muid has at most 3 parts separated by \"-\", not %d.", nparts);
		return IDTEXT_SYNTAX;
	}
	for (const char *c = str;; c++)
	{
		if (*c == '-' || *c == '\0')
		{
			if (width != widths[part])
			{
				if (nparts == 1 && width == 2 * MUID_LEN)
					snprintf(detail, IDTEXT_DETAIL_LEN,
							 "A muid's 32 hex digits are written in 3 parts, 13-11-8, separated by \"-\".");
				else
					snprintf(detail, IDTEXT_DETAIL_LEN,
							 "Part %d should be %d characters long, not %d: the parts of a muid have 13, 11 and 8 hex digits.",
							 part + 1, widths[part], width);
				return IDTEXT_SYNTAX;
			}
			if (*c == '\0')
				break;
			part++;
			width = 0;
			continue;
		}
		/* count the whole part for the detail, keep only what fits */
		if (++width <= widths[part])
			digits[ndigits++] = *c;
	}
	memset(digits + ndigits, '0', sizeof(digits) - ndigits);
	rc = codec_hex_decode(digits, MUID_LEN, v);
	if (rc >= 0)
	{
		/* the digit's place in str, past the hyphens before it */
		ascii_bad_char(detail, str, rc + (rc >= MUID_TS_DIGITS) +
					   (rc >= MUID_TS_DIGITS + MUID_MED_DIGITS));
		return IDTEXT_SYNTAX;
	}
	return IDTEXT_OK;
}

void
muid_format(const uint8_t *v, char *buf)
{
	char		hex[2 * MUID_LEN];

	codec_hex_encode(v, MUID_LEN, hex, 1);
	memcpy(buf, hex, MUID_TS_DIGITS);
	buf[MUID_TS_DIGITS] = '-';
	memcpy(buf + MUID_TS_DIGITS + 1, hex + MUID_TS_DIGITS, MUID_MED_DIGITS);
	buf[MUID_TS_DIGITS + 1 + MUID_MED_DIGITS] = '-';
	memcpy(buf + MUID_TS_DIGITS + MUID_MED_DIGITS + 2, hex + MUID_TS_DIGITS + MUID_MED_DIGITS,
		   MUID_OFF_DIGITS);
	buf[MUID_TEXT_LEN] = '\0';
}
