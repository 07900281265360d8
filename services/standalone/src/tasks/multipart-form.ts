import { readdir } from 'node:fs/promises'
import path from 'node:path'

/** A part of a multipart/form-data body: a text field or a file. */
export type Part = { field: string; value: string } | { field: string; filename: string; type: string; bytes: Buffer }

/** A multipart/form-data body as a browser's FormData would send it. */
export function form(parts: Part[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----form-${Math.random().toString(16).slice(2)}`
  const chunks = parts.flatMap((p) =>
    'value' in p
      ? [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`)]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename}"\r\n` +
              `Content-Type: ${p.type}\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from('\r\n'),
        ],
  )
  return {
    body: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

/** A file in the `attachments` field. */
export const file = (filename: string, bytes: Buffer, type = 'application/octet-stream'): Part => ({
  field: 'attachments',
  filename,
  type,
  bytes,
})

/** The names of the files the local file storage holds under DATA_DIR/files. */
export async function storedFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, 'files')
  const dirs = await readdir(root).catch(() => [] as string[])
  const nested = await Promise.all(dirs.map((d) => readdir(path.join(root, d)).catch(() => [] as string[])))
  return nested.flat()
}
