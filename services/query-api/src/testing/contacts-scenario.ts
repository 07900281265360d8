import { randomUUID } from 'node:crypto'
import { insertContact } from './seed'
import type { createTestQueryApp } from './test-app'

/** The contacts and users the contact query tests share: who may see what is the point of most of them. */
export const rep = { userId: randomUUID(), divisionId: 15, permissions: ['call'], name: 'Rita Rep' }
export const otherRep = { userId: randomUUID(), divisionId: 15, permissions: ['call'], name: 'Otto Other' }
export const manager = { userId: randomUUID(), divisionId: 15, permissions: ['call', 'manager'], name: 'Mona Manager' }
export const executive = {
  userId: randomUUID(),
  divisionId: 1,
  permissions: ['executive', 'manager'],
  name: 'Eve Exec',
}

export type ContactIds = Record<'mine' | 'unassigned' | 'theirs' | 'deleted' | 'elsewhere' | 'both', string>

export async function seedContactsScenario(t: Awaited<ReturnType<typeof createTestQueryApp>>) {
  const tokens: Record<'rep' | 'otherRep' | 'manager' | 'executive', string> = {
    rep: await t.tokenFor(rep),
    otherRep: await t.tokenFor(otherRep),
    manager: await t.tokenFor(manager),
    executive: await t.tokenFor(executive),
  }
  const ids = {} as ContactIds
  ids.mine = await insertContact(t.db, {
    name: 'Alpha Freight',
    divisionId: 15,
    assigned: rep.userId,
    state: 'TX',
    dotNumber: '1000001',
    mcNumber: 'MC500',
    numberOfTrucks: 12,
  })
  ids.unassigned = await insertContact(t.db, {
    name: 'beta 100% Haulers_',
    divisionId: 15,
    statusId: 2,
    state: 'ca',
    dotNumber: '2000002',
    numberOfTrucks: 3,
  })
  ids.theirs = await insertContact(t.db, {
    name: 'Gamma Logistics',
    divisionId: 15,
    statusId: 3,
    assigned: otherRep.userId,
    state: 'TX',
    numberOfTrucks: 40,
  })
  ids.deleted = await insertContact(t.db, { name: 'Deleted Co', divisionId: 15, deleted: true })
  ids.elsewhere = await insertContact(t.db, { name: 'Delta Elsewhere', divisionId: 2, otherDivisions: [] })
  ids.both = await insertContact(t.db, {
    name: 'Epsilon Both',
    divisionId: 2,
    otherDivisions: [{ divisionId: 15, statusId: 1, assigned: null }],
  })
  return { tokens, ids }
}
