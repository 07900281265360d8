import { contactStatusNames, evolveContact, initialContactState, type ContactEvent } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/** A moment strictly after the last command and strictly before the next. */
async function moment(): Promise<string> {
  await sleep(15)
  const at = new Date().toISOString()
  await sleep(15)
  return at
}

describe.each(databaseTargets())('a contact as of a moment (time travel) on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let stranger: Actor
  let contactId: string
  const moments: string[] = []

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Rita Rep', ['call'])
    stranger = await s.actor('Sam Stranger', ['call'])
    contactId = await s.createContact(rep, { name: 'Before Freight', assigned: rep.userId })
    moments.push(await moment())
    expect((await rep.patch(`/contacts/${contactId}`, { name: 'After Freight', dotNumber: '777' })).statusCode).toBe(
      200,
    )
    moments.push(await moment())
    const call = {
      contactId,
      divisionId: 15,
      activityType: 10009,
      subject: 'Intro',
      callData: { duration: 0, outcome: 'Attempted' },
    }
    expect((await rep.post('/activity', call)).statusCode).toBe(201)
    const toProspect = { contactId, divisionId: 15, statusId: 2, effortLevel: 122, grade: 108, prospectSource: 1 }
    expect((await rep.post('/contacts/convertContact', toProspect)).statusCode).toBe(200)
    moments.push(await moment())
    // Read-your-writes: the next read waits for the projector.
    expect((await rep.get(`/contacts/${contactId}`)).statusCode).toBe(200)
    // The whole stack starts here (every projection migrated): slow only on a loaded machine.
  }, 240_000)
  afterAll(() => s.close())

  /** What a replay of the store's own events up to the moment gives, with the deciders' evolve. */
  async function replayUntil(at: string) {
    const events = (await s.store.readStream(`contact-${contactId}`)).filter(
      (e) => (e.metadata as { occurredAt: string }).occurredAt <= at,
    )
    return events.reduce(
      (state, e) => evolveContact(state, { type: e.type, data: e.data } as ContactEvent),
      initialContactState,
    )
  }

  it('rebuilds the contact as of three moments exactly as a replay up to each gives', async () => {
    for (const at of moments) {
      const response = await rep.get(`/contacts/${contactId}?asOf=${encodeURIComponent(at)}`)
      expect(response.statusCode).toBe(200)
      const body = response.json()
      const replayed = await replayUntil(at)
      expect(body.name).toBe(replayed.profile?.name)
      expect(body.existed).toBe(true)
      const statuses = Object.fromEntries(
        Object.entries(replayed.divisions).map(([id, m]) => [Number(id), contactStatusNames[m.statusId as 1]]),
      )
      expect(
        Object.fromEntries(body.divisions.map((d: { divisionId: number; status: string }) => [d.divisionId, d.status])),
      ).toEqual(statuses)
      expect(body.fields.find((f: { field: string }) => f.field === 'dotNumber').value).toBe(
        replayed.profile?.dotNumber ?? null,
      )
    }
    const [first, second, third] = await Promise.all(
      moments.map(async (at) => (await rep.get(`/contacts/${contactId}?asOf=${encodeURIComponent(at)}`)).json()),
    )
    expect([first.name, second.name, third.name]).toEqual(['Before Freight', 'After Freight', 'After Freight'])
    expect([first.divisions[0].status, third.divisions[0].status]).toEqual(['Lead', 'Prospect'])
    expect(first.divisions[0].assignedName).toBe('Rita Rep')
  })

  it('before the contact existed it is empty; the history as of a moment stops there', async () => {
    const before = (await rep.get(`/contacts/${contactId}?asOf=2000-01-01T00:00:00Z`)).json()
    expect(before).toMatchObject({ existed: false, eventCount: 0, position: null, divisions: [] })
    const history = (await rep.get(`/contacts/history/${contactId}?asOf=${encodeURIComponent(moments[0]!)}`)).json()
    expect(history.map((h: { type: string }) => h.type)).toEqual(['ContactCreated'])
  })

  it('the diff names the changed fields and who changed them', async () => {
    const response = await rep.get(`/contacts/${contactId}/diff?from=${encodeURIComponent(moments[0]!)}`)
    expect(response.statusCode).toBe(200)
    const changes = response.json().changes as {
      field: string
      before: string
      after: string
      changedBy: { userName: string }[]
    }[]
    expect(changes.map((c) => c.field).sort()).toEqual(['division.15.status', 'dotNumber', 'name'])
    expect(changes.find((c) => c.field === 'name')).toMatchObject({
      before: 'Before Freight',
      after: 'After Freight',
      changedBy: [{ userName: 'Rita Rep' }],
    })
    expect(changes.find((c) => c.field === 'division.15.status')).toMatchObject({ before: 'Lead', after: 'Prospect' })
  })

  it('answers 404 to a caller who may not see the contact, as for a missing one, and 400 for a bad moment', async () => {
    const at = encodeURIComponent(moments[2]!)
    expect((await stranger.get(`/contacts/${contactId}?asOf=${at}`)).statusCode).toBe(404)
    expect((await stranger.get(`/contacts/${contactId}/diff?from=${at}`)).statusCode).toBe(404)
    expect((await rep.get(`/contacts/${contactId}?asOf=yesterday`)).statusCode).toBe(400)
    expect((await rep.get(`/contacts/${contactId}/diff`)).statusCode).toBe(400)
  })
})
