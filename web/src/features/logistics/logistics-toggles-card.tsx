import {
  LOGISTICS_DIVISION_ID,
  contactStatusNames,
  flagOfferedAt,
  logisticsFlags,
  type ContactDetails,
  type ContactStatusId,
  type LogisticsFlag,
} from '@crm/contracts'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/cn'
import { formatDate } from '../../lib/format-date'
import { useContactCommand } from '../../lib/use-contact-command'
import { notify } from '../../lib/notify'
import { logisticsCommands } from './logistics-api'

const offeredText = (flag: LogisticsFlag) =>
  `Offered for ${flag.offeredAt.map((s) => contactStatusNames[s as ContactStatusId]).join(', ')}`

/**
 * RFP, MFP, Credit App and Online Form (docs/product.md 6): each a switch where the customer's logistics status
 * offers it (RFP at Prospect; the others at Prospect, Account and Pending), with the date it was switched on.
 */
export function LogisticsTogglesCard({ contact }: { contact: ContactDetails }) {
  const statusId = contact.contactDivisionData.find((d) => d.divisionId === LOGISTICS_DIVISION_ID)?.statusId
  const command = useContactCommand(contact.id, {
    onFieldErrors: (errors) => notify.fieldErrors(errors),
  })
  const toggle = (flag: LogisticsFlag, on: boolean) =>
    command.mutate(async () => {
      const answer = await logisticsCommands.updateCustomer(contact.id, { [flag.key]: on })
      notify.success(answer.message)
    })
  return (
    <Card>
      <CardHeader>
        <CardTitle>Logistics</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col divide-y">
        {logisticsFlags.map((flag) => {
          const on = contact[flag.key]
          const date = contact[flag.dateKey]
          const offered = flagOfferedAt(flag, statusId)
          return (
            <div key={flag.key} className="flex min-h-11 items-center justify-between gap-3 py-1.5">
              <div className="min-w-0">
                <p className="font-medium">{flag.label}</p>
                <p className="text-xs text-muted-foreground">
                  {on && date ? `Since ${formatDate(date)}` : offered ? 'Off' : offeredText(flag)}
                </p>
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-label={flag.label}
                disabled={!offered || command.isPending}
                title={offered ? undefined : offeredText(flag)}
                onClick={() => toggle(flag, !on)}
                className={cn(
                  'relative inline-flex h-11 w-14 shrink-0 items-center justify-center rounded-full outline-none sm:h-8',
                  'focus-visible:ring-3 focus-visible:ring-ring/30 disabled:cursor-not-allowed disabled:opacity-50',
                )}
              >
                <span
                  className={cn(
                    'flex h-6 w-11 items-center rounded-full p-0.5 transition-colors',
                    on ? 'bg-primary' : 'bg-muted-foreground/30',
                  )}
                >
                  <span
                    className={cn('size-5 rounded-full bg-white shadow-xs transition-transform', on && 'translate-x-5')}
                  />
                </span>
              </button>
            </div>
          )
        })}
      </CardContent>
    </Card>
  )
}
