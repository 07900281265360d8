import { STATUS_CHANGES_SHOWN } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { ArrowRight } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardHeader, CardTitle } from '../../components/ui/card'
import { formatDateTime } from '../../lib/format-date'
import { StatusBadge } from '../../components/status-badge'
import { statusChangesQuery } from './lifecycle-api'
import { DivisionName } from '../../components/division-name'

/** Status changes of the contact: who, when, division, from → to, reason. The 5 latest, then all. */
export function StatusHistoryCard({ contactId }: { contactId: string }) {
  const [all, setAll] = useState(false)
  const { data } = useQuery(statusChangesQuery(contactId, all ? 1000 : STATUS_CHANGES_SHOWN))
  return (
    <Card aria-label="Status history">
      <CardHeader>
        <CardTitle>Status history</CardTitle>
        {data && <span className="text-xs text-muted-foreground tabular">{data.total}</span>}
      </CardHeader>
      {data?.rows.length === 0 ? (
        <p className="px-4 py-6 text-center text-muted-foreground">No status changes yet.</p>
      ) : (
        <ul className="divide-y">
          {data?.rows.map((r) => (
            <li key={`${r.position}-${r.divisionId}`} className="flex flex-col gap-1 px-4 py-2.5">
              <div className="flex flex-wrap items-center gap-1.5">
                <span className="text-xs text-muted-foreground">
                  <DivisionName id={r.divisionId} />
                </span>
                {r.fromStatusId ? (
                  <StatusBadge statusId={r.fromStatusId} />
                ) : (
                  <span className="text-xs text-muted-foreground">none</span>
                )}
                <ArrowRight className="size-3 text-muted-foreground" />
                <StatusBadge statusId={r.toStatusId} />
                {r.reason && <span className="truncate text-xs text-foreground/75">{r.reason}</span>}
              </div>
              <p className="text-xs text-muted-foreground">
                <span className="font-medium text-foreground/75">{r.userName ?? 'System'}</span>
                <span className="mx-1.5">·</span>
                <time dateTime={r.occurredAt} className="tabular">
                  {formatDateTime(r.occurredAt)}
                </time>
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && data.total > STATUS_CHANGES_SHOWN && (
        <div className="border-t px-4 py-2">
          <Button variant="link" size="sm" onClick={() => setAll(!all)}>
            {all ? `Show the ${STATUS_CHANGES_SHOWN} latest` : `Show all ${data.total}`}
          </Button>
        </div>
      )}
    </Card>
  )
}
