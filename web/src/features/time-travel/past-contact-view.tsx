import { useQuery } from '@tanstack/react-query'
import { Clock } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Card, CardHeader, CardTitle } from '../../components/ui/card'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateTime } from '../../lib/format-date'
import { contactAsOfQuery } from './time-travel-api'
import { ContactDiffTable } from './contact-diff-table'

const Empty = () => <span className="text-muted-foreground">—</span>

/** The contact as it stood at `asOf`, marked as the past, with what has changed since. */
export function PastContactView({ contactId, asOf }: { contactId: string; asOf: string }) {
  const { data, isPending, isError } = useQuery(contactAsOfQuery(contactId, asOf))
  return (
    <Card className="border-warning/50 ring-2 ring-warning/30" aria-label="Past view">
      <CardHeader className="bg-warning-soft">
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-3.5 text-warning" /> Past view: as of {formatDateTime(asOf)}
        </CardTitle>
        <Badge variant="warning">Read only</Badge>
      </CardHeader>
      {isPending ? (
        <div className="flex flex-col gap-2 p-4" aria-busy>
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ) : isError ? (
        <p className="p-4 text-center text-muted-foreground">The past view could not be loaded.</p>
      ) : !data.existed ? (
        <p className="p-4 text-center text-muted-foreground">The contact did not exist yet at that moment.</p>
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4 md:grid-cols-2">
          <section aria-label="Standing then" className="flex flex-col gap-3">
            <h3 className="font-medium">Standing then</h3>
            <ul className="flex flex-col gap-1.5">
              {data.divisions.map((d) => (
                <li key={d.divisionId} className="flex flex-wrap items-center gap-2">
                  <span className="text-muted-foreground">{d.divisionName}</span>
                  <Badge variant="accent">{d.status}</Badge>
                  <span className="text-xs text-muted-foreground">{d.assignedName ?? 'Unassigned'}</span>
                </li>
              ))}
            </ul>
            {data.deleted && <Badge variant="danger">Deleted by then</Badge>}
            <p className="text-xs text-muted-foreground">
              {data.openTasks.length} open task{data.openTasks.length === 1 ? '' : 's'} · {data.notes.length} shared
              note{data.notes.length === 1 ? '' : 's'} · {data.eventCount} change{data.eventCount === 1 ? '' : 's'} by
              then
            </p>
            {data.notes.length > 0 && (
              <ul className="flex flex-col gap-1 text-xs">
                {data.notes.map((n, i) => (
                  <li key={i}>
                    {n.subject ?? 'Note'} <span className="text-muted-foreground">by {n.authorName ?? 'System'}</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-label="Details then">
            <h3 className="mb-2 font-medium">Details then</h3>
            <dl className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-x-3 gap-y-1">
              {data.fields
                .filter((f) => !f.field.startsWith('division.') && f.field !== 'deleted')
                .map((f) => (
                  <div key={f.field} className="contents">
                    <dt className="text-muted-foreground">{f.label}</dt>
                    <dd className="break-words">{f.value ?? <Empty />}</dd>
                  </div>
                ))}
            </dl>
          </section>
          <div className="md:col-span-2">
            <ContactDiffTable contactId={contactId} from={asOf} />
          </div>
        </div>
      )}
    </Card>
  )
}
