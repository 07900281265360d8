import { appendFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import { creditApplicationStreamId, erasedSubject, personalDataRules, personalValues } from '@crm/contracts'
import {
  deleteOutboxMailTo,
  redactClearPersonalData,
  START,
  type Database,
  type EventStore,
  type HttpApp,
  type StoredEvent,
} from '@crm/platform'
import { sql } from 'kysely'

/**
 * The erasure ledger (decision 054): every erasure of personal data, kept in a small file outside the database
 * and outside every backup, `DATA_DIR/erasure-ledger.ndjson`. A restore applies it again, so a backup taken
 * before an erasure does not bring the erased data back. It holds ids, reasons and who erased, never personal
 * data. One line per erasure event: { eventId, type, streamId, data, metadata, createdAt }.
 */
export const erasureLedgerFile = (dataDir: string) => path.join(dataDir, 'erasure-ledger.ndjson')

export const ERASURE_EVENT_TYPES = ['PersonalDataErased', 'CreditApplicationPersonalDataErased'] as const

export type LedgerEntry = Pick<StoredEvent, 'eventId' | 'type' | 'streamId' | 'data' | 'metadata' | 'createdAt'>

export async function readErasureLedger(dataDir: string): Promise<LedgerEntry[]> {
  let text: string
  try {
    text = await readFile(erasureLedgerFile(dataDir), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
  const entries: LedgerEntry[] = []
  for (const line of text.split('\n')) {
    if (!line.trim()) continue
    try {
      entries.push(JSON.parse(line) as LedgerEntry)
    } catch {
      // A line cut short by a crash while it was written: the erasure is still in the store, and the next sync adds it.
    }
  }
  return entries
}

async function appendToLedger(dataDir: string, events: readonly LedgerEntry[]): Promise<void> {
  if (events.length === 0) return
  const known = new Set((await readErasureLedger(dataDir)).map((e) => e.eventId))
  const fresh = events.filter((e) => !known.has(e.eventId))
  if (fresh.length === 0) return
  const lines = fresh
    .map(({ eventId, type, streamId, data, metadata, createdAt }) =>
      JSON.stringify({ eventId, type, streamId, data, metadata, createdAt }),
    )
    .join('\n')
  await appendFile(erasureLedgerFile(dataDir), `${lines}\n`, { mode: 0o600 })
}

async function erasureEvents(store: EventStore): Promise<StoredEvent[]> {
  const found: StoredEvent[] = []
  let after = START
  for (;;) {
    const page = await store.readAll({ after, limit: 1000, types: ERASURE_EVENT_TYPES })
    found.push(...page)
    if (page.length < 1000) return found
    after = page.at(-1)!.position
  }
}

/** Adds to the ledger every erasure the store holds that it lacks (each backup does, before it copies). */
export async function syncErasureLedger(dataDir: string, store: EventStore): Promise<void> {
  await appendToLedger(dataDir, await erasureEvents(store))
}

/**
 * Each successful erasure command is written to the ledger before its answer leaves, so an erasure made after
 * the last backup is known to the restore of that backup.
 */
export function recordErasures(app: HttpApp, { store, dataDir }: { store: EventStore; dataDir: string }): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url ?? ''
    if (request.method !== 'POST' || reply.statusCode !== 200 || !/\/erase-personal-data(\/|$)/.test(url)) {
      return payload
    }
    const id = (request.params as { id?: string }).id
    if (!id) return payload
    const streamId = url.startsWith('/api/v1/contacts/') ? `contact-${id}` : creditApplicationStreamId(id)
    const events = await store.readStream(streamId)
    await appendToLedger(
      dataDir,
      events.filter((e) => (ERASURE_EVENT_TYPES as readonly string[]).includes(e.type)),
    )
    return payload
  })
}

/**
 * After a restore: every erasure of the ledger the restored store does not hold is made again, as the erasure
 * command makes it (decision 035): the key destroyed, mail to the contact's addresses dropped from the local
 * outbox, events from before sealing redacted, and the same erasure event appended to its stream; the read models
 * apply it when the product next runs (or the restore runs them, to rewrite the files). Returns those applied.
 */
export async function applyErasureLedger(
  dataDir: string,
  { database, store }: { database: Database; store: EventStore },
): Promise<LedgerEntry[]> {
  const applied: LedgerEntry[] = []
  const inStore = new Set((await erasureEvents(store)).map((e) => e.eventId))
  for (const entry of await readErasureLedger(dataDir)) {
    if (inStore.has(entry.eventId)) continue
    const subject = erasedSubject(entry.type, entry.data)
    if (!subject) continue
    const history = await store.readStream(entry.streamId)
    const addresses = history.flatMap((e) =>
      personalValues(e.data, personalDataRules[e.type]?.paths ?? [])
        .filter(([field]) => field.endsWith('email'))
        .map(([, value]) => String(value)),
    )
    await store.personalData?.erase(subject)
    await deleteOutboxMailTo(database.db, addresses)
    if (store.name === 'postgres' || store.name === 'pglite') {
      const streams = [entry.streamId]
      if (entry.type === 'PersonalDataErased') {
        const { rows } = await sql<{ stream_id: string }>`
          select distinct stream_id from stream_history where contact_id = ${subject}::uuid`.execute(database.db)
        streams.push(...rows.map((r) => r.stream_id))
      }
      await redactClearPersonalData(database.db, subject, streams)
    }
    await store.appendToStream(
      entry.streamId,
      [{ eventId: entry.eventId, type: entry.type, data: entry.data, metadata: entry.metadata }],
      { expectedVersion: 'any', commandId: `erasure-ledger-${entry.eventId}` },
    )
    applied.push(entry)
  }
  return applied
}
