/*
 * idtext.h
 *	  Each type's text form and its check of bytes from a binary path: the
 *	  parsers, formatters and checkers behind the types' descriptors.  Plain
 *	  C without PostgreSQL headers, like codec.h, so that the fuzz targets
 *	  link them directly.
 *
 * A parser reads a NUL-terminated string, writes the type's bytes into
 * zeroed bytes and returns IDTEXT_OK; or writes a sentence for errdetail
 * into detail (IDTEXT_DETAIL_LEN bytes) and returns what is wrong.  The server has already
 * refused what is not printable ASCII or has surrounding whitespace, so a
 * parser's character positions are byte positions; any other bytes must
 * still be refused safely.  A formatter writes the canonical text and a NUL.
 */
#ifndef IDGEN_IDTEXT_H
#define IDGEN_IDTEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "codec.h"

#define IDTEXT_DETAIL_LEN	160		/* room for any error detail */
#define IDTEXT_LEN			64		/* room for any canonical text */

/* Layouts: stored bytes, and the limits that text and bytes must respect */
#define WIJI_LEN			16
#define WIJI_VERSION		1
#define WIJI_MAX_US			((UINT64_C(1) << 54) - 1)	/* text starts 0 or 1 */
#define ULID_LEN			16
#define SNO_LEN				10
#define SIQ_LEN				16
#define SIQ_OFF				2		/* the two zero bytes in front */
#define SIQ_PREFIX			"did:siq:"
#define SIQ_PREFIX_LEN		8
#define MUID_LEN			16
#define MUID_TS_DIGITS		13
#define MUID_MED_DIGITS		11
#define MUID_OFF_DIGITS		8
#define MUID_TEXT_LEN		(MUID_TS_DIGITS + 1 + MUID_MED_DIGITS + 1 + MUID_OFF_DIGITS)

typedef enum IdtextResult
{
	IDTEXT_OK = 0,
	IDTEXT_SYNTAX,				/* not the type's text (22P02) */
	IDTEXT_RANGE				/* a number too large for the type (22003) */
} IdtextResult;

static inline uint64_t
wiji_timestamp_us(const uint8_t *v)
{
	return be_get(v, 7);
}

extern IdtextResult wiji_parse(const char *str, uint8_t *v, char *detail);
extern bool wiji_check(const uint8_t *v, char *detail);
extern void wiji_format(const uint8_t *v, char *buf);

extern IdtextResult ulid_parse(const char *str, uint8_t *v, char *detail);
extern void ulid_format(const uint8_t *v, char *buf);

extern IdtextResult sno_parse(const char *str, uint8_t *v, char *detail);
extern void sno_format(const uint8_t *v, char *buf);

extern IdtextResult siq_parse(const char *str, uint8_t *v, char *detail);
extern void siq_format(const uint8_t *v, char *buf);

extern IdtextResult muid_parse(const char *str, uint8_t *v, char *detail);
extern void muid_format(const uint8_t *v, char *buf);

/*
 * Write a detail naming a character: the clen bytes at str + pos, the
 * charpos-th character of str (control characters by their code).
 */
extern void idtext_bad_char(char *detail, const char *str, int pos, int charpos, int clen);

#endif							/* IDGEN_IDTEXT_H */
