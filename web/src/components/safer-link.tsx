import { ExternalLink } from 'lucide-react'

const SAFER = 'https://safer.fmcsa.dot.gov/query.asp?searchtype=ANY&query_type=queryCarrierSnapshot'

/** FMCSA SAFER company snapshot by US DOT or MC number. */
export function saferUrl(kind: 'dot' | 'mc', value: string): string {
  const param = kind === 'dot' ? 'USDOT' : 'MC_MX'
  return `${SAFER}&query_param=${param}&query_string=${encodeURIComponent(value)}`
}

export function SaferLink({ kind, value }: { kind: 'dot' | 'mc'; value: string | null }) {
  if (!value) return <span className="text-muted-foreground">—</span>
  return (
    <a
      href={saferUrl(kind, value)}
      target="_blank"
      rel="noopener noreferrer"
      title={`Open ${kind === 'dot' ? 'US DOT' : 'MC'} ${value} in FMCSA SAFER`}
      className="inline-flex items-center gap-1 text-link tabular hover:underline"
    >
      {value}
      <ExternalLink className="size-3 opacity-60" />
    </a>
  )
}
