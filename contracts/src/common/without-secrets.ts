const SECRET_KEY = /password|secret|token/i

/** History and exports are read by people: credentials (a password hash, reset tokens) never go into them. */
export function withoutSecrets(value: unknown): unknown {
  // Nearly every payload has none: checking first avoids copying every event's data during a backfill.
  if (!hasSecret(value)) return value
  if (Array.isArray(value)) return value.map(withoutSecrets)
  return Object.fromEntries(
    Object.entries(value as object)
      .filter(([key]) => !SECRET_KEY.test(key))
      .map(([key, v]) => [key, withoutSecrets(v)]),
  )
}

function hasSecret(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some(hasSecret)
  for (const key in value) {
    if (SECRET_KEY.test(key) || hasSecret((value as Record<string, unknown>)[key])) return true
  }
  return false
}
