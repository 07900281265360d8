import {
  ERASED,
  personalDataRules,
  personalDataSubject,
  personalValues,
  withValuesAt,
  erasedData,
  erasedSubject,
} from '@crm/contracts'
import { sql, type Kysely } from 'kysely'
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Database } from '../db/database'
import type { EventStore, NewEvent, StoredEvent, StreamAppend } from './event-store'

/**
 * Crypto-shredding of personal data (docs/decisions/035). Appends write the personal fields of an event (the
 * paths `personalDataRules` names) as one AES-256-GCM ciphertext under a key of the event's subject, in
 * `data.$personal`; reads put the values back, or "erased" where the subject's key was destroyed. Keys live in
 * `personal_data_keys`, never in the event store: erasing a key erases every copy of what it sealed, in the
 * store, its backups and every rebuild. Readers (deciders, projections, the export) never see the ciphertext.
 */
export interface PersonalDataVault {
  /** Destroys the subject's key: what it sealed reads as "erased" from now on, everywhere. */
  erase(subjectId: string): Promise<void>
  /** Whether the subject's key was destroyed and no new one made since. */
  isErased(subjectId: string): Promise<boolean>
}

/** How a sealed event carries its personal fields: the field paths in clear, their values in `sealed`. */
interface SealedPart {
  subject: string
  keyId: string
  fields: string[]
  sealed: string
}
const MARK = '$personal'

type Key = { keyId: string; key: Buffer }
type KeyRow = { subject_id: string; key_id: string | null; key: Buffer | null }

/** Keys a reader already holds are trusted this long: another process's erasure is seen within it. */
const KEY_CACHE_MS = 10_000
const KEY_CACHE_MAX = 50_000

export async function migratePersonalDataKeys(database: Database): Promise<void> {
  await database.query(
    `
    create table if not exists personal_data_keys (
      subject_id text primary key,
      key_id text,
      key bytea,
      created_at timestamptz not null default now(),
      erased_at timestamptz
    )`,
    [],
  )
}

function encrypt({ key }: Key, subject: string, values: unknown[]): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(subject))
  const body = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
}

function decrypt({ key }: Key, subject: string, sealed: string): unknown[] {
  const [iv, tag, body] = sealed.split('.')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'))
  decipher.setAAD(Buffer.from(subject))
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'))
  const clear = Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()])
  return JSON.parse(clear.toString('utf8')) as unknown[]
}

/**
 * The event store with personal data sealed on append and opened on read. Both adapters get it (the PostgreSQL
 * one by default); the key table is in `database` whichever store holds the events.
 */
export async function sealingPersonalData(
  store: EventStore,
  database: Database,
): Promise<EventStore & { personalData: PersonalDataVault }> {
  await migratePersonalDataKeys(database)
  const cache = new Map<string, { key: Key | null; at: number }>()

  const remember = (rows: KeyRow[]) => {
    if (cache.size > KEY_CACHE_MAX) cache.clear()
    const at = Date.now()
    for (const r of rows)
      cache.set(r.subject_id, { key: r.key && r.key_id ? { keyId: r.key_id, key: r.key } : null, at })
  }
  const cached = (subject: string) => {
    const hit = cache.get(subject)
    return hit && Date.now() - hit.at < KEY_CACHE_MS ? hit : undefined
  }

  /** The keys that open these subjects' data (null: erased or never sealed). */
  async function keysFor(subjects: Set<string>): Promise<Map<string, Key | null>> {
    const missing = [...subjects].filter((s) => !cached(s))
    if (missing.length > 0) {
      const rows = await database.query<KeyRow>(
        'select subject_id, key_id, key from personal_data_keys where subject_id = any($1::text[])',
        [missing],
      )
      remember([...rows, ...missing.filter((s) => !rows.some((r) => r.subject_id === s)).map(noKey)])
    }
    return new Map([...subjects].map((s) => [s, cache.get(s)?.key ?? null]))
  }
  const noKey = (subject_id: string): KeyRow => ({ subject_id, key_id: null, key: null })

  /** Each subject's current key, made now where there is none (a new subject, or one erased before). */
  async function sealingKeys(subjects: Set<string>): Promise<Map<string, Key>> {
    const want = [...subjects].filter((s) => !cached(s)?.key)
    if (want.length > 0) {
      const fresh = want.map(() => randomBytes(32))
      const ids = want.map(() => randomBytes(6).toString('base64url'))
      // A concurrent first seal of the same subject keeps one key: the row that was there wins.
      const rows = await database.query<KeyRow>(
        `insert into personal_data_keys as p (subject_id, key_id, key)
           select * from unnest($1::text[], $2::text[], $3::bytea[])
         on conflict (subject_id) do update set key_id = excluded.key_id, key = excluded.key, created_at = now()
           where p.key is null
         returning subject_id, key_id, key`,
        [want, ids, fresh],
      )
      const made = new Set(rows.map((r) => r.subject_id))
      const kept = await database.query<KeyRow>(
        'select subject_id, key_id, key from personal_data_keys where subject_id = any($1::text[])',
        [want.filter((s) => !made.has(s))],
      )
      remember([...rows, ...kept])
    }
    return new Map([...subjects].map((s) => [s, cache.get(s)!.key!]))
  }

  const subjectOf = (e: { type: string; data: unknown }) => personalDataSubject(e.type, e.data)

  async function seal(events: NewEvent[], keys?: Map<string, Key>): Promise<NewEvent[]> {
    const subjects = new Set(events.map(subjectOf).filter((s): s is string => s !== null))
    if (subjects.size === 0) return events
    const sealingKeysOf = keys ?? (await sealingKeys(subjects))
    return events.map((e) => {
      const subject = subjectOf(e)
      if (!subject) return e
      const values = personalValues(e.data, personalDataRules[e.type]!.paths)
      if (values.length === 0) return e
      const key = sealingKeysOf.get(subject)!
      const part: SealedPart = {
        subject,
        keyId: key.keyId,
        fields: values.map(([path]) => path),
        sealed: encrypt(
          key,
          subject,
          values.map(([, v]) => v),
        ),
      }
      // In clear the fields read "erased" already: a reader that skipped opening would leak nothing.
      const cleared = withValuesAt(
        e.data,
        values.map(([path]) => [path, ERASED]),
      ) as Record<string, unknown>
      return { ...e, data: { ...cleared, [MARK]: part } }
    })
  }

  async function open(events: StoredEvent[]): Promise<StoredEvent[]> {
    for (const e of events) {
      const erased = erasedSubject(e.type, e.data)
      if (erased) cache.delete(erased)
    }
    const parts = events.map((e) => (e.data as Record<string, unknown> | null)?.[MARK] as SealedPart | undefined)
    if (parts.every((p) => p === undefined)) return events
    const keys = await keysFor(new Set(parts.filter((p) => p !== undefined).map((p) => p.subject)))
    return events.map((e, i) => {
      const part = parts[i]
      if (!part) return e
      const { [MARK]: _, ...rest } = e.data as Record<string, unknown>
      const key = keys.get(part.subject)
      if (!key || key.keyId !== part.keyId) return { ...e, data: erasedData(e.type, rest) }
      const values = decrypt(key, part.subject, part.sealed)
      return {
        ...e,
        data: withValuesAt(
          rest,
          part.fields.map((path, j) => [path, values[j]]),
        ),
      }
    })
  }

  const sealAll = async (appends: StreamAppend[]): Promise<StreamAppend[]> => {
    const subjects = new Set(appends.flatMap((a) => a.events.map(subjectOf)).filter((s): s is string => s !== null))
    const keys = subjects.size > 0 ? await sealingKeys(subjects) : undefined
    return Promise.all(appends.map(async (a) => ({ ...a, events: await seal(a.events, keys) })))
  }

  const vault: PersonalDataVault = {
    async erase(subjectId) {
      await database.query(
        `insert into personal_data_keys (subject_id, erased_at) values ($1, now())
         on conflict (subject_id) do update set key_id = null, key = null, erased_at = now()`,
        [subjectId],
      )
      cache.delete(subjectId)
    },
    async isErased(subjectId) {
      const rows = await database.query<{ erased: boolean }>(
        'select erased_at is not null and key is null as erased from personal_data_keys where subject_id = $1',
        [subjectId],
      )
      return rows[0]?.erased ?? false
    },
  }

  return {
    ...store,
    name: store.name,
    personalData: vault,
    appendToStream: async (streamId, events, options) => store.appendToStream(streamId, await seal(events), options),
    appendToStreams: async (appends) => store.appendToStreams(await sealAll(appends)),
    readStream: async (streamId, options) => open(await store.readStream(streamId, options)),
    async readStreams(streamIds) {
      const streams = await store.readStreams(streamIds)
      // Opened together: one key lookup for every subject of every stream.
      const opened = await open([...streams.values()].flat())
      let at = 0
      return new Map([...streams].map(([id, events]) => [id, opened.slice(at, (at += events.length))]))
    },
    readAll: async (options) => open(await store.readAll(options)),
    subscribe: (options) =>
      store.subscribe({ ...options, onEvents: async (events) => options.onEvents(await open(events)) }),
  }
}

/**
 * Events written before personal data was sealed hold it in clear. Erasing them needs the one rewrite the store
 * allows (docs/decisions/035): their personal fields become "erased" in the `events` table of the PostgreSQL
 * store. Only the subject's streams are read (`streamIds`, by the store's stream index), never the whole store.
 * Returns how many events were redacted.
 */
export async function redactClearPersonalData(
  db: Kysely<unknown>,
  subjectId: string,
  streamIds: readonly string[],
): Promise<number> {
  const { rows } = await sql<{ gp: string; type: string; data: unknown }>`
    select global_position::text as gp, type, data from events
    where stream_id = any(${[...streamIds]}::text[]) and type = any(${Object.keys(personalDataRules)}::text[])
      and not (data ? ${MARK})`.execute(db)
  let redacted = 0
  for (const row of rows) {
    if (personalDataSubject(row.type, row.data) !== subjectId) continue
    const data = erasedData(row.type, row.data)
    if (data === row.data) continue
    await sql`update events set data = ${JSON.stringify(data)}::jsonb where global_position = ${row.gp}::bigint`.execute(
      db,
    )
    redacted++
  }
  return redacted
}
