import { databaseTargets } from '@crm/platform/testing'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from './lifecycle-stack'

describe.each(databaseTargets())('business card download over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let otherRep: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    rep = await s.actor('Rita Rep', ['call'])
    otherRep = await s.actor('Otto Rep', ['call'])
  })
  afterAll(() => s.close())

  it('serves the stored bytes with their type to whoever sees the contact, and nothing to others', async () => {
    const id = await s.createContact(rep, { name: 'Card Carrier' })
    const boundary = 'x-boundary'
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="card.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const upload = await rep.raw('POST', `/contacts/upload-business-card/${id}`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    })
    expect(upload.statusCode).toBe(200)
    const [card] = (await rep.get(`/contacts/${id}`)).json().businessCards
    const url = (key: string) => `/contacts/business-card?documentKey=${encodeURIComponent(key)}&contactId=${id}`

    const download = await rep.get(url(card.documentKey))
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.rawPayload.equals(bytes)).toBe(true)

    expect((await rep.get(url('00000000-0000-4000-8000-000000000000.png'))).statusCode).toBe(404)
    // The contact is Rita's: another rep of the division does not see it, so neither its card.
    expect((await otherRep.get(url(card.documentKey))).statusCode).toBe(404)
  })
})
