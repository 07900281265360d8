import { commandApiRoutes, loadCommandApiConfig, prepareCommandApi, registerUser } from '@crm/command-api'
import type { CampaignRow } from '@crm/contracts'
import {
  createHttpApp,
  createJobQueue,
  createLogger,
  createPostgresEventStore,
  registerApiRoutes,
  waitForPosition,
  type HttpApp,
} from '@crm/platform'
import { createIsolatedPostgres } from '@crm/platform/testing'
import { allProjections, migrateReadModels, startProjector } from '@crm/projector'
import { loadQueryApiConfig, queryApiRoutes } from '@crm/query-api'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { SMTPServer } from 'smtp-server'
import type { BenchRow } from '../contact-lists/bench-row'
import { percentile } from '../stats'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** smtp-server on loopback that counts each message by recipient and notes when it arrived. */
async function startCountingInbox() {
  const arrivals: { to: string; at: number }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => undefined)
      stream.on('end', () => {
        const at = performance.now()
        for (const r of session.envelope.rcptTo) arrivals.push({ to: r.address, at })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The baseline: the same SMTP server fed by nodemailer alone, 4 at a time over a pool of 4, as the CRM sends. */
async function rawSmtpPerSecond(url: string, count: number): Promise<number> {
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 4 })
  let next = 0
  const started = performance.now()
  const worker = async () => {
    while (next < count) {
      const i = next++
      await transport.sendMail({
        from: 'CRM <crm@fleet-sales.example>',
        to: `baseline-${i}@carriers.example`,
        subject: 'Spring rates for a carrier',
        text: 'Our spring rates are out.',
        html: '<p>Our spring rates are out.</p>',
      })
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  const seconds = (performance.now() - started) / 1000
  transport.close()
  return count / seconds
}

async function post(app: HttpApp, token: string, url: string, payload: object) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  })
  if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
  return response.json() as { id: string; position: string }
}

/**
 * A marketing send to `contacts` contacts through the job system to smtp-server on loopback, on a schema of
 * its own on real PostgreSQL: messages per second from the send to the last message in, when half and 95% of
 * them were in, and that every address got exactly one. Baseline: nodemailer alone into the same server.
 */
export async function marketingSendBench(databaseUrl: string, contacts: number): Promise<BenchRow[]> {
  const inbox = await startCountingInbox()
  const database = await createIsolatedPostgres(databaseUrl, 24)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crm-bench-email-'))
  const logger = createLogger('bench', 'silent')
  const store = await createPostgresEventStore(database)
  const jobs = createJobQueue({})
  await migrateReadModels(database, allProjections)
  await prepareCommandApi(database)
  const projector = await startProjector({ database, store, projections: allProjections, logger, lease: false })
  const env = {
    JWT_SECRET: randomBytes(24).toString('base64url'),
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'CRM <crm@fleet-sales.example>',
  }
  const app = await createHttpApp({ logger, jwtSecret: env.JWT_SECRET, db: database.db, title: 'bench' })
  await registerApiRoutes(app, commandApiRoutes({ database, store, config: loadCommandApiConfig(env), logger, jobs }))
  await registerApiRoutes(app, queryApiRoutes({ database, config: loadQueryApiConfig(env), logger }))
  try {
    if (!(await projector.waitUntilActive(120_000))) throw new Error('projections did not become active')
    await app.ready()
    const password = randomBytes(12).toString('base64url')
    const user = { email: 'bench.sender@example.com', password, name: 'Bench Sender', divisionId: 15 }
    const { position } = await registerUser(store, { ...user, permissions: ['call'], managerId: null })
    if (position) await waitForPosition(database.db, ['users'], position, 60_000)
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: user })
    const token = (login.json() as { token: string }).token

    console.log(`bench: email, creating ${contacts} contacts…`)
    const ids: string[] = []
    let made = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (made < contacts) {
          const i = made++
          const body = { name: `Carrier ${i}`, organizationTypeId: 7, email: `dispatch-${i}@carriers.example` }
          ids.push((await post(app, token, '/contacts', body)).id)
        }
      }),
    )
    const head = await store.headPosition()
    await waitForPosition(database.db, ['email_messages', 'contacts_list'], head, 120_000)

    const baseline = await rawSmtpPerSecond(inbox.url, Math.min(2000, contacts))
    inbox.arrivals.length = 0

    console.log(`bench: email, marketing send to ${contacts} contacts…`)
    const started = performance.now()
    const { id } = await post(app, token, '/emails/marketing-sends', {
      contactIds: ids,
      subject: 'Spring rates for {{contact.name}}',
      body: '<p>Hello {{contact.name}}, our spring rates are out. <a href="https://rates.example/spring">Rates</a></p>',
    })
    const accepted = performance.now() - started
    const deadline = Date.now() + 30 * 60_000
    let queuedAt = Number.NaN
    for (;;) {
      if (Number.isNaN(queuedAt)) {
        const campaign = await app.inject({
          method: 'GET',
          url: `/api/v1/emails/marketing-sends/${id}`,
          headers: { authorization: `Bearer ${token}` },
        })
        if ((campaign.json() as CampaignRow).state === 'queued') queuedAt = performance.now() - started
      }
      if (inbox.arrivals.length >= contacts) break
      if (Date.now() > deadline) throw new Error(`only ${inbox.arrivals.length} of ${contacts} arrived in 30 min`)
      await sleep(500)
    }
    const lastAt = inbox.arrivals.reduce((m, a) => Math.max(m, a.at), 0) - started
    // A sweep or a retry after this would show as a second message to an address.
    await sleep(3000)
    const perAddress = new Map<string, number>()
    for (const a of inbox.arrivals) perAddress.set(a.to, (perAddress.get(a.to) ?? 0) + 1)
    const twice = [...perAddress.values()].filter((n) => n > 1).length
    const arrivalMs = inbox.arrivals.map((a) => a.at - started)
    const rate = contacts / (lastAt / 1000)
    const note = `${contacts.toLocaleString('en-US')} contacts, 2 shared cores under other engineers' load`
    return [
      { name: 'email marketing: send accepted (route)', value: accepted, unit: 'ms', note },
      { name: 'email marketing: all messages queued', value: queuedAt, unit: 'ms', note },
      {
        name: 'email marketing: messages per second, send to last message in',
        value: rate,
        unit: 'msg/s',
        baseline,
        note: 'baseline: nodemailer alone into the same smtp-server, 4 at a time over a pool of 4',
      },
      { name: 'email marketing: half the messages in (p50)', value: percentile(arrivalMs, 50), unit: 'ms' },
      { name: 'email marketing: 95% of the messages in (p95)', value: percentile(arrivalMs, 95), unit: 'ms' },
      {
        name: 'email marketing: addresses mailed twice',
        value: twice,
        unit: 'addresses',
        target: '0',
        pass: twice === 0 && perAddress.size === contacts,
        note: `${perAddress.size.toLocaleString('en-US')} addresses got mail`,
      },
    ]
  } finally {
    await app.close()
    await projector.stop()
    await jobs.close()
    await store.close()
    await database.close()
    await inbox.close()
    await rm(dataDir, { recursive: true, force: true })
  }
}
