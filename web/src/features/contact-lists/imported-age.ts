/**
 * docs/product.md section 2: the Imported column of recent leads is coloured by age: under 24 h green, 24-48 h
 * amber, over 48 h up to 72 h red, otherwise (older, or no import date) black.
 */
export type ImportedAge = 'green' | 'amber' | 'red' | 'black'

export function importedAge(importDate: string | null, now: number = Date.now()): ImportedAge {
  if (!importDate) return 'black'
  const hours = (now - new Date(importDate).getTime()) / 3_600_000
  if (hours < 0) return 'green'
  if (hours < 24) return 'green'
  if (hours < 48) return 'amber'
  if (hours <= 72) return 'red'
  return 'black'
}

export const importedAgeClass: Record<ImportedAge, string> = {
  green: 'text-success',
  amber: 'text-warning',
  red: 'text-danger',
  black: 'text-foreground',
}
