import { useQuery } from '@tanstack/react-query'
import { ChevronLeft, ChevronRight, KeyRound, MoreHorizontal, Pencil, Plus, Search } from 'lucide-react'
import { useState } from 'react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Input } from '../../components/ui/input'
import {
  Table,
  TableBody,
  TableActionsCell,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table'
import { AdminPageHeader } from './admin-page-header'
import { setPasswordModal } from './set-password-modal'
import { userFormModal } from './user-form-modal'
import { DivisionName } from '../../components/division-name'
import { usersQueryOptions } from '../../lib/users-api'

const PAGE = 20

function roleOf(permissions: string[]): string {
  if (permissions.includes('admin')) return 'Administrator'
  if (permissions.includes('executive')) return 'Executive'
  if (permissions.includes('manager')) return 'Manager'
  if (permissions.includes('credit-analyst')) return 'Credit analyst'
  return 'Sales rep'
}

export function UsersPage() {
  const [search, setSearch] = useState('')
  const [first, setFirst] = useState(0)
  const { data, isPending } = useQuery(usersQueryOptions({ search, first, limit: PAGE, includeInactive: true }))
  const total = data?.total ?? 0

  return (
    <div className="flex flex-col gap-4 p-6">
      <AdminPageHeader
        title="Users"
        description="Who can log in, their division, manager and permissions."
        actions={
          <Button variant="primary" onClick={() => userFormModal.open({})}>
            <Plus /> New user
          </Button>
        }
      />
      <div className="relative max-w-sm">
        <Search className="pointer-events-none absolute top-2 left-2.5 size-4 text-muted-foreground" />
        <Input
          className="pl-8"
          placeholder="Search by name or email"
          aria-label="Search users"
          value={search}
          onChange={(e) => {
            setSearch(e.target.value)
            setFirst(0)
          }}
        />
      </div>
      <Card className="overflow-hidden">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Division</TableHead>
              <TableHead>Manager</TableHead>
              <TableHead>Role</TableHead>
              <TableHead className="w-24">Status</TableHead>
              <TableHead className="w-24" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {isPending && (
              <TableRow>
                <TableCell colSpan={6} className="text-muted-foreground">
                  Loading…
                </TableCell>
              </TableRow>
            )}
            {data?.rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={6} className="text-muted-foreground">
                  No records found
                </TableCell>
              </TableRow>
            )}
            {data?.rows.map((u) => (
              <TableRow key={u.userId}>
                <TableCell>
                  <p className="font-medium">{u.name}</p>
                  <p className="text-xs text-muted-foreground">{u.email}</p>
                </TableCell>
                <TableCell>{u.divisionName ?? <DivisionName id={u.divisionId} />}</TableCell>
                <TableCell className="text-muted-foreground">{u.managerName ?? '—'}</TableCell>
                <TableCell>
                  {roleOf(u.permissions)}{' '}
                  <span className="text-xs text-muted-foreground">· {u.permissions.length} permissions</span>
                </TableCell>
                <TableCell>
                  <Badge variant={u.active ? 'success' : 'neutral'} dot>
                    {u.active ? 'Active' : 'Inactive'}
                  </Badge>
                </TableCell>
                <TableActionsCell>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Edit ${u.name}`}
                    onClick={() => userFormModal.open({ user: u })}
                  >
                    <Pencil />
                  </Button>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button variant="ghost" size="icon" aria-label={`More actions for ${u.name}`}>
                        <MoreHorizontal />
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="end">
                      <DropdownMenuItem onSelect={() => userFormModal.open({ user: u })}>
                        <Pencil /> Edit user
                      </DropdownMenuItem>
                      <DropdownMenuItem onSelect={() => setPasswordModal.open({ user: u })}>
                        <KeyRound /> Set password
                      </DropdownMenuItem>
                    </DropdownMenuContent>
                  </DropdownMenu>
                </TableActionsCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <footer className="flex items-center justify-between border-t px-3 py-2 text-xs text-muted-foreground">
          <span>{total === 0 ? 'No users' : `${first + 1}–${Math.min(first + PAGE, total)} of ${total}`}</span>
          <span className="flex gap-1">
            <Button
              size="icon"
              variant="ghost"
              aria-label="Previous page"
              disabled={first === 0}
              onClick={() => setFirst(first - PAGE)}
            >
              <ChevronLeft />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              aria-label="Next page"
              disabled={first + PAGE >= total}
              onClick={() => setFirst(first + PAGE)}
            >
              <ChevronRight />
            </Button>
          </span>
        </footer>
      </Card>
    </div>
  )
}
