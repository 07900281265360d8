import { createHash, randomUUID } from 'node:crypto'
import type { IdSource } from './decider'

/**
 * Ids derived from the command id. The same command (same idempotency key) yields the same new contact id,
 * so answering a repeated request with "the first result" needs no lookup table, and a conflict retry
 * re-decides to the same ids. Formatted as RFC 9562 version 8 ("custom") UUIDs.
 */
export function idsFor(commandId: string, purpose = 'id'): IdSource {
  let counter = 0
  return { next: () => derivedUuid(`${commandId}\u0000${purpose}\u0000${counter++}`) }
}

export function derivedUuid(seed: string): string {
  const bytes = createHash('sha256').update(seed).digest().subarray(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x80
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export const newCommandId = (): string => randomUUID()
