import { DEFAULT_DIVISION_ID, rolePresets } from '@crm/contracts'
import { registerUser } from '@crm/command-api'
import { waitForPosition, type HttpApp, type Logger, type EventStore, type Database } from '@crm/platform'
import { DEMO_PASSWORD, demoContacts, demoUsers } from './demo-data'
import { seedDemoWork, type DemoWorker } from './demo-work'
import { seedIdentity } from './seed-identity'

interface SeedInput {
  app: HttpApp
  store: EventStore
  database: Database
  logger: Logger
  admin: { email: string; password: string }
  demo: boolean
}

/**
 * First-start data, through the same commands users send: the administrator, then (unless SEED_DEMO=0) demo
 * users and contacts. Every command has a fixed id, so running it again at the next start appends nothing.
 */
export async function seed({ app, store, database, logger, admin, demo }: SeedInput): Promise<void> {
  const adminUser = await registerUser(store, {
    email: admin.email,
    password: admin.password,
    name: 'Administrator',
    divisionId: DEFAULT_DIVISION_ID,
    permissions: rolePresets.admin,
  })
  if (adminUser.created) logger.info({ email: admin.email }, 'seeded the administrator')
  await seedIdentity({ store, database, logger, demo })
  if (!demo) return

  let last = adminUser.position
  const demoUserIds: string[] = []
  for (const user of demoUsers) {
    const result = await registerUser(store, {
      email: user.email,
      password: DEMO_PASSWORD,
      name: user.name,
      divisionId: user.divisionId,
      permissions: rolePresets[user.role],
    })
    last = result.position ?? last
    demoUserIds.push(result.userId)
  }
  // A floor's mix: some leads nobody owns yet, the rest spread over the demo users and the administrator.
  const owners: (string | null | undefined)[] = [null, ...demoUserIds, undefined]
  // Contacts are created over the API as the administrator, which needs the login to see the users read model.
  if (last) await waitForPosition(database.db, ['users'], last, 10_000)
  const token = await login(app, admin)
  let created = 0
  const ownedBy = new Map<string, string[]>()
  for (const [i, contact] of demoContacts().entries()) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/contacts',
      headers: { authorization: `Bearer ${token}`, 'idempotency-key': `seed-demo-contact-${i}` },
      payload: { ...contact, divisionId: DEFAULT_DIVISION_ID, assigned: owners[i % owners.length] },
    })
    if (response.statusCode !== 201) throw new Error(`Seeding contact ${contact.name} failed: ${response.body}`)
    const owner = owners[i % owners.length]
    if (owner) ownedBy.set(owner, [...(ownedBy.get(owner) ?? []), (response.json() as { id: string }).id])
    created++
  }
  // Each demo user works their own contacts, signed in as themselves (their name on tasks and the timeline).
  const workers: DemoWorker[] = []
  for (const [i, user] of demoUsers.entries()) {
    const token = await login(app, { email: user.email, password: DEMO_PASSWORD })
    workers.push({ key: `user${i}`, token, contactIds: ownedBy.get(demoUserIds[i]!) ?? [] })
  }
  const commands = await seedDemoWork(app, workers, await firstStart(store, demoUserIds[0]!))
  logger.info({ contacts: created, users: demoUsers.length, workCommands: commands }, 'demo data in place')
}

/** When the demo was first seeded (its first user's registration), so a restart re-sends identical commands. */
async function firstStart(store: EventStore, userId: string): Promise<Date> {
  const [registered] = await store.readStream(`user-${userId}`)
  return registered ? new Date(registered.createdAt) : new Date()
}

async function login(app: HttpApp, admin: { email: string; password: string }): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login-user', payload: admin })
  if (response.statusCode !== 200) throw new Error(`Seed login failed: ${response.body}`)
  return (response.json() as { token: string }).token
}
