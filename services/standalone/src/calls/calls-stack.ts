import { commandApiRoutes, loadCommandApiConfig, prepareCommandApi } from '@crm/command-api'
import { MIN_POSITION_HEADER, POSITION_HEADER, type PermissionKey } from '@crm/contracts'
import {
  createHttpApp,
  createJobQueue,
  createLogger,
  createPostgresEventStore,
  registerApiRoutes,
  type HttpApp,
  type JobQueue,
} from '@crm/platform'
import type { DatabaseTarget } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  startFakeRingCentral,
  type FakeRingCentral,
  type FakeRingCentralOptions,
} from '../testing/fake-ringcentral/fake-ringcentral'
import { testEnv } from '../testing/test-env'
import { signUpTestUser } from '../testing/test-user'

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE'

/** A port free now, kept across restarts so RingCentral's webhook address stays the same. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/**
 * The back end on one app, as the standalone process runs it, talking to a fake RingCentral on loopback through
 * RINGCENTRAL_SERVER_URL. The app listens on loopback (PUBLIC_URL) so the fake can deliver webhooks to it.
 * `restart()` builds a new app and job queue on the same database, as a new process would (the start-up sweeps).
 */
export async function createCallsStack(target: DatabaseTarget, fakeOptions: FakeRingCentralOptions = {}) {
  const logger = createLogger('test', (process.env.CALLS_LOG as 'warn') ?? 'silent')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'crm-calls-'))
  const fake: FakeRingCentral = await startFakeRingCentral(fakeOptions)
  const database = await target.create()
  const store = await createPostgresEventStore(database, { pollIntervalMs: 50 })
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections: allProjections, logger, pollIntervalMs: 50 })
  const port = await freePort()
  const publicUrl = `http://127.0.0.1:${port}`
  const env = {
    ...testEnv,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    RINGCENTRAL_SERVER_URL: fake.url,
    RINGCENTRAL_CLIENT_ID: fake.clientId,
    RINGCENTRAL_CLIENT_SECRET: fake.clientSecret,
  }

  let jobs: JobQueue
  async function build(): Promise<HttpApp> {
    const commandConfig = loadCommandApiConfig(env)
    jobs = createJobQueue({})
    const built = await createHttpApp({ logger, jwtSecret: commandConfig.jwtSecret, db: database.db })
    await registerApiRoutes(built, commandApiRoutes({ database, store, config: commandConfig, logger, jobs }))
    await registerApiRoutes(built, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))
    await built.listen({ port, host: '127.0.0.1' })
    return built
  }
  async function stop() {
    await app.close()
    await jobs.close()
  }
  let app = await build()
  if (!(await projector.waitUntilActive(30_000))) throw new Error('projections did not become active')
  let lastPosition = ''

  const client = (token: string) => {
    const call = async (method: Method, url: string, payload?: unknown) => {
      const response = await app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${token}`,
          ...(method === 'GET' && lastPosition ? { [MIN_POSITION_HEADER]: lastPosition } : {}),
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      })
      const position = response.headers[POSITION_HEADER]
      if (typeof position === 'string' && position > lastPosition) lastPosition = position
      return response
    }
    return {
      get: (url: string) => call('GET', url),
      post: (url: string, body?: unknown) => call('POST', url, body ?? {}),
      patch: (url: string, body?: unknown) => call('PATCH', url, body ?? {}),
      delete: (url: string) => call('DELETE', url),
    }
  }

  async function actor(name: string, permissions: readonly PermissionKey[]) {
    const user = await signUpTestUser({ app, store, database }, name, permissions)
    return { ...user, ...client(user.token) }
  }

  return {
    fake,
    store,
    publicUrl,
    get app() {
      return app
    },
    actor,
    async restart() {
      await stop()
      app = await build()
    },
    async createContact(as: ReturnType<typeof client>, body: Record<string, unknown> = {}) {
      const response = await as.post('/contacts', { name: 'Calling Freight', organizationTypeId: 7, ...body })
      if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`)
      return response.json().id as string
    },
    async close() {
      await stop()
      await projector.stop()
      await store.close()
      await database.close()
      await fake.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

export type CallsStack = Awaited<ReturnType<typeof createCallsStack>>
export type CallActor = Awaited<ReturnType<CallsStack['actor']>>

/** What a browser does between the profile's button and /loginToRc: follow the authorization page and approve. */
export async function signInAtFake(authorizeUrl: string): Promise<{ code: string; state: string }> {
  const page = await fetch(authorizeUrl)
  if (page.status !== 200) throw new Error(`authorize page: ${page.status} ${await page.text()}`)
  const url = new URL(authorizeUrl)
  const approve = await fetch(new URL('/restapi/oauth/authorize', url), {
    method: 'POST',
    body: url.searchParams,
    redirect: 'manual',
  })
  const back = new URL(approve.headers.get('location') ?? '')
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' }
}
