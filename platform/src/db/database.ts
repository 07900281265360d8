import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'

// int8 (global positions, counts) stays a string in JS unless we say otherwise; counts are parsed where read.

/** Kysely over real PostgreSQL (pg pool) or PGlite, plus LISTEN/NOTIFY, which kysely does not cover. */
export interface Database {
  kind: 'postgres' | 'pglite'
  // Read models are queried with kysely's sql template and typed per query; `any` keeps tables open-ended.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>
  /** Subscribes to a notification channel; returns the unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** postgres://… ; when absent PGlite is used. */
  url?: string
  /** PGlite data directory; absent means in memory. */
  dataDir?: string
  /** Schema to use (tests isolate themselves in a schema per file). */
  schema?: string
  poolSize?: number
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options)
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const searchPath = options.schema ? `-c search_path=${options.schema}` : undefined
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20, options: searchPath })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  if (options.schema) {
    const client = await pool.connect()
    try {
      await client.query(`create schema if not exists "${options.schema}"`)
    } finally {
      client.release()
    }
  }
  const listeners = new Map<string, Set<(payload: string) => void>>()
  let listenClient: pg.Client | undefined
  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => undefined)
    client.on('notification', (msg) => listeners.get(msg.channel)?.forEach((cb) => cb(msg.payload ?? '')))
    await client.connect()
    listenClient = client
    return client
  }
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) })
  return {
    kind: 'postgres',
    db,
    async listen(channel, onNotify) {
      const client = await ensureListenClient()
      let set = listeners.get(channel)
      if (!set) {
        set = new Set()
        listeners.set(channel, set)
        await client.query(`listen "${channel}"`)
      }
      set.add(onNotify)
      return async () => {
        set.delete(onNotify)
      }
    },
    async close() {
      await listenClient?.end().catch(() => undefined)
      await db.destroy()
    },
  }
}

async function createPglite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true })
  const pglite = await PGlite.create(options.dataDir)
  if (options.schema) {
    await pglite.exec(`create schema if not exists "${options.schema}"; set search_path to "${options.schema}"`)
  }
  const db = new Kysely({ dialect: new PGliteDialect({ pglite }) })
  return {
    kind: 'pglite',
    db,
    async listen(channel, onNotify) {
      return pglite.listen(channel, onNotify)
    },
    async close() {
      if (!pglite.closed) await db.destroy()
    },
  }
}
