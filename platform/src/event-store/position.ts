/**
 * A position in the store's single global order, as an opaque string that compares correctly as text:
 * two unsigned 64-bit numbers (PostgreSQL: writing transaction id, global position; KurrentDB: commit,
 * prepare) zero-padded to 20 digits. Read models keep it as their checkpoint; clients send it back
 * as X-Min-Position.
 */
export type Position = string

const WIDTH = 20
export const START: Position = '0'.repeat(WIDTH) + '-' + '0'.repeat(WIDTH)

export function makePosition(major: bigint | string | number, minor: bigint | string | number): Position {
  return `${String(major).padStart(WIDTH, '0')}-${String(minor).padStart(WIDTH, '0')}`
}

export function parsePosition(position: Position): [bigint, bigint] {
  const match = /^(\d{1,20})-(\d{1,20})$/.exec(position)
  if (!match) throw new Error(`Not a position: ${position}`)
  return [BigInt(match[1]!), BigInt(match[2]!)]
}

export function isPosition(value: string): boolean {
  return /^\d{20}-\d{20}$/.test(value)
}

export function comparePositions(a: Position, b: Position): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function maxPosition(a: Position, b: Position): Position {
  return a >= b ? a : b
}
