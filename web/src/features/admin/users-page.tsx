import { useQuery } from '@tanstack/react-query'
import { KeyRound, MoreHorizontal, Pencil, Plus, Search } from 'lucide-react'
import { useState } from 'react'
import type { User } from '@crm/contracts'
import type { ColumnDef } from '@tanstack/react-table'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Input } from '../../components/ui/input'
import { AdminPageHeader } from './admin-page-header'
import { setPasswordModal } from './set-password-modal'
import { userFormModal } from './user-form-modal'
import { userColumn, userColumns } from './user-columns'
import { usersQueryOptions } from '../../lib/users-api'

const PAGE = 20

function roleOf(permissions: string[]): string {
  if (permissions.includes('admin')) return 'Administrator'
  if (permissions.includes('executive')) return 'Executive'
  if (permissions.includes('manager')) return 'Manager'
  if (permissions.includes('credit-analyst')) return 'Credit analyst'
  return 'Sales rep'
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const columns: ColumnDef<User, any>[] = [
  ...userColumns,
  userColumn.accessor('managerName', {
    header: 'Manager',
    cell: ({ getValue }) => getValue() ?? '—',
    meta: { className: 'text-muted-foreground', card: 2 },
  }),
  userColumn.accessor('permissions', {
    header: 'Role',
    cell: ({ getValue }) => (
      <>
        {roleOf(getValue())} <span className="text-xs text-muted-foreground">· {getValue().length} permissions</span>
      </>
    ),
    meta: { card: 3 },
  }),
  userColumn.accessor('active', {
    header: 'Status',
    cell: ({ getValue }) => (
      <Badge variant={getValue() ? 'success' : 'neutral'} dot>
        {getValue() ? 'Active' : 'Inactive'}
      </Badge>
    ),
    meta: { className: 'w-24', card: 4 },
  }),
  userColumn.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    cell: ({ row: { original: u } }) => (
      <div className="flex justify-end">
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
      </div>
    ),
    meta: { className: 'w-24 text-right', card: 5 },
  }),
]

export function UsersPage() {
  const [search, setSearch] = useState('')
  const [first, setFirst] = useState(0)
  const { data, error, isFetching, refetch } = useQuery(
    usersQueryOptions({ search, first, limit: PAGE, includeInactive: true }),
  )

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
      <DataTable
        label="Users"
        columns={columns}
        getRowId={(u) => u.userId}
        pages={{ first, limit: PAGE, onPage: setFirst }}
        data={data}
        error={tableError(error, refetch)}
        isFetching={isFetching}
        emptyHint={search.trim() ? 'Try another name or email.' : undefined}
      />
    </div>
  )
}
