import { MIN_POSITION_HEADER, messages, POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { ApiError, problemMessage, toProblem } from './api-error'
import { notify } from './notify'
import { positions } from './positions'

export const API_BASE = '/api/v1'

/**
 * How often a read answered stale (the read models had not reached the user's last change within the server's
 * bounded wait) is asked again; each ask waits that long on the server once more. Past this, the screen shows
 * what there is and the change feed refreshes it when the change arrives.
 */
const STALE_RETRIES = 3

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

export type RequestOptions = {
  method?: Method
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Statuses the caller shows itself (a not-found page, a fallback): no toast for them. `true` = none. */
  quiet?: boolean | number[]
  /** Login answers 401 for bad credentials: that is a message, not an expired session. */
  noAuthRedirect?: boolean
  /**
   * A read sent with another method (a POST with a body, e.g. /task/tasks-summary): it carries
   * X-Min-Position like a GET, so it sees the user's own last change. GETs are reads anyway.
   */
  read?: boolean
}

type ApiConfig = { getToken: () => string | null; onUnauthorized: () => void }

let config: ApiConfig = { getToken: () => null, onUnauthorized: () => {} }

/** Wired once at start-up, so the client does not depend on the session or the router. */
export function configureApi(next: ApiConfig): void {
  config = next
}

/** The bearer token of the session, for requests that go around this client (multipart uploads). */
export const currentToken = (): string | null => config.getToken()

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function report(error: ApiError, options: RequestOptions): void {
  const { quiet } = options
  if (quiet === true || (Array.isArray(quiet) && quiet.includes(error.status))) return
  if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) return notify.fieldErrors(error.fieldErrors)
  notify.error(problemMessage(error.problem))
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { Accept: 'application/json, application/problem+json', ...options.headers }
  const token = config.getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const read = method === 'GET' || options.read === true
  const minPosition = positions.current()
  if (read && minPosition) headers[MIN_POSITION_HEADER] = minPosition

  let response: Response
  try {
    for (let attempt = 0; ; attempt++) {
      response = await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
      })
      if (!(read && minPosition && response.headers.get(STALE_HEADER) === 'true' && attempt < STALE_RETRIES)) break
      await response.body?.cancel()
    }
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    const error = new ApiError({ type: 'about:blank', title: messages.somethingWentWrong, status: 0 })
    report(error, options)
    throw error
  }

  const body = await readBody(response)
  if (response.ok) {
    if (!read) {
      positions.remember(response.headers.get(POSITION_HEADER))
      if (body && typeof body === 'object' && 'position' in body && typeof body.position === 'string') {
        positions.remember(body.position)
      }
    }
    return body as T
  }

  const error = new ApiError(toProblem(response.status, response.statusText, body))
  if (error.status === 401 && !options.noAuthRedirect) {
    config.onUnauthorized()
    throw error
  }
  report(error, options)
  throw error
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
}
