import type { BenchRow } from './bench-row'

const format = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2))

/** The contact-list section of bench/results.md. */
export function renderBenchRows(title: string, rows: BenchRow[]): string {
  const lines = [
    `## ${title}`,
    '',
    '| measure | value | baseline | target | result | note |',
    '|---|---|---|---|---|---|',
    ...rows
      .map((r) =>
        [
          r.name,
          `${format(r.value)} ${r.unit}`,
          r.baseline === undefined ? '–' : `${format(r.baseline)} ${r.unit} (${(r.value / r.baseline).toFixed(2)}×)`,
          r.target ?? '–',
          r.pass === undefined ? '–' : r.pass ? 'PASS' : 'MISS',
          r.note ?? '',
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ]
  return lines.join('\n') + '\n'
}

/** The markdown with its `## title` section (up to the next `## `) replaced by `section`, or `section` appended. */
export function replaceSection(markdown: string, title: string, section: string): string {
  const start = markdown.indexOf(`## ${title}`)
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}`
  const next = markdown.indexOf('\n## ', start + 3)
  return markdown.slice(0, start) + section + (next < 0 ? '' : `\n${markdown.slice(next + 1)}`)
}

/** The markdown's `## title` section (up to the next `## `), or '' when it has none. */
export function sectionOf(markdown: string, title: string): string {
  const start = markdown.indexOf(`## ${title}`)
  if (start < 0) return ''
  const next = markdown.indexOf('\n## ', start + 3)
  return markdown.slice(start, next < 0 ? undefined : next + 1)
}
