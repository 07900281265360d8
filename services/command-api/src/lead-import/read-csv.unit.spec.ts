import { readFileSync } from 'node:fs'
import { Readable } from 'node:stream'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { formatPhone, parseDay } from './csv-layouts'
import { cleanLeadRow } from './clean-fields'
import { LeadCsvReader, inspectLeadCsv } from './read-csv'

/** Opens the content again on every call, as file storage does. */
const opener = (content: string | Buffer) => async () => Readable.from([Buffer.from(content)])

/** Every row of a small file, through the streaming reader the import uses. */
async function parseLeadCsv(content: string | Buffer) {
  const reader = new LeadCsvReader(Buffer.from(content))
  const header = await reader.readHeader()
  if (!('layout' in header)) return header
  return { layout: header.layout, rows: await reader.take(Number.MAX_SAFE_INTEGER) }
}

const fixture = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/leads-sample.csv'))

describe('lead CSV parsing', () => {
  it('reads docs/product.md’s lead layout into contact fields and lead facts', async () => {
    const parsed = await parseLeadCsv(fixture)
    if (!('rows' in parsed)) throw new Error('not parsed')
    expect(parsed.layout).toBe('leads')
    const [first, second, third] = parsed.rows
    expect(first).toMatchObject({
      row: 2,
      dotNumber: '1234567',
      mcNumber: '765432',
      problem: null,
      fields: {
        name: 'Prairie Wind Freight LLC',
        businessPhone: '(555) 111-2222',
        address: { street1: '1 Main St', city: 'Dallas', state: 'TX', zip: '75001' },
        numberOfTrucks: 12,
        dateEstablished: '2012-05-17',
      },
      lead: { source: 'Trade show', numberOfDrivers: 14, operatingStatus: 'AUTHORIZED', dateEntered: '2025-03-01' },
    })
    expect(second!.problem).toBe('Missing or unreadable date_entered')
    expect(third!.lead.dateEntered).toBe('2025-03-02')
    // A malformed email is dropped, the lead kept.
    expect(cleanLeadRow(third!)).toMatchObject({ problem: null, fields: { email: null, numberOfTrucks: 3 } })
  })

  it('recognises the USDOT census layout by its header', async () => {
    const header =
      'dot_number,legal_name,dba_name,phy_street,phy_city,phy_state,phy_zip,telephone,nbr_power_unit,add_date\n'
    const parsed = await parseLeadCsv(
      `${header}4457575,"GIL & GIL, LLC",ACE,1 Rd,Madison,WI,53703,6085551234,2.0,22-AUG-25\n`,
    )
    expect(parsed).toMatchObject({
      layout: 'census',
      rows: [
        {
          name: 'GIL & GIL, LLC',
          dotNumber: '4457575',
          fields: { businessPhone: '(608) 555-1234', numberOfTrucks: 2 },
          lead: { dateEntered: '2025-08-22' },
        },
      ],
    })
  })

  it('names the required headers a file lacks', async () => {
    expect(await parseLeadCsv('usdot,mc\n1,2\n')).toEqual({ missing: ['name_and_safer_name', 'date_entered'] })
  })

  it('counts the rows of an upload as it streams over them, and tells text from other files', async () => {
    const rows = ['name_and_safer_name,date_entered', 'A,2026-01-01', '', '"B, ""the"" carrier",2026-01-02', 'C,x']
    expect(await inspectLeadCsv(opener(rows.join('\r\n')), 10)).toEqual({ layout: 'leads', rows: 3 })
    expect(await inspectLeadCsv(opener(rows.join('\n')), 2)).toEqual({ layout: 'leads', rows: 3 })
    expect(await inspectLeadCsv(opener(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0x08, 0])), 10)).toEqual({
      unreadable: 'The file is not text',
    })
    // Rows are named by their line in the file: the empty line 3 is skipped, not renumbered.
    const parsed = await parseLeadCsv(rows.join('\n'))
    expect('rows' in parsed && parsed.rows.map((r) => [r.row, r.name])).toEqual([
      [2, 'A'],
      [4, 'B, "the" carrier'],
      [5, 'C'],
    ])
  })

  it('reads the census layout’s codes as people read them: operation, classification, cargo, MCS-150 date', async () => {
    const synthetic = readFileSync(
      path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fmcsa-census-synthetic-40.csv'),
    )
    const parsed = await parseLeadCsv(synthetic)
    if (!('rows' in parsed)) throw new Error('not parsed')
    expect(parsed.layout).toBe('census')
    expect(parsed.rows).toHaveLength(40)
    expect(parsed.rows[0]).toMatchObject({
      row: 2,
      dotNumber: '9000000',
      problem: null,
      fields: { numberOfTrucks: 90, businessPhone: '(555) 513-8556', address: { city: 'Macon', state: 'GA' } },
      lead: {
        source: 'FMCSA census',
        carrierOperations: 'Interstate',
        operationClassification: 'Authorized For Hire, Private (Property)',
        cargoCarried: 'General Freight, Fresh Produce',
        numberOfDrivers: 91,
        mcs150Date: '2010-06-07',
        dateEntered: '2011-03-12',
      },
    })
    const operations = new Set(parsed.rows.map((r) => r.lead.carrierOperations))
    expect(
      [...operations].every((o) => ['Interstate', 'Intrastate Hazmat', 'Intrastate Non-Hazmat'].includes(o!)),
    ).toBe(true)
  })

  it('formats phones with the (999) 999-9999 mask and reads the files’ date formats', () => {
    expect(formatPhone('1-555-111-2222')).toBe('(555) 111-2222')
    expect(formatPhone('ext 12')).toBe('ext 12')
    expect(parseDay('14-MAR-03')).toBe('2003-03-14')
    expect(parseDay('3/2/2025')).toBe('2025-03-02')
    expect(parseDay('yesterday')).toBeNull()
  })

  it('keeps a phone that is not a US number as the file gives it: the lead is imported, not refused', async () => {
    const header = 'usdot,name_and_safer_name,business_phone,mobile_phone,date_entered\n'
    const parsed = await parseLeadCsv(
      `${header}1234567,Frontera Freight,+52 55 1234 5678,call dispatch,2025-03-01\n7654321,Clean Carrier,555.123.4567,,2025-03-01\n`,
    )
    if (!('rows' in parsed)) throw new Error('not parsed')
    const [foreign, clean] = parsed.rows.map(cleanLeadRow)
    expect(foreign).toMatchObject({
      problem: null,
      fields: { businessPhone: '+52 55 1234 5678', mobilePhone: 'call dispatch' },
    })
    expect(clean).toMatchObject({ problem: null, fields: { businessPhone: '(555) 123-4567', mobilePhone: null } })
  })
})
