import { Link } from '@tanstack/react-router'
import { CalendarDays, Handshake, LayoutDashboard, Mail, Receipt, Send, Store, Target, Users } from 'lucide-react'
import type { ComponentType } from 'react'
import { ListsNav } from '../contact-lists'
import { AuditNavLink } from '../status-audit'
import { ReportsNavLink } from '../reports'
import { AdminNav } from '../admin'
import { LogisticsNavLink } from '../logistics'
import { CreditNav } from '../credit-applications'

type NavItem = {
  to:
    | '/'
    | '/contacts'
    | '/calendar'
    | '/referrals'
    | '/opportunity-dashboard'
    | '/ts-dealers'
    | '/expenses'
    | '/emails/templates'
    | '/emails/marketing'
  label: string
  icon: ComponentType<{ className?: string }>
}

// Only screens that exist are linked; features add themselves here as they ship.
const items: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/contacts', label: 'Contacts', icon: Users },
  { to: '/calendar', label: 'Calendar', icon: CalendarDays },
  { to: '/referrals', label: 'Referrals', icon: Handshake },
  { to: '/opportunity-dashboard', label: 'Opportunities', icon: Target },
  { to: '/ts-dealers', label: 'Dealers', icon: Store },
  { to: '/expenses', label: 'Expenses', icon: Receipt },
  { to: '/emails/templates', label: 'Email templates', icon: Mail },
  { to: '/emails/marketing', label: 'Email marketing', icon: Send },
]

/** The navigation's links: in the side bar from 1024 px, in the menu drawer below. */
export function NavLinks() {
  return (
    <>
      <p className="px-2 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">Workspace</p>
      {items.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          // The dashboard is `/`: only active there, not under every other path.
          activeOptions={{ exact: to === '/' }}
          className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] lg:h-8 font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground"
          activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
        >
          <Icon className="size-4 text-muted-foreground" />
          {label}
        </Link>
      ))}
      <LogisticsNavLink />
      <ListsNav />
      <ReportsNavLink />
      <AuditNavLink />
      <CreditNav />
      <AdminNav />
    </>
  )
}

/** The side bar of a wide screen; below 1024 px the top bar's menu opens the same links in a drawer. */
export function SideNav() {
  return (
    <nav
      aria-label="Main"
      className="hidden w-52 shrink-0 flex-col gap-0.5 overflow-y-auto border-r bg-subtle px-2 py-3 *:shrink-0 lg:flex"
    >
      <NavLinks />
    </nav>
  )
}
