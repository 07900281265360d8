/**
 * One CSV line (CRLF-terminated) of the files the API sends: quoted where a value holds a comma, quote or line
 * break, and a leading = + - @ defused, so a spreadsheet shows the value instead of running it as a formula.
 */
export function csvLine(values: readonly (string | number | null)[]): string {
  const cell = (v: string | number | null) => {
    let text = v === null ? '' : String(v)
    if (/^[=+\-@]/.test(text)) text = `'${text}`
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
  }
  return values.map(cell).join(',') + '\r\n'
}
