import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The baseline every ratio is taken against: raw PostgreSQL single-row inserts with 8 clients (pgbench),
 * measured in the same run because these machines are noisy.
 */
export function pgbenchInsertTps(databaseUrl: string, seconds: number): number {
  const dir = mkdtempSync(path.join(tmpdir(), 'pgbench-'))
  const script = path.join(dir, 'insert.sql')
  writeFileSync(script, "insert into bench_baseline (payload) values ('{\"name\":\"Acme Trucking\"}');\n")
  execFileSync('psql', [databaseUrl, '-q', '-c', 'drop table if exists bench_baseline; create table bench_baseline (id bigserial primary key, payload jsonb not null)'])
  const output = execFileSync('pgbench', ['-n', '-c', '8', '-j', '2', '-T', String(seconds), '-f', script, databaseUrl], {
    encoding: 'utf8',
  })
  execFileSync('psql', [databaseUrl, '-q', '-c', 'drop table bench_baseline'])
  const match = /tps = ([\d.]+)/.exec(output)
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`)
  return Number(match[1])
}
