import { apiFetch } from './api'

/** A file behind the bearer token (an export, a business card): the JSON client does not read blobs. */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await apiFetch(path, { signal })
  return response.blob()
}

/** Hands a fetched file to the browser as a download under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file)
  const link = Object.assign(document.createElement('a'), { href: url, download: name })
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
