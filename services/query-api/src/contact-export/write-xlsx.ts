import { companyTypeName, organizationTypes, type OrganizationTypeId } from '@crm/contracts'
import ExcelJS from 'exceljs'
import type { Writable } from 'node:stream'

export interface ExportRow {
  name: string
  company_type_id: number | null
  organization_type_id: number | null
  email: string | null
  business_phone: string | null
}

/** docs/product.md section 2: the columns of Export Contacts To Excel. */
const columns = [
  { header: 'Name', key: 'name', width: 40 },
  { header: 'Company Type', key: 'companyType', width: 16 },
  { header: 'Organization Type', key: 'organizationType', width: 20 },
  { header: 'Email', key: 'email', width: 32 },
  { header: 'Office Phone', key: 'officePhone', width: 18 },
]

/**
 * Streams an .xlsx to `out` while pages of rows arrive: each row is committed (written to the zip stream and
 * dropped) at once, and shared strings are off, so memory stays flat however many rows there are.
 */
export async function writeContactsXlsx(out: Writable, pages: AsyncIterable<ExportRow[]>): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Contacts')
  sheet.columns = columns
  let count = 0
  for await (const page of pages) {
    for (const r of page) {
      sheet
        .addRow({
          name: r.name,
          companyType: r.company_type_id === null ? null : (companyTypeName(r.company_type_id) ?? r.company_type_id),
          organizationType:
            r.organization_type_id === null
              ? null
              : (organizationTypes[r.organization_type_id as OrganizationTypeId] ?? r.organization_type_id),
          email: r.email,
          officePhone: r.business_phone,
        })
        .commit()
      count++
    }
  }
  sheet.commit()
  await workbook.commit()
  return count
}
