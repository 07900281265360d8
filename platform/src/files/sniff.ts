/**
 * The type of a file from its first bytes (magic numbers), for the types the product shows inline: images and
 * PDF. Anything else is `application/octet-stream`: a client's declared type is never trusted, so a page of HTML
 * uploaded as "image/png" is not served as one.
 */
export function sniffContentType(bytes: Uint8Array): string {
  const starts = (...signature: number[]) => signature.every((b, i) => bytes[i] === b)
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0))
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif'
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  if (ascii(0, '%PDF-')) return 'application/pdf'
  return 'application/octet-stream'
}

/** Shown in the browser (inline) rather than downloaded: the sniffed image and PDF types only. */
export { isInlineType } from '@crm/contracts'
