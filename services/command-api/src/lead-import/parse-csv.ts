import { parse } from 'csv-parse/sync'
import { detectLayout, toLeadRow, type CsvLayout, type LeadRow } from './csv-layouts'

export type ParsedCsv = { layout: CsvLayout; rows: LeadRow[] } | { missing: string[] } | { unreadable: string }

/** Parses an uploaded file: header first (which layout, required columns), then every row. */
export function parseLeadCsv(content: Buffer | string): ParsedCsv {
  if (!looksLikeText(content)) return { unreadable: 'The file is not text' }
  let records: Record<string, string>[]
  try {
    records = parse(content, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    })
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) }
  }
  const headers = records.length > 0 ? Object.keys(records[0]!) : headerOf(content)
  const detected = detectLayout(headers)
  if ('missing' in detected) return detected
  // Row numbers as a spreadsheet shows them: the header is row 1.
  return { layout: detected.layout, rows: records.map((r, i) => toLeadRow(detected.layout, r, i + 2)) }
}

function headerOf(content: Buffer | string): string[] {
  const first = content.toString().split(/\r?\n/, 1)[0] ?? ''
  return first.split(',').map((h) => h.trim().toLowerCase())
}

/**
 * A CSV is text: a NUL byte in its first 64 KB means a spreadsheet, an image, a zip or another binary file.
 * (Not a UTF-8 check: spreadsheets export CSV in Windows-1252 too, and those files are welcome.)
 */
export function looksLikeText(content: Buffer | string): boolean {
  return typeof content === 'string'
    ? !content.slice(0, 65_536).includes('\0')
    : !content.subarray(0, 65_536).includes(0)
}
