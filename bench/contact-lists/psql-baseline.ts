import { execFile } from 'node:child_process'
import type { CompiledQuery } from 'kysely'

/** A compiled query with its parameters written in as SQL literals, to run outside the app. */
export function inlineParameters(query: CompiledQuery): string {
  const literal = (value: unknown): string => {
    if (value === null || value === undefined) return 'null'
    if (typeof value === 'number' || typeof value === 'bigint') return String(value)
    if (typeof value === 'boolean') return value ? 'true' : 'false'
    if (Array.isArray(value)) return `array[${value.map(literal).join(',')}]`
    return `'${String(value).replace(/'/g, "''")}'`
  }
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1]))
}

/**
 * Runs each round's statements in one psql session with \timing and returns the time of each round (the sum
 * of its statements): what the same SQL costs without the app, the driver or HTTP in between.
 */
export async function psqlRoundTimes(databaseUrl: string, schema: string, rounds: string[][]): Promise<number[]> {
  const script = [
    `set search_path to "${schema}";`,
    '\\o /dev/null',
    '\\timing on',
    ...rounds.flatMap((statements) => statements.map((s) => `${s};`)),
  ].join('\n')
  const result = await new Promise<string>((resolve, reject) => {
    const child = execFile('psql', [databaseUrl, '-X', '-q'], { maxBuffer: 64 * 1024 * 1024 }, (error, out) =>
      error ? reject(error) : resolve(out),
    )
    child.stdin!.end(script)
  })
  const times = [...result.matchAll(/Time: ([\d.]+) ms/g)].map((m) => Number(m[1]))
  const perRound: number[] = []
  let i = 0
  for (const statements of rounds) {
    perRound.push(times.slice(i, i + statements.length).reduce((a, b) => a + b, 0))
    i += statements.length
  }
  return perRound
}
