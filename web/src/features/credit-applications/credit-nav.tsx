import { Link } from '@tanstack/react-router'
import { worksCreditApplications } from '@crm/contracts'
import { Landmark } from 'lucide-react'
import { useAllowed } from '../../lib/permissions'

const links = [
  { to: '/website-credit-applications', label: 'Website applications' },
  { to: '/cps-credit-applications', label: 'CPS applications' },
  { to: '/cef-credit-applications', label: 'CEF applications' },
] as const

/** The side-nav entries of the three credit application lists, for those who work applications. */
export function CreditNav() {
  if (!useAllowed(worksCreditApplications)) return null
  return (
    <>
      <p className="px-2 pt-3 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Credit</p>
      {links.map(({ to, label }) => (
        <Link
          key={to}
          to={to}
          className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground lg:h-8"
          activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
        >
          <Landmark className="size-4 text-muted-foreground" />
          {label}
        </Link>
      ))}
    </>
  )
}
