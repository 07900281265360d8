import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { createGunzip } from 'node:zlib'
import type { Writable } from 'node:stream'

/**
 * One backup file (docs/operations.md, "Backup and restore"): gzip'd lines of JSON. The first line is the
 * header; then sections, each an object line naming it, followed by its data as JSON string lines (a row's text,
 * or base64 chunks of bytes) and an object line closing it with its line count and SHA-256; the last line is
 * the trailer, with the SHA-256 of every line before it. A file without its trailer (truncated) or whose hashes
 * do not match (damaged) is refused before anything is restored.
 */
export const BACKUP_FORMAT = 'trucking-sales-crm-backup'
export const BACKUP_FORMAT_VERSION = 1

export interface BackupHeader {
  format: typeof BACKUP_FORMAT
  formatVersion: number
  /** package.json's version and the git commit, when known, of the product that wrote it. */
  version: string
  commit: string | null
  engine: 'pglite' | 'postgres'
  /** Set when the events live in KurrentDB (EVENTSTORE_URL): they are not in this file. */
  eventStore: 'in-database' | 'kurrentdb'
  createdAt: string
  withSecrets: boolean
  /** PostgreSQL: the highest transaction id of the events, which the target server must be past. */
  maxTransactionId?: string
}

export type SectionStart =
  | { section: 'pglite' }
  | { section: 'table'; name: string; columns: string[]; create: string; indexes: string[]; triggers: string[] }
  | { section: 'view'; name: string; definition: string }
  | { section: 'sequence'; name: string; lastValue: string; isCalled: boolean; ownedBy: string | null }
  | { section: 'file'; path: string }
  | { section: 'secrets' }

export interface SectionEnd {
  end: string
  lines: number
  sha256: string
}

const CHUNK = 48 * 1024

/** Writes the lines of a backup to a stream (already gzip'd by the caller), hashing as it goes. */
export class BackupWriter {
  private readonly whole = createHash('sha256')
  private section: { name: string; hash: ReturnType<typeof createHash>; lines: number } | undefined

  constructor(private readonly out: Writable) {}

  private async line(value: unknown): Promise<void> {
    const text = `${JSON.stringify(value)}\n`
    this.whole.update(text)
    this.section?.hash.update(text)
    if (!this.out.write(text)) await new Promise<void>((resolve) => this.out.once('drain', resolve))
  }

  header(header: BackupHeader): Promise<void> {
    return this.line(header)
  }

  async begin(start: SectionStart): Promise<void> {
    await this.line(start)
    this.section = { name: start.section, hash: createHash('sha256'), lines: 0 }
  }

  async data(text: string): Promise<void> {
    this.section!.lines++
    await this.line(text)
  }

  async bytes(buffer: Uint8Array): Promise<void> {
    for (let at = 0; at < buffer.length; at += CHUNK) {
      await this.data(Buffer.from(buffer.subarray(at, at + CHUNK)).toString('base64'))
    }
  }

  async end(): Promise<void> {
    const { name, hash, lines } = this.section!
    this.section = undefined
    await this.line({ end: name, lines, sha256: hash.digest('hex') } satisfies SectionEnd)
  }

  async finish(): Promise<void> {
    const trailer = `${JSON.stringify({ trailer: true, sha256: this.whole.digest('hex') })}\n`
    await new Promise<void>((resolve, reject) =>
      this.out.end(trailer, (error?: Error | null) => (error ? reject(error) : resolve())),
    )
  }
}

/** The backup file cannot be used; nothing was changed. */
export class BackupRefused extends Error {}

export interface BackupVisitor {
  section?(start: SectionStart): Promise<void> | void
  data?(start: SectionStart, text: string): Promise<void> | void
  sectionEnd?(start: SectionStart): Promise<void> | void
}

/**
 * Reads a backup file line by line, checking every hash; the visitor sees each section. Run once without a
 * visitor that writes (verification) before the run that restores, so a bad file changes nothing.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<BackupHeader> {
  const damaged = (why: string) =>
    new BackupRefused(`${file} is not a complete backup of this product (${why}): nothing was changed.`)
  const input = createReadStream(file).pipe(createGunzip())
  const lines = createInterface({ input, crlfDelay: Infinity })
  const whole = createHash('sha256')
  let header: BackupHeader | undefined
  let current: { start: SectionStart; hash: ReturnType<typeof createHash>; lines: number } | undefined
  let trailer = false
  try {
    for await (const text of lines) {
      if (trailer) throw damaged('data after its end')
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        throw damaged('a line is not JSON')
      }
      const object = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
      if (object && object.trailer === true) {
        if (current) throw damaged(`the section ${current.start.section} has no end`)
        if (object.sha256 !== whole.digest('hex')) throw damaged('its checksum does not match')
        trailer = true
        continue
      }
      const withNewline = `${text}\n`
      whole.update(withNewline)
      if (!header) {
        if (object?.format !== BACKUP_FORMAT) throw damaged('no backup header')
        if (object.formatVersion !== BACKUP_FORMAT_VERSION) {
          throw new BackupRefused(
            `${file} is a backup of format version ${String(object.formatVersion)}; this version reads ${BACKUP_FORMAT_VERSION}: nothing was changed.`,
          )
        }
        header = object as unknown as BackupHeader
        continue
      }
      if (typeof value === 'string') {
        if (!current) throw damaged('data outside a section')
        current.hash.update(withNewline)
        current.lines++
        await visitor.data?.(current.start, value)
        continue
      }
      if (object && typeof object.section === 'string') {
        if (current) throw damaged(`the section ${current.start.section} has no end`)
        current = { start: object as unknown as SectionStart, hash: createHash('sha256'), lines: 0 }
        await visitor.section?.(current.start)
        continue
      }
      if (object && typeof object.end === 'string' && current) {
        if (object.lines !== current.lines || object.sha256 !== current.hash.digest('hex')) {
          throw damaged(`the section ${current.start.section} does not match its checksum`)
        }
        await visitor.sectionEnd?.(current.start)
        current = undefined
        continue
      }
      throw damaged('an unknown line')
    }
  } catch (error) {
    if (error instanceof BackupRefused) throw error
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw new BackupRefused(`${file} does not exist: nothing was changed.`)
    if (code?.startsWith('Z_') || /unexpected end of file|incorrect header check/i.test(String(error))) {
      throw damaged('it is truncated or not gzip')
    }
    throw error
  } finally {
    input.destroy()
  }
  if (!header) throw damaged('it is empty')
  if (!trailer) throw damaged('it is truncated: its last line is missing')
  return header
}
