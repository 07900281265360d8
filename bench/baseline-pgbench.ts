import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { adminQuery, type BenchSchema } from './bench-schema'

const run = promisify(execFile)

/**
 * The baseline every ratio is taken against: raw PostgreSQL single-row inserts (one autocommit transaction
 * each, a small jsonb payload like an event's) with 8 clients, measured in the same run because these
 * machines are noisy. The table lives in the run's schema; the table name is schema-qualified because
 * pgbench does not read `options` from a URL on every libpq version.
 */
export async function pgbenchInsertTps(databaseUrl: string, schema: BenchSchema, seconds: number): Promise<number> {
  const table = `"${schema.name}".bench_baseline`
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'))
  const script = path.join(dir, 'insert.sql')
  writeFileSync(script, `insert into ${table} (payload) values ('{"name":"Acme Trucking"}');\n`)
  await adminQuery(databaseUrl, `create table ${table} (id bigserial primary key, payload jsonb not null)`)
  try {
    const { stdout } = await run('pgbench', [
      '-n',
      '-c',
      '8',
      '-j',
      '2',
      '-T',
      String(seconds),
      '-f',
      script,
      databaseUrl,
    ])
    const match = /tps = ([\d.]+)/.exec(stdout)
    if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`)
    return Number(match[1])
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await adminQuery(databaseUrl, `drop table if exists ${table}`)
  }
}
