import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { NodeFS } from '@electric-sql/pglite/nodefs'
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely'
import pg from 'pg'
import { OWNER_ONLY_DIR_MODE, tightenTree } from '../files/owner-only'
import { addPoolSource } from '../metrics/metrics'

// int8 (global positions, counts) stays a string in JS unless we say otherwise; counts are parsed where read.

/** Kysely over real PostgreSQL (pg pool) or PGlite, plus LISTEN/NOTIFY, which kysely does not cover. */
export interface Database {
  kind: 'postgres' | 'pglite'
  // Read models are queried with kysely's sql template and typed per query; `any` keeps tables open-ended.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>
  /** Subscribes to a notification channel; returns the unsubscribe function. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * One statement with positional parameters ($1…), bypassing kysely. With `name` it is prepared once per
   * connection and reused: the event store's hot statements use it (prepared appends measured twice as fast
   * as unnamed ones, whose every call is parsed and planned again). PGlite has a single connection and
   * ignores the name.
   */
  query<Row>(text: string, values: readonly unknown[], name?: string): Promise<Row[]>
  /**
   * PGlite only: a tarball of its data directory, taken between two statements (PGlite runs one at a time), so
   * a crash-consistent copy: opened, it recovers to the last commit before it (the backup, decision 054).
   */
  dumpDataDir?(): Promise<Blob>
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
  /**
   * Server settings for every connection of the pool, e.g. `{ jit: 'off' }` for the read side, whose queries
   * are short: JIT compiling them cost more than it saved (docs/decisions/016-…). PGlite has no JIT.
   */
  settings?: Record<string, string>
  /**
   * In-memory PGlite only: start from this data directory (a `dumpDataDir` tarball) instead of running initdb,
   * which is most of a new PGlite's start (tests open hundreds: platform/src/testing/test-database.ts).
   */
  template?: Blob
}

/** How long a request waits to reach PostgreSQL (or for a free pooled connection) before it answers 503. */
const CONNECTION_TIMEOUT_MS = 10_000
/** The longest wait before the LISTEN connection is opened again after it was lost. */
const LISTEN_RETRY_MAX_MS = 5_000

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? createPostgres(options.url, options) : createPglite(options)
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const pool = new pg.Pool({
    ...connectionOf(url, options),
    max: options.poolSize ?? 20,
    // A server that does not answer (a cut network drops packets rather than refusing) fails the request after
    // this long instead of hanging it; so does a wait for a free connection this long (decision 056).
    connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
    keepAlive: true,
  })
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined)
  // Nor one that is checked out between two statements (the projector's lease connection, a transaction): its
  // next statement fails instead, and the pool discards it when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const unwatchPool = addPoolSource(() => ({
    inUse: pool.totalCount - pool.idleCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
  }))
  if (options.schema) {
    const client = await pool.connect()
    try {
      await client.query(`create schema if not exists "${options.schema}"`)
    } finally {
      client.release()
    }
  }
  const listeners = new Map<string, Set<(payload: string) => void>>()
  // One connection LISTENs for the whole process. Lost (the server went away, a restart, a cut network), it is
  // opened again with a backoff of at most 5 s and listens on every channel again; notifications sent while it
  // was away are lost, which the listeners' own polling covers (decision 056).
  let listenClient: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let reconnectTimer: NodeJS.Timeout | undefined
  let reconnectFailures = 0
  let closed = false
  const reconnectLater = () => {
    if (closed || reconnectTimer || connecting) return
    const delay = Math.min(LISTEN_RETRY_MAX_MS, 250 * 2 ** reconnectFailures++)
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined
      ensureListenClient().catch(reconnectLater)
    }, delay)
    reconnectTimer.unref()
  }
  function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return Promise.resolve(listenClient)
    connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: CONNECTION_TIMEOUT_MS,
        keepAlive: true,
      })
      const lost = () => {
        if (listenClient !== client) return
        listenClient = undefined
        client.end().catch(() => undefined)
        reconnectLater()
      }
      client.on('error', lost)
      client.on('end', lost)
      client.on('notification', (msg) => listeners.get(msg.channel)?.forEach((cb) => cb(msg.payload ?? '')))
      try {
        await client.connect()
        for (const channel of listeners.keys()) await client.query(`listen "${channel}"`)
      } catch (error) {
        client.end().catch(() => undefined)
        throw error
      }
      if (closed) {
        await client.end().catch(() => undefined)
        throw new Error('The database is closed')
      }
      listenClient = client
      reconnectFailures = 0
      return client
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) })
  return {
    kind: 'postgres',
    db,
    async listen(channel, onNotify) {
      let set = listeners.get(channel)
      if (!set) {
        const client = await ensureListenClient()
        set = listeners.get(channel)
        if (!set) {
          set = new Set()
          // In the map first: a connection opened again from now on listens on it too.
          listeners.set(channel, set)
          await client.query(`listen "${channel}"`)
        }
      } else {
        // Started again if it was lost and is not yet back; polling covers the meantime.
        ensureListenClient().catch(reconnectLater)
      }
      set.add(onNotify)
      return async () => {
        set.delete(onNotify)
      }
    },
    async query<Row>(text: string, values: readonly unknown[], name?: string) {
      const result = await pool.query({ text, values: [...values], ...(name ? { name } : {}) })
      return result.rows as Row[]
    },
    async close() {
      unwatchPool()
      closed = true
      clearTimeout(reconnectTimer)
      const client = listenClient ?? (await connecting?.catch(() => undefined))
      listenClient = undefined
      await client?.end().catch(() => undefined)
      await db.destroy()
    },
  }
}

/**
 * The URL's own server `options` (e.g. a statement_timeout) plus the schema's search_path and the given
 * settings. pg lets options in the URL override the config's, so with any of ours they move out of the URL;
 * they used to drop the schema, and tables went to public.
 */
function connectionOf(url: string, { schema, settings }: DatabaseOptions): pg.PoolConfig {
  const ours = [
    ...(schema ? [`-c search_path=${schema}`] : []),
    ...Object.entries(settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ')
  if (!ours) return { connectionString: url }
  if (!URL.canParse(url)) return { connectionString: url, options: ours }
  const parsed = new URL(url)
  const fromUrl = parsed.searchParams.get('options')
  parsed.searchParams.delete('options')
  return {
    connectionString: parsed.toString(),
    options: [fromUrl, ours].filter(Boolean).join(' '),
  }
}

/**
 * PGlite's memory is the process's and never shrinks: its default 128 MB of shared buffers and 64 MB for index
 * builds took the embedded server past 800 MB before any import. The files it reads stay in the operating
 * system's cache, which the process does not pay for.
 */
const pgliteSettings = [
  'shared_buffers=32MB',
  'maintenance_work_mem=16MB',
  // A WAL segment no longer needed is deleted, not renamed for reuse with the old records still in it: after an
  // erasure no file keeps what the read models held before (erasure-at-rest.ts).
  'wal_recycle=off',
]

/**
 * A new embedded database is created by a process of its own (create-pglite-cluster.mjs), as PostgreSQL's initdb
 * is: PGlite's initdb and the data bundle it unpacks peak near 800 MB, which in the server's process stayed until
 * V8 happened to collect them, while opening an existing directory peaks near 250 MB. The cluster is made in a
 * sibling directory and renamed into place, so a start killed half way leaves no half-made database behind.
 */
async function ensurePgliteCluster(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return
  await mkdir(path.dirname(dataDir), { recursive: true, mode: OWNER_ONLY_DIR_MODE })
  await removeAbandonedCreations(dataDir)
  const making = `${dataDir}.creating-${process.pid}`
  const program = fileURLToPath(new URL('./create-pglite-cluster.mjs', import.meta.url))
  await promisify(execFile)(process.execPath, [program, making])
  try {
    // Replaces an empty directory; another process that created it first wins, and ours is dropped.
    await rename(making, dataDir)
  } catch (error) {
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw error
  } finally {
    await rm(making, { recursive: true, force: true })
  }
}

/**
 * A creation killed half way leaves its sibling `<dataDir>.creating-<pid>` behind (hundreds of megabytes): the
 * next start removes those whose process is gone. One still being made by a live process is left to it.
 */
async function removeAbandonedCreations(dataDir: string): Promise<void> {
  const prefix = `${path.basename(dataDir)}.creating-`
  for (const entry of await readdir(path.dirname(dataDir))) {
    if (!entry.startsWith(prefix)) continue
    const pid = Number(entry.slice(prefix.length))
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isRunning(pid)) continue
    await rm(path.join(path.dirname(dataDir), entry), { recursive: true, force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The embedded database's files are the owner's alone (directories 0700, files 0600). PGlite's NODEFS (emscripten)
 * creates a file with fs.writeFileSync(path, '', { mode }), which the process's umask narrows, and then chmods it
 * to the mode the C library asked for, which it does not: PostgreSQL's own files ask 0600, but what goes through
 * fopen (the relation cache's pg_internal.init, statistics) asks 0666 less emscripten's fixed umask 0022, so 0644.
 * Every chmod PGlite makes is therefore narrowed to the owner here, before PostgreSQL starts. The cluster PGlite's
 * initdb unpacks (0666, and its WAL segments keep that mode when recycled), databases written by older versions
 * and restored copies are tightened at every open (createPglite). The data directory's 0700 (and DATA_DIR's) is
 * what keeps other accounts out even of a file some later PGlite might create otherwise.
 */
class OwnerOnlyNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args)
    const ownerOnly = (mod: { FS: { chmod(path: unknown, mode: number, dontFollow?: boolean): void } }) => {
      const chmod = mod.FS.chmod.bind(mod.FS)
      mod.FS.chmod = (path, mode, dontFollow) => chmod(path, mode & ~0o077, dontFollow)
    }
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [ownerOnly, ...(emscriptenOpts.preRun ?? [])] } }
  }
}

async function createPglite(options: DatabaseOptions): Promise<Database> {
  if (options.dataDir) {
    await ensurePgliteCluster(options.dataDir)
    // What initdb unpacked, an older version wrote or a restore copied: owner-only before PostgreSQL opens it.
    await tightenTree(options.dataDir)
  }
  // pg_trgm backs the global search's "contains" matches (its indexes), btree_gin lets those indexes lead with the
  // division and the owner; PGlite ships both as contrib bundles.
  const pglite = await PGlite.create({
    ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
    ...(!options.dataDir && options.template ? { loadDataDir: options.template } : {}),
    extensions: { pg_trgm, btree_gin },
    startParams: [...PGlite.defaultStartParams, ...pgliteSettings.flatMap((setting) => ['-c', setting])],
  })
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
    async query<Row>(text: string, values: readonly unknown[]) {
      return (await pglite.query<Row>(text, [...values])).rows
    },
    async dumpDataDir() {
      // Committed work written out first, so the copy needs little recovery when opened.
      await pglite.exec('checkpoint')
      return pglite.dumpDataDir('none')
    },
    async close() {
      if (!pglite.closed) await db.destroy()
    },
  }
}
