import { randomBytes } from 'node:crypto'
import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The time a command is decided and recorded at: the wall clock, except where code in this same process has
 * pinned it. The demo seed does so to write a quarter of past work (so every history, report and audit spreads
 * over the days it describes). No client can pin it: a request's time is pinned only by a one-use token that the
 * process itself made a moment before (pinTime), kept in its memory and never handed out.
 */
const pinned = new AsyncLocalStorage<number>()
const pins = new Map<string, number>()

/** The header that carries pinTime's token on an in-process request (app.inject). */
export const PINNED_TIME_HEADER = 'x-pinned-time'

export function currentTime(): Date {
  const at = pinned.getStore()
  return at === undefined ? new Date() : new Date(at)
}

/** Runs `work` (a direct call, not a request) with `currentTime()` answering `at`, for everything it awaits. */
export function atTime<T>(at: Date, work: () => T): T {
  return pinned.run(at.getTime(), work)
}

/**
 * A token that pins the time of the one request that carries it (header PINNED_TIME_HEADER) to `at`. Used once;
 * `release` forgets it if that request never came.
 */
export function pinTime(at: Date): { headers: Record<string, string>; release(): void } {
  const token = randomBytes(24).toString('base64url')
  pins.set(token, at.getTime())
  return { headers: { [PINNED_TIME_HEADER]: token }, release: () => void pins.delete(token) }
}

/**
 * A preHandler hook: a request with a live pinTime token runs its handler at the pinned time. Anything else (no
 * header, an unknown or used token) runs on the wall clock.
 */
export function pinnedTimeHook(
  request: { headers: Record<string, string | string[] | undefined> },
  _reply: unknown,
  done: () => void,
): void {
  const token = request.headers[PINNED_TIME_HEADER]
  const at = typeof token === 'string' ? pins.get(token) : undefined
  if (at !== undefined) {
    pins.delete(token as string)
    pinned.enterWith(at)
  }
  done()
}
