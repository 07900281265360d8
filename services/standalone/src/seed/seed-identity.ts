import { DomainError, type Database, type EventStore, type Logger } from '@crm/platform'
import { createDivision, registerUser, registeredUserId } from '@crm/command-api'
import { rolePresets } from '@crm/contracts'
import { DEMO_PASSWORD, demoPermissions, demoUsers } from './demo-data'

/** Division 1 is the executive division, 15 the default one (docs/product.md sections 6 and 9); the rest are examples. */
export const seedDivisions = [
  { id: 1, name: 'Executive' },
  { id: 2, name: 'Commercial Finance' },
  { id: 3, name: 'Logistics' },
  { id: 4, name: 'Truck Sales' },
  { id: 15, name: 'Sales' },
] as const

/**
 * Divisions, and with the demo its people (demo-data.ts), each registered with their manager. Fixed command
 * ids make every run after the first append nothing.
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

  // Listed managers first, so each user is registered with the manager they report to.
  for (const user of demoUsers) {
    const manager = demoUsers.find((u) => u.key === user.manager)
    await registerUser(store, {
      email: user.email,
      password: DEMO_PASSWORD,
      name: user.name,
      divisionId: user.divisionId,
      permissions: demoPermissions(user.role, rolePresets),
      managerId: manager ? registeredUserId(manager.email) : null,
    })
  }
}
