import { messages, type LesseeDto } from '@crm/contracts'
import { Search } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { findLesseeByMc } from './lifecycle-api'
import { isApiError } from '../../lib/api-error'
import { cn } from '../../lib/cn'
import { TextField, textOrNull } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'

const empty = {
  mcNumber: '',
  lesseeName: '',
  lesseeStreet: '',
  lesseeCity: '',
  lesseeState: '',
  lesseeZip: '',
  lesseePhone: '',
  lesseeOwnerName: '',
  lesseeMC: '',
}

/** Lessee form state: search by MC fills it from the contact with that MC (docs/product.md: lessee after MC search). */
export function useLesseeForm(initial?: LesseeDto | null) {
  const form = useForm(
    initial
      ? (Object.fromEntries(
          Object.keys(empty).map((k) => [k, (initial as Record<string, string | null>)[k] ?? '']),
        ) as typeof empty)
      : empty,
  )
  const [lesseeContactId, setLesseeContactId] = useState<string | null>(initial?.lesseeContactId ?? null)
  const [searching, setSearching] = useState(false)

  const search = async () => {
    const mc = form.values.mcNumber.trim()
    if (!mc) return form.setErrors({ mcNumber: messages.lesseeSearchNeedsMc })
    setSearching(true)
    try {
      const found = await findLesseeByMc(mc)
      form.setValues(
        Object.fromEntries(
          Object.keys(empty).map((k) => [k, (found as Record<string, string | null>)[k] ?? '']),
        ) as typeof empty,
      )
      setLesseeContactId(found.lesseeContactId)
    } catch (error) {
      if (isApiError(error, 404)) form.setErrors({ mcNumber: 'No contact with that MC number: enter the lessee below' })
    } finally {
      setSearching(false)
    }
  }

  const toPayload = () => {
    if (!form.values.mcNumber.trim()) {
      form.setErrors({ mcNumber: messages.lesseeSearchNeedsMc })
      return null
    }
    return {
      ...Object.fromEntries(Object.entries(form.values).map(([k, v]) => [k, textOrNull(v)])),
      mcNumber: form.values.mcNumber.trim(),
      lesseeContactId,
    }
  }
  return { ...form, search, searching, toPayload }
}

export function LesseeFields({ form, className }: { form: ReturnType<typeof useLesseeForm>; className?: string }) {
  const { errors, field } = form
  return (
    <fieldset className={cn('grid grid-cols-2 gap-x-4 gap-y-3', className)}>
      <legend className="col-span-2 mb-2 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
        Lessee
      </legend>
      <div className="col-span-2 flex items-end gap-2">
        <TextField id="ls-mc" label="MC number" required {...field('mcNumber')} className="flex-1" />
        <Button
          onClick={() => void form.search()}
          disabled={form.searching}
          className={errors.mcNumber ? 'mb-5' : undefined}
        >
          <Search /> Search
        </Button>
      </div>
      <TextField id="ls-name" label="Lessee name" {...field('lesseeName')} />
      <TextField id="ls-owner" label="Owner name" {...field('lesseeOwnerName')} />
      <TextField id="ls-street" label="Street" {...field('lesseeStreet')} className="col-span-2" />
      <TextField id="ls-city" label="City" {...field('lesseeCity')} />
      <div className="grid grid-cols-2 gap-2">
        <TextField id="ls-state" label="State" {...field('lesseeState')} />
        <TextField id="ls-zip" label="Zip" {...field('lesseeZip')} />
      </div>
      <TextField id="ls-phone" label="Phone" {...field('lesseePhone')} />
      <TextField id="ls-lessee-mc" label="Lessee MC" {...field('lesseeMC')} />
    </fieldset>
  )
}
