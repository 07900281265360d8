import { Link } from '@tanstack/react-router'
import { Building2, Database, Inbox, SlidersHorizontal, UserCog } from 'lucide-react'
import { useCan } from '../../lib/permissions'

const items = [
  { to: '/admin/users', label: 'Users', icon: UserCog },
  { to: '/admin/divisions', label: 'Divisions', icon: Building2 },
  { to: '/admin/system-config', label: 'System config', icon: SlidersHorizontal },
  { to: '/admin/mail-outbox', label: 'Mail outbox', icon: Inbox },
  { to: '/admin/read-models', label: 'Read models', icon: Database },
] as const

/** The administration section of the side navigation; only administrators see it. */
export function AdminNav() {
  if (!useCan('admin')) return null
  return (
    <>
      <p className="px-2 pt-4 pb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
        Administration
      </p>
      {items.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          className="flex h-11 items-center gap-2.5 rounded-md px-2 text-[13px] lg:h-8 font-medium text-foreground/75 transition-colors hover:bg-muted hover:text-foreground"
          activeProps={{ className: 'bg-surface text-foreground shadow-xs ring-1 ring-border' }}
        >
          <Icon className="size-4 text-muted-foreground" />
          {label}
        </Link>
      ))}
    </>
  )
}
