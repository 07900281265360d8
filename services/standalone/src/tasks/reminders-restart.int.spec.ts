import type { NotificationList } from '@crm/contracts'
import { createDatabase, createJobQueue, type Database } from '@crm/platform'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { startReminderStack, type ReminderActor, type ReminderStack } from './reminder-stack'

const MINUTE = 60_000
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

/** Where the data lives across the restart: one database that two stacks open one after the other. */
interface Place {
  open(): Promise<Database>
  destroy(): Promise<void>
}

async function pgliteDirectory(): Promise<Place> {
  const dir = await mkdtemp(path.join(tmpdir(), 'crm-reminders-'))
  return { open: () => createDatabase({ dataDir: dir }), destroy: () => rm(dir, { recursive: true, force: true }) }
}

function postgresSchema(url: string): Place {
  const schema = `t_rem_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`
  return {
    open: () => createDatabase({ url, schema, poolSize: 10 }),
    async destroy() {
      const database = await createDatabase({ url, poolSize: 1 })
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.db)
      await database.close()
    },
  }
}

const cases: { name: string; place: () => Promise<Place>; redis?: string; skip?: string }[] = [
  { name: 'PGlite, the same data directory, in-process jobs', place: pgliteDirectory },
  {
    name: 'PostgreSQL, the same schema, in-process jobs',
    place: async () => postgresSchema(databaseUrl!),
    skip: databaseUrl ? undefined : 'DATABASE_URL is not set',
  },
  {
    name: 'PostgreSQL (or PGlite), BullMQ jobs',
    place: async () => (databaseUrl ? postgresSchema(databaseUrl) : pgliteDirectory()),
    redis: redisUrl,
    skip: redisUrl ? undefined : 'REDIS_URL is not set',
  },
]

/** The issue's restart test: a reminder scheduled, the stack stopped before it is due, a new stack sends it once. */
describe.each(cases)('task reminders across a restart: $name', ({ place: makePlace, redis, skip }) => {
  it.skipIf(Boolean(skip))(
    `sends a reminder due after the restart, and one that fell due while down, once each${skip ? ` (skipped: ${skip})` : ''}`,
    async () => {
      const place = await makePlace()
      let database: Database | undefined
      let stack: ReminderStack | undefined
      const start = async () => {
        database = await place.open()
        stack = await startReminderStack({ database, jobs: createJobQueue({ redisUrl: redis }) })
        return stack
      }
      const stop = async () => {
        await stack?.close()
        await database?.close()
        stack = undefined
        database = undefined
      }
      const notifications = async (as: ReminderActor) => (await as.get('/notifications')).json() as NotificationList
      try {
        const first = await start()
        const rep = await first.login('Rosa Rep', ['call'])
        const contactIds: string[] = []
        for (const name of ['Restart Freight', 'Restart Logistics']) {
          const response = await rep.post('/contacts', { name, organizationTypeId: 7 })
          contactIds.push(response.json().id as string)
        }
        // One reminder falls due while the stack is down, the other only after the new one has started.
        const soon = Date.now() + 4000
        const later = soon + 8000
        const task = async (title: string, contactId: string, remindAt: number) => {
          const dueDate = new Date(remindAt + 15 * MINUTE).toISOString()
          const response = await rep.post('/task', { title, contactId, dueDate, reminder: 15 })
          expect(response.statusCode).toBe(201)
          return response.json().id as string
        }
        const whileDown = await task('Due while down', contactIds[0]!, soon)
        await task('Due after restart', contactIds[1]!, later)
        expect(Date.now()).toBeLessThan(soon)
        await stop()
        await sleep(Math.max(0, soon - Date.now() + 500))

        const second = await start()
        const again = await second.login('Rosa Rep', ['call'])
        const deadline = Math.max(later, Date.now()) + 30_000
        let list = await notifications(again)
        while (list.rows.length < 2 && Date.now() < deadline) {
          await sleep(200)
          list = await notifications(again)
        }
        expect(list.rows.map((n) => n.title).sort()).toEqual(['Due after restart', 'Due while down'])
        // Give a duplicate (the first stack's queued job, a second sweep) time to show up: none does.
        await sleep(1500)
        const raised = (await second.store.readStream(`notifications-${again.userId}`)).filter(
          (e) => e.type === 'NotificationRaised',
        )
        expect(raised).toHaveLength(2)
        const fired = (await second.store.readStream(`task-${whileDown}`)).filter((e) => e.type === 'TaskReminderFired')
        expect(fired).toHaveLength(1)
        expect((await notifications(again)).unread).toBe(2)
      } finally {
        await stop()
        await place.destroy()
      }
    },
  )
})
