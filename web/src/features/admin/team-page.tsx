import { useQuery } from '@tanstack/react-query'
import { KeyRound, Target } from 'lucide-react'
import { expectationPeriods, messages, type User } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import {
  Table,
  TableBody,
  TableActionsCell,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table'
import { useSession } from '../../lib/session-store'
import { AdminPageHeader } from './admin-page-header'
import { expectationsModal } from './expectations-modal'
import { setPasswordModal } from './set-password-modal'
import { usersQueryOptions } from '../../lib/users-api'
import { DivisionName } from '../../components/division-name'

const number = new Intl.NumberFormat('en-US')

function Expectations({ user }: { user: User }) {
  const set = expectationPeriods.filter((p) => typeof user.expectations[p] === 'number')
  if (set.length === 0) return <span className="text-muted-foreground">Not set</span>
  return (
    <span className="tabular">
      {set.map((p, i) => (
        <span key={p}>
          {i > 0 && <span className="text-muted-foreground"> · </span>}
          {number.format(user.expectations[p] as number)}
          <span className="text-muted-foreground">/{p}</span>
        </span>
      ))}
    </span>
  )
}

/**
 * My team (managers, from the user menu): the users who report to the caller, with the two things a
 * manager does for them here: set a new password and set their expectations.
 */
export function TeamPage() {
  const me = useSession()?.user.userId
  const { data, isPending, isError } = useQuery({
    ...usersQueryOptions({ managerId: me, limit: 500, first: 0 }),
    enabled: Boolean(me),
  })
  const rows = data?.rows ?? []
  const state = isPending
    ? 'Loading…'
    : isError
      ? messages.somethingWentWrong
      : rows.length === 0
        ? messages.noRecords
        : null

  return (
    <div className="flex max-w-5xl flex-col gap-4 p-6">
      <AdminPageHeader title="My team" description="The users who report to you: their passwords and expectations." />
      <Card className="overflow-hidden">
        <Table aria-label="My team">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Division</TableHead>
              <TableHead>Expectations</TableHead>
              <TableHead className="w-72" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {state && (
              <TableRow>
                <TableCell colSpan={4} className="text-muted-foreground">
                  {state}
                </TableCell>
              </TableRow>
            )}
            {rows.map((u) => (
              <TableRow key={u.userId}>
                <TableCell>
                  <p className="font-medium">{u.name}</p>
                  <p className="text-xs text-muted-foreground">{u.email}</p>
                </TableCell>
                <TableCell>{u.divisionName ?? <DivisionName id={u.divisionId} />}</TableCell>
                <TableCell>
                  <Expectations user={u} />
                </TableCell>
                <TableActionsCell>
                  <div className="flex justify-end gap-1.5">
                    <Button size="sm" onClick={() => expectationsModal.open({ user: u })}>
                      <Target /> Expectations
                    </Button>
                    <Button size="sm" onClick={() => setPasswordModal.open({ user: u })}>
                      <KeyRound /> Set password
                    </Button>
                  </div>
                </TableActionsCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  )
}
