import { NotificationKind } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createLifecycleStack,
  systemMetadata,
  type Actor,
  type LifecycleStack,
} from '../contact-lifecycle/lifecycle-stack'

/** Reps referring their own contacts at once to the same attention-to user (a sales floor's busy hour). */
const REPS = 30

describe.each(databaseTargets())('concurrent referrals on $name', (target) => {
  let s: LifecycleStack
  let receiver: Actor
  const reps: { rep: Actor; contactId: string }[] = []

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    const manager = await s.actor('Fay Finance', ['call', 'manager'], { divisionId: 2 })
    receiver = await s.actor('Rita Receiver', ['call'], { divisionId: 2, managerId: manager.userId })
    for (let i = 0; i < REPS; i++) {
      const rep = await s.actor(`Rep ${i}`, ['call'])
      reps.push({ rep, contactId: await s.createContact(rep, { name: `Own Freight ${i}`, divisionId: 15 }) })
    }
  }, 300_000)
  afterAll(() => s.close())

  it('each rep’s referral of their own contact succeeds, though all notify the same user at once', async () => {
    const responses = await Promise.all(
      reps.map(({ rep, contactId }) =>
        rep.post('/referral', {
          contactId,
          divisionId: 2,
          subject: `Financing for ${contactId}`,
          effort_level: 122,
          grade: 109,
          attention_to: receiver.userId,
        }),
      ),
    )
    // Nobody else touched these contacts: the only shared stream is the receiver's notifications.
    expect(responses.map((r) => r.statusCode)).toEqual(reps.map(() => 201))
    const notifications = await s.store.readStream(`notifications-${receiver.userId}`)
    expect(notifications.filter((e) => e.type === 'NotificationRaised')).toHaveLength(REPS)
  }, 120_000)

  it('a referral answered 409 half-way completes when sent again with its Idempotency-Key, writing nothing twice', async () => {
    const rep = await s.actor('Rep Again', ['call'])
    const contactId = await s.createContact(rep, { name: 'Again Freight', divisionId: 15 })
    const key = `refer-${randomUUID()}`
    const body = {
      contactId,
      divisionId: 2,
      subject: 'Twice',
      effort_level: 122,
      grade: 108,
      attention_to: receiver.userId,
    }
    const notifications = `notifications-${receiver.userId}`
    const append = s.store.appendToStream.bind(s.store)
    // Another writer gets in before each of this request's appends to the receiver's notifications: a conflict
    // that persists, met after the referral, its task and the contact's steps were written.
    s.store.appendToStream = async (streamId, events, options) => {
      if (streamId === notifications) await append(streamId, [otherNotification()], { expectedVersion: 'any' })
      return append(streamId, events, options)
    }
    const first = await rep.post('/referral', body, { 'idempotency-key': key }).finally(() => {
      s.store.appendToStream = append
    })
    expect(first.statusCode, first.body).toBe(409)

    const again = await rep.post('/referral', body, { 'idempotency-key': key })
    expect(again.statusCode, again.body).toBe(201)
    const { id: referralId, taskId } = again.json()
    const ofRequest = async (streamId: string) =>
      (await s.store.readStream(streamId))
        .filter((e) => e.metadata.commandId.startsWith(`${rep.userId}:${key}`))
        .map((e) => e.type)
    expect(await ofRequest(`contact-${contactId}`)).toEqual(['ContactReferred', 'ContactAssigned', 'ContactTaskOpened'])
    expect(await ofRequest(`referral-${referralId}`)).toEqual(['ReferralSent'])
    expect(await ofRequest(`task-${taskId}`)).toEqual(['TaskCreated'])
    expect(await ofRequest(notifications)).toEqual(['NotificationRaised'])
  }, 60_000)

  /** A notification raised for the receiver by someone else (a reminder), as a competing writer appends it. */
  const otherNotification = () => ({
    eventId: randomUUID(),
    type: 'NotificationRaised',
    data: {
      notificationId: randomUUID(),
      userId: receiver.userId,
      kind: NotificationKind.TaskReminder,
      title: 'Call back',
      message: null,
      contactId: null,
      taskId: null,
      dueDate: null,
      remindAt: null,
      raisedBy: null,
      raisedAt: new Date().toISOString(),
    },
    metadata: systemMetadata(),
  })
})
