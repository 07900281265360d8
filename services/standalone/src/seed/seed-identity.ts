import { DomainError, type Database, type EventStore, type Logger } from '@crm/platform'
import { createDivision, registerUser, registeredUserId } from '@crm/command-api'
import { rolePresets } from '@crm/contracts'
import { DEMO_PASSWORD, demoUsers } from './demo-data'

/** Division 1 is the executive division, 15 the default one (docs/product.md sections 6 and 9); the rest are examples. */
export const seedDivisions = [
  { id: 1, name: 'Executive' },
  { id: 2, name: 'Commercial Finance' },
  { id: 3, name: 'Logistics' },
  { id: 4, name: 'Truck Sales' },
  { id: 15, name: 'Sales' },
] as const

/**
 * Divisions, and with the demo a team: the demo reps report to the demo manager. Registered here, before
 * seed.ts registers the demo users, so that they are created with their manager (seed.ts's registrations of
 * the same emails are then no-ops). Fixed command ids make every run after the first append nothing.
 */
export async function seedIdentity({
  store,
  database,
  logger,
  demo,
}: {
  store: EventStore
  database: Database
  logger: Logger
  demo: boolean
}): Promise<void> {
  let created = 0
  for (const division of seedDivisions) {
    const commandId = `seed-division:${division.id}`
    const envelope = { commandId, userId: null, divisionId: null, correlationId: commandId, causationId: null }
    try {
      const result = await createDivision(store, database.db, division.name, envelope, division.id)
      if (result.created) created++
    } catch (error) {
      // An administrator created this id before the seed ever ran: theirs stays.
      if (!(error instanceof DomainError)) throw error
    }
  }
  if (created > 0) logger.info({ divisions: created }, 'seeded divisions')
  if (!demo) return

  const manager = demoUsers.find((u) => u.role === 'manager')
  for (const user of demoUsers) {
    await registerUser(store, {
      email: user.email,
      password: DEMO_PASSWORD,
      name: user.name,
      divisionId: user.divisionId,
      permissions: rolePresets[user.role],
      managerId: user.role === 'rep' && manager ? registeredUserId(manager.email) : null,
    })
  }
}
