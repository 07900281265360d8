import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api'

export type DecodedFile = { url: string; key: string; base64Data: string; contentType: string; name: string }

/** GET /file-decoder?fileName: the file as base64, authorized through the record that owns it. */
export const decodedFileQuery = (fileName: string) =>
  queryOptions({
    queryKey: ['file-decoder', fileName],
    queryFn: ({ signal }) =>
      api.get<DecodedFile>(`/file-decoder?fileName=${encodeURIComponent(fileName)}`, { signal, quiet: [404] }),
    staleTime: 60_000,
  })

export const bytesOf = (base64: string): Uint8Array => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))

/** Saves the file under its name. */
export function downloadFile(file: DecodedFile): void {
  const url = URL.createObjectURL(new Blob([bytesOf(file.base64Data) as BlobPart], { type: file.contentType }))
  const a = Object.assign(document.createElement('a'), { href: url, download: file.name })
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** docs/product.md 2 /file-viewer: zoom starts at 1.2 and moves in steps of 0.1. */
export const ZOOM_START = 1.2
export const ZOOM_STEP = 0.1
export const ZOOM_MIN = 0.5
export const ZOOM_MAX = 3
export const nextZoom = (zoom: number, direction: 1 | -1): number =>
  Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round((zoom + direction * ZOOM_STEP) * 10) / 10))
