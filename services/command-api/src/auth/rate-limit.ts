/**
 * A fixed-window counter in memory, enough to slow password guessing on one instance. Several instances
 * each count on their own (a shared store would be the next step if that matters).
 */
export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  const current = (key: string, now: number) => {
    if (windows.size > 50_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k)
    let window = windows.get(key)
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs }
      windows.set(key, window)
    }
    return window
  }
  const wait = (window: { resetAt: number }, now: number) => Math.ceil((window.resetAt - now) / 1000)
  return {
    /** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
    hit(key: string, now = Date.now()): number {
      const window = current(key, now)
      window.count++
      return window.count > limit ? wait(window, now) : 0
    },
    /** The seconds to wait if the limit is already reached, else 0; counts nothing. */
    blocked(key: string, now = Date.now()): number {
      const window = windows.get(key)
      return window && window.resetAt > now && window.count >= limit ? wait(window, now) : 0
    },
    reset(key: string): void {
      windows.delete(key)
    },
  }
}

const FAILURE_WINDOW_MS = 15 * 60_000

/**
 * Who may try a password now (docs/product.md 6 and issue of login limits): failures are counted per account
 * (a guesser trying one account from many addresses) and per account and address (one guesser), while every
 * attempt from one address only meets a ceiling high enough for a sales floor behind one office NAT. Wrong
 * passwords on one account never lock anyone else out.
 */
export function createLoginGuard(limits: { failuresPerAccount: number; attemptsPerAddressPerMinute: number }) {
  const perAccount = createRateLimiter({ limit: limits.failuresPerAccount, windowMs: FAILURE_WINDOW_MS })
  const perAccountAndAddress = createRateLimiter({
    limit: Math.max(1, Math.ceil(limits.failuresPerAccount / 2)),
    windowMs: FAILURE_WINDOW_MS,
  })
  const perAddress = createRateLimiter({ limit: limits.attemptsPerAddressPerMinute, windowMs: 60_000 })
  const pair = (account: string, address: string) => `${account}\u0000${address}`
  return {
    /** Seconds to wait before this attempt may be checked, or 0. Counts the attempt against the address. */
    admit(account: string, address: string): number {
      return Math.max(
        perAddress.hit(address),
        perAccount.blocked(account),
        perAccountAndAddress.blocked(pair(account, address)),
      )
    },
    failed(account: string, address: string): void {
      perAccount.hit(account)
      perAccountAndAddress.hit(pair(account, address))
    },
    succeeded(account: string, address: string): void {
      perAccount.reset(account)
      perAccountAndAddress.reset(pair(account, address))
    },
  }
}
