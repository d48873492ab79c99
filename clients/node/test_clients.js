// idgen's types through node-postgres: text results, bytes through the bytea
// cast, text and binary parameters, COPY in text and binary both ways (with
// pg-copy-streams), checked against the test vectors in test/data/. Connects
// with the libpq environment (PGHOST, PGPORT...) to a database where idgen is
// installed; prints TAP.
'use strict'
const fs = require('node:fs')
const path = require('node:path')
const { Readable } = require('node:stream')
const { pipeline } = require('node:stream/promises')
const pg = require('pg')
const { from: copyFrom, to: copyTo } = require('pg-copy-streams')
const { registerIdgen } = require('./idgen_pg')

const DATA = path.join(__dirname, '..', '..', 'test', 'data')
// What send/recv carry (SPEC.md section 1): siq is stored in 16 bytes but sent as its 14.
const LENGTH = { wiji: 16, ulid: 16, sno: 10, siq: 14, muid: 16 }
const GENERATOR = {
  wiji: 'gen_wiji()', ulid: 'gen_ulid()', sno: 'gen_sno()', siq: "gen_siq('user')", muid: 'gen_muid()'
}
const GENERATED = 20
const FIRST_GENERATED = 1000 // row numbers of generated ids; vectors are numbered from 0

function readTsv (name) {
  const [header, ...lines] = fs.readFileSync(path.join(DATA, name), 'utf8').split('\n').filter((l) => l !== '')
  const names = header.split('\t')
  return lines.map((line) => Object.fromEntries(line.split('\t').map((v, i) => [names[i], v])))
}

// A valid id's bytes cut or zero-padded to n bytes: wrong only in length.
const resized = (raw, n) => Buffer.concat([raw, Buffer.alloc(n)]).subarray(0, n)

// A rejected input's error: 22P02, but a siq integer of 2^112 or more is out of range.
const rejectedSqlstate = (t, text) => (t === 'siq' && /^[0-9]+$/.test(text) ? '22003' : '22P02')

// COPY BINARY stream of [integer, id bytes] rows, as the server writes it.
function copyBinary (rows) {
  const parts = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]
  for (const [n, raw] of rows) {
    const head = Buffer.alloc(14)
    head.writeInt16BE(2, 0)
    head.writeInt32BE(4, 2)
    head.writeInt32BE(n, 6)
    head.writeInt32BE(raw.length, 10)
    parts.push(head, raw)
  }
  parts.push(Buffer.from([0xff, 0xff]))
  return Buffer.concat(parts)
}

let count = 0
let failed = 0

// check NAME FN: run FN (async; it throws on a mismatch), print one TAP line.
async function check (name, fn) {
  count++
  try {
    await fn()
    console.log(`ok ${count} - ${name}`)
  } catch (err) {
    failed++
    console.log(`not ok ${count} - ${name}`)
    for (const line of String(err.message || err).split('\n')) console.log(`#   ${line}`)
  }
}

const show = (v) => JSON.stringify(v, (k, x) => (x && x.type === 'Buffer' ? Buffer.from(x.data).toString('hex') : x))

function same (got, want, what) {
  const g = show(got)
  const w = show(want)
  if (g !== w) {
    let where = ''
    if (Array.isArray(got) && Array.isArray(want)) {
      const i = got.findIndex((x, j) => show(x) !== show(want[j]))
      if (i >= 0) where = ` (first difference at ${i}: ${show(got[i])} != ${show(want[i])})`
    }
    throw new Error(`${what}: got ${g.slice(0, 300)}, want ${w.slice(0, 300)}${where}`)
  }
}

async function refused (sqlstate, fn, what) {
  try {
    await fn()
  } catch (err) {
    same(err.code, sqlstate, `${what}: SQLSTATE (${err.message})`)
    return
  }
  throw new Error(`${what}: no error, want SQLSTATE ${sqlstate}`)
}

async function copyOut (client, sql) {
  const chunks = []
  for await (const chunk of client.query(copyTo(sql))) chunks.push(chunk)
  return Buffer.concat(chunks)
}

async function copyIn (client, sql, data) {
  await pipeline(Readable.from([data]), client.query(copyFrom(sql)))
}

async function typeChecks (client, t) {
  const length = LENGTH[t]
  const vectors = readTsv(`${t}.tsv`)
  const texts = vectors.map((v) => v.text)
  const raws = vectors.map((v) => Buffer.from(v.bytes_hex, 'hex'))
  const numbered = raws.map((raw, n) => [n, raw])
  const allInputs = readTsv('inputs.tsv').filter((r) => r.type === t)
  const inputs = allInputs.filter((r) => r.output !== 'ERROR')
  const rejected = allInputs.filter((r) => r.output === 'ERROR').map((r) => r.input)
  const errors = [...new Set(rejected.map((text) => rejectedSqlstate(t, text)))].sort().join(' or ')
  const table = `${t}_ids`
  const other = `${t}_other`
  await client.query(`DROP TABLE IF EXISTS ${table}, ${other}`)
  await client.query(`CREATE TABLE ${table} (n integer PRIMARY KEY, id ${t})`)
  await client.query(`CREATE TABLE ${other} (n integer PRIMARY KEY, id ${t})`)

  const column = async (sql, values) => (await client.query({ text: sql, values, rowMode: 'array' })).rows.map((r) => r[0])
  const vectorTexts = (tbl) => column(`SELECT id FROM ${tbl} WHERE n < $1 ORDER BY n`, [FIRST_GENERATED])
  const rowsFound = async (values) => {
    const found = []
    for (const v of values) found.push(await column(`SELECT n FROM ${table} WHERE id = $1`, [v]))
    return found
  }
  const numbers = (first, n) => Array.from({ length: n }, (_, i) => [first + i])

  await check(`${t}: text parameters store all ${texts.length} vectors, text results are their canonical text`, async () => {
    for (const [n, text] of texts.entries()) await client.query(`INSERT INTO ${table} VALUES ($1, $2)`, [n, text])
    same(await vectorTexts(table), texts, 'text results')
  })

  await check(`${t}: the bytea cast gives the vectors' bytes, ${length} each`, async () => {
    const got = await column(`SELECT id::bytea FROM ${table} ORDER BY n`)
    same(got, raws, 'bytes')
    same([...new Set(got.map((b) => b.length))], [length], 'lengths')
  })

  await check(`${t}: binary (Buffer) parameters of the vectors' bytes store their values`, async () => {
    for (const [n, raw] of numbered) await client.query(`INSERT INTO ${other} VALUES ($1, $2)`, [n, raw])
    same(await vectorTexts(other), texts, 'text of the values stored')
  })

  await check(`${t}: a binary parameter finds each vector's row`, async () => {
    same(await rowsFound(raws), numbers(0, raws.length), 'rows found')
  })

  await check(`${t}: text parameters: ${inputs.length} accepted forms give their canonical text, ` +
      `the canonical text finds each row, ${rejected.length} rejected forms raise ${errors}`, async () => {
    const got = []
    for (const r of inputs) got.push(...await column(`SELECT $1::${t}`, [r.input]))
    same(got, inputs.map((r) => r.output), 'canonical text')
    same(await rowsFound(texts), numbers(0, texts.length), 'rows found by the canonical text')
    for (const text of rejected) {
      await refused(rejectedSqlstate(t, text), () => client.query(`SELECT $1::${t}`, [text]), show(text))
    }
  })

  await check(`${t}: binary parameters of ${length - 1} and ${length + 1} bytes are refused with 22P03`, async () => {
    for (const n of [length - 1, length + 1]) {
      await refused('22P03', () => client.query(`SELECT $1::${t}`, [resized(raws[0], n)]), `${n} bytes`)
    }
  })

  await check(`${t}: ${GENERATED} generated ids: ${length} bytes each, the same in COPY binary; ` +
      'their bytes and their text find their rows', async () => {
    await client.query(`INSERT INTO ${table} SELECT $1 + g, ${GENERATOR[t]} FROM generate_series(0, $2) g`,
      [FIRST_GENERATED, GENERATED - 1])
    const where = `FROM ${table} WHERE n >= ${FIRST_GENERATED} ORDER BY n`
    const gtexts = await column(`SELECT id ${where}`)
    const graws = await column(`SELECT id::bytea ${where}`)
    same(graws.length, GENERATED, 'count')
    same([...new Set(graws.map((b) => b.length))], [length], 'lengths')
    // COPY binary reaches the bytes through send, the cast by another path
    same(await copyOut(client, `COPY (SELECT n, id ${where}) TO STDOUT (FORMAT binary)`),
      copyBinary(graws.map((raw, i) => [FIRST_GENERATED + i, raw])), 'COPY binary stream')
    same(await rowsFound(graws), numbers(FIRST_GENERATED, GENERATED), 'rows found by their bytes')
    same(await rowsFound(gtexts), numbers(FIRST_GENERATED, GENERATED), 'rows found by their text')
    same(await column(`SELECT id::bytea FROM ${table} ORDER BY id`), [...raws, ...graws].sort(Buffer.compare),
      "the type's order is the bytes' order")
  })

  const vectorRows = `(SELECT n, id FROM ${table} WHERE n < ${FIRST_GENERATED} ORDER BY n)`

  await check(`${t}: COPY TO text gives the vectors' canonical text`, async () => {
    const got = (await copyOut(client, `COPY ${vectorRows} TO STDOUT`)).toString()
    same(got, texts.map((text, n) => `${n}\t${text}\n`).join(''), 'COPY text')
  })

  await check(`${t}: COPY FROM text reads the ${inputs.length} accepted forms, ` +
      `refuses each of the ${rejected.length} rejected ones with ${errors}`, async () => {
    await client.query(`TRUNCATE ${other}`)
    await copyIn(client, `COPY ${other} FROM STDIN`, inputs.map((r, n) => `${n}\t${r.input}\n`).join(''))
    same(await column(`SELECT id FROM ${other} ORDER BY n`), inputs.map((r) => r.output), 'stored values')
    for (const text of rejected) {
      await refused(rejectedSqlstate(t, text), () => copyIn(client, `COPY ${other} FROM STDIN`, `0\t${text}\n`), show(text))
    }
  })

  await check(`${t}: COPY TO binary gives the vectors' bytes, ${length} per field`, async () => {
    same(await copyOut(client, `COPY ${vectorRows} TO STDOUT (FORMAT binary)`), copyBinary(numbered), 'COPY binary stream')
  })

  await check(`${t}: COPY FROM binary stores the vectors from their bytes`, async () => {
    await client.query(`TRUNCATE ${other}`)
    await copyIn(client, `COPY ${other} FROM STDIN (FORMAT binary)`, copyBinary(numbered))
    same(await vectorTexts(other), texts, 'text of the values stored')
  })

  await check(`${t}: COPY binary out, in and out again reproduces the bytes of vectors and generated ids`, async () => {
    const out = await copyOut(client, `COPY ${table} TO STDOUT (FORMAT binary)`)
    await client.query(`TRUNCATE ${other}`)
    await copyIn(client, `COPY ${other} FROM STDIN (FORMAT binary)`, out)
    same(await column(`SELECT count(*)::int FROM ${other}`), [raws.length + GENERATED], 'rows copied')
    same(await copyOut(client, `COPY ${other} TO STDOUT (FORMAT binary)`), out, 'second COPY binary stream')
  })

  await check(`${t}: binary: true results are refused by the adapter, not returned damaged`, async () => {
    try {
      await client.query({ text: `SELECT id FROM ${table} ORDER BY n`, binary: true, queryMode: 'extended' })
    } catch (err) {
      same(err.message, `binary results lose bytes in pg 8: read ${t} as text, or cast it to bytea`, 'error')
      return
    }
    throw new Error('no error')
  })

  await check(`${t}: COPY FROM binary with a field of ${length + 1} bytes is refused with 22P03`, async () => {
    await client.query(`TRUNCATE ${other}`)
    await refused('22P03', () => copyIn(client, `COPY ${other} FROM STDIN (FORMAT binary)`,
      copyBinary([[0, resized(raws[0], length + 1)]])), 'COPY')
  })

  await client.query(`DROP TABLE ${table}, ${other}`)
}

// Snowflake ids are plain bigints, past 2^53: node-postgres gives int8 as a
// string, exact, unless told to parse it (here as a BigInt); a JavaScript
// number would lose their low bits.
async function snowflakeChecks (client) {
  await check(`snowflake: ${GENERATED} generated ids come as exact strings, and as BigInts with a type parser`, async () => {
    const sql = 'SELECT id, id::text AS text FROM (SELECT gen_snowflake() AS id FROM generate_series(1, $1)) s'
    const plain = (await client.query(sql, [GENERATED])).rows
    same(plain.map((r) => typeof r.id), Array(GENERATED).fill('string'), 'types by default')
    same(plain.map((r) => r.id), plain.map((r) => r.text), 'strings as the server prints them')
    const bigints = (await client.query({
      text: sql,
      values: [GENERATED],
      types: { getTypeParser: (oid, format) => (oid === 20 ? BigInt : pg.types.getTypeParser(oid, format)) }
    })).rows
    same(bigints.map((r) => typeof r.id), Array(GENERATED).fill('bigint'), 'types with the parser')
    same(bigints.map((r) => r.id.toString()), bigints.map((r) => r.text), 'BigInts exact')
    const ids = bigints.map((r) => r.id)
    same(ids.every((v, i) => i === 0 || v > ids[i - 1]), true, 'increasing')
    same(bigints.some((r) => BigInt(Number(r.id)) !== r.id), true, 'some would change as JavaScript numbers')
  })
  await check('snowflake: parts through parameters, and a negative id refused', async () => {
    const want = '136169504773242881'
    same((await client.query("SELECT snowflake_from_parts('2024-01-11 18:08:59.845+00', 0, 1) AS v")).rows[0].v,
      want, 'snowflake_from_parts()')
    same((await client.query('SELECT snowflake_extract_sequence($1) AS s', [want])).rows[0].s, 1, 'extract')
    await refused('22023', () => client.query('SELECT snowflake_extract_node($1)', ['-1']), 'a negative id')
  })
}

async function main () {
  const client = new pg.Client()
  await client.connect()
  try {
    await registerIdgen(client)
    for (const t of Object.keys(LENGTH)) await typeChecks(client, t)
    await snowflakeChecks(client)
  } finally {
    await client.end()
  }
  console.log(`1..${count}`)
  process.exitCode = failed ? 1 : 0
}

main().catch((err) => {
  console.log(`not ok ${count + 1} - the run stopped: ${err.message}`)
  console.log(`1..${count + 1}`)
  process.exitCode = 1
})
