import { useQuery } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { ListStates } from '../../components/ui/list-states'
import { formatDate } from '../../lib/format-date'
import { usd } from '../../lib/money'
import { contactOpportunitiesQuery } from './opportunities-api'
import { openOpportunity } from './opportunity-modal'
import { StageBadge } from './stage-badge'

/** The contact's opportunities in the divisions the caller sees: stage, amount, probability; New and edit. */
export function ContactOpportunitiesCard({ contact }: { contact: { id: string; name: string } }) {
  const opportunities = useQuery(contactOpportunitiesQuery(contact.id))
  const base = { contactId: contact.id, contactName: contact.name }
  return (
    <Card aria-label="Opportunities">
      <CardHeader>
        <CardTitle>Opportunities</CardTitle>
        <Button size="sm" onClick={() => openOpportunity(base)}>
          <Plus /> New opportunity
        </Button>
      </CardHeader>
      <CardContent className="py-1">
        <ListStates query={opportunities} what="Opportunities" isEmpty={(d) => d.length === 0}>
          {(rows) => (
            <ul className="divide-y">
              {rows.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    className="flex min-h-11 w-full flex-wrap items-center justify-between gap-2 py-2 text-left hover:bg-subtle"
                    onClick={() => openOpportunity({ ...base, opportunity: o })}
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium">{o.opportunityName}</span>
                      <span className="text-xs text-muted-foreground">
                        {usd(o.amount)} · {o.probability}% · closes {formatDate(o.expectedCloseDate)}
                      </span>
                    </span>
                    <StageBadge stage={o.prospectStage} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </CardContent>
    </Card>
  )
}
