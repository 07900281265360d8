/**
 * The end-to-end run's own schema on a real PostgreSQL server (playwright.config.ts): `create <url> <schema>`
 * makes it empty before the product starts on it, `drop <url> <schema>` removes it. A schema of its own keeps
 * the run apart from the integration suites and from runs on other ports of the same server.
 */
import pg from 'pg'

const [verb, url, schema] = process.argv.slice(2)
if (!url || !schema || !/^[a-z_][a-z0-9_]{0,62}$/.test(schema) || (verb !== 'create' && verb !== 'drop')) {
  console.error('usage: e2e-database.ts create|drop <postgres url> <schema>')
  process.exit(2)
}
const client = new pg.Client({ connectionString: url })
await client.connect()
try {
  await client.query(`drop schema if exists "${schema}" cascade`)
  if (verb === 'create') await client.query(`create schema "${schema}"`)
} finally {
  await client.end()
}
