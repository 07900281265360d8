import { creditApplicationItemSchemas } from '@crm/contracts'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { useForm } from '../../components/form/use-form'
import type { FieldErrors } from '../../lib/field-errors'
import { fromText, toText, ValueInput } from './application-fields'
import type { ListSpec } from './application-list-specs'

type Item = Record<string, unknown>

/**
 * One row of an application's list, added or edited: checked with the schema the server uses, each error under
 * its field; `onSave` answers the server's errors for the row (undefined once saved).
 */
export function ListItemForm(props: {
  spec: ListSpec
  initial?: Item
  idPrefix: string
  onSave: (item: Item) => Promise<FieldErrors | undefined>
  onCancel: () => void
}) {
  const { spec, initial } = props
  const { values, setErrors, field, validate } = useForm(
    Object.fromEntries(spec.columns.map((c) => [c.key, toText(initial?.[c.key])])),
  )
  const [pending, setPending] = useState(false)

  const submit = async () => {
    const item = Object.fromEntries(
      spec.columns.map((c) => [c.key, c.kind === 'flag' ? values[c.key] === 'true' : fromText(c, values[c.key] ?? '')]),
    )
    // An emptied optional field is absent, as the intake sends it.
    const cleaned = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null))
    const parsed = validate(creditApplicationItemSchemas[spec.key], cleaned)
    if (!parsed) return
    setPending(true)
    try {
      const refused = await props.onSave(parsed as Item)
      if (refused) setErrors(refused)
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      aria-label={initial ? `Edit ${spec.noun}` : `New ${spec.noun}`}
      className="flex flex-col gap-3 rounded-md border bg-subtle p-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {spec.columns.map((column) => (
          <ValueInput
            key={column.key}
            id={`${props.idPrefix}-${column.key}`}
            label={column.label}
            kind={column.kind}
            {...field(column.key)}
          />
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={pending}>
          Save {spec.noun}
        </Button>
      </div>
    </form>
  )
}
