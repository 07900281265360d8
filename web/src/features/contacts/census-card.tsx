import type { LegalData } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { DetailList } from '../../components/ui/detail-list'
import { ListStates } from '../../components/ui/list-states'
import { formatDate } from '../../lib/format-date'
import { legalDataQueryOptions } from './contacts-api'

type Facts = NonNullable<LegalData['facts']>

/** The census facts a rep reads before calling a carrier, in the order they matter on the phone. */
const rows: [label: string, value: (f: Facts) => string | number | null][] = [
  ['Operating status', (f) => f.operatingStatus],
  ['Entity type', (f) => f.entityType],
  ['Operations', (f) => f.carrierOperations],
  ['Classification', (f) => f.operationClassification],
  ['Cargo', (f) => f.cargoCarried],
  ['Drivers', (f) => f.numberOfDrivers],
  ['MCS-150 date', (f) => f.mcs150Date && formatDate(f.mcs150Date)],
  ['Mailing address', (f) => mailing(f)],
]

function mailing(f: Facts): string | null {
  const a = f.mailingAddress
  if (!a) return null
  return [a.street1, a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null
}

/** "Drivers 3 → 5": what the last import changed, so a rep sees that the carrier grew or went inactive. */
function changes(data: LegalData): string[] {
  if (!data.facts || !data.previousFacts) return []
  const { facts, previousFacts } = data
  return rows.flatMap(([label, value]) => {
    const before = value(previousFacts)
    const now = value(facts)
    return before === now ? [] : [`${label} ${before ?? 'none'} → ${now ?? 'none'}`]
  })
}

/** Census / SAFER: the FMCSA facts of the carrier as last imported, and its public snapshot by DOT. */
export function CensusCard({ contactId }: { contactId: string }) {
  const query = useQuery(legalDataQueryOptions(contactId))
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Census / SAFER</CardTitle>
        {query.data?.saferUrl && (
          <a
            href={query.data.saferUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-1 text-xs text-link hover:underline"
          >
            SAFER snapshot <ExternalLink className="size-3" />
          </a>
        )}
      </CardHeader>
      <CardContent>
        <ListStates
          query={query}
          what="Census facts"
          isEmpty={(data) => data.facts === null}
          emptyText="Not imported from the census"
        >
          {(data) => {
            const changed = changes(data)
            return (
              <div className="flex flex-col gap-3">
                <DetailList items={rows.map(([label, value]) => [label, value(data.facts!)])} />
                <p className="text-xs text-muted-foreground">
                  Imported {formatDate(data.importedAt)}
                  {changed.length > 0 && <> · changed: {changed.join('; ')}</>}
                </p>
              </div>
            )
          }}
        </ListStates>
      </CardContent>
    </Card>
  )
}
