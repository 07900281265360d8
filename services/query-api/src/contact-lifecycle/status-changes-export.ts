import type { StatusChangeRow } from '@crm/contracts'
import ExcelJS from 'exceljs'
import { csvLine } from '../common/csv'
import { exportColumns, exportRow } from './status-changes'

/** The audit list as an Excel workbook (one sheet, a header row, frozen). */
export async function statusChangesWorkbook(rows: StatusChangeRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Status changes', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.addRow([...exportColumns]).font = { bold: true }
  for (const r of rows) sheet.addRow(exportRow(r))
  sheet.columns.forEach((column, i) => (column.width = [20, 22, 36, 10, 18, 18, 48][i]))
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

/** The same as CSV (RFC 4180 quoting; a leading quote keeps spreadsheet formulas out). */
export function statusChangesCsv(rows: StatusChangeRow[]): string {
  return [exportColumns, ...rows.map(exportRow)].map(csvLine).join('')
}
