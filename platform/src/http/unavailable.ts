import type { Problem } from '@crm/contracts'
import { JobQueueUnavailableError } from '../jobs/job-queue'

/**
 * What a request answers when something the product stands on is gone for the moment (docs/operations.md,
 * decision 056): 503 with a sentence and a Retry-After, never a hang and never a 500. Nothing was written: the
 * statement that failed was rolled back with its transaction, so the client may send the same request again.
 */
export const unavailableMessages = {
  database: 'The database is not reachable right now: try again in a moment.',
  diskFull: 'The disk is full: nothing was saved. Free some space on the server, then try again.',
  jobQueue: 'The job queue is not reachable right now: try again in a moment.',
} as const

/** Seconds the answer asks the client to wait. */
const retryAfter = { database: 5, diskFull: 60, jobQueue: 5 } as const

/** Socket errors of a connection to the database server (node:net codes, as pg passes them on). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])
/** pg's own words for a connection lost or never made (pool connect timeout included). */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed)/

interface ErrorLike {
  code?: unknown
  message?: unknown
  cause?: unknown
}

/** The error and the causes it wraps, a few deep. */
function* chain(error: unknown): Generator<ErrorLike> {
  let current = error
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    yield current as ErrorLike
    current = (current as ErrorLike).cause
  }
}

export type Unavailable = keyof typeof unavailableMessages

/** Which of the product's own dependencies this error says is gone, if any. */
export function unavailableCause(error: unknown): Unavailable | undefined {
  for (const link of chain(error)) {
    if (link instanceof JobQueueUnavailableError) return 'jobQueue'
    const code = typeof link.code === 'string' ? link.code : ''
    const message = typeof link.message === 'string' ? link.message : ''
    // SQLSTATE 53100 disk_full from PostgreSQL; ENOSPC/EDQUOT from a file written under DATA_DIR.
    if (code === '53100' || code === 'ENOSPC' || code === 'EDQUOT' || /No space left on device/i.test(message)) {
      return 'diskFull'
    }
    // SQLSTATE class 08 (connection exception); 57P01-57P03: the server is shutting down or starting.
    if (/^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || SOCKET_CODES.has(code)) return 'database'
    if (LOST_CONNECTION.test(message)) return 'database'
  }
  return undefined
}

/** The 503 problem and its Retry-After for an error that says a dependency is gone; undefined otherwise. */
export function unavailableProblem(error: unknown): { problem: Problem; headers: Record<string, string> } | undefined {
  const cause = unavailableCause(error)
  if (!cause) return undefined
  const title = unavailableMessages[cause]
  return {
    problem: { type: 'about:blank', title, status: 503, detail: title },
    headers: { 'retry-after': String(retryAfter[cause]) },
  }
}
