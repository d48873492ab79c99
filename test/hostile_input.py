#!/usr/bin/python3
"""Random input through every type's binary receive path (COPY BINARY) and
text input: each input must end in the type's own error or in a value that
round-trips. Run by t/018_hostile_input.pl, which starts the server and
checks afterwards that it never crashed.

Usage: hostile_input.py COUNT SEED, connecting with the libpq environment
(PGHOST, PGPORT, PGDATABASE) to a database where idgen is installed. Prints
one JSON object per type and path with the counts the TAP test asserts.

Binary inputs: a tenth are random bytes of a random length; the rest have
the type's length, half of them random bytes, half a valid value with one
to three bits flipped. Which of them are values is known here (SPEC.md: the
length, and for wiji the version nibble and the timestamp below 2^54 us),
so the server's answer for each is checked, not only that it answered.
Inputs the server should take go in batches; the others one per COPY, as a
COPY stops at its first bad row.

Text inputs: random printable ASCII, random Unicode, and valid texts in
every form the type reads with characters replaced, inserted, deleted or
changed in case. Each is cast in a PL/pgSQL block of its own on the server;
an accepted text must give a value whose canonical text reads back as the
same value, for which T_is_valid() says true; a refused one must raise the
type's input error naming the input, and T_is_valid() must say false."""

import json
import random
import struct
import sys

import psycopg

LENGTH = {"wiji": 16, "ulid": 16, "sno": 10, "siq": 14, "muid": 16}
GENERATOR = {"wiji": "gen_wiji()", "ulid": "gen_ulid()", "sno": "gen_sno()",
             "siq": "gen_siq('user')", "muid": "gen_muid()"}
# Every text form each type reads, from a value v (SQL), besides v::text
OTHER_FORMS = {
    "wiji": ["v::uuid::text", "wiji_to_hex(v)", "lower(v::text)"],
    "ulid": ["v::uuid::text", "ulid_to_hex(v)", "lower(v::text)"],
    "sno": ["upper(v::text)"],
    "siq": ["v::numeric::text", "upper(v::text)"],
    "muid": ["lower(v::text)", "left(v::text, 25)", "left(v::text, 13)"],
}
BATCH = 2000


def binary_is_value(t, raw):
    if len(raw) != LENGTH[t]:
        return False
    if t == "wiji":
        return raw[9] >> 4 == 1 and raw[0] >> 6 == 0
    return True


def copy_binary(conn, table, rows):
    """COPY rows (n, raw) into table as (n int, raw bytea, v T) in binary."""
    out = bytearray(b"PGCOPY\n\xff\r\n\x00" + struct.pack("!ii", 0, 0))
    for n, raw in rows:
        out += struct.pack("!hii", 3, 4, n)
        out += struct.pack("!i", len(raw)) + raw
        out += struct.pack("!i", len(raw)) + raw
    out += struct.pack("!h", -1)
    with conn.cursor().copy(f"COPY {table} (n, raw, v) FROM STDIN (FORMAT binary)") as copy:
        copy.write(bytes(out))


def flip_bits(rng, raw):
    b = bytearray(raw)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(b) * 8)
        b[i // 8] ^= 0x80 >> (i % 8)
    return bytes(b)


def binary_inputs(rng, t, count, valid):
    inputs = []
    for n in range(count):
        r = rng.random()
        if r < 0.1:
            raw = rng.randbytes(rng.randint(0, 2 * LENGTH[t] + 2))
        elif r < 0.55:
            raw = rng.randbytes(LENGTH[t])
        else:
            raw = flip_bits(rng, rng.choice(valid))
        inputs.append((n, raw))
    return inputs


def check_binary(conn, t, count, rng):
    table = f"hostile_bin_{t}"
    conn.execute(f"CREATE TABLE {table} (n int PRIMARY KEY, raw bytea, v {t})")
    valid = [r[0] for r in conn.execute(
        f"SELECT v::bytea FROM (SELECT {GENERATOR[t]} AS v FROM generate_series(1, 1000)) s")]
    inputs = binary_inputs(rng, t, count, valid)
    expected_values = [row for row in inputs if binary_is_value(t, row[1])]
    expected_errors = [row for row in inputs if not binary_is_value(t, row[1])]
    result = {"type": t, "path": "binary", "inputs": count,
              "expected_values": len(expected_values), "expected_errors": len(expected_errors),
              "wrong_error": 0, "accepted_non_value": 0, "errors": 0, "examples": []}

    for i in range(0, len(expected_values), BATCH):
        try:
            copy_binary(conn, table, expected_values[i:i + BATCH])
        except psycopg.Error as e:
            result["examples"].append(f"batch {i}: {e.sqlstate} {e} / {e.diag.context}")
    message = f"invalid binary value for type {t}"
    for row in expected_errors:
        try:
            copy_binary(conn, table, [row])
            result["accepted_non_value"] += 1
            result["examples"].append(f"accepted {row[1].hex()}")
        except psycopg.Error as e:
            result["errors"] += 1
            if e.sqlstate != "22P03" or e.diag.message_primary != message or not e.diag.message_detail:
                result["wrong_error"] += 1
                result["examples"].append(f"{row[1].hex()}: {e.sqlstate} {e.diag.message_primary}")

    # What went in comes out: the same bytes by the bytea cast and by COPY TO
    # in binary, and the canonical text reads back as the same value
    (result["stored"], result["bytes_differ"], result["text_differs"]) = conn.execute(
        f"SELECT count(*), count(*) FILTER (WHERE v::bytea <> raw),"
        f" count(*) FILTER (WHERE v::text::{t} <> v OR v::text::{t}::text <> v::text)"
        f" FROM {table}").fetchone()
    sent = bytearray()
    with conn.cursor().copy(f"COPY (SELECT v FROM {table} ORDER BY n) TO STDOUT (FORMAT binary)") as copy:
        for chunk in copy:
            sent += chunk
    stored = {n: raw for n, raw in expected_values}
    pos, differ = 19, 0
    for n in sorted(stored):
        (fields, length) = struct.unpack_from("!hi", sent, pos)
        differ += fields != 1 or sent[pos + 6:pos + 6 + length] != stored[n]
        pos += 6 + length
    result["copy_out_differs"] = differ
    return result


def mutate_text(rng, s):
    chars = list(s)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        c = rng.choice("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-:_ é\t")
        if op == 0 and chars:
            chars[min(i, len(chars) - 1)] = c
        elif op == 1:
            chars.insert(i, c)
        elif op == 2 and chars:
            del chars[min(i, len(chars) - 1)]
        elif chars:
            j = min(i, len(chars) - 1)
            chars[j] = chars[j].swapcase()
    return "".join(chars)


def text_inputs(rng, t, count, texts):
    inputs = []
    for n in range(count):
        r = rng.random()
        if r < 0.15:
            s = "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(0, 45)))
        elif r < 0.25:
            s = "".join(chr(rng.choice([rng.randint(1, 0x7ff), rng.randint(0xe000, 0x10ffff)]))
                        for _ in range(rng.randint(0, 30)))
        elif r < 0.4:
            s = rng.choice(texts)
        else:
            s = mutate_text(rng, rng.choice(texts))
        inputs.append((n, s))
    return inputs


def check_text(conn, t, count, rng):
    table = f"hostile_text_{t}"
    conn.execute(f"CREATE TABLE {table} (n int PRIMARY KEY, s text, v {t}, err_state text, err_message text)")
    forms = ", ".join(["v::text"] + OTHER_FORMS[t])
    texts = [s for row in conn.execute(
        f"SELECT ARRAY[{forms}] FROM (SELECT {GENERATOR[t]} AS v FROM generate_series(1, 200)) s")
        for s in row[0]]
    inputs = text_inputs(rng, t, count, texts)
    with conn.cursor().copy(f"COPY {table} (n, s) FROM STDIN") as copy:
        for row in inputs:
            copy.write_row(row)
    conn.execute(f"""
        DO $$
        DECLARE
            r record;
            val {t};
        BEGIN
            FOR r IN SELECT n, s FROM {table} LOOP
                BEGIN
                    val := r.s::{t};
                    UPDATE {table} SET v = val WHERE n = r.n;
                EXCEPTION WHEN others THEN
                    UPDATE {table} SET err_state = SQLSTATE, err_message = SQLERRM WHERE n = r.n;
                END;
            END LOOP;
        END
        $$""")
    # The type's input error naming the input; siq also reads a decimal
    # integer, and one of 2^112 or more is out of range
    error_ok = (f"(err_state = '22P02' AND err_message = format('invalid input syntax for type {t}: \"%s\"', s)"
                + (" OR err_state = '22003' AND s ~ '^[0-9]+$'"
                   " AND err_message = format('value \"%s\" is out of range for type siq', s)" if t == "siq" else "")
                + ")")
    row = conn.execute(f"""
        SELECT count(*),
               count(v),
               count(*) FILTER (WHERE v IS NULL),
               count(*) FILTER (WHERE v IS NOT NULL
                                  AND (v::text::{t} <> v OR v::text::{t}::text <> v::text
                                       OR NOT {t}_is_valid(s))),
               count(*) FILTER (WHERE v IS NULL AND NOT {error_ok}),
               count(*) FILTER (WHERE v IS NULL AND {t}_is_valid(s)),
               count(*) FILTER (WHERE v IS NOT NULL AND s <> v::text)
        FROM {table}""").fetchone()
    (total, accepted, refused, no_round_trip, wrong_error, valid_but_refused, not_canonical) = row
    examples = [f"{r[0]!r}: {r[1]} {r[2]}" for r in conn.execute(
        f"SELECT s, err_state, err_message FROM {table} WHERE v IS NULL AND NOT {error_ok} LIMIT 5")]
    return {"type": t, "path": "text", "inputs": total, "accepted": accepted, "refused": refused,
            "no_round_trip": no_round_trip, "wrong_error": wrong_error,
            "valid_but_refused": valid_but_refused, "not_canonical": not_canonical,
            "examples": examples}


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    with psycopg.connect(autocommit=True) as conn:
        for t in LENGTH:
            rng = random.Random(f"{seed}-{t}")
            print(json.dumps(check_binary(conn, t, count, rng)), flush=True)
            print(json.dumps(check_text(conn, t, count, rng)), flush=True)


if __name__ == "__main__":
    main()
