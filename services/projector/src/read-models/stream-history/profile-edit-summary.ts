import { contactFieldLabels, logisticsFlags, type ContactProfile } from '@crm/contracts'

/** 'YYYY-MM-DD' as the product displays dates (MM/DD/YYYY, docs/product.md 9). */
const shownDate = (day: unknown) => {
  const match = typeof day === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null
  return match ? `${match[2]}/${match[3]}/${match[1]}` : null
}

/**
 * The history line of a contact edit (ContactUpdated), as a person would say it: the fields edited, then each
 * logistics toggle switched on (with its date) or off, or its date moved: "Edited DBA; RFP switched on, dated
 * 03/01/2025". A toggle's date beside its switch is part of the switch, not an edited field of its own.
 */
export function profileEditSummary(changes: Partial<ContactProfile>): string {
  const toggleKeys = new Set<string>(logisticsFlags.flatMap((f) => [f.key, f.dateKey]))
  const edited = Object.keys(changes)
    .filter((key) => !toggleKeys.has(key))
    .map((key) => contactFieldLabels[key as keyof ContactProfile] ?? key)
  const parts = edited.length > 0 ? [`Edited ${edited.join(', ')}`] : []
  for (const flag of logisticsFlags) {
    const date = shownDate(changes[flag.dateKey])
    if (changes[flag.key] === true) parts.push(`${flag.label} switched on${date ? `, dated ${date}` : ''}`)
    else if (changes[flag.key] === false) parts.push(`${flag.label} switched off`)
    else if (flag.dateKey in changes) parts.push(date ? `${flag.label} dated ${date}` : `${flag.label} date cleared`)
  }
  return parts.length > 0 ? parts.join('; ') : 'Edited the contact'
}
