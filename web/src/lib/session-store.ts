import { useSyncExternalStore } from 'react'
import type { LoginResponse, SessionUser } from '@crm/contracts'
import { isTokenExpired } from './jwt'
import { isSessionUser } from './session-user'

/** The login lives in sessionStorage (docs/product.md section 4): one browser tab, one session. */
export type Session = { token: string; sessionToken: string; user: SessionUser; expiresAt: string | null }
/** Who signed in as the current user ('Sign in as…'), kept so that one click leads back to them. */
export type ActingFor = { session: Session; divisionId: number | null }
type State = { session: Session | null; divisionId: number | null; actingFor: ActingFor | null }

const KEYS = ['token', 'sessionToken', 'user', 'expiresAt'] as const
const DIVISION_KEY = 'divisionId'
const ACTING_FOR_KEY = 'signedInBy'

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage)

function readUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    return isSessionUser(parsed) ? parsed : null
  } catch {
    return null
  }
}

function readActingFor(raw: string | null): ActingFor | null {
  if (!raw) return null
  try {
    const parsed = JSON.parse(raw) as { session?: Partial<Session>; divisionId?: number | null }
    const user = readUser(JSON.stringify(parsed.session?.user ?? null))
    const { token, sessionToken, expiresAt } = parsed.session ?? {}
    if (!user || typeof token !== 'string' || typeof sessionToken !== 'string') return null
    return {
      session: { token, sessionToken, user, expiresAt: expiresAt ?? null },
      divisionId: parsed.divisionId ?? null,
    }
  } catch {
    return null
  }
}

function read(): State {
  const s = storage()
  const token = s?.getItem('token') ?? null
  const sessionToken = s?.getItem('sessionToken') ?? null
  const user = readUser(s?.getItem('user') ?? null)
  const division = Number(s?.getItem(DIVISION_KEY))
  return {
    actingFor: readActingFor(s?.getItem(ACTING_FOR_KEY) ?? null),
    session:
      token && sessionToken && user ? { token, sessionToken, user, expiresAt: s?.getItem('expiresAt') ?? null } : null,
    divisionId: Number.isInteger(division) && division > 0 ? division : null,
  }
}

let state: State = read()
const listeners = new Set<() => void>()

function commit(): void {
  state = read()
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A division chosen earlier in this tab wins over the user's home division (docs/product.md section 4). */
export function divisionAtLogin(stored: number | null, userDivision: number): number {
  return stored ?? userDivision
}

export function saveLogin(login: LoginResponse): void {
  const s = storage()
  if (!s) return
  s.setItem('token', login.token)
  s.setItem('sessionToken', login.sessionToken)
  s.setItem('user', JSON.stringify(login.user))
  s.setItem('expiresAt', login.expiresAt)
  s.setItem(DIVISION_KEY, String(divisionAtLogin(state.divisionId, login.user.divisionId)))
  commit()
}

/**
 * Forgets the login. An expired or refused session keeps the chosen division so the rep lands back in it
 * after logging in again; an explicit logout forgets everything.
 */
export function clearSession({ keepDivision }: { keepDivision: boolean }): void {
  const s = storage()
  if (!s) return
  if (keepDivision) for (const key of KEYS) s.removeItem(key)
  else s.clear()
  commit()
}

export function setDivisionId(divisionId: number): void {
  storage()?.setItem(DIVISION_KEY, String(divisionId))
  commit()
}

/**
 * 'Sign in as…': the current login is kept aside (its session stays open) and the other user's begins, in their
 * own division. The shell shows a banner with the way back until then.
 */
export function startActingAs(login: LoginResponse): void {
  const s = storage()
  if (!s || !state.session) return
  // Signing in as a third user from an impersonated session still leads back to the real person.
  const actingFor = state.actingFor ?? { session: state.session, divisionId: state.divisionId }
  s.removeItem(DIVISION_KEY)
  commit()
  saveLogin(login)
  s.setItem(ACTING_FOR_KEY, JSON.stringify(actingFor))
  commit()
}

/** Back to the real person's own login; returns it, or null when nobody was acting as someone else. */
export function stopActingAs(renewed?: LoginResponse): ActingFor | null {
  const s = storage()
  const actingFor = state.actingFor
  if (!s || !actingFor) return null
  for (const key of KEYS) s.removeItem(key)
  s.removeItem(ACTING_FOR_KEY)
  s.removeItem(DIVISION_KEY)
  if (actingFor.divisionId) s.setItem(DIVISION_KEY, String(actingFor.divisionId))
  commit()
  saveLogin(
    renewed ?? {
      token: actingFor.session.token,
      sessionToken: actingFor.session.sessionToken,
      user: actingFor.session.user,
      expiresAt: actingFor.session.expiresAt ?? new Date().toISOString(),
    },
  )
  return actingFor
}

export function useActingFor(): ActingFor | null {
  return useSyncExternalStore(subscribe, () => state.actingFor)
}

export const getSession = (): Session | null => state.session
export const getToken = (): string | null => state.session?.token ?? null
export const getDivisionId = (): number | null => state.divisionId ?? state.session?.user.divisionId ?? null

/** Start-up check: an expired token logs out before any screen renders. */
export function dropExpiredSession(now: number = Date.now()): void {
  const token = getToken()
  const expiresAt = state.session?.expiresAt ? Date.parse(state.session.expiresAt) : NaN
  if (token && (isTokenExpired(token, now) || expiresAt <= now)) clearSession({ keepDivision: true })
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, () => state.session)
}

export function useDivisionId(): number | null {
  return useSyncExternalStore(subscribe, getDivisionId)
}
