/*
 * sha256.h
 *	  SHA-256 (FIPS 180-4) of a short message, in plain C (sha256.c): the siq
 *	  domain hash is computed in the postmaster too, where core's
 *	  cryptohash, backed by OpenSSL, needs a resource owner it does not have.
 */
#ifndef IDGEN_SHA256_H
#define IDGEN_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define IDGEN_SHA256_LEN	32

extern void idgen_sha256(const void *data, size_t len, uint8_t digest[IDGEN_SHA256_LEN]);

#endif							/* IDGEN_SHA256_H */
