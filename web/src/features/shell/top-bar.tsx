import { Link } from '@tanstack/react-router'
import { GlobalSearch } from '../global-search'
import { NotificationBell } from '../notifications'
import { BrandMark } from '../../components/ui/brand-mark'
import { DivisionSwitcher } from './division-switcher'
import { NavDrawer } from './nav-drawer'
import { UserMenu } from './user-menu'

export function TopBar() {
  return (
    <header className="relative flex h-12 shrink-0 items-center justify-between gap-4 border-b bg-surface px-3">
      <div className="flex shrink-0 items-center gap-1">
        <NavDrawer />
        {/* Named for screen readers too: on a phone the words are hidden to leave room for the search. */}
        <Link
          to="/"
          aria-label="Trucking Sales CRM"
          className="flex items-center gap-2.5 rounded-md px-1 font-semibold tracking-tight"
        >
          <BrandMark />
          <span className="hidden sm:inline">Trucking Sales CRM</span>
        </Link>
      </div>
      <GlobalSearch />
      <div className="flex items-center gap-1">
        <DivisionSwitcher />
        <NotificationBell />
        <span aria-hidden className="mx-1 h-5 w-px bg-border" />
        <UserMenu />
      </div>
    </header>
  )
}
