import ExcelJS from 'exceljs'

/** One sheet of a workbook: its header row (with column widths) and its rows, cell by cell. */
export interface SheetOf {
  name: string
  columns: readonly { header: string; width: number }[]
  rows: readonly (readonly (string | number | null)[])[]
}

/**
 * A small .xlsx built in memory (exports of at most a few thousand rows; the contacts export streams instead):
 * each sheet has a bold, frozen header row and the given column widths.
 */
export async function workbookOf(sheets: readonly SheetOf[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  for (const sheet of sheets) {
    const out = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] })
    out.addRow(sheet.columns.map((c) => c.header)).font = { bold: true }
    for (const row of sheet.rows) out.addRow([...row])
    sheet.columns.forEach((c, i) => (out.getColumn(i + 1).width = c.width))
  }
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
