/*
 * ulid.h
 *	  gen_ulid() and gen_uuidv7() are one generator (ulid.c), a millisecond
 *	  and a counter seeded at random (RFC 9562 section 6.2, method 2), in two
 *	  layouts: the ulid's, with 80 random bits and increments of 1, and
 *	  version 7's, with 74 and random increments (whose time functions are
 *	  in uuidv7.c).  A layout gives a value as
 *	  the two 64-bit words whose big-endian bytes it is, so that word order
 *	  is byte order.
 */
#ifndef IDGEN_ULID_H
#define IDGEN_ULID_H

#include "codec.h"

typedef struct IdgenUlidWords
{
	uint64		hi;
	uint64		lo;
} IdgenUlidWords;

/* A version 7 uuid's random part: rand_a's 12 bits, then rand_b's 62 */
#define UUIDV7_RANDOM_BITS	74
#define UUIDV7_RAND_B_MASK	((UINT64CONST(1) << 62) - 1)

/*
 * A version 7 uuid from its millisecond and its 74-bit random part (10 bits
 * in rand_hi, 64 in rand_lo): (ms, random) order is byte order.
 *
 *	  bytes 0-5: timestamp_ms | 6: version 7, rand_a high 4 bits |
 *	  7: rand_a low 8 bits | 8: variant 10, rand_b high 6 bits | 9-15: rand_b
 */
static inline IdgenUlidWords
idgen_uuidv7_pack(uint64 ms, uint64 rand_hi, uint64 rand_lo)
{
	uint64		rand_a = (rand_hi << 2) | (rand_lo >> 62);

	return (IdgenUlidWords) {(ms << 16) | 0x7000 | rand_a,
		(UINT64CONST(1) << 63) | (rand_lo & UUIDV7_RAND_B_MASK)};
}

static inline void
idgen_ulid_put(uint8 *v, IdgenUlidWords w)
{
	be_put(v, 8, w.hi);
	be_put(v + 8, 8, w.lo);
}

#endif							/* IDGEN_ULID_H */
