import { Link } from '@tanstack/react-router'
import { KeyRound, LogIn, LogOut, UserRound, Users } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { useSession } from '../../lib/session-store'
import { useLogout } from '../auth'
import { useCan } from '../../lib/permissions'

function initials(name: string): string {
  const parts = name.trim().split(/\s+/)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

export function UserMenu() {
  const session = useSession()
  const logout = useLogout()
  const canLoginAs = useCan('login-as')
  const managesTeam = useCan('manager')
  if (!session) return null
  const { user } = session

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-8 gap-2 pr-2 pl-1 text-foreground">
          <span
            aria-hidden
            className="grid size-6 place-items-center rounded-full bg-accent text-[11px] font-semibold text-accent-foreground"
          >
            {initials(user.name)}
          </span>
          {/* Named by the user's name (the initials are decoration), on a phone too where the name is not shown. */}
          <span className="sr-only max-w-36 truncate sm:not-sr-only">{user.name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="font-medium text-foreground">{user.name}</span>
          <span className="truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserRound /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/change-password">
            <KeyRound /> Change password
          </Link>
        </DropdownMenuItem>
        {managesTeam && (
          <DropdownMenuItem asChild>
            <Link to="/my-team">
              <Users /> My team
            </Link>
          </DropdownMenuItem>
        )}
        {canLoginAs && (
          <DropdownMenuItem asChild>
            <Link to="/sign-in-as">
              <LogIn /> Sign in as…
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOut /> Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
