import { MIN_POSITION_HEADER, messages, POSITION_HEADER, STALE_HEADER } from '@crm/contracts'
import { ApiError, isApiError, problemMessage, toProblem } from './api-error'
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

export type FetchOptions = {
  method?: Method
  headers?: Record<string, string>
  /** Sent as JSON, or as it is when it is a FormData (a multipart upload). */
  body?: unknown
  signal?: AbortSignal
  /** A read sent with another method: it carries X-Min-Position like a GET (see RequestOptions.read). */
  read?: boolean
  /** The title of a failure whose body is not a problem (a proxy's page, a cut-off body). */
  fallbackTitle?: string
}

/**
 * The one place the web calls fetch: the API base, the session's bearer token, and on reads (GETs, or
 * `read`) X-Min-Position, so the read sees the user's own last change. Answers the response when it is ok,
 * unread (JSON, a file, a stream); a failure throws an ApiError carrying the answer's problem body, a lost
 * connection one with status 0. Nothing is shown here: the caller decides what a failure tells the user.
 */
export async function apiFetch(path: string, options: FetchOptions = {}): Promise<Response> {
  const method = options.method ?? 'GET'
  const headers: Record<string, string> = { ...options.headers }
  const token = config.getToken()
  if (token) headers.Authorization = `Bearer ${token}`
  const multipart = options.body instanceof FormData
  if (options.body !== undefined && !multipart) headers['Content-Type'] = 'application/json'
  const minPosition = positions.current()
  if ((method === 'GET' || options.read === true) && minPosition) headers[MIN_POSITION_HEADER] = minPosition

  let response: Response
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body:
        options.body === undefined ? undefined : multipart ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (cause) {
    if (options.signal?.aborted) throw cause
    throw new ApiError({ type: 'about:blank', title: messages.somethingWentWrong, status: 0 })
  }
  if (response.ok) return response

  const body = await readBody(response).catch(() => undefined)
  const problemBody =
    body && typeof body === 'object' ? body : options.fallbackTitle ? { title: options.fallbackTitle } : body
  throw new ApiError(toProblem(response.status, response.statusText, problemBody))
}

function report(error: ApiError, options: RequestOptions): void {
  const { quiet } = options
  if (quiet === true || (Array.isArray(quiet) && quiet.includes(error.status))) return
  if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) return notify.fieldErrors(error.fieldErrors)
  notify.error(problemMessage(error.problem))
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  const read = method === 'GET' || options.read === true
  const request: FetchOptions = {
    method,
    headers: { Accept: 'application/json, application/problem+json', ...options.headers },
    body: options.body,
    signal: options.signal,
    read,
  }

  let response: Response
  try {
    for (let attempt = 0; ; attempt++) {
      response = await apiFetch(path, request)
      const stale = read && positions.current() && response.headers.get(STALE_HEADER) === 'true'
      if (!(stale && attempt < STALE_RETRIES)) break
      await response.body?.cancel()
    }
  } catch (error) {
    if (!isApiError(error)) throw error
    if (error.status === 401 && !options.noAuthRedirect) {
      config.onUnauthorized()
      throw error
    }
    report(error, options)
    throw error
  }

  const body = await readBody(response)
  if (!read) {
    positions.remember(response.headers.get(POSITION_HEADER))
    if (body && typeof body === 'object' && 'position' in body && typeof body.position === 'string') {
      positions.remember(body.position)
    }
  }
  return body as T
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
