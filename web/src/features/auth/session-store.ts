import { useSyncExternalStore } from 'react'
import { sessionUserSchema, type LoginResponse, type SessionUser } from '@crm/contracts'
import { isTokenExpired } from './jwt'

/** The login lives in sessionStorage (docs/product.md section 4): one browser tab, one session. */
export type Session = { token: string; sessionToken: string; user: SessionUser; expiresAt: string | null }
type State = { session: Session | null; divisionId: number | null }

const KEYS = ['token', 'sessionToken', 'user', 'expiresAt'] as const
const DIVISION_KEY = 'divisionId'

const storage = (): Storage | null => (typeof sessionStorage === 'undefined' ? null : sessionStorage)

function readUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
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
