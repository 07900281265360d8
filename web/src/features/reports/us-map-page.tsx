import { contactStatusNames } from '@crm/contracts'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { DataTable } from '../../components/data-table/data-table'
import { SelectField } from '../../components/form/form-fields'
import { Card } from '../../components/ui/card'
import { DivisionField, UserField } from './report-filters'
import { openContactDrill } from './report-contacts-modal'
import { ReportPage } from './report-tabs'
import { usMapQuery, type ContactReportFilters } from './reports-api'
import { MapLegend, UsMapChart } from './us-map-chart'

const ALL = 'all'
type StateCount = { stateId: number; code: string; name: string; count: number }

const col = createColumnHelper<StateCount>()

/** A state per row, its count opening its contacts. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const stateColumns = (open: (state: StateCount) => void): ColumnDef<StateCount, any>[] => [
  col.accessor('name', { header: 'State', meta: { card: 'title' } }),
  col.accessor('count', {
    header: 'Contacts',
    cell: ({ row: { original: s } }) => (
      <button
        type="button"
        className="tabular min-h-11 min-w-11 font-medium text-link hover:underline sm:min-h-0"
        aria-label={`Contacts in ${s.name}: ${s.count}`}
        onClick={() => open(s)}
      >
        {s.count}
      </button>
    ),
    meta: { className: 'text-right', card: 1 },
  }),
]

/** The US map: contacts per state for a status, a division and a user, as a map and as a table. */
export function UsMapPage() {
  const filters = useSearch({ strict: false }) as ContactReportFilters
  const navigate = useNavigate()
  const go = (search: ContactReportFilters) => void navigate({ to: '/reports/us-map', search })
  const { data } = useSuspenseQuery(usMapQuery(filters))
  const max = Math.max(0, ...data.states.map((s) => s.count))
  const open = (state: StateCount) =>
    openContactDrill({ kind: 'state', stateId: state.stateId, label: state.name, count: state.count, filters })
  const ranked = data.states
    .filter((s) => s.count > 0)
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
  const status = filters.statusId ? contactStatusNames[filters.statusId as keyof typeof contactStatusNames] : undefined

  return (
    <ReportPage
      title="US map"
      intro="Where the division's contacts are. Click or press Enter on a state to list its contacts."
    >
      <Card className="grid grid-cols-1 gap-3 p-4 sm:grid-cols-3">
        <SelectField
          id="map-status"
          label="Status"
          value={filters.statusId ? String(filters.statusId) : ALL}
          onChange={(v) => go({ ...filters, statusId: v === ALL ? undefined : Number(v) })}
          options={{ [ALL]: 'All statuses', ...contactStatusNames }}
        />
        <DivisionField id="map" value={filters.divisionId} onChange={(divisionId) => go({ ...filters, divisionId })} />
        <UserField id="map" value={filters.userId} onChange={(userId) => go({ ...filters, userId })} />
      </Card>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <Card className="flex flex-col gap-3 p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="font-medium">
              {data.total} {status ? `${status} contacts` : 'contacts'}
              {data.unknown > 0 && (
                <span className="font-normal text-muted-foreground"> · {data.unknown} without a US state</span>
              )}
            </h2>
            <MapLegend max={max} />
          </div>
          <UsMapChart states={data.states} onOpen={open} />
        </Card>
        <DataTable
          label="Contacts per state"
          heading={<h2 className="font-medium text-foreground">Contacts per state</h2>}
          columns={stateColumns(open)}
          getRowId={(s) => String(s.stateId)}
          data={{ rows: ranked }}
          className="max-h-[600px] self-start"
        />
      </div>
    </ReportPage>
  )
}
