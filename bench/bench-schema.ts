import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * Every run works in a schema of its own and drops it at the end, so that it never touches the schemas other
 * engineers' tests use in the same database. The schema is selected through the connection string's
 * `options=-c search_path=…`, which node-postgres, psql/pgbench and the services' child processes all honour
 * without any code of theirs knowing about the bench.
 */
export interface BenchSchema {
  name: string
  /** DATABASE_URL with the schema as search_path. */
  url: string
  drop(): Promise<void>
}

export async function createBenchSchema(databaseUrl: string): Promise<BenchSchema> {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  await adminQuery(databaseUrl, `create schema "${name}"`)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${name}`)
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await adminQuery(databaseUrl, `drop schema if exists "${name}" cascade`)
    },
  }
}

export async function adminQuery<Row extends object = Record<string, unknown>>(
  databaseUrl: string,
  text: string,
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    return (await client.query<Row>(text)).rows
  } finally {
    await client.end()
  }
}
