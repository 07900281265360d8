import { insightKinds, type Insight, type InsightKind } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { openContactDrill } from './report-contacts-modal'
import { insightQuery, type ContactReportFilters } from './reports-api'

/** Lookups read better as horizontal bars (long names); ranges of numbers as columns in order. */
const horizontal: Record<InsightKind, boolean> = {
  nationality: true,
  companyType: true,
  companySize: false,
  companyAge: false,
}

function InsightChart({ insight, onOpen }: { insight: Insight; onOpen: (key: string) => void }) {
  const data = insight.slices.map((s) => ({ key: s.key, label: s.label, count: s.count }))
  const open = (entry: unknown) => {
    const key = (entry as { payload?: { key?: string } } | undefined)?.payload?.key
    if (key) onOpen(key)
  }
  return (
    <div className="h-56 w-full" role="img" aria-label={`${insightKinds[insight.kind]}: accounts per slice`}>
      <ResponsiveContainer width="100%" height="100%">
        {horizontal[insight.kind] ? (
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickLine={false} />
            <YAxis type="category" dataKey="label" width={116} tickLine={false} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(v) => [v, 'Accounts']} />
            <Bar
              dataKey="count"
              fill="var(--color-link)"
              radius={[0, 3, 3, 0]}
              isAnimationActive={false}
              onClick={open}
              cursor="pointer"
            />
          </BarChart>
        ) : (
          <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} tick={{ fontSize: 11 }} interval={0} />
            <YAxis allowDecimals={false} tickLine={false} />
            <Tooltip formatter={(v) => [v, 'Accounts']} />
            <Bar
              dataKey="count"
              fill="var(--color-link)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
              onClick={open}
              cursor="pointer"
            />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  )
}

/**
 * One insight: its chart (click a bar) and the same numbers as buttons (keyboard, screen readers), each opening
 * the accounts of its slice. Loads on its own, so a slow one holds up no other.
 */
export function InsightPanel({ kind, filters }: { kind: InsightKind; filters: ContactReportFilters }) {
  const query = useQuery(insightQuery(kind, filters))
  const open = (insight: Insight, key: string) => {
    const slice = insight.slices.find((s) => s.key === key)
    if (!slice || slice.count === 0) return
    openContactDrill({
      kind: 'insight',
      insight: kind,
      key,
      label: `${insightKinds[kind]}: ${slice.label}`,
      count: slice.count,
      filters,
    })
  }
  return (
    <Card className="flex flex-col gap-2 p-4">
      <h2 className="font-medium">
        {insightKinds[kind]}
        {query.data && <span className="font-normal text-muted-foreground"> · {query.data.total} accounts</span>}
      </h2>
      <ListStates query={query} what={insightKinds[kind]} isEmpty={(d) => d.total === 0} skeletonRows={5}>
        {(insight) => (
          <>
            <InsightChart insight={insight} onOpen={(key) => open(insight, key)} />
            <ul aria-label={`${insightKinds[kind]} slices`} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {insight.slices
                .filter((s) => s.count > 0)
                .map((s) => (
                  <li key={s.key}>
                    <button
                      type="button"
                      className="min-h-11 text-left hover:underline sm:min-h-0"
                      onClick={() => open(insight, s.key)}
                    >
                      {s.label}: <span className="tabular font-medium text-link">{s.count}</span>
                    </button>
                  </li>
                ))}
            </ul>
          </>
        )}
      </ListStates>
    </Card>
  )
}
