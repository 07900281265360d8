import { messages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

/**
 * 50 managers' status changes on one contact at the same moment. Each targets its own (division, status)
 * pair, so none is refused by a rule: every answer is either accepted (200) or lost the race twice (409).
 */
describe.each(databaseTargets())('50 concurrent status changes on one contact on $name', (target) => {
  let s: LifecycleStack
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mona Manager', ['call', 'manager', 'change-contact-status', 'executive'])
  })
  afterAll(() => s.close())

  it('records every accepted change exactly once; the final state is the replay of the history; the rest get 409', async () => {
    const id = await s.createContact(manager)
    const divisions = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    const statuses = [2, 3, 4, 5, 1]
    const requests = divisions.flatMap((divisionId) =>
      statuses.map((statusId) => ({ contactId: id, divisionId, statusId })),
    )
    expect(requests).toHaveLength(50)

    const responses = await Promise.all(requests.map((body) => manager.post('/contacts/status-change', body)))
    const accepted = requests.filter((_, i) => responses[i]!.statusCode === 200)
    const conflicts = responses.filter((r) => r.statusCode === 409)
    expect(accepted.length + conflicts.length).toBe(50)
    expect(accepted.length).toBeGreaterThan(0)
    for (const conflict of conflicts) expect(conflict.json().title).toBe(messages.concurrentChange)

    // The stream holds exactly the accepted changes.
    const events = (await s.store.readStream(`contact-${id}`)).filter((e) => e.type === 'ContactStatusChanged')
    const key = (x: { divisionId: number; toStatusId?: number; statusId?: number }) =>
      `${x.divisionId}:${x.toStatusId ?? x.statusId}`
    expect(events.map((e) => key(e.data as { divisionId: number; toStatusId: number })).sort()).toEqual(
      accepted.map(key).sort(),
    )

    // The history shows each once, and replaying it gives the contact's statuses.
    const history = (await manager.get(`/contact-divisions/status-changes?contactId=${id}&limit=1000`)).json().rows as {
      divisionId: number
      fromStatusId: number | null
      toStatusId: number
      position: string
    }[]
    expect(history.map(key).sort()).toEqual(accepted.map(key).sort())
    const replayed = new Map<number, number>([[15, 1]])
    for (const change of [...history].sort((a, b) => a.position.localeCompare(b.position))) {
      expect(change.fromStatusId).toBe(replayed.get(change.divisionId) ?? null)
      replayed.set(change.divisionId, change.toStatusId)
    }
    const contact = (await manager.get(`/contacts/${id}`)).json()
    const final = new Map<number, number>(
      contact.contactDivisionData.map((d: { divisionId: number; statusId: number }) => [d.divisionId, d.statusId]),
    )
    expect(final).toEqual(replayed)
  })
})
