import { POSITION_HEADER } from '@crm/contracts'
import { apiFetch } from './api'
import { isApiError, problemMessage } from './api-error'
import { notify } from './notify'
import { positions } from './positions'

/**
 * POST a multipart form (files go around the JSON client). Like the JSON client it remembers the answer's
 * position for read-your-writes and reports failures the same way: field errors as a list, others as a toast.
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  let response: Response
  try {
    response = await apiFetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json, application/problem+json' },
      body: form,
    })
  } catch (error) {
    if (isApiError(error)) {
      if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) notify.fieldErrors(error.fieldErrors)
      else notify.error(problemMessage(error.problem))
    }
    throw error
  }
  const body: unknown = await response.json().catch(() => undefined)
  const position = body && typeof body === 'object' && 'position' in body ? body.position : null
  positions.remember(typeof position === 'string' ? position : response.headers.get(POSITION_HEADER))
  return body as T
}
