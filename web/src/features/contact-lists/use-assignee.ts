import { useState } from 'react'
import { getSession } from '../auth/session-store'

/** Who may pick another assignee (docs/product.md section 6); the server checks again (a manager: their team). */
const MAY_PICK = ['assign-any', 'manager', 'executive', 'admin']

/**
 * The user a Select User window assigns to. Without assign-any (or a team to manage) users assign only to
 * themselves: the choice starts on them and the select is locked.
 */
export function useAssignee() {
  const session = getSession()
  const permissions = session?.user.permissions ?? []
  const free = MAY_PICK.some((p) => permissions.includes(p))
  const me = session ? { id: session.user.userId, name: session.user.name } : undefined
  const [user, setUser] = useState<string | null>(free ? null : (me?.id ?? null))
  return { user, setUser, locked: free ? undefined : me }
}
