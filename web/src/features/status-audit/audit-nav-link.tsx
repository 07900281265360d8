import { seesWholeDivision } from '@crm/contracts'
import { Link } from '@tanstack/react-router'
import { History } from 'lucide-react'
import { useAllowed } from '../../lib/permissions'

/** The side-nav entry of the audit screen, for those who may audit (managers and executives). */
export function AuditNavLink() {
  if (!useAllowed(seesWholeDivision)) return null
  return (
    <Link
      to="/status-changes"
      className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] lg:h-8 font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground"
      activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
    >
      <History className="size-4 text-muted-foreground" />
      Status changes
    </Link>
  )
}
