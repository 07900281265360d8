import { databaseTargets } from '@crm/platform/testing'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { created } from './contact-events'
import { createListHarness, type ListHarness } from './list-harness'

const users = [
  { key: 'exec', name: 'Eve Exec', divisionId: 15, permissions: ['executive' as const, 'manager' as const] },
  { key: 'rep', name: 'Rita Rep', divisionId: 15, permissions: ['call' as const] },
]

describe.each(databaseTargets())('Export Contacts To Excel on $name', (target) => {
  let h: ListHarness
  const ids: string[] = []
  beforeAll(async () => {
    h = await createListHarness(target, users)
    for (const [name, org] of [
      ['Bravo Freight', 5],
      ['Alpha Lines', 7],
      ['Charlie Haul', 3],
    ] as const) {
      const event = created({
        name,
        organizationTypeId: org,
        email: `${name[0]}@x.example`,
        businessPhone: '(555) 000-0001',
        companyTypeId: 2,
      })
      ids.push((event.data as { contactId: string }).contactId)
      await h.append(`contact-${ids.at(-1)}`, [event])
    }
  }, 60_000)
  afterAll(() => h?.close())

  const sheetOf = async (url: string) => {
    const response = await h.request('exec', 'GET', url)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toContain('spreadsheetml')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Contacts')!
    return sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1))
  }

  it('writes name, company type, organization type, email and office phone for the list, types by name', async () => {
    expect(await sheetOf('/api/v1/contact-lists/contacts/export')).toEqual([
      ['Name', 'Company Type', 'Organization Type', 'Email', 'Office Phone'],
      ['Alpha Lines', 'Owner operator', 'Motor Carrier', 'A@x.example', '(555) 000-0001'],
      ['Bravo Freight', 'Owner operator', 'Owner Operator', 'B@x.example', '(555) 000-0001'],
      ['Charlie Haul', 'Owner operator', 'Private Fleet', 'C@x.example', '(555) 000-0001'],
    ])
  })

  it('exports only the selected rows when there are some, and the filtered search', async () => {
    const selected = await sheetOf(`/api/v1/contact-lists/contacts/export?ids=${ids[0]},${ids[2]}`)
    expect(selected.slice(1).map((r) => r[0])).toEqual(['Bravo Freight', 'Charlie Haul'])
    const options = encodeURIComponent(JSON.stringify({ filter: { name: 'alpha' } }))
    const filtered = await sheetOf(`/api/v1/advanced-search/export?options=${options}`)
    expect(filtered.slice(1).map((r) => r[0])).toEqual(['Alpha Lines'])
  })

  it('answers GET /contacts with exportType excel (docs/product.md 7) with the same rows as a file', async () => {
    const options = encodeURIComponent(JSON.stringify({ exportType: 'excel', filter: { name: 'bravo' } }))
    const sheet = await sheetOf(`/api/v1/contacts?options=${options}`)
    expect(sheet).toEqual([
      ['Name', 'Company Type', 'Organization Type', 'Email', 'Office Phone'],
      ['Bravo Freight', 'Owner operator', 'Owner Operator', 'B@x.example', '(555) 000-0001'],
    ])
  })

  it('is executive work', async () => {
    expect((await h.request('rep', 'GET', '/api/v1/contact-lists/contacts/export')).statusCode).toBe(403)
    const options = encodeURIComponent(JSON.stringify({ exportType: 'excel' }))
    expect((await h.request('rep', 'GET', `/api/v1/contacts?options=${options}`)).statusCode).toBe(403)
  })
})
