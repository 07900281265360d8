import type { ImportReport } from '@crm/contracts'
import { databaseTargets } from '@crm/platform/testing'
import { sql } from 'kysely'
import { parse } from 'csv-parse/sync'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createListHarness, type ListHarness } from './list-harness'
import { uploadCsv, waitForJob } from './upload'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const census = readFileSync(
  path.resolve(repoRoot, 'services/command-api/src/lead-import/fixtures/fmcsa-census-sample-500.csv'),
)
const fixture = readFileSync(path.resolve(repoRoot, 'services/command-api/src/lead-import/fixtures/leads-sample.csv'))

/** The census rows as the test expects them to land (parsed here independently of the importer). */
const censusRows = (): Record<string, string>[] => parse(census, { columns: true })

const users = [
  {
    key: 'manager',
    name: 'Mona Manager',
    divisionId: 15,
    permissions: ['manager' as const, 'upload-new-leads' as const],
  },
  { key: 'rep', name: 'Rita Rep', divisionId: 15, permissions: ['call' as const] },
]

describe.each(databaseTargets())('Import New Leads on $name', (target) => {
  let h: ListHarness
  beforeAll(async () => {
    h = await createListHarness(target, users)
  })
  afterAll(() => h?.close())

  const importFile = async (name: string, content: Buffer) => {
    const upload = await uploadCsv(h, 'manager', name, content)
    expect(upload.statusCode, upload.body).toBe(202)
    const job = await waitForJob(h, 'manager', upload.json().jobId)
    expect(job.state, job.error).toBe('completed')
    const report = job.result as ImportReport
    await h.settle(report.position)
    return { upload: upload.json(), report, job }
  }

  it('imports the USDOT census sample: 500 leads with names, DOT numbers, phones, addresses and trucks', async () => {
    const { upload, report, job } = await importFile('census.csv', census)
    expect(upload).toMatchObject({ rows: 500, layout: 'census' })
    expect(report).toMatchObject({ rows: 500, created: 500, updated: 0, skipped: 0 })
    expect(job.progress).toBe(100)
    const { rows } = await sql<Record<string, unknown>>`
      select name, dot_number, business_phone, street1, city, state, zip, number_of_trucks, status_id, assigned,
        import_date, latitude from contact_search`.execute(h.database.db)
    expect(rows).toHaveLength(500)
    const byDot = new Map(rows.map((r) => [r.dot_number, r]))
    for (const row of censusRows()) {
      expect(byDot.get(row.dot_number), row.dot_number).toMatchObject({
        name: row.legal_name,
        business_phone: row.telephone || null,
        street1: row.phy_street || null,
        city: row.phy_city || null,
        state: row.phy_state || null,
        zip: row.phy_zip || null,
        number_of_trucks: row.nbr_power_unit ? Math.round(Number(row.nbr_power_unit)) : null,
        status_id: 1,
        assigned: null,
        import_date: expect.any(Date),
      })
    }
    // Zips become coordinates for distance searches.
    expect(rows.filter((r) => r.latitude !== null).length).toBeGreaterThan(400)
  })

  it('imports the same file again and creates nothing', async () => {
    const { report } = await importFile('census-again.csv', census)
    expect(report).toMatchObject({ rows: 500, created: 0 })
    expect(report.updated + report.skipped).toBe(500)
    expect(report.details[0]!.reason).toMatch(/Already in the CRM \(matched by DOT\)/)
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from contact_search`.execute(h.database.db)
    expect(rows[0]!.n).toBe(500)
  })

  it('imports docs/product.md’s lead CSV, merges into a census contact by DOT and reports skipped rows with reasons', async () => {
    // Row 4 names a carrier of the census file (which has no email for it) and brings an email.
    const withKnownDot = fixture
      .toString()
      .replace('2345678', censusRows()[1]!.dot_number!)
      .replace('not-an-email', 'dispatch@blueline.example')
    const { report, upload } = await importFile('leads.csv', Buffer.from(withKnownDot))
    expect(upload.layout).toBe('leads')
    expect(report).toMatchObject({ rows: 3, created: 1, updated: 1, skipped: 1 })
    expect(report.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, outcome: 'skipped', reason: 'Missing or unreadable date_entered' }),
        expect.objectContaining({
          row: 4,
          outcome: 'updated',
          reason: 'Existing contact (matched by DOT): added email',
        }),
      ]),
    )
    const { rows } = await sql<Record<string, unknown>>`
      select name, mc_number, business_phone, state, source, operating_status from contact_search
      where dot_number = '1234567'`.execute(h.database.db)
    expect(rows).toEqual([
      {
        name: 'Prairie Wind Freight LLC',
        mc_number: '765432',
        business_phone: '(555) 111-2222',
        state: 'TX',
        source: 'Trade show',
        operating_status: 'AUTHORIZED',
      },
    ])
  })

  it.each([
    ['a spreadsheet', 'leads.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['a text file', 'notes.txt', 'text/plain'],
  ])('refuses %s with "Please provide CSV file format!"', async (_label, name, type) => {
    const response = await uploadCsv(h, 'manager', name, 'a,b\n1,2\n', type)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors.file).toBe('Please provide CSV file format!')
  })

  it('refuses a CSV without the required headers and a user without the permission', async () => {
    const missing = await uploadCsv(h, 'manager', 'leads.csv', 'usdot,name\n1,Acme\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.file).toContain('name_and_safer_name, date_entered')
    expect((await uploadCsv(h, 'rep', 'leads.csv', fixture)).statusCode).toBe(403)
  })

  it("lists the uploader's own imports, and answers anyone else's job id as a missing one", async () => {
    const { upload } = await importFile(
      'mine.csv',
      Buffer.from('name_and_safer_name,date_entered,usdot\nOwn Upload Haulers LLC,2026-01-15,77123401\n'),
    )
    const mine = (await h.request('manager', 'GET', '/api/v1/lead-imports')).json().rows
    expect(mine[0]).toMatchObject({ jobId: upload.jobId, fileName: 'mine.csv', state: 'completed', progress: 100 })
    expect((await h.request('rep', 'GET', `/api/v1/jobs/lead-import/${upload.jobId}`)).statusCode).toBe(404)
    const forged = `${h.ids.rep}.${upload.jobId.split('.')[1]}`
    expect((await h.request('rep', 'GET', `/api/v1/jobs/lead-import/${forged}`)).statusCode).toBe(404)
    expect((await h.request('rep', 'GET', '/api/v1/lead-imports')).json().rows).toEqual([])
  })
})

describe.each(databaseTargets())('the limits of one lead file on $name', (target) => {
  let h: ListHarness
  beforeAll(async () => {
    // Small limits, so that a test file can cross them; the defaults are 100 MB and 1,000,000 rows.
    h = await createListHarness(target, users, { LEAD_IMPORT_MAX_ROWS: '3', LEAD_IMPORT_MAX_BYTES: '2000' })
  })
  afterAll(() => h?.close())

  const rows = (n: number) =>
    ['name_and_safer_name,date_entered', ...Array.from({ length: n }, (_, i) => `Capped ${i},2026-01-02`)].join('\n')
  const limitMessage = 'The file is too large: import at most 0 MB and 3 rows at a time'

  it('refuses a file with more rows than allowed, with a clear message, and starts no import', async () => {
    expect((await uploadCsv(h, 'manager', 'three.csv', rows(3))).statusCode).toBe(202)
    const tooMany = await uploadCsv(h, 'manager', 'four.csv', rows(4))
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors.file).toBe(limitMessage)
  })

  it('refuses a file larger than allowed', async () => {
    const big = await uploadCsv(h, 'manager', 'big.csv', `${rows(1)}\n${'x'.repeat(3000)}`)
    expect(big.statusCode).toBe(400)
    expect(big.json().errors.file).toBe(limitMessage)
  })
})
