export type ContactFailure = { id: string; message: string }

/**
 * One line for everything that failed, grouped by reason and naming the contacts, e.g.
 * "Contact not found: Alder Freight, Birch Lines". Null when none failed.
 */
export function failureSummary(failures: ContactFailure[], nameOf: (id: string) => string): string | null {
  if (failures.length === 0) return null
  const byMessage = new Map<string, string[]>()
  for (const { id, message } of failures) byMessage.set(message, [...(byMessage.get(message) ?? []), nameOf(id)])
  return [...byMessage].map(([message, names]) => `${message}: ${names.join(', ')}`).join(' · ')
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** What the success toast says once some or all contacts got their task. */
export function successSummary(done: number, userName: string | undefined): string {
  return `Assigned ${plural(done, 'contact')} with a task${userName ? ` to ${userName}` : ''}`
}

/** Today at 17:00 on the user's clock, as a datetime-local value (docs/product.md section 3: the default due date). */
export function todayAtFive(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T17:00`
}
