import { useDivisionId, useSession } from '../../lib/session-store'

/**
 * Whether the signed-in user may edit or remove a record written by `authorId` in `divisionId`: its author,
 * a manager of that division, or an executive. The server decides again; this only hides what would fail.
 */
export function useMayChange(): (record: { authorId: string | null; divisionId: number }) => boolean {
  const user = useSession()?.user
  const divisionId = useDivisionId()
  return (record) => {
    if (!user) return false
    const can = (p: string) => user.permissions.includes(p)
    if (record.authorId === user.userId || can('executive') || can('admin')) return true
    return can('manager') && record.divisionId === (divisionId ?? user.divisionId)
  }
}
