import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { BenchRow } from '../contact-lists/bench-row'
import { createBenchStack } from '../contact-lists/bench-stack'
import { generateContactSearch } from '../contact-lists/generate-contact-search'
import { percentile } from '../stats'

export const callsBenchTitle = 'Incoming calls and the call log matched to contacts'

/**
 * The phone's reads (decision 028) on real PostgreSQL in a schema of its own: a page of the call log and the
 * incoming calls, each matched to the contacts the caller may see by the last ten digits of their phones, at
 * CALLS_BENCH_ROWS contacts (default 200,000). The yardstick, measured in the same run: reading the caller's
 * phone session, one row by its key (GET /users/userRcSession). In process (app.inject), one request at a time.
 */
export async function runCallsBenchmarks(databaseUrl: string): Promise<BenchRow[]> {
  const contacts = Number(process.env.CALLS_BENCH_ROWS ?? 200_000)
  const rounds = Number(process.env.CALLS_BENCH_ROUNDS ?? 200)
  const stack = await createBenchStack(databaseUrl)
  try {
    await generateContactSearch(stack.database.db, contacts)
    await stack.stopProjector()
    const userId = randomUUID()
    const token = await stack.tokenFor({ userId, divisionId: 15, permissions: ['manager', 'call'] })
    await seedPhone(stack.database.db, userId, contacts)
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      stack.app.inject({ method, url: `/api/v1${url}`, headers: { authorization: `Bearer ${token}` }, payload })
    const timed = async (what: string, run: (i: number) => ReturnType<typeof send>) => {
      const times: number[] = []
      for (let i = -10; i < rounds; i++) {
        const t = performance.now()
        const answer = await run(i < 0 ? rounds - i : i)
        if (answer.statusCode !== 200) throw new Error(`${what}: ${answer.statusCode} ${answer.body.slice(0, 300)}`)
        if (i >= 0) times.push(performance.now() - t)
      }
      return times
    }
    const byKey = await timed('session', () => send('GET', '/users/userRcSession'))
    const baseline = percentile(byKey, 95)
    const rows: BenchRow[] = [
      {
        name: 'Reading the phone session by key (GET /users/userRcSession): p50',
        value: percentile(byKey, 50),
        unit: 'ms',
      },
      { name: 'Reading the phone session by key (GET /users/userRcSession): p95', value: baseline, unit: 'ms' },
    ]
    const cases: [string, (i: number) => ReturnType<typeof send>][] = [
      [
        'Call log page of 10, matched (POST /click-to-call/log)',
        (i) => send('POST', '/click-to-call/log', { first: (i % 50) * 10, limit: 10 }),
      ],
      [
        'Incoming calls of the day, 20 matched (GET /click-to-call/incoming-calls)',
        () => send('GET', '/click-to-call/incoming-calls'),
      ],
      [
        'One number matched (GET /click-to-call/contacts-by-phone-number)',
        (i) =>
          send(
            'GET',
            `/click-to-call/contacts-by-phone-number?phoneNumber=%2B1555${String((i * 7919) % contacts).padStart(7, '0')}`,
          ),
      ],
    ]
    for (const [name, run] of cases) {
      const times = await timed(name, run)
      rows.push(
        { name: `${name}: p50`, value: percentile(times, 50), unit: 'ms' },
        {
          name: `${name}: p95`,
          value: percentile(times, 95),
          unit: 'ms',
          baseline,
          note: `${contacts.toLocaleString('en-US')} contacts`,
        },
      )
    }
    return rows
  } finally {
    await stack.close()
  }
}

/** A connected user with 500 call log entries and 20 incoming calls of today, their numbers on generated contacts. */
async function seedPhone(db: Parameters<typeof generateContactSearch>[0], userId: string, contacts: number) {
  await sql`insert into phone_sessions (user_id, expire_time, refresh_token_expire_time, use_extension, lost, version)
    values (${userId}::uuid, now() + interval '1 hour', now() + interval '7 days', false, false, 1)`.execute(db)
  await sql`insert into call_log (user_id, id, start_time, duration, direction, action, result, from_number, to_number,
      other_digits, recording_id)
    select ${userId}::uuid, 'log-' || i, now() - i * interval '10 minutes', 30 + i % 300, 'Outbound', 'RingOut',
      'Call connected', '+13125550100', '+1555' || lpad(((i * 7919) % ${contacts})::text, 7, '0'),
      '555' || lpad(((i * 7919) % ${contacts})::text, 7, '0'), null
    from generate_series(1, 500) i`.execute(db)
  await sql`insert into incoming_calls (id, user_id, from_number, from_digits, from_name, status, rang_at, version)
    select gen_random_uuid(), ${userId}::uuid, '+1555' || lpad(((i * 104729) % ${contacts})::text, 7, '0'),
      '555' || lpad(((i * 104729) % ${contacts})::text, 7, '0'), null, 'ended', now() - i * interval '5 minutes', 1
    from generate_series(1, 20) i`.execute(db)
  await sql`analyze`.execute(db)
}
