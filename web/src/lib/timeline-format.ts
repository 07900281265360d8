import type { CallOutcome } from '@crm/contracts'

/** docs/product.md 9: call time is shown h:mm:ss (1:02:05), hours unpadded. */
export function formatCallDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
}

/** docs/product.md 9: attachment names are shown at most 10 characters (the full name is in the tooltip). */
export function shortAttachmentName(name: string): string {
  return name.length > 10 ? `${name.slice(0, 10)}…` : name
}

/** The `types` query value: undefined when every type is selected (no filter sent). */
export function typesParam(selected: readonly number[], all: readonly number[]): string | undefined {
  return all.every((t) => selected.includes(t)) ? undefined : [...selected].sort().join(',')
}

/**
 * Call time typed as h:mm:ss (or m:ss, or plain seconds) → seconds. Undefined for anything else, e.g. minutes
 * or seconds of 60 and more after a colon.
 */
export function parseCallDuration(text: string): number | undefined {
  const value = text.trim()
  if (value === '') return 0
  if (!/^\d+(:\d{1,2}){0,2}$/.test(value)) return undefined
  const parts = value.split(':').map(Number)
  if (parts.slice(1).some((p) => p >= 60)) return undefined
  return parts.reduce((total, part) => total * 60 + part, 0)
}

/** An instant as a datetime-local input value in the browser's zone (YYYY-MM-DDTHH:mm). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000)
  return local.toISOString().slice(0, 16)
}

/** A datetime-local input value (the browser's zone) → UTC ISO, or undefined when empty or invalid. */
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** The call outcome a select's value stands for (its options are the two outcomes). */
export const callOutcomeOf = (value: string): CallOutcome => (value === 'Attempted' ? 'Attempted' : 'Answered')
