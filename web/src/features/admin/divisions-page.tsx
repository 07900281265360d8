import { useSuspenseQuery } from '@tanstack/react-query'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { DEFAULT_DIVISION_ID, EXECUTIVE_DIVISION_ID } from '@crm/contracts'
import { Badge } from '../../components/ui/badge'
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
import { formatDate } from '../../lib/format-date'
import { divisionsQueryOptions } from './admin-api'
import { AdminPageHeader } from './admin-page-header'
import { deleteDivisionModal, divisionFormModal } from './division-modals'

export function DivisionsPage() {
  const { data: divisions } = useSuspenseQuery(divisionsQueryOptions())
  return (
    <div className="flex flex-col gap-4 p-6">
      <AdminPageHeader
        title="Divisions"
        description="Sales divisions. Users and contacts belong to one or more of them."
        actions={
          <Button variant="primary" onClick={() => divisionFormModal.open({})}>
            <Plus /> New division
          </Button>
        }
      />
      <Card className="overflow-hidden">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-20">ID</TableHead>
              <TableHead>Name</TableHead>
              <TableHead className="w-28 text-right">Active users</TableHead>
              <TableHead className="w-36">Created</TableHead>
              <TableHead className="w-28" />
            </TableRow>
          </TableHeader>
          <TableBody>
            {divisions.map((d) => (
              <TableRow key={d.id}>
                <TableCell className="text-muted-foreground tabular">#{d.id}</TableCell>
                <TableCell className="font-medium">
                  <span className="flex items-center gap-2">
                    {d.name}
                    {d.id === DEFAULT_DIVISION_ID && <Badge variant="accent">Default</Badge>}
                    {d.id === EXECUTIVE_DIVISION_ID && <Badge>Executive</Badge>}
                  </span>
                </TableCell>
                <TableCell className="text-right tabular">{d.userCount}</TableCell>
                <TableCell className="text-muted-foreground">{d.createdAt ? formatDate(d.createdAt) : '—'}</TableCell>
                <TableActionsCell>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Rename ${d.name}`}
                    onClick={() => divisionFormModal.open({ division: d })}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${d.name}`}
                    onClick={() => deleteDivisionModal.open({ division: d })}
                  >
                    <Trash2 />
                  </Button>
                </TableActionsCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Card>
    </div>
  )
}
