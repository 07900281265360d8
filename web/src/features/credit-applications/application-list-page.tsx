import { useQuery } from '@tanstack/react-query'
import { creditApplicationSourceLabels, creditApplicationStatuses, type CreditApplicationSource } from '@crm/contracts'
import { DataTable } from '../../components/data-table/data-table'
import { withFilter } from '../../components/data-table/list-query-codec'
import { SearchInput } from '../../components/data-table/search-input'
import { useListQuery } from '../../components/data-table/use-list-query'
import { SelectField } from '../../components/form/form-fields'
import { applicationColumns } from './application-columns'
import { creditAnalystsQuery, creditApplicationListQuery } from './credit-applications-api'

const ANY = 'any'

/** One source's credit applications (website, CPS, CEF): filters and paging in the URL like every list. */
export function ApplicationListPage({ source }: { source: CreditApplicationSource }) {
  const [query, setQuery] = useListQuery()
  const { data, error, isFetching, refetch } = useQuery({
    ...creditApplicationListQuery(source, query),
    placeholderData: (previous) => previous,
  })
  const { data: analysts = [] } = useQuery(creditAnalystsQuery(source))
  const statusId = query.filter.statusId ? String(query.filter.statusId) : ANY
  const analystId = typeof query.filter.analystId === 'string' ? query.filter.analystId : ANY
  return (
    <div className="flex flex-col gap-3 px-3 pt-4 pb-8 sm:h-full sm:px-6 sm:pt-5 sm:pb-4">
      <header>
        <h1 className="text-lg font-semibold tracking-tight">
          {creditApplicationSourceLabels[source]} credit applications
        </h1>
        <p className="mt-0.5 text-muted-foreground">Review, match to a contact and decide.</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <SearchInput
          value={typeof query.filter.search === 'string' ? query.filter.search : ''}
          onCommit={(text) => setQuery(withFilter(query, 'search', text || undefined))}
          placeholder="Applicant, business, DOT or MC"
          className="w-full sm:w-72"
        />
        <SelectField
          id="credit-status"
          label="Status"
          className="w-full sm:w-52"
          value={statusId}
          onChange={(value) => setQuery(withFilter(query, 'statusId', value === ANY ? undefined : Number(value)))}
          options={{ [ANY]: 'Any status', ...creditApplicationStatuses }}
        />
        <SelectField
          id="credit-analyst"
          label="Analyst"
          className="w-full sm:w-52"
          value={analystId}
          onChange={(value) => setQuery(withFilter(query, 'analystId', value === ANY ? undefined : value))}
          options={{
            [ANY]: 'Any analyst',
            none: 'No analyst yet',
            ...Object.fromEntries(analysts.map((a) => [a.userId, a.name])),
          }}
        />
      </div>
      <DataTable
        label={`${creditApplicationSourceLabels[source]} credit applications`}
        columns={applicationColumns}
        query={query}
        onQueryChange={setQuery}
        getRowId={(row) => row.id}
        data={data}
        isFetching={isFetching}
        error={error ? { message: error.message, onRetry: () => void refetch() } : undefined}
      />
    </div>
  )
}
