import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { Loader2, LogIn, Search } from 'lucide-react'
import { useState } from 'react'
import { mayActAs, type User } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { positions } from '../../lib/positions'
import { loginAsUser } from './auth-api'
import { usersQueryOptions } from '../../lib/users-api'
import { getSession, startActingAs } from '../../lib/session-store'

/** /sign-in-as: open a session as another user (audited on the server with both user ids). */
export function SignInAsPage() {
  const [search, setSearch] = useState('')
  const { data, isPending } = useQuery(usersQueryOptions({ search, limit: 50, first: 0 }))
  const [busy, setBusy] = useState<string | null>(null)
  const router = useRouter()
  const queryClient = useQueryClient()
  const session = getSession()?.user
  const me = session?.userId
  // The server's rule, so that the list offers only whom the caller may act as; the reason shows on the button.
  const refusal = (user: User) => {
    if (!session) return undefined
    const verdict = mayActAs(session, { divisionId: user.divisionId ?? -1, permissions: user.permissions })
    return verdict.allowed ? undefined : verdict.reason
  }

  async function signInAs(user: User) {
    setBusy(user.userId)
    try {
      const login = await loginAsUser(user.userId)
      // The own login stays open for the way back (the banner); the other user starts in their own division.
      positions.reset()
      startActingAs(login)
      queryClient.clear()
      await router.navigate({ to: '/', replace: true })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-lg font-semibold tracking-tight">Sign in as another user</h1>
        <p className="mt-0.5 text-muted-foreground">
          You will work as them until you go back to your own account from the banner. This is recorded.
        </p>
      </div>
      <div className="relative">
        <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-muted-foreground" />
        <Input
          className="pl-8"
          placeholder="Search by name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search users"
        />
      </div>
      <ul className="divide-y rounded-lg border bg-surface shadow-xs">
        {isPending && <li className="p-4 text-muted-foreground">Loading users…</li>}
        {data?.rows.length === 0 && <li className="p-4 text-muted-foreground">No records found</li>}
        {data?.rows.map((user) => (
          <li key={user.userId} className="flex items-center justify-between gap-3 px-4 py-2.5">
            <div className="min-w-0">
              <p className="truncate font-medium">{user.name}</p>
              <p className="truncate text-xs text-muted-foreground">
                {user.email} · {user.divisionName ?? `Division ${user.divisionId}`}
              </p>
            </div>
            <div className="flex items-center gap-2">
              {user.permissions.includes('admin') && <Badge variant="accent">Admin</Badge>}
              <Button
                size="sm"
                disabled={user.userId === me || busy !== null || refusal(user) !== undefined}
                title={refusal(user)}
                onClick={() => void signInAs(user)}
                aria-label={`Sign in as ${user.name}`}
              >
                {busy === user.userId ? <Loader2 className="animate-spin" /> : <LogIn />}
                Sign in as
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
