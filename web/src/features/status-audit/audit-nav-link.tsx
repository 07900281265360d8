import { readsDivisionReports, seesWholeDivision } from '@crm/contracts'
import { Link } from '@tanstack/react-router'
import { History, ScrollText } from 'lucide-react'
import { useAllowed } from '../../lib/permissions'

const linkClass =
  'flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] lg:h-8 font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground'
const activeClass = { className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }

/**
 * The side-nav entries of the audit screens: status changes for managers and executives, every change also for
 * analysts (the server scopes what each reads).
 */
export function AuditNavLink() {
  const statuses = useAllowed(seesWholeDivision)
  const changes = useAllowed(readsDivisionReports)
  return (
    <>
      {statuses && (
        <Link to="/status-changes" className={linkClass} activeProps={activeClass}>
          <History className="size-4 text-muted-foreground" />
          Status changes
        </Link>
      )}
      {changes && (
        <Link to="/changes" className={linkClass} activeProps={activeClass}>
          <ScrollText className="size-4 text-muted-foreground" />
          All changes
        </Link>
      )}
    </>
  )
}
