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

  const boundary = 'x-boundary'
  const part = (bytes: Buffer, declared = 'image/png', name = 'card.png') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${declared}\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ])
  const upload = (id: string, ...parts: Buffer[]) =>
    rep.raw(
      'POST',
      `/contacts/upload-business-card/${id}`,
      Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
      {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    )
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff])

  it('reads the type from the bytes: a page of HTML declared as image/png is refused', async () => {
    const id = await s.createContact(rep, { name: 'Sneaky Carrier' })
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>')
    const answer = await upload(id, part(html, 'image/png'))
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors.file).toBe('Upload an image or a PDF')
    expect((await rep.get(`/contacts/${id}`)).json().businessCards).toEqual([])
  })

  it("refuses two files in one upload with 'Only one file is allowed' instead of dropping one", async () => {
    const id = await s.createContact(rep, { name: 'Two Cards Carrier' })
    const answer = await upload(id, part(png), part(png, 'image/png', 'second.png'))
    expect(answer.statusCode).toBe(400)
    expect(answer.json().errors.file).toBe('Only one file is allowed')
    expect((await rep.get(`/contacts/${id}`)).json().businessCards).toEqual([])
  })

  it('serves the stored bytes with their type to whoever sees the contact, and nothing to others', async () => {
    const id = await s.createContact(rep, { name: 'Card Carrier' })
    const bytes = png
    // Declared as something else: the bytes say PNG, and that is what is stored and served.
    expect((await upload(id, part(bytes, 'application/x-whatever'))).statusCode).toBe(200)
    const [card] = (await rep.get(`/contacts/${id}`)).json().businessCards
    const url = (key: string) => `/contacts/business-card?documentKey=${encodeURIComponent(key)}&contactId=${id}`

    const download = await rep.get(url(card.documentKey))
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.headers['x-content-type-options']).toBe('nosniff')
    expect(download.rawPayload.equals(bytes)).toBe(true)

    expect((await rep.get(url('00000000-0000-4000-8000-000000000000.png'))).statusCode).toBe(404)
    // The contact is Rita's: another rep of the division does not see it, so neither its card.
    expect((await otherRep.get(url(card.documentKey))).statusCode).toBe(404)

    // The file viewer's decoder answers alike: the card for Rita, 404 for Otto and for a key the contact lacks.
    const viewer = (key: string) => `/file-decoder?fileName=${encodeURIComponent(`business-cards/${id}/${key}`)}`
    const decoded = await rep.get(viewer(card.documentKey))
    expect(decoded.statusCode, decoded.body).toBe(200)
    expect(decoded.json()).toMatchObject({ contentType: 'image/png', name: card.fileName })
    expect(Buffer.from(decoded.json().base64Data, 'base64').equals(bytes)).toBe(true)
    expect((await otherRep.get(viewer(card.documentKey))).statusCode).toBe(404)
    expect((await rep.get(viewer('00000000-0000-4000-8000-000000000000.png'))).statusCode).toBe(404)
  })
})
