import { API_BASE, currentToken } from './api'

/** A file behind the bearer token (an export, a business card): the JSON client does not read blobs. */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await fetch(`${API_BASE}${path}`, {
    headers: { authorization: `Bearer ${currentToken() ?? ''}` },
    signal,
  })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return response.blob()
}
