import type { StatusChangeRow } from '@crm/contracts'
import { csvLine } from '../common/csv'
import { workbookOf } from '../common/xlsx'
import type { DivisionNameOf } from '../divisions/division-names'
import { exportColumns, exportRow } from './status-changes'

const widths = [20, 22, 36, 10, 18, 18, 48]

/** The audit list as an Excel workbook (one sheet, a header row, frozen). */
export function statusChangesWorkbook(rows: StatusChangeRow[], divisionName: DivisionNameOf): Promise<Buffer> {
  const columns = exportColumns.map((header, i) => ({ header, width: widths[i]! }))
  return workbookOf([{ name: 'Status changes', columns, rows: rows.map((r) => exportRow(r, divisionName)) }])
}

/** The same as CSV (RFC 4180 quoting; a leading quote keeps spreadsheet formulas out). */
export function statusChangesCsv(rows: StatusChangeRow[], divisionName: DivisionNameOf): string {
  return [exportColumns, ...rows.map((r) => exportRow(r, divisionName))].map(csvLine).join('')
}
