import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { X } from 'lucide-react'
import { emailHistoryTypeKeys, emailHistoryTypes, type ListQuery } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { tableError } from '../../components/data-table/table-error'
import { useListQuery } from '../../components/data-table/use-list-query'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Button } from '../../components/ui/button'
import { UserSelect } from '../../components/user-select/user-select'
import { contactQueryOptions } from '../../lib/contact-api'
import { historyQuery, templatesQuery } from './email-api'
import { historyColumns } from './history-columns'
import { historyParams } from './list-params'

const ANY = 'any'

/** The contact the history is narrowed to, by name, with a button that widens it again. */
function ContactChip({ contactId, onClear }: { contactId: string; onClear: () => void }) {
  const { data } = useQuery(contactQueryOptions(contactId))
  return (
    <span className="flex h-8 items-center gap-1 self-end rounded-md bg-accent pr-1 pl-2.5 text-xs font-medium text-accent-foreground">
      Contact: {data?.name ?? '…'}
      <Button size="sm" variant="ghost" aria-label="Show every contact" onClick={onClear}>
        <X />
      </Button>
    </span>
  )
}

/**
 * /emails/history: the caller's emails (a manager's division's), newest first, filtered by history type
 * (support type 26), sender, contact, template and date; every filter lives in the address.
 */
export function HistoryPage() {
  const [query, setQuery] = useListQuery()
  const params = historyParams(query)
  const { data, error, isFetching, refetch } = useQuery({ ...historyQuery(params), placeholderData: (p) => p })
  const templates = useQuery(templatesQuery({ limit: 100, first: 0 })).data
  const setFilter = (name: string, value: string | null | undefined) => {
    const { [name]: _old, ...filter } = query.filter
    const next: ListQuery = {
      ...query,
      pagination: { ...query.pagination, first: 0 },
      filter: value && value !== ANY ? { ...filter, [name]: value } : filter,
    }
    setQuery(next)
  }
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Email history</h1>
          <p className="text-muted-foreground">Every email sent or scheduled to a contact, newest first.</p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="ghost">
            <Link to="/emails/marketing">Email marketing</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to="/emails/templates">Email templates</Link>
          </Button>
        </div>
      </header>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end" role="group" aria-label="Filters">
        <SelectField
          id="eh-type"
          label="Type"
          className="sm:w-52"
          value={params.type ?? ANY}
          onChange={(v) => setFilter('type', v)}
          options={{ [ANY]: 'Any', ...Object.fromEntries(emailHistoryTypeKeys.map((t) => [t, emailHistoryTypes[t]])) }}
        />
        <div className="flex flex-col gap-1.5 sm:w-56">
          <label htmlFor="eh-sender" className="text-xs font-medium">
            Sent by
          </label>
          <UserSelect
            id="eh-sender"
            label="Sent by"
            placeholder="Anyone"
            value={params.senderId ?? null}
            onChange={(id) => setFilter('senderId', id)}
            clearable
          />
        </div>
        <SelectField
          id="eh-template"
          label="Template"
          className="sm:w-52"
          value={params.templateId ?? ANY}
          onChange={(v) => setFilter('templateId', v)}
          options={{ [ANY]: 'Any', ...Object.fromEntries((templates?.rows ?? []).map((t) => [t.id, t.name])) }}
        />
        <TextField
          id="eh-from"
          label="From"
          type="date"
          className="sm:w-40"
          value={params.dateFrom ?? ''}
          onChange={(v) => setFilter('dateFrom', v)}
        />
        <TextField
          id="eh-to"
          label="To"
          type="date"
          className="sm:w-40"
          value={params.dateTo ?? ''}
          onChange={(v) => setFilter('dateTo', v)}
        />
        {params.contactId && <ContactChip contactId={params.contactId} onClear={() => setFilter('contactId', null)} />}
      </div>
      <DataTable
        label="Email history"
        columns={historyColumns}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        isFetching={isFetching}
        error={tableError(error, refetch)}
      />
    </div>
  )
}
