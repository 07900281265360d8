import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rm, stat, writeFile } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { OWNER_ONLY_DIR_MODE, OWNER_ONLY_FILE_MODE } from './owner-only'
import type { Readable } from 'node:stream'

/** Attachments, receipts, business cards, PDFs. Local directory by default; the port allows an S3-compatible store. */
export interface FileStorage {
  /** Stores a file; a stream body (a large upload) is written as it arrives, and nothing stays if it fails. */
  put(file: { name: string; contentType: string; body: Buffer | Readable }): Promise<{ key: string; size: number }>
  get(key: string): Promise<{ stream: Readable; size: number } | undefined>
  remove(key: string): Promise<void>
}

/** Keys are generated here, never taken from users, so a key cannot walk out of the directory. */
export function createLocalFileStorage(directory: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/.test(key)) throw new Error('Invalid file key')
    return path.join(directory, key.slice(0, 2), key)
  }
  return {
    async put({ name, body }) {
      const extension = path
        .extname(name)
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, '')
        .slice(0, 11)
      const key = `${randomUUID()}${extension.length > 1 ? extension : ''}`
      // The owner's alone whatever the umask: DATA_DIR holds personal data (owner-only.ts).
      await mkdir(path.dirname(pathOf(key)), { recursive: true, mode: OWNER_ONLY_DIR_MODE })
      if (Buffer.isBuffer(body)) {
        await writeFile(pathOf(key), body, { mode: OWNER_ONLY_FILE_MODE })
        return { key, size: body.length }
      }
      const out = createWriteStream(pathOf(key), { mode: OWNER_ONLY_FILE_MODE })
      try {
        await pipeline(body, out)
      } catch (error) {
        await rm(pathOf(key), { force: true })
        throw error
      }
      return { key, size: out.bytesWritten }
    },
    async get(key) {
      const file = pathOf(key)
      try {
        const info = await stat(file)
        return { stream: createReadStream(file), size: info.size }
      } catch {
        return undefined
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true })
    },
  }
}
