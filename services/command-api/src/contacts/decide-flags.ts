import {
  LOGISTICS_DIVISION_ID,
  flagNotOffered,
  flagOfferedAt,
  flagOnlyForLogistics,
  logisticsFlags,
  type Caller,
  type ContactEvent,
  type ContactProfile,
  type ContactState,
} from '@crm/contracts'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { assertLive } from './rules'

const today = (now: Date) => now.toISOString().slice(0, 10)

/**
 * The one rule for the four logistics toggles (docs/product.md 6), whatever route edits the contact: a toggle that
 * changes (switched, or its date moved) is accepted only while the contact's logistics status offers it; a contact
 * without a logistics standing is offered none. Switched on, it is dated today unless a date is sent; switched
 * off, its date is cleared. A toggle or date sent with its current value is no change and needs no offer.
 * Returns the changes with the dates filled in, or throws every refusal under its field.
 */
export function withFlagRule<T extends Partial<ContactProfile>>(state: ContactState, changes: T, now: Date): T {
  const profile = state.profile ?? ({} as Partial<ContactProfile>)
  const statusId = state.divisions[LOGISTICS_DIVISION_ID]?.statusId
  const out: Record<string, unknown> = { ...changes }
  const refused: Record<string, string> = {}
  for (const flag of logisticsFlags) {
    const switchedTo = out[flag.key] as boolean | undefined
    const switches = switchedTo !== undefined && switchedTo !== (profile[flag.key] ?? false)
    const redates = out[flag.dateKey] !== undefined && out[flag.dateKey] !== (profile[flag.dateKey] ?? null)
    // Resent as it is: no change, so no offer needed (nor a history line "switched off" for a never set toggle).
    if (!switches) delete out[flag.key]
    if (!redates) delete out[flag.dateKey]
    if (!switches && !redates) continue
    if (!flagOfferedAt(flag, statusId)) {
      refused[switches ? flag.key : flag.dateKey] =
        statusId === undefined ? flagOnlyForLogistics(flag) : flagNotOffered(flag)
      continue
    }
    if (switches && out[flag.dateKey] === undefined) out[flag.dateKey] = switchedTo ? today(now) : null
  }
  if (Object.keys(refused).length > 0) throw new FieldRuleError(refused)
  return out as T
}

/** A credit application linked to the contact (docs/product.md 3: isCreditApp with creditAppDate). */
export type RecordCreditApplicationCommand = { type: 'RecordCreditApplication'; actor: Caller; creditAppDate: string }

/**
 * Linking a credit application marks its contact Credit App in any division: the application itself is the
 * evidence, so the logistics toggle's offer (a person switching it by hand) does not apply. Recorded like the
 * toggle, as ContactUpdated with the flag and its date; the same date again is no change.
 */
export function recordCreditApplication(state: ContactState, command: RecordCreditApplicationCommand): ContactEvent[] {
  assertLive(state)
  const profile = state.profile!
  if (profile.isCreditApp && profile.creditAppDate === command.creditAppDate) return []
  return [
    {
      type: 'ContactUpdated',
      data: { contactId: state.contactId!, changes: { isCreditApp: true, creditAppDate: command.creditAppDate } },
    },
  ]
}
