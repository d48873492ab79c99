#!/usr/bin/python3
"""idgen's types through psycopg 3: text and binary results, text and binary
parameters, COPY in text and binary both ways, checked against the test
vectors in test/data/. Connects with the libpq environment (PGHOST, PGPORT...)
to a database where idgen is installed; prints TAP."""

import csv
import os
import struct
import sys
import traceback

import psycopg

from idgen_psycopg import register_idgen

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test", "data")
# What send/recv carry (SPEC.md section 1): siq is stored in 16 bytes but sent as its 14.
LENGTH = {"wiji": 16, "ulid": 16, "sno": 10, "siq": 14, "muid": 16}
GENERATOR = {"wiji": "gen_wiji()", "ulid": "gen_ulid()", "sno": "gen_sno()",
             "siq": "gen_siq('user')", "muid": "gen_muid()"}
GENERATED = 20
FIRST_GENERATED = 1000  # row numbers of generated ids; vectors are numbered from 0


def read_tsv(name):
    with open(os.path.join(DATA, name), newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def resized(raw, n):
    """A valid id's bytes cut or zero-padded to n bytes: wrong only in length."""
    return (raw + bytes(n))[:n]


def rejected_sqlstate(t, text):
    """A rejected input's error: 22P02, but a siq integer of 2^112 or more is out of range."""
    return "22003" if t == "siq" and text.isdigit() else "22P02"


def copy_binary(rows):
    """COPY BINARY stream of (integer, id bytes) rows, as the server writes it."""
    out = [b"PGCOPY\n\xff\r\n\x00", struct.pack("!ii", 0, 0)]
    for n, raw in rows:
        out.append(struct.pack("!hii", 2, 4, n) + struct.pack("!i", len(raw)) + raw)
    out.append(struct.pack("!h", -1))
    return b"".join(out)


class Tap:
    def __init__(self):
        self.count = 0
        self.failed = 0

    def check(self, name, fn):
        """Run fn; it raises on a mismatch. One TAP line either way."""
        self.count += 1
        try:
            fn()
            print(f"ok {self.count} - {name}")
        except Exception as exc:  # a failed check or an error: the run goes on
            self.failed += 1
            print(f"not ok {self.count} - {name}")
            for line in (str(exc) or traceback.format_exc()).splitlines():
                print(f"#   {line}")
        sys.stdout.flush()


def same(got, want, what):
    if got != want:
        bad = [i for i, (g, w) in enumerate(zip(got, want)) if g != w] \
            if isinstance(got, list) and isinstance(want, list) else []
        where = f" (first difference at {bad[0]}: {got[bad[0]]!r} != {want[bad[0]]!r})" if bad else ""
        raise AssertionError(f"{what}: got {got!r:.300}, want {want!r:.300}{where}")


def refused(sqlstate, fn, what):
    try:
        fn()
    except psycopg.Error as exc:
        same(exc.sqlstate, sqlstate, f"{what}: SQLSTATE ({exc})")
        return
    raise AssertionError(f"{what}: no error, want SQLSTATE {sqlstate}")


def copy_out(conn, sql):
    with conn.cursor() as cur, cur.copy(sql) as copy:
        return b"".join(bytes(block) for block in copy)


def copy_in(conn, sql, data):
    with conn.cursor() as cur, cur.copy(sql) as copy:
        copy.write(data)


def type_checks(tap, conn, ids, t):
    length = LENGTH[t]
    vectors = read_tsv(f"{t}.tsv")
    texts = [v["text"] for v in vectors]
    raws = [bytes.fromhex(v["bytes_hex"]) for v in vectors]
    numbered = list(enumerate(raws))
    inputs = [r for r in read_tsv("inputs.tsv") if r["type"] == t and r["output"] != "ERROR"]
    rejected = [r["input"] for r in read_tsv("inputs.tsv") if r["type"] == t and r["output"] == "ERROR"]
    errors = " or ".join(sorted({rejected_sqlstate(t, text) for text in rejected}))
    table, other = f"{t}_ids", f"{t}_other"
    conn.execute(f"DROP TABLE IF EXISTS {table}, {other}")
    conn.execute(f"CREATE TABLE {table} (n integer PRIMARY KEY, id {t})")
    conn.execute(f"CREATE TABLE {other} (n integer PRIMARY KEY, id {t})")

    def column(sql, params=None, binary=False):
        return [r[0] for r in conn.execute(sql, params, binary=binary).fetchall()]

    def vector_texts(tbl):
        return column(f"SELECT id FROM {tbl} WHERE n < %t ORDER BY n", [FIRST_GENERATED])

    def text_in_text_out():
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO {table} VALUES (%t, %t)", list(enumerate(texts)))
        same(vector_texts(table), texts, "text results")
    tap.check(f"{t}: text parameters store all {len(texts)} vectors, text results are their canonical text",
              text_in_text_out)

    def binary_out():
        got = column(f"SELECT id FROM {table} ORDER BY n", binary=True)
        same(got, raws, "binary results")
        same({len(b) for b in got}, {length}, "lengths")
    tap.check(f"{t}: binary results are the vectors' bytes, {length} each", binary_out)

    def binary_in():
        with conn.cursor() as cur:
            cur.executemany(f"INSERT INTO {other} VALUES (%t, %b)", [(n, ids[t](raw)) for n, raw in numbered])
        same(vector_texts(other), texts, "text of the values stored")
    tap.check(f"{t}: binary parameters of the vectors' bytes store their values", binary_in)

    def binary_param_finds():
        got = [column(f"SELECT n FROM {table} WHERE id = %b", [ids[t](raw)]) for raw in raws]
        same(got, [[n] for n in range(len(raws))], "rows found")
    tap.check(f"{t}: a binary parameter finds each vector's row", binary_param_finds)

    def text_param_forms():
        got = [conn.execute(f"SELECT %t::{t}", [r["input"]]).fetchone()[0] for r in inputs]
        same(got, [r["output"] for r in inputs], "canonical text")
        found = [column(f"SELECT n FROM {table} WHERE id = %t", [text]) for text in texts]
        same(found, [[n] for n in range(len(texts))], "rows found by the canonical text")
        for text in rejected:
            refused(rejected_sqlstate(t, text), lambda: conn.execute(f"SELECT %t::{t}", [text]), repr(text))
    tap.check(f"{t}: text parameters: {len(inputs)} accepted forms give their canonical text, "
              f"the canonical text finds each row, {len(rejected)} rejected forms raise {errors}",
              text_param_forms)

    def wrong_lengths():
        for n in (length - 1, length + 1):
            refused("22P03", lambda: conn.execute(f"SELECT %b::{t}", [ids[t](resized(raws[0], n))]), f"{n} bytes")
    tap.check(f"{t}: binary parameters of {length - 1} and {length + 1} bytes are refused with 22P03",
              wrong_lengths)

    def generated():
        conn.execute(f"INSERT INTO {table} SELECT %t + g, {GENERATOR[t]} FROM generate_series(0, %t) g",
                     [FIRST_GENERATED, GENERATED - 1])
        where = f"FROM {table} WHERE n >= {FIRST_GENERATED} ORDER BY n"
        gtexts = column(f"SELECT id {where}")
        graws = column(f"SELECT id {where}", binary=True)
        same(len(graws), GENERATED, "count")
        same({len(b) for b in graws}, {length}, "lengths")
        # the bytea cast reaches the bytes by another path than send
        same([b.hex() for b in graws], column(f"SELECT encode(id::bytea, 'hex') {where}"), "bytes")
        numbers = list(range(FIRST_GENERATED, FIRST_GENERATED + GENERATED))
        same([column(f"SELECT n FROM {table} WHERE id = %b", [ids[t](b)]) for b in graws],
             [[n] for n in numbers], "rows found by their bytes")
        same([column(f"SELECT n FROM {table} WHERE id = %t", [s]) for s in gtexts],
             [[n] for n in numbers], "rows found by their text")
        same(column(f"SELECT id FROM {table} ORDER BY id", binary=True), sorted(raws + graws),
             "the type's order is the bytes' order")
    tap.check(f"{t}: {GENERATED} generated ids: {length} bytes each, equal to the bytea cast; "
              "their bytes and their text find their rows", generated)

    vector_rows = f"(SELECT n, id FROM {table} WHERE n < {FIRST_GENERATED} ORDER BY n)"

    def copy_text_out():
        got = copy_out(conn, f"COPY {vector_rows} TO STDOUT").decode()
        same(got, "".join(f"{n}\t{text}\n" for n, text in enumerate(texts)), "COPY text")
    tap.check(f"{t}: COPY TO text gives the vectors' canonical text", copy_text_out)

    def copy_text_in():
        conn.execute(f"TRUNCATE {other}")
        copy_in(conn, f"COPY {other} FROM STDIN",
                "".join(f"{n}\t{r['input']}\n" for n, r in enumerate(inputs)).encode())
        same(column(f"SELECT id FROM {other} ORDER BY n"), [r["output"] for r in inputs], "stored values")
        for text in rejected:
            refused(rejected_sqlstate(t, text),
                    lambda: copy_in(conn, f"COPY {other} FROM STDIN", f"0\t{text}\n".encode()), repr(text))
    tap.check(f"{t}: COPY FROM text reads the {len(inputs)} accepted forms, "
              f"refuses each of the {len(rejected)} rejected ones with {errors}", copy_text_in)

    def copy_binary_out():
        same(copy_out(conn, f"COPY {vector_rows} TO STDOUT (FORMAT binary)"), copy_binary(numbered),
             "COPY binary stream")
    tap.check(f"{t}: COPY TO binary gives the vectors' bytes, {length} per field", copy_binary_out)

    def copy_binary_in():
        conn.execute(f"TRUNCATE {other}")
        copy_in(conn, f"COPY {other} FROM STDIN (FORMAT binary)", copy_binary(numbered))
        same(vector_texts(other), texts, "text of the values stored")
    tap.check(f"{t}: COPY FROM binary stores the vectors from their bytes", copy_binary_in)

    def copy_binary_round_trip():
        out = copy_out(conn, f"COPY {table} TO STDOUT (FORMAT binary)")
        conn.execute(f"TRUNCATE {other}")
        copy_in(conn, f"COPY {other} FROM STDIN (FORMAT binary)", out)
        same(column(f"SELECT count(*) FROM {other}"), [len(raws) + GENERATED], "rows copied")
        same(copy_out(conn, f"COPY {other} TO STDOUT (FORMAT binary)"), out, "second COPY binary stream")
    tap.check(f"{t}: COPY binary out, in and out again reproduces the bytes of vectors and generated ids",
              copy_binary_round_trip)

    def copy_rows():
        conn.execute(f"TRUNCATE {other}")
        with conn.cursor() as cur:
            with cur.copy(f"COPY {other} FROM STDIN (FORMAT binary)") as copy:
                copy.set_types(["int4", t])
                for n, raw in numbered:
                    copy.write_row((n, ids[t](raw)))
            with cur.copy(f"COPY {other} TO STDOUT (FORMAT binary)") as copy:
                copy.set_types(["int4", t])
                got = sorted(copy.rows())
        same(got, numbered, "rows read")
        same(vector_texts(other), texts, "text of the values stored")
    tap.check(f"{t}: COPY binary row by row with the adapter (write_row, rows)", copy_rows)

    def copy_wrong_length():
        conn.execute(f"TRUNCATE {other}")
        refused("22P03", lambda: copy_in(conn, f"COPY {other} FROM STDIN (FORMAT binary)",
                                         copy_binary([(0, resized(raws[0], length + 1))])), "COPY")
    tap.check(f"{t}: COPY FROM binary with a field of {length + 1} bytes is refused with 22P03",
              copy_wrong_length)

    conn.execute(f"DROP TABLE {table}, {other}")


def snowflake_checks(tap, conn):
    """Snowflake ids are plain bigints: Python ints, exact in text and binary."""
    def generated():
        for binary in (False, True):
            rows = conn.execute("SELECT gen_snowflake() AS id FROM generate_series(1, %t)",
                                [GENERATED], binary=binary).fetchall()
            got = [r[0] for r in rows]
            same([type(v) for v in got], [int] * GENERATED, f"types (binary={binary})")
            same(sorted(set(got)), got, f"distinct and increasing (binary={binary})")
            texts = [r[0] for r in conn.execute("SELECT unnest(%b::bigint[])::text", [got]).fetchall()]
            same(texts, [str(v) for v in got], f"as the server prints them (binary={binary})")
    tap.check(f"snowflake: {GENERATED} generated ids, in text and binary results, are distinct, "
              "increasing Python ints, exact", generated)

    def parts():
        want = 136169504773242881
        same(conn.execute("SELECT snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 1)").fetchone()[0],
             want, "snowflake_from_parts()")
        same(conn.execute("SELECT snowflake_extract_node(%b), snowflake_extract_sequence(%t)",
                          [want + (7 << 12), want]).fetchone(), (7, 1), "extract from parameters")
        refused("22023", lambda: conn.execute("SELECT snowflake_extract_node(%b)", [-1]),
                "a negative id")
    tap.check("snowflake: parts through binary and text parameters, and a negative id refused", parts)


def main():
    tap = Tap()
    with psycopg.connect(autocommit=True) as conn:
        ids = register_idgen(conn)
        for t in LENGTH:
            type_checks(tap, conn, ids, t)
        snowflake_checks(tap, conn)
    print(f"1..{tap.count}")
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
