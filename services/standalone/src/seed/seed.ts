import { DEFAULT_DIVISION_ID, rolePresets } from '@crm/contracts'
import { registerUser, registeredUserId } from '@crm/command-api'
import { atTime, type HttpApp, type Logger, type EventStore, type Database } from '@crm/platform'
import { demoUsers } from './demo-data'
import { seedIdentity } from './seed-identity'
import { callApi, logIn, writeDemo, type DemoCounts } from './write-demo'

interface SeedInput {
  app: HttpApp
  store: EventStore
  database: Database
  logger: Logger
  admin: { email: string; password: string }
  demo: boolean
  /** Where the demo's credit applications are filed with (composeStandalone's keys). */
  intakeKeys?: Partial<Record<'website' | 'cps' | 'cef', string | undefined>>
  /** The demo's size (1: about 3,000 carriers and a quarter of their work) and seed; tests write less. */
  demoScale?: number
  demoSeed?: number
}

/** The demo's generator seed: the same demo on every machine. */
export const DEMO_SEED = 42
const DAY = 86_400_000
/** The last command of the demo: once it is in the store, the demo is whole and a restart writes nothing. */
const DONE_KEY = 'demo-complete'

/**
 * First-start data, through the same commands users send: the administrator, the divisions, then (unless
 * SEED_DEMO=0) the demo: its people and a quarter of a sales floor's work (demo-plan.ts), dated back from the
 * first start. Every command has a fixed id, so running it again appends nothing; a finished demo is not run again.
 */
export async function seed(input: SeedInput): Promise<DemoCounts | undefined> {
  const people = await seedPeople(input)
  return input.demo ? seedDemo(input, people) : undefined
}

/** The administrator, the divisions and (with the demo) its people: a moment's work, before anyone logs in. */
export async function seedPeople(input: SeedInput): Promise<{ firstStart: Date }> {
  const { store, database, logger, admin, demo } = input
  const adminUser = await registerUser(store, {
    email: admin.email,
    password: admin.password,
    name: 'Administrator',
    divisionId: DEFAULT_DIVISION_ID,
    permissions: rolePresets.admin,
  })
  if (adminUser.created) logger.info({ email: admin.email }, 'seeded the administrator')
  // The day of the first start: when the administrator was registered (the same on every later start).
  const [registered] = await store.readStream(`user-${adminUser.userId}`)
  const firstStart = registered ? new Date(registered.createdAt) : new Date()
  // The demo's people joined before its quarter of work.
  const identityAt = demo ? new Date(firstStart.getTime() - 93 * DAY) : new Date()
  await atTime(identityAt, () => seedIdentity({ store, database, logger, demo }))
  return { firstStart }
}

/**
 * The demo's quarter of work, unless a start already finished it (its last command is in the store). The server
 * runs it in the background once it listens: the floor fills in while the product is in use, a log line a phase.
 * A start that stopped halfway carries on where it stopped (the commands already in append nothing).
 */
export async function seedDemo(
  input: SeedInput,
  { firstStart }: { firstStart: Date },
): Promise<DemoCounts | undefined> {
  const { app, store, database, logger, admin } = input
  const marker = registeredUserId(demoUsers[0]!.email)
  const finished = (await store.readStream(`user-${marker}`)).some((e) => e.metadata.commandId.endsWith(DONE_KEY))
  if (finished) return undefined
  const started = Date.now()
  logger.info('writing the demo: a quarter of a sales floor (SEED_DEMO=0 starts empty)')
  const counts = await writeDemo(
    { app, store, database, logger, admin, intakeKeys: input.intakeKeys ?? {} },
    { seed: input.demoSeed ?? DEMO_SEED, firstStart, scale: input.demoScale ?? 1 },
    (phase, done, total) => logger.info(`demo: ${phase} (${done}/${total})`),
  )
  // The marker: the last command, under a fixed id, on the first demo user's stream (the executive's targets).
  await callApi(app, 'marker', {
    method: 'PATCH',
    url: `/users/${marker}`,
    token: await logIn(app, admin),
    key: DONE_KEY,
    payload: { expectations: { day: 5, week: 25, month: 100, year: 1250 } },
  })
  logger.info({ ...counts, seconds: Math.round((Date.now() - started) / 100) / 10 }, 'demo data in place')
  return counts
}
