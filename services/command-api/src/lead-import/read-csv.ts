import { parse, type Parser } from 'csv-parse'
import { Readable } from 'node:stream'
import { detectLayout, toLeadRow, type CsvLayout, type LeadRow } from './csv-layouts'

const parserOptions = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  trim: true,
  info: true,
} as const

type Header = { layout: CsvLayout } | { missing: string[] }

/**
 * A lead CSV as a stream of rows: csv-parse reads the bytes as they come, so no more than a step of rows is in
 * memory however large the file. The header row picks the layout; each row carries its line in the file
 * (the header is line 1), which names it in the import's report and in its command ids.
 */
export class LeadCsvReader {
  private readonly parser: Parser
  private readonly records: AsyncIterator<{ record: string[]; info: { lines: number } }>
  private columns: string[] | null = null
  header: Header | null = null
  done = false

  constructor(source: Readable | Buffer) {
    this.parser = parse(parserOptions)
    const input = Buffer.isBuffer(source) ? Readable.from([source]) : source
    input.on('error', (error) => this.parser.destroy(error))
    input.pipe(this.parser)
    this.records = this.parser[Symbol.asyncIterator]()
  }

  /** Reads the header row; answers the layout, or the required columns the file lacks. */
  async readHeader(): Promise<Header> {
    if (this.header) return this.header
    const first = await this.records.next()
    this.columns = first.done ? [] : first.value.record.map((h) => h.trim().toLowerCase())
    this.done = Boolean(first.done)
    this.header = detectLayout(this.columns)
    return this.header
  }

  /** The next `count` rows (fewer at the end of the file). */
  async take(count: number): Promise<LeadRow[]> {
    const header = await this.readHeader()
    if (!('layout' in header)) throw new Error('The file lacks required columns')
    const rows: LeadRow[] = []
    while (rows.length < count && !this.done) {
      const next = await this.records.next()
      if (next.done) {
        this.done = true
        break
      }
      const record = Object.fromEntries(this.columns!.map((c, i) => [c, next.value.record[i]]))
      rows.push(toLeadRow(header.layout, record, next.value.info.lines))
    }
    return rows
  }

  /** Skips up to `count` rows without reading them into lead rows; answers how many there were. */
  async skip(count: number): Promise<number> {
    await this.readHeader()
    let skipped = 0
    while (skipped < count && !this.done) {
      if ((await this.records.next()).done) this.done = true
      else skipped++
    }
    return skipped
  }

  /** Stops reading (the rest of the file is not needed). */
  close(): void {
    this.parser.destroy()
  }
}

export type InspectedCsv = { layout: CsvLayout; rows: number } | { missing: string[] } | { unreadable: string }

/**
 * Checks a stored upload before it is accepted: text, a header with a known layout, and how many rows,
 * counted as the parser streams over the file (the rows themselves are not kept).
 */
export async function inspectLeadCsv(
  open: () => Promise<Readable | undefined>,
  maxRows: number,
): Promise<InspectedCsv> {
  const head = await open()
  if (!head || !looksLikeText(await firstBytes(head, 65_536))) return { unreadable: 'The file is not text' }
  const body = await open()
  if (!body) return { unreadable: 'The file is gone' }
  const reader = new LeadCsvReader(body)
  try {
    const header = await reader.readHeader()
    if (!('layout' in header)) return header
    // One past the limit is enough to refuse the file.
    return { layout: header.layout, rows: await reader.skip(maxRows + 1) }
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) }
  } finally {
    reader.close()
  }
}

/** Up to `count` bytes from the start of a stream, which is then closed. */
async function firstBytes(stream: Readable, count: number): Promise<Buffer> {
  const parts: Buffer[] = []
  let length = 0
  for await (const part of stream) {
    parts.push(part as Buffer)
    length += (part as Buffer).length
    if (length >= count) break
  }
  stream.destroy()
  return Buffer.concat(parts).subarray(0, count)
}

/**
 * A CSV is text: a NUL byte in its first 64 KB means a spreadsheet, an image, a zip or another binary file.
 * (Not a UTF-8 check: spreadsheets export CSV in Windows-1252 too, and those files are welcome.)
 */
export function looksLikeText(content: Buffer): boolean {
  return !content.subarray(0, 65_536).includes(0)
}
