import { POSITION_HEADER } from '@crm/contracts'
import { API_BASE, currentToken } from './api'
import { ApiError, problemMessage, toProblem } from './api-error'
import { notify } from './notify'
import { positions } from './positions'

/**
 * POST a multipart form (files go around the JSON client). Like the JSON client it remembers the answer's
 * position for read-your-writes and reports failures the same way: field errors as a list, others as a toast.
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${currentToken() ?? ''}`, Accept: 'application/json, application/problem+json' },
    body: form,
  })
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const error = new ApiError(toProblem(response.status, response.statusText, body))
    if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) notify.fieldErrors(error.fieldErrors)
    else notify.error(problemMessage(error.problem))
    throw error
  }
  const position = body && typeof body === 'object' && 'position' in body ? body.position : null
  positions.remember(typeof position === 'string' ? position : response.headers.get(POSITION_HEADER))
  return body as T
}
