import {
  ActivityType,
  activitySummaryIds,
  activitySummaryRanges,
  activityTypeNames,
  formatCallTime,
  hasPermission,
  type ActivityTypeId,
} from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useState } from 'react'
import { TextField } from '../../components/form/form-fields'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { formatDate } from '../../lib/format-date'
import { useAllowed } from '../../lib/permissions'
import { openSummaryContacts } from './activity-summary-modal'
import { ScopeFilters, UserField } from './report-filters'
import { ReportPage } from './report-tabs'
import { activitySummaryQuery, pastDueCountQuery } from './reports-api'

/** One range's activities per type; a number opens the contacts behind it. Loads on its own. */
function SummaryPanel({ id, userId }: { id: number; userId?: string }) {
  const query = useQuery(activitySummaryQuery(id, userId))
  const directMail = useAllowed((caller) => hasPermission(caller, 'direct-mail'))
  const label = activitySummaryRanges[id as keyof typeof activitySummaryRanges]
  return (
    <Card className="flex flex-col gap-2 p-4" aria-label={label} role="region">
      <h2 className="flex items-baseline justify-between gap-2 font-medium">
        {label}
        {query.data && (
          <span className="text-xs font-normal text-muted-foreground">
            {formatDate(query.data.dateFrom)} – {formatDate(query.data.dateTo)}
          </span>
        )}
      </h2>
      <ListStates query={query} what={label} isEmpty={() => false} skeletonRows={3}>
        {(summary) => {
          const open = (activityType: number | undefined, title: string) =>
            openSummaryContacts({ dateFrom: summary.dateFrom, dateTo: summary.dateTo, userId, activityType, title })
          const counts = summary.counts.filter((c) => directMail || c.activityType !== ActivityType.DirectMail)
          return (
            <>
              <div className="flex items-baseline justify-between gap-2">
                <button
                  type="button"
                  disabled={summary.total === 0}
                  className="tabular min-h-11 text-2xl font-semibold text-link enabled:hover:underline disabled:text-muted-foreground sm:min-h-0"
                  aria-label={`${label}: ${summary.total} activities`}
                  onClick={() => open(undefined, `${label}: all activities`)}
                >
                  {summary.total}
                </button>
                <span className="tabular text-xs text-muted-foreground">
                  calls {formatCallTime(summary.callDuration)}
                </span>
              </div>
              <dl className="grid grid-cols-2 gap-x-3 gap-y-0.5 text-sm">
                {counts.map((c) => {
                  const name = activityTypeNames[c.activityType as ActivityTypeId] ?? 'Activity'
                  return (
                    <div key={c.activityType} className="flex items-center justify-between gap-1">
                      <dt className="text-muted-foreground">{name}</dt>
                      <dd>
                        {c.count === 0 ? (
                          <span className="tabular text-muted-foreground">0</span>
                        ) : (
                          <button
                            type="button"
                            className="tabular min-h-11 min-w-11 text-right font-medium text-link hover:underline sm:min-h-0 sm:min-w-0"
                            aria-label={`${label}, ${name}: ${c.count}`}
                            onClick={() => open(c.activityType, `${label}: ${name}`)}
                          >
                            {c.count}
                          </button>
                        )}
                      </dd>
                    </div>
                  )
                })}
              </dl>
            </>
          )
        }}
      </ListStates>
    </Card>
  )
}

/** Any range of days: its contacts; without both days, 'Please select date range!' (docs/product.md 5). */
function CustomRangePanel({ userId }: { userId?: string }) {
  const [range, setRange] = useState({ dateFrom: '', dateTo: '' })
  const [asked, setAsked] = useState(false)
  const complete = Boolean(range.dateFrom && range.dateTo && range.dateFrom <= range.dateTo)
  const show = () => {
    setAsked(true)
    if (complete)
      openSummaryContacts({ ...range, userId, title: `Contacts worked ${range.dateFrom} – ${range.dateTo}` })
  }
  return (
    <Card className="flex flex-col gap-2 p-4" aria-label="Custom range" role="region">
      <h2 className="font-medium">Custom range</h2>
      <div className="grid grid-cols-2 gap-2">
        <TextField
          id="as-from"
          label="From date"
          type="date"
          value={range.dateFrom}
          onChange={(v) => setRange({ ...range, dateFrom: v })}
        />
        <TextField
          id="as-to"
          label="To date"
          type="date"
          value={range.dateTo}
          onChange={(v) => setRange({ ...range, dateTo: v })}
        />
      </div>
      {asked && !complete && (
        <p role="alert" className="text-sm text-danger">
          Please select date range!
        </p>
      )}
      <Button variant="ghost" className="self-start max-sm:h-11" onClick={show}>
        Show contacts
      </Button>
    </Card>
  )
}

function PastDueTile({ userId }: { userId?: string }) {
  const query = useQuery(pastDueCountQuery(userId))
  return (
    <Card className="flex flex-col gap-2 p-4" aria-label="Past due tasks" role="region">
      <h2 className="font-medium">Past due tasks</h2>
      <ListStates query={query} what="Past due tasks" isEmpty={() => false} skeletonRows={1}>
        {(d) => <p className={`tabular text-2xl font-semibold ${d.count > 0 ? 'text-danger' : ''}`}>{d.count}</p>}
      </ListStates>
    </Card>
  )
}

/** The twelve activity summaries at once: every panel asks in parallel and shows its own loading state. */
export function ActivitySummariesPage() {
  const { userId } = useSearch({ strict: false }) as { userId?: string }
  const navigate = useNavigate()
  return (
    <ReportPage
      title="Activity summaries"
      intro="Activities per type over twelve ranges of your calendar days. Click a number to see the contacts."
    >
      <ScopeFilters>
        <UserField
          id="as"
          value={userId}
          onChange={(v) => void navigate({ to: '/reports/activity-summaries', search: { userId: v } })}
        />
      </ScopeFilters>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {activitySummaryIds.map((id) => (
          <SummaryPanel key={id} id={id} userId={userId} />
        ))}
        <PastDueTile userId={userId} />
        <CustomRangePanel userId={userId} />
      </div>
    </ReportPage>
  )
}
