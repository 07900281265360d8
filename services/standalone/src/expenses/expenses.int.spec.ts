import { expenseMessages } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { canReadReceipt } from '@crm/query-api'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifecycleStack, type Actor, type LifecycleStack } from '../contact-lifecycle/lifecycle-stack'

const boundary = 'x-boundary'
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('PNGDATA')])
const multipart = (bytes: Buffer, field = 'receipt', filename = 'receipt.png') =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
const options = (o: object) => `options=${encodeURIComponent(JSON.stringify(o))}`
const viewerOf = (a: Actor, permissions: string[]) => ({
  userId: a.userId,
  divisionId: 15,
  seesWholeDivision: permissions.includes('manager'),
  seesAllDivisions: false,
  permissions,
})

describe.each(databaseTargets())('expenses and receipts over HTTP on $name', (target) => {
  let s: LifecycleStack
  let rep: Actor
  let other: Actor
  let manager: Actor
  beforeAll(async () => {
    s = await createLifecycleStack(target)
    manager = await s.actor('Mona Manager', ['call', 'manager'])
    rep = await s.actor('Rita Rep', ['call'], { managerId: manager.userId })
    other = await s.actor('Otto Outsider', ['call'])
  }, 180_000)
  afterAll(() => s.close())

  const upload = (as: Actor, body: Buffer) =>
    as.raw('POST', '/expenses/upload-receipt', body, { 'content-type': `multipart/form-data; boundary=${boundary}` })

  it('uploads a receipt image (typed by its bytes), files it with an amount, and totals the month', async () => {
    const uploaded = await upload(rep, multipart(png))
    expect(uploaded.statusCode).toBe(201)
    const { key, location } = uploaded.json()
    expect(location).toBe(`/file-viewer?fileName=${encodeURIComponent(`receipts/${key}`)}`)
    expect(
      (await rep.post('/expenses', { expense: 42.5, expenseDate: '2026-11-03', categoryId: 2, receiptKey: key }))
        .statusCode,
    ).toBe(201)
    expect(
      (await rep.post('/expenses', { expense: 10.25, expenseDate: '2026-11-10', note: 'Parking' })).statusCode,
    ).toBe(201)
    expect((await rep.post('/expenses', { expense: 99, expenseDate: '2026-10-31' })).statusCode).toBe(201)

    const page = (
      await rep.get(`/expenses?${options({ filter: { month: '2026-11' }, pagination: { limit: 5, first: 0 } })}`)
    ).json()
    expect(page).toMatchObject({ month: '2026-11', total: 2, totalExpense: 52.75 })
    expect(page.rows[0]).toMatchObject({ expense: 10.25, expenseDate: '2026-11-10', note: 'Parking', receiptKey: null })
    expect(page.rows[1]).toMatchObject({
      expense: 42.5,
      receiptKey: key,
      receiptName: 'receipt.png',
      userName: 'Rita Rep',
    })

    // Receipts open through the expense that owns them: its owner and their manager, nobody else.
    const db = s.database.db
    expect(await canReadReceipt(db, viewerOf(rep, ['call']), key)).toBe(true)
    expect(await canReadReceipt(db, viewerOf(manager, ['call', 'manager']), key)).toBe(true)
    expect(await canReadReceipt(db, viewerOf(other, ['call']), key)).toBe(false)
    expect(await canReadReceipt(db, viewerOf(rep, ['call']), 'no-such-key')).toBe(false)
    // ...and the file viewer's decoder answers the same: the bytes for the manager, 404 for the outsider.
    const decoded = await manager.get(`/file-decoder?fileName=${encodeURIComponent(`receipts/${key}`)}`)
    expect(decoded.statusCode, decoded.body).toBe(200)
    expect(Buffer.from(decoded.json().base64Data, 'base64').equals(png)).toBe(true)
    expect(decoded.json()).toMatchObject({ contentType: 'image/png', name: 'receipt.png' })
    expect((await other.get(`/file-decoder?fileName=${encodeURIComponent(`receipts/${key}`)}`)).statusCode).toBe(404)
  })

  it('posts an expense only with an amount or a receipt, in USD with two decimals', async () => {
    const empty = await rep.post('/expenses', { expenseDate: '2026-11-03', note: 'nothing' })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.expense).toBe(expenseMessages.amountOrReceipt)
    const cents = await rep.post('/expenses', { expense: 1.005, expenseDate: '2026-11-03' })
    expect(cents.json().errors.expense).toBe(expenseMessages.amountInvalid)
    const { key } = (await upload(rep, multipart(png))).json()
    expect((await rep.post('/expenses', { expenseDate: '2026-09-01', receiptKey: key })).statusCode).toBe(201)
    const september = (await rep.get(`/expenses?${options({ filter: { month: '2026-09' } })}`)).json()
    expect(september).toMatchObject({ total: 1, totalExpense: 0, rows: [{ expense: null, receiptKey: key }] })
  })

  it('refuses what is not an image or a PDF, a wrong field, and a receipt of someone else or used twice', async () => {
    const html = await upload(rep, multipart(Buffer.from('<html><script>alert(1)</script></html>')))
    expect(html.statusCode).toBe(400)
    expect(html.json().errors.receipt).toBe(expenseMessages.receiptType)
    expect((await upload(rep, multipart(png, 'file'))).statusCode).toBe(400)
    const { key } = (await upload(rep, multipart(png))).json()
    const stolen = await other.post('/expenses', { expense: 5, expenseDate: '2026-11-01', receiptKey: key })
    expect(stolen.statusCode).toBe(404)
    expect((await rep.post('/expenses', { expense: 5, expenseDate: '2026-11-01', receiptKey: key })).statusCode).toBe(
      201,
    )
    const again = await rep.post('/expenses', { expense: 6, expenseDate: '2026-11-01', receiptKey: key })
    expect(again.statusCode).toBe(422)
    expect(again.json().title).toBe(expenseMessages.receiptUsed)
  })

  it("managers see their team's expenses; others' are not found", async () => {
    await rep.post('/expenses', { expense: 7, expenseDate: '2026-08-02' })
    await manager.post('/expenses', { expense: 3, expenseDate: '2026-08-03' })
    const ofRep = (
      await manager.get(`/expenses?${options({ filter: { month: '2026-08', userId: rep.userId } })}`)
    ).json()
    expect(ofRep).toMatchObject({ total: 1, totalExpense: 7 })
    const team = (await manager.get(`/expenses?${options({ filter: { month: '2026-08', userId: 'team' } })}`)).json()
    expect(team).toMatchObject({ total: 2, totalExpense: 10 })
    expect(
      (await other.get(`/expenses?${options({ filter: { month: '2026-08', userId: rep.userId } })}`)).statusCode,
    ).toBe(404)
    expect(
      (await rep.get(`/expenses?${options({ filter: { month: '2026-08', userId: 'team' } })}`)).json(),
    ).toMatchObject({
      total: 1,
      totalExpense: 7,
    })
  })

  it("a manager sees and edits a disabled rep's expenses alike (docs/decisions/051)", async () => {
    const admin = await s.adminActor()
    const leaver = await s.actor('Lee Leaver', ['call'], { managerId: manager.userId })
    const filed = await leaver.post('/expenses', { expense: 12, expenseDate: '2026-05-04', note: 'Fuel' })
    const id = filed.json().id as string
    expect((await admin.patch(`/users/${leaver.userId}`, { active: false })).statusCode).toBe(200)

    // The list, the single user's filter and the team's all show it, as the edit below can reach it.
    const ofLeaver = await manager.get(`/expenses?${options({ filter: { month: '2026-05', userId: leaver.userId } })}`)
    expect(ofLeaver.statusCode, ofLeaver.body).toBe(200)
    expect(ofLeaver.json()).toMatchObject({ total: 1, totalExpense: 12, rows: [{ id, userName: 'Lee Leaver' }] })
    const team = (await manager.get(`/expenses?${options({ filter: { month: '2026-05', userId: 'team' } })}`)).json()
    expect(team).toMatchObject({ total: 1, totalExpense: 12 })
    expect((await manager.patch(`/expenses/${id}`, { note: 'Checked' })).statusCode).toBe(200)
    expect(
      (await manager.get(`/expenses?${options({ filter: { month: '2026-05', userId: 'team' } })}`)).json().rows[0],
    ).toMatchObject({ id, note: 'Checked' })
    // Still nobody else's.
    expect(
      (await other.get(`/expenses?${options({ filter: { month: '2026-05', userId: leaver.userId } })}`)).statusCode,
    ).toBe(404)
    expect((await other.patch(`/expenses/${id}`, { note: 'Mine' })).statusCode).toBe(404)
  })

  it('edits and deletes an expense: its owner or their manager; the month total follows', async () => {
    const month = (m: string, as: Actor = rep) =>
      as.get(`/expenses?${options({ filter: { month: m } })}`).then((r) => r.json())
    const filed = await rep.post('/expenses', { expense: 20, expenseDate: '2026-07-10', note: 'Tolls' })
    const id = filed.json().id as string
    await rep.post('/expenses', { expense: 5, expenseDate: '2026-07-12' })
    expect(await month('2026-07')).toMatchObject({ total: 2, totalExpense: 25 })

    const edited = await rep.patch(`/expenses/${id}`, { expense: 32.45, categoryId: 4 })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().message).toBe(expenseMessages.expenseUpdated)
    expect(await month('2026-07')).toMatchObject({ total: 2, totalExpense: 37.45 })
    expect((await month('2026-07')).rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, expense: 32.45, categoryId: 4, note: 'Tolls' })]),
    )
    // Moved to another day of another month: it leaves July's total for June's.
    expect((await rep.patch(`/expenses/${id}`, { expenseDate: '2026-06-30' })).statusCode).toBe(200)
    expect(await month('2026-07')).toMatchObject({ total: 1, totalExpense: 5 })
    expect(await month('2026-06')).toMatchObject({ total: 1, totalExpense: 32.45 })

    // Bad input changes nothing: three decimals, nothing sent, and no amount with no receipt.
    expect((await rep.patch(`/expenses/${id}`, { expense: 1.005 })).json().errors.expense).toBe(
      expenseMessages.amountInvalid,
    )
    expect((await rep.patch(`/expenses/${id}`, {})).json().title).toBe('Nothing to change')
    const emptied = await rep.patch(`/expenses/${id}`, { expense: null })
    expect(emptied.statusCode).toBe(400)
    expect(emptied.json().errors.expense).toBe(expenseMessages.amountOrReceipt)

    // A receipt added by edit, then the amount removed: still an expense (a receipt alone is enough).
    const { key } = (await upload(rep, multipart(png))).json()
    expect((await rep.patch(`/expenses/${id}`, { receiptKey: key })).statusCode).toBe(200)
    expect((await rep.patch(`/expenses/${id}`, { expense: null })).statusCode).toBe(200)
    expect(await month('2026-06')).toMatchObject({ total: 1, totalExpense: 0, rows: [{ receiptKey: key }] })
    expect(await canReadReceipt(s.database.db, viewerOf(manager, ['call', 'manager']), key)).toBe(true)
    // Someone else's receipt is not found, and the expense stays as it was.
    const { key: othersKey } = (await upload(other, multipart(png))).json()
    expect((await rep.patch(`/expenses/${id}`, { receiptKey: othersKey })).statusCode).toBe(404)

    // The manager edits the rep's expense; an outsider finds it missing for edit and delete alike.
    expect((await manager.patch(`/expenses/${id}`, { note: 'Checked' })).statusCode).toBe(200)
    expect((await other.patch(`/expenses/${id}`, { note: 'Mine' })).statusCode).toBe(404)
    expect((await other.delete(`/expenses/${id}`)).statusCode).toBe(404)
    expect((await month('2026-06')).rows[0]).toMatchObject({ note: 'Checked', receiptKey: key })

    const deleted = await manager.delete(`/expenses/${id}`)
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json().message).toBe(expenseMessages.expenseDeleted)
    expect(await month('2026-06')).toMatchObject({ total: 0, totalExpense: 0, rows: [] })
    expect((await rep.delete(`/expenses/${id}`)).statusCode).toBe(404)
    expect((await rep.patch(`/expenses/${id}`, { note: 'Back' })).statusCode).toBe(404)
  })
})
