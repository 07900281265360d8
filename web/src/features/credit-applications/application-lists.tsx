import {
  creditApplicationMessages as m,
  MAX_LIST_ITEMS,
  type CreditApplicationDetail,
  type CreditApplicationSource,
  CreditApplicationStatus,
} from '@crm/contracts'
import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { isApiError } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { normalizeFieldErrors, type FieldErrors } from '../../lib/field-errors'
import { notify } from '../../lib/notify'
import { shownValue } from './application-fields'
import { applicationListSpecs, type ListSpec } from './application-list-specs'
import { ListItemForm } from './list-item-form'
import { replaceApplicationList } from './credit-applications-api'

type Item = Record<string, unknown>

/** Loans, owners, residences and references listed in the application: add, edit and remove rows. */
export function ApplicationLists(props: {
  application: CreditApplicationDetail
  source: CreditApplicationSource
  onChanged: () => Promise<void>
}) {
  // A funded application is final: its lists are shown, not edited.
  const readOnly = props.application.statusId === CreditApplicationStatus.Funded
  return (
    // minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
      {applicationListSpecs.map((spec) => (
        <ListCard key={spec.key} spec={spec} readOnly={readOnly} {...props} />
      ))}
    </div>
  )
}

/** `items.2.lender` of the API's answer, as the field of the row being edited. */
function rowErrors(errors: Record<string, string>, index: number): FieldErrors {
  const prefix = `items.${index}.`
  const mine = Object.entries(normalizeFieldErrors(errors)).filter(([k]) => k.startsWith(prefix))
  return Object.fromEntries(mine.map(([k, v]) => [k.slice(prefix.length), v]))
}

function ListCard({
  spec,
  application,
  source,
  onChanged,
  readOnly,
}: {
  spec: ListSpec
  application: CreditApplicationDetail
  source: CreditApplicationSource
  onChanged: () => Promise<void>
  readOnly: boolean
}) {
  const items = application[spec.key] as Item[]
  /** The row being edited: its index, `items.length` for a new one, null for none. */
  const [editing, setEditing] = useState<number | null>(null)
  const full = items.length >= MAX_LIST_ITEMS

  /** Sends the whole list; answers the edited row's field errors when the server refuses it. */
  const save = async (next: Item[], index: number | null): Promise<FieldErrors | undefined> => {
    try {
      await replaceApplicationList(source, application.id, spec.key, next)
      notify.success(m.updated)
      setEditing(null)
      await onChanged()
      return undefined
    } catch (error) {
      if (!isApiError(error, 400)) throw error
      notify.error(m.updateFailed)
      return index === null ? {} : rowErrors(error.fieldErrors, index)
    }
  }

  return (
    <Card aria-labelledby={`ca-list-${spec.key}`} className="min-w-0">
      <CardHeader>
        <CardTitle id={`ca-list-${spec.key}`}>
          {spec.title}
          {items.length > 0 && <span className="ml-1.5 font-normal text-muted-foreground">{items.length}</span>}
        </CardTitle>
        {!readOnly && editing === null && (
          <Button
            size="sm"
            disabled={full}
            title={full ? `At most ${MAX_LIST_ITEMS}` : undefined}
            onClick={() => setEditing(items.length)}
          >
            <Plus /> Add {spec.noun}
          </Button>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {items.length === 0 && editing === null && <p className="text-muted-foreground">No records found</p>}
        {items.length > 0 && (
          <div className="relative overflow-x-auto">
            <table className="w-full text-[13px]">
              <thead>
                <tr className="text-left text-muted-foreground">
                  {spec.columns.map((column) => (
                    <th key={column.key} scope="col" className="pr-3 pb-1 font-medium whitespace-nowrap">
                      {column.label}
                    </th>
                  ))}
                  {!readOnly && (
                    <th scope="col" className="sticky right-0 bg-surface pb-1">
                      <span className="sr-only">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => (
                  <tr key={i} className={editing === i ? 'border-t bg-muted/60' : 'border-t'}>
                    {spec.columns.map((column) => (
                      <td
                        key={column.key}
                        className={cn('py-1.5 pr-3 whitespace-nowrap', column.kind === 'money' && 'text-right tabular')}
                      >
                        {shownValue(column, column.kind === 'flag' ? Boolean(item[column.key]) : item[column.key]) ??
                          '—'}
                      </td>
                    ))}
                    {!readOnly && (
                      // Kept in view when a wide row scrolls on a phone.
                      <td className="sticky right-0 bg-surface py-1 pl-1 text-right whitespace-nowrap">
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Edit ${spec.noun} ${i + 1}`}
                          disabled={editing !== null}
                          onClick={() => setEditing(i)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          size="icon-sm"
                          variant="ghost"
                          aria-label={`Remove ${spec.noun} ${i + 1}`}
                          disabled={editing !== null}
                          onClick={() =>
                            void save(
                              items.filter((_, j) => j !== i),
                              null,
                            )
                          }
                        >
                          <Trash2 />
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {editing !== null && (
          <ListItemForm
            key={editing}
            spec={spec}
            initial={items[editing]}
            idPrefix={`ca-${spec.key}-${editing}`}
            onCancel={() => setEditing(null)}
            onSave={(item) =>
              save(
                editing < items.length ? items.map((old, j) => (j === editing ? item : old)) : [...items, item],
                editing,
              )
            }
          />
        )}
      </CardContent>
    </Card>
  )
}
