import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Plus } from 'lucide-react'
import { DataTable } from '../../components/data-table/data-table'
import { useListQuery } from '../../components/data-table/use-list-query'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { templatesQuery } from './email-api'
import { templateParams } from './list-params'
import { templateColumns } from './template-columns'
import { templateModal } from './template-modal'
import { tableError } from '../../components/data-table/table-error'

/** /emails/templates: the templates a rep sends from; personal ones and their division's. */
export function TemplatesPage() {
  const [query, setQuery] = useListQuery()
  const { data, error, isFetching, refetch } = useQuery({
    ...templatesQuery(templateParams(query)),
    placeholderData: (p) => p,
  })
  const search = (value: string) =>
    setQuery({ ...query, pagination: { ...query.pagination, first: 0 }, tableFilter: { global: value || undefined } })
  return (
    <div className="mx-auto flex max-w-[1280px] flex-col gap-4 px-3 pt-4 pb-8 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold tracking-tight">Email templates</h1>
          <p className="text-muted-foreground">
            Yours and your division’s. Merge fields fill in from the contact and from you when the mail is sent.
          </p>
        </div>
        <div className="flex gap-2">
          <Button asChild variant="ghost">
            <Link to="/emails/history">Email history</Link>
          </Button>
          <Button variant="primary" onClick={() => templateModal.open({})}>
            <Plus /> New template
          </Button>
        </div>
      </header>
      <Input
        type="search"
        aria-label="Search templates"
        placeholder="Search by name or subject"
        className="max-w-sm"
        defaultValue={query.tableFilter.global ?? ''}
        onChange={(e) => search(e.target.value)}
      />
      <DataTable
        label="Email templates"
        columns={templateColumns}
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
