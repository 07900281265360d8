import { taskMessages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

/**
 * Within /api/v1 paths are only added (docs/decisions/015-api-contract.md): the paths of an earlier release answer
 * exactly as the ones that replaced them, with the same rules, and the same 404 for a record one may not see.
 */
describe.each(databaseTargets())('the paths of earlier releases on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let other: Actor
  const types = async (stream: string) => (await s.store.readStream(stream)).map((e) => e.type)

  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Rita Rep', ['call'])
    other = await s.actor('Otto Other', ['call'])
  }, 120_000)
  afterAll(() => s.close())

  it('POST /task/{id}/complete completes a task as POST /task/complete/{id} does', async () => {
    const contactId = await s.createContact(rep, { name: 'Earlier Freight' })
    const id = (await rep.post('/task', { title: 'Call', contactId })).json().id as string
    // The same rules under the same fields.
    const refused = await rep.post(`/task/${id}/complete`, { notes: 'x' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ nextStep: taskMessages.nextStepRequired })
    // Another rep's task is a missing one on both paths.
    const hidden = await other.post(`/task/${id}/complete`, { nextStep: 10001, notes: 'x' })
    expect([hidden.statusCode, hidden.json().title]).toEqual([
      404,
      (await other.post(`/task/complete/${id}`, { nextStep: 10001, notes: 'x' })).json().title,
    ])
    expect(hidden.statusCode).toBe(404)

    const done = await rep.post(`/task/${id}/complete`, { nextStep: 10001, notes: 'No one picked up' })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toMatchObject({ id, followUpTaskId: expect.any(String), position: expect.any(String) })
    expect(await types(`task-${id}`)).toContain('TaskCompleted')
    expect(await types(`contact-${contactId}`)).toContain('ActivityLogged')
    // One task: the other path sees it completed.
    const twice = await rep.post(`/task/complete/${id}`, { nextStep: 10001, notes: 'Again' })
    expect([twice.statusCode, twice.json().title]).toEqual([422, taskMessages.completed])
    const again = await rep.post(`/task/${id}/complete`, { nextStep: 10001, notes: 'Again' })
    expect([again.statusCode, again.json().title]).toEqual([422, taskMessages.completed])
  })

  it('GET /contacts/{id}/history answers what GET /contacts/history/{id} answers', async () => {
    const id = await s.createContact(rep, { name: 'History Freight' })
    expect((await rep.patch(`/contacts/${id}`, { dba: 'Hist' })).statusCode).toBe(200)
    const current = await rep.get(`/contacts/history/${id}`)
    const earlier = await rep.get(`/contacts/${id}/history`)
    expect(earlier.statusCode, earlier.body).toBe(200)
    expect(earlier.json()).toEqual(current.json())
    expect((earlier.json() as unknown[]).length).toBeGreaterThanOrEqual(2)
    const asOf = encodeURIComponent('2000-01-01T00:00:00.000Z')
    expect((await rep.get(`/contacts/${id}/history?asOf=${asOf}`)).json()).toEqual([])
    // A contact the caller may not see, and one that does not exist: 404 on both paths alike.
    for (const contactId of [id, crypto.randomUUID()]) {
      expect((await other.get(`/contacts/${contactId}/history`)).statusCode).toBe(404)
      expect((await other.get(`/contacts/history/${contactId}`)).statusCode).toBe(404)
    }
    expect((await rep.get('/contacts/not-an-id/history')).statusCode).toBe(400)
  })
})
