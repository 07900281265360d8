/**
 * Step 2 of the combine wizard (docs/product.md 4): each division takes its status from one contact. Once chosen,
 * the other contacts' statuses of that division are shown disabled; choosing the chosen one again clears the row,
 * so the rep can take it from another contact.
 */
export type StatusChoice = 'chosen' | 'disabled' | 'open'

export function statusChoiceOf(chosenContactId: string | undefined, contactId: string): StatusChoice {
  if (!chosenContactId) return 'open'
  return chosenContactId === contactId ? 'chosen' : 'disabled'
}

/** The wizard's statuses after a click on one contact's status of a division. */
export function toggleStatusChoice(
  statuses: Record<number, string>,
  divisionId: number,
  contactId: string,
): Record<number, string> {
  const { [divisionId]: chosen, ...others } = statuses
  if (chosen === contactId) return others
  if (chosen) return statuses
  return { ...others, [divisionId]: contactId }
}
