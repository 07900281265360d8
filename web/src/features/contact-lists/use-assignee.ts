import { mayAssignContactsToOthers } from '@crm/contracts'
import { useState } from 'react'
import { getSession } from '../../lib/session-store'

/**
 * The user a Select User window assigns to. Without assign-any users assign only to themselves (docs/product.md
 * section 6): the choice starts on them and the select is locked. The same predicate as the server's.
 */
export function useAssignee() {
  const session = getSession()
  const permissions = session?.user.permissions ?? []
  const free = mayAssignContactsToOthers({ permissions })
  const me = session ? { id: session.user.userId, name: session.user.name } : undefined
  const [user, setUser] = useState<string | null>(free ? null : (me?.id ?? null))
  return { user, setUser, locked: free ? undefined : me }
}
