import {
  creditApplicationFieldGroups,
  creditApplicationSourceLabels,
  type CreditApplicationDetail,
  type FieldSpec,
} from '@crm/contracts'
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

const A4 = { width: 595.28, height: 841.89 }
const MARGIN = 48
const LINE = 14

const money = (n: number) => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

function shown(spec: FieldSpec, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null
  if (spec.kind === 'flag') return value ? 'Yes' : 'No'
  if (spec.kind === 'money') return money(Number(value))
  if (spec.kind === 'type') return value === 'lease' ? 'Lease' : 'Loan'
  return String(value)
}

/** WinAnsi (the standard fonts' encoding) cannot draw every character: anything else becomes '?'. */
const drawable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

/**
 * The application as a PDF for the file viewer (docs/product.md 7 preview): its field groups and lists, sensitive
 * values masked as on screen. Rendered on the server from the read model, so it shows what the viewer may see.
 */
export async function renderApplicationPdf(application: CreditApplicationDetail): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(`Credit application ${application.businessName ?? application.applicantName ?? ''}`.trim())
  pdf.setCreator('Trucking Sales CRM')
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  let page: PDFPage = pdf.addPage([A4.width, A4.height])
  let y = A4.height - MARGIN

  const ensure = (space: number) => {
    if (y - space < MARGIN) {
      page = pdf.addPage([A4.width, A4.height])
      y = A4.height - MARGIN
    }
  }
  const text = (value: string, x: number, size: number, f: PDFFont = font) =>
    page.drawText(drawable(value).slice(0, 110), { x, y, size, font: f, color: rgb(0.1, 0.12, 0.16) })
  const heading = (title: string) => {
    ensure(LINE * 3)
    y -= LINE
    text(title, MARGIN, 13, bold)
    y -= LINE + 2
  }
  const row = (label: string, value: string) => {
    ensure(LINE)
    text(label, MARGIN, 10, bold)
    text(value, MARGIN + 170, 10)
    y -= LINE
  }

  text(`Credit application (${creditApplicationSourceLabels[application.source]})`, MARGIN, 18, bold)
  y -= LINE * 1.6
  row('Status', application.status)
  row('Applicant', application.applicantName ?? '')
  row('Business', application.businessName ?? '')
  row('Amount', application.amount === null ? '' : money(application.amount))
  row('Application date', application.applicationDate ?? '')
  row('Complete', application.finished ? 'Yes' : 'No')

  for (const group of creditApplicationFieldGroups) {
    const lines = group.fields
      .map((spec) => [spec.label, shown(spec, application.fields[spec.key])] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== null)
    const masked = (group.sensitive ?? [])
      .map(({ key, label }) => [label, application.masked[key]] as const)
      .filter((pair): pair is readonly [string, string] => pair[1] !== null)
    if (lines.length + masked.length === 0) continue
    heading(group.title)
    for (const [label, value] of [...lines, ...masked]) row(label, value)
  }

  const lists: [string, Record<string, unknown>[]][] = [
    ['Loans', application.loans],
    ['Owners', application.owners],
    ['Residences', application.residences],
    ['References', application.references],
  ]
  for (const [title, items] of lists) {
    if (items.length === 0) continue
    heading(title)
    for (const item of items) {
      const values = Object.values(item).filter((v) => v !== null && v !== undefined && v !== '')
      row('-', values.map((v) => (typeof v === 'boolean' ? (v ? 'yes' : 'no') : String(v))).join(', '))
    }
  }
  return pdf.save()
}
