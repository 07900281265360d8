import type { StatusChangeRow } from '@crm/contracts'
import { csvLine } from '../common/csv'
import { workbookOf } from '../common/xlsx'
import { exportColumns, exportRow } from './status-changes'

const widths = [20, 22, 36, 10, 18, 18, 48]

/** The audit list as an Excel workbook (one sheet, a header row, frozen). */
export function statusChangesWorkbook(rows: StatusChangeRow[]): Promise<Buffer> {
  const columns = exportColumns.map((header, i) => ({ header, width: widths[i]! }))
  return workbookOf([{ name: 'Status changes', columns, rows: rows.map(exportRow) }])
}

/** The same as CSV (RFC 4180 quoting; a leading quote keeps spreadsheet formulas out). */
export function statusChangesCsv(rows: StatusChangeRow[]): string {
  return [exportColumns, ...rows.map(exportRow)].map(csvLine).join('')
}
