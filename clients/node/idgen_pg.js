// Results of idgen's types come as their canonical text (a string); a Buffer
// parameter goes in binary format, as the raw bytes. For bytes in results,
// select id::bytea (a Buffer) or COPY ... (FORMAT binary): pg 8 decodes every
// field of a binary: true result as UTF-8 and loses bytes (node-postgres
// issue 3495), so such results are refused rather than returned damaged.
const pg = require('pg')

// types: pg.types registers for every connection, a client for that one only.
async function registerIdgen (client, types = pg.types) {
  const { rows } = await client.query( // OIDs differ between databases
    'SELECT name, to_regtype(name)::oid AS oid FROM unnest($1::text[]) AS name',
    [['wiji', 'ulid', 'sno', 'siq', 'muid']])
  for (const { name, oid } of rows) {
    if (oid === null) throw new Error(`type ${name} not found: CREATE EXTENSION idgen first`)
    types.setTypeParser(oid, 'text', (text) => text)
    types.setTypeParser(oid, 'binary', () => {
      throw new Error(`binary results lose bytes in pg 8: read ${name} as text, or cast it to bytea`)
    })
  }
}

module.exports = { registerIdgen }
