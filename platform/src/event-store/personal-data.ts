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
import { createGroupWriter } from '../concurrency/group-writer'
import type { Database } from '../db/database'
import type { AppendOptions, AppendResult, EventStore, NewEvent, StoredEvent, StreamAppend } from './event-store'
import type { NewSubjectKey } from './postgres-appends'

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

/** The answer of an append with new keys when a subject had a key already: nothing was written. */
export const KEYS_TAKEN = 'keys-taken'
export type KeysTaken = typeof KEYS_TAKEN
/**
 * The PostgreSQL store's append that writes the new subjects' keys in the append's own transaction
 * (docs/decisions/057); absent for a store whose events live elsewhere than the key table.
 */
export type AppendWithNewKeys = (
  streamId: string,
  events: NewEvent[],
  options: AppendOptions,
  keys: NewSubjectKey[],
) => Promise<AppendResult | KeysTaken>

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

/**
 * Random bytes for IVs and key ids, drawn from the CSPRNG 4 KB at a time: each draw is a call into OpenSSL, the
 * largest item of sealing in a profile of creates (docs/decisions/057). Each byte is handed out once; a key's own
 * 32 bytes still come from a draw of their own, so a cached key never holds a pool buffer alive.
 */
let pool = Buffer.alloc(0)
let pooled = 0
function randomFromPool(size: number): Buffer {
  if (pooled + size > pool.length) {
    pool = randomBytes(4096)
    pooled = 0
  }
  return pool.subarray(pooled, (pooled += size))
}
const newKeyId = () => randomFromPool(6).toString('base64url')

function encrypt({ key }: Key, subject: string, values: unknown[]): string {
  const iv = randomFromPool(12)
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
  appendWithNewKeys?: AppendWithNewKeys,
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

  /**
   * Makes or reads the keys of these subjects and remembers them. A concurrent first seal of the same subject
   * keeps one key: the row that was there wins, and is read back only when there was one (a new subject, the
   * usual case, costs the insert alone).
   */
  async function makeKeys(want: string[]): Promise<Map<string, Key>> {
    const fresh = want.map(() => randomBytes(32))
    const ids = want.map(newKeyId)
    const rows = await database.query<KeyRow>(
      `insert into personal_data_keys as p (subject_id, key_id, key)
         select * from unnest($1::text[], $2::text[], $3::bytea[])
       on conflict (subject_id) do update set key_id = excluded.key_id, key = excluded.key, created_at = now()
         where p.key is null
       returning subject_id, key_id, key`,
      [want, ids, fresh],
    )
    const made = new Set(rows.map((r) => r.subject_id))
    const existing = want.filter((s) => !made.has(s))
    const kept =
      existing.length > 0
        ? await database.query<KeyRow>(
            'select subject_id, key_id, key from personal_data_keys where subject_id = any($1::text[])',
            [existing],
          )
        : []
    remember([...rows, ...kept])
    return new Map([...rows, ...kept].map((r) => [r.subject_id, { keyId: r.key_id!, key: r.key! }]))
  }
  /**
   * Every create seals under a new subject, so each would pay a round trip and a commit of its own before its
   * append: the subjects wanted in one event-loop turn (concurrent requests) get their keys in one statement,
   * as their appends then go in one group (docs/decisions/009, 057).
   */
  const makeKeysTogether = createGroupWriter<string, Key>({
    maxInFlight: 2,
    maxGroup: 500,
    write: async (subjects) => {
      const keys = await makeKeys([...new Set(subjects)])
      return subjects.map((s) => keys.get(s)!)
    },
  })

  /** Each subject's current key, made now where there is none (a new subject, or one erased before). */
  async function sealingKeys(subjects: Set<string>): Promise<Map<string, Key>> {
    const keys = new Map<string, Key>()
    const want: string[] = []
    for (const s of subjects) {
      const key = cached(s)?.key
      if (key) keys.set(s, key)
      else want.push(s)
    }
    const made = await Promise.all(want.map((s) => makeKeysTogether(s)))
    want.forEach((s, i) => keys.set(s, made[i]!))
    return keys
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

  /**
   * A new stream (a create) seals under subjects that are new as a rule: their keys are made here and written
   * with the append, one round trip. Undefined when that does not apply or a subject turned out to have a key
   * already (nothing written then); the caller appends the usual way.
   */
  async function appendCreating(
    streamId: string,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult | undefined> {
    if (!appendWithNewKeys || options.expectedVersion !== 'no_stream') return undefined
    const subjects = new Set(events.map(subjectOf).filter((s): s is string => s !== null))
    const keys = new Map<string, Key>()
    const fresh: NewSubjectKey[] = []
    for (const subject of subjects) {
      const known = cached(subject)?.key
      if (known) keys.set(subject, known)
      else {
        const key = { keyId: newKeyId(), key: randomBytes(32) }
        keys.set(subject, key)
        fresh.push({ subjectId: subject, ...key })
      }
    }
    if (fresh.length === 0) return undefined
    const result = await appendWithNewKeys(streamId, await seal(events, keys), options, fresh)
    if (result === KEYS_TAKEN) return undefined
    remember(fresh.map((k) => ({ subject_id: k.subjectId, key_id: k.keyId, key: k.key })))
    return result
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
    appendToStream: async (streamId, events, options) =>
      (await appendCreating(streamId, events, options)) ?? store.appendToStream(streamId, await seal(events), options),
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
