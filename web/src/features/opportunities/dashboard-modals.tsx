import {
  opportunityTypes,
  sliceLabel,
  type DashboardFilter,
  type DashboardOpportunityRow,
  type DashboardSlice,
} from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { DrillPager, DrillRows } from '../../components/drill-table'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { ListStates } from '../../components/ui/list-states'
import { formatDate } from '../../lib/format-date'
import { usd } from '../../lib/money'
import { DASHBOARD_DRILL_PAGE, dashboardDrillQuery } from './opportunities-api'
import { openOpportunity } from './opportunity-modal'
import { StageBadge } from './stage-badge'

/** One number of the dashboard: its filter, which slice, and the count it showed (the title repeats it). */
export type DashboardDrill = { filter: DashboardFilter; slice: DashboardSlice; count: number }

const head = ['Opportunity', 'Contact', 'Salesperson', 'Stage', 'Type', 'Amount', 'Prob.', 'Weighted', 'Close day']

function cells(o: DashboardOpportunityRow) {
  return [
    <button
      type="button"
      className="text-left font-medium text-link hover:underline"
      onClick={() => openOpportunity({ contactId: o.contactId, contactName: o.contactName ?? '', opportunity: o })}
    >
      {o.opportunityName}
    </button>,
    <Link to="/contacts/$id" params={{ id: o.contactId }} className="text-link hover:underline">
      {o.contactName || 'Unnamed contact'}
    </Link>,
    o.userName ?? '',
    <StageBadge stage={o.prospectStage} />,
    opportunityTypes[o.opportunityType as keyof typeof opportunityTypes] ?? '',
    <span className="tabular whitespace-nowrap">{usd(o.amount)}</span>,
    <span className="tabular">{o.probability}%</span>,
    <span className="tabular whitespace-nowrap">{usd(o.weightedAmount)}</span>,
    <span className="tabular whitespace-nowrap" title={o.closedOn ? 'Closed on' : 'Expected close'}>
      {formatDate(o.closedOn ?? o.expectedCloseDate)}
      {o.closedOn ? '' : ' (expected)'}
    </span>,
  ]
}

/** The opportunities behind one number, 25 a page, as many as the number says. */
function DrillBody({ props: drill }: ModalComponentProps<DashboardDrill>) {
  const [first, setFirst] = useState(0)
  const query = useQuery(dashboardDrillQuery(drill.filter, drill.slice, first))
  return (
    <>
      <ModalBody>
        <ListStates query={query} what="Opportunities" isEmpty={(d) => d.rows.length === 0} skeletonRows={5}>
          {(page) => <DrillRows rows={page.rows} keyOf={(o) => o.id} head={head} cells={cells} numeric={[5, 6, 7]} />}
        </ListStates>
      </ModalBody>
      <DrillPager first={first} total={query.data?.total ?? 0} pageSize={DASHBOARD_DRILL_PAGE} onPage={setFirst} />
    </>
  )
}

const title = (d: DashboardDrill) =>
  `${sliceLabel(d.slice)} (${d.count}) · ${formatDate(d.filter.dateFrom)} – ${formatDate(d.filter.dateTo)}`

/** stage_prospects_modal: one stage's opportunities; dashboard_opportunities_modal: open, won, lost or all. */
const stageModal = defineModal<DashboardDrill>('stage_prospects_modal', { title, component: DrillBody })
const totalsModal = defineModal<DashboardDrill>('dashboard_opportunities_modal', { title, component: DrillBody })

export const openStageProspects = (drill: DashboardDrill) => stageModal.open(drill)
export const openDashboardOpportunities = (drill: DashboardDrill) => totalsModal.open(drill)
