import {
  opportunityTypes,
  prospectStages,
  type DashboardDrillPage,
  type DashboardTotal,
  type OpportunityDashboard,
} from '@crm/contracts'
import { workbookOf } from '../common/xlsx'

const totalRow = (label: string, t: DashboardTotal) => [label, t.count, t.amount, t.weightedAmount]
const nameIn = (table: Record<number, string>, id: number) => table[id] ?? String(id)

/**
 * The dashboard as an .xlsx: the totals by stage (with open, won, lost and all) and the opportunities behind
 * them, the largest first within each close day; when there are more than the export's limit, the sheet says so.
 */
export function dashboardWorkbook(d: OpportunityDashboard, page: DashboardDrillPage): Promise<Buffer> {
  const money = (header: string) => ({ header, width: 18 })
  const cut = page.total > page.rows.length ? [[`The first ${page.rows.length} of ${page.total} opportunities`]] : []
  return workbookOf([
    {
      name: 'By stage',
      columns: [
        { header: `Stage (${d.dateFrom} – ${d.dateTo})`, width: 28 },
        { header: 'Opportunities', width: 14 },
        money('Amount (USD)'),
        money('Weighted (USD)'),
      ],
      rows: [
        ...d.stages.map((s) => totalRow(s.name, s)),
        totalRow('Open pipeline', d.open),
        totalRow('Won', d.won),
        totalRow('Lost', d.lost),
        totalRow('All', d.all),
      ],
    },
    {
      name: 'Opportunities',
      columns: [
        { header: 'Opportunity', width: 32 },
        { header: 'Contact', width: 32 },
        { header: 'Salesperson', width: 24 },
        { header: 'Stage', width: 16 },
        { header: 'Type', width: 16 },
        money('Amount (USD)'),
        { header: 'Probability (%)', width: 14 },
        money('Weighted (USD)'),
        { header: 'Expected close', width: 14 },
        { header: 'Closed on', width: 14 },
      ],
      rows: [
        ...page.rows.map((o) => [
          o.opportunityName,
          o.contactName,
          o.userName,
          nameIn(prospectStages, o.prospectStage),
          nameIn(opportunityTypes, o.opportunityType),
          o.amount,
          o.probability,
          o.weightedAmount,
          o.expectedCloseDate,
          o.closedOn,
        ]),
        ...cut,
      ],
    },
  ])
}
