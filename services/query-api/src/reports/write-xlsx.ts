import {
  amountMetricKeys,
  formatCallTime,
  salesMetricKeys,
  salesMetrics,
  type SalesMetricAmounts,
  type SalesMetricReport,
} from '@crm/contracts'
import ExcelJS from 'exceljs'
import type { DivisionNameOf } from '../divisions/division-names'

const amountCells = (amounts: SalesMetricAmounts) =>
  Object.fromEntries(amountMetricKeys.map((k) => [`${k}Amount`, amounts[k]]))

/** The sales metrics table as an .xlsx (at most the report's 1,000 rows, docs/product.md 9), divisions by name. */
export async function salesMetricWorkbook(report: SalesMetricReport, divisionName: DivisionNameOf): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Sales metrics')
  sheet.columns = [
    { header: 'Salesperson', key: 'userName', width: 28 },
    { header: 'Division', key: 'division', width: 20 },
    ...salesMetricKeys.map((k) => ({ header: salesMetrics[k].label, key: k, width: 14 })),
    ...amountMetricKeys.map((k) => ({ header: `${salesMetrics[k].label} ($)`, key: `${k}Amount`, width: 18 })),
    { header: 'Talk time', key: 'talkTime', width: 12 },
  ]
  for (const row of report.rows) {
    sheet.addRow({
      userName: row.userName,
      division: divisionName(row.divisionId),
      ...row.counts,
      ...amountCells(row.amounts),
      talkTime: formatCallTime(row.talkSeconds),
    })
  }
  sheet.addRow({
    userName: `Total ${report.dateFrom} – ${report.dateTo}`,
    ...report.totals.counts,
    ...amountCells(report.totals.amounts),
    talkTime: formatCallTime(report.totals.talkSeconds),
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}
