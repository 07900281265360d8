import { RelatedEntitiesCell } from './related-entities-cell'
import { Link } from '@tanstack/react-router'
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table'
import { Flag } from 'lucide-react'
import { organizationTypes, type ContactSearchRow, type OrganizationTypeId } from '@crm/contracts'
import { Tooltip } from '../../components/ui/tooltip'
import { formatDate } from '../../lib/format-date'
import { SaferLink } from './safer-link'
import { StatusBadge } from './status-badge'

const col = createColumnHelper<ContactSearchRow>()
// Each column has its own value type; the table takes them as one list.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ContactColumn = ColumnDef<ContactSearchRow, any>

export const Empty = () => <span className="text-muted-foreground/60">—</span>

export const text = (value: string | number | null) => (value === null || value === '' ? <Empty /> : value)

export function organizationTypeName(id: number | null): string | null {
  return id === null ? null : (organizationTypes[id as OrganizationTypeId] ?? `Type ${id}`)
}

function NameCell({ row }: { row: ContactSearchRow }) {
  return (
    <div className="flex max-w-72 items-center gap-1.5">
      {row.openedFlags > 0 && (
        <Tooltip content={`${row.openedFlags} open red flag${row.openedFlags === 1 ? '' : 's'}`}>
          <Flag className="size-3.5 shrink-0 fill-danger text-danger" aria-label="Open red flags" />
        </Tooltip>
      )}
      {/* docs/product.md: the name opens the contact in a new tab. rel=opener lets the tab inherit this tab's session. */}
      <Link
        to="/contacts/$id"
        params={{ id: row.id }}
        target="_blank"
        rel="opener"
        // Preloading would fill this tab's cache, but the contact opens in another tab.
        preload={false}
        className="truncate font-medium text-foreground hover:text-link hover:underline"
        title={row.name}
      >
        {row.name}
      </Link>
    </div>
  )
}

/**
 * The columns every contacts table of docs/product.md section 2 shows, Name first. Sortable column ids are server sort
 * fields. The lists (contact-lists/) insert their conditional columns around these.
 */
export function contactCoreColumns(): ContactColumn[] {
  return [
    col.accessor('name', {
      header: 'Name',
      enableSorting: true,
      cell: ({ row }) => <NameCell row={row.original} />,
      meta: { skeletonWidth: '160px', sticky: true },
    }),
    col.accessor('organizationTypeId', {
      header: 'Org. Type',
      enableSorting: true,
      cell: ({ getValue }) => text(organizationTypeName(getValue())),
    }),
    col.accessor('dotNumber', {
      header: 'US DOT',
      enableSorting: true,
      cell: ({ getValue }) => <SaferLink kind="dot" value={getValue()} />,
    }),
    col.accessor('mcNumber', {
      header: 'MC Number',
      enableSorting: true,
      cell: ({ getValue }) => <SaferLink kind="mc" value={getValue()} />,
    }),
    col.accessor('state', { header: 'State', enableSorting: true, cell: ({ getValue }) => text(getValue()) }),
    col.accessor('numberOfTrucks', {
      header: '# of trucks',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
      meta: { className: 'text-right tabular' },
    }),
    col.accessor('ownerName', {
      header: 'Company Owner',
      enableSorting: true,
      cell: ({ getValue }) => text(getValue()),
    }),
    col.accessor('preferredLanguage', { header: 'Preferred Language', cell: ({ getValue }) => text(getValue()) }),
    col.accessor('companyTypeId', { header: 'Company Type', cell: ({ getValue }) => text(getValue()) }),
    col.accessor('businessPhone', {
      header: 'Business Phone',
      cell: ({ getValue }) => {
        const phone = getValue()
        return phone ? (
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="tabular hover:text-link hover:underline">
            {phone}
          </a>
        ) : (
          <Empty />
        )
      },
    }),
    col.accessor('lastContactDate', {
      header: 'Last Contact Date',
      enableSorting: true,
      cell: ({ getValue }) => text(formatDate(getValue())),
      meta: { className: 'tabular' },
    }),
    col.accessor('lastMeetingDate', {
      header: 'Last Meeting Date',
      enableSorting: true,
      cell: ({ getValue }) => text(formatDate(getValue())),
      meta: { className: 'tabular' },
    }),
  ]
}

/** The All Contacts table: the core columns, the status badge and, for managers, the assignee. */
export function contactColumns({ showAssignee }: { showAssignee: boolean }): ContactColumn[] {
  const columns: ContactColumn[] = [
    ...contactCoreColumns(),
    col.accessor('relatedEntities', {
      header: 'Related Entities',
      cell: ({ row }) => <RelatedEntitiesCell row={row.original} />,
      meta: { className: 'text-right tabular' },
    }),
    col.accessor('statusId', { header: 'Status', cell: ({ getValue }) => <StatusBadge statusId={getValue()} /> }),
  ]
  // docs/product.md section 6: the Assigned User column is for managers.
  if (showAssignee) {
    columns.push(col.accessor('assignedName', { header: 'Assigned User', cell: ({ getValue }) => text(getValue()) }))
  }
  return columns
}
