import { creditApplicationMessages } from '@crm/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SelectField, TextField } from '../../components/form/form-fields'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { isApiError } from '../../lib/api-error'
import { normalizeFieldErrors } from '../../lib/field-errors'
import { useForm } from '../../components/form/use-form'
import { publicFormTokenQuery, submitPublicApplication } from './credit-applications-api'

const fields = [
  ['businessName', 'Business name', 'text', true],
  ['businessDotNumber', 'US DOT number', 'text'],
  ['businessMcNumber', 'MC number', 'text'],
  ['businessPhone', 'Business phone', 'tel'],
  ['businessEmail', 'Business email', 'email'],
  ['applicantFirstName', 'First name', 'text', true],
  ['applicantLastName', 'Last name', 'text', true],
  ['applicantPhone', 'Phone', 'tel'],
  ['applicantEmail', 'Email', 'email'],
  ['applicantSsn', 'Social security number', 'text'],
  ['applicantDateOfBirth', 'Date of birth', 'date'],
  ['eqYear', 'Equipment year', 'number'],
  ['eqMake', 'Equipment make', 'text'],
  ['eqModel', 'Equipment model', 'text'],
  ['eqAmountFinanced', 'Amount to finance (USD)', 'number'],
] as const
const numbers = new Set(['eqYear', 'eqAmountFinanced'])
/** Every field empty, a loan by default; blank fields are left out of what is sent. */
const blank = {
  applicationType: 'loan',
  ...(Object.fromEntries(fields.map(([key]) => [key, ''])) as Record<(typeof fields)[number][0], string>),
}

/**
 * The public application form: no sign-in; a hidden field and the time taken keep bots out. The time is the
 * server's: the form asks for a signed token when it opens and sends it back.
 */
export function PublicApplicationPage() {
  const token = useQuery(publicFormTokenQuery())
  const { values, errors, setErrors, field } = useForm(blank)
  const [trap, setTrap] = useState('')
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState<string>()
  const submit = async () => {
    if (!token.data) return
    const body: Record<string, unknown> = { formToken: token.data.formToken, website: trap }
    for (const [key, value] of Object.entries(values)) {
      if (value.trim() !== '') body[key] = numbers.has(key) ? Number(value) : value.trim()
    }
    setPending(true)
    try {
      setDone((await submitPublicApplication(body)).message)
    } catch (e) {
      if (isApiError(e, 400)) setErrors(normalizeFieldErrors(e.fieldErrors))
      // A form left open too long: a fresh token, and the next send goes through.
      if (isApiError(e, 422) && e.problem.title === creditApplicationMessages.formTokenInvalid) void token.refetch()
    } finally {
      setPending(false)
    }
  }
  if (done) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold">{done}</h1>
        <p className="mt-2 text-muted-foreground">A credit analyst will contact you shortly.</p>
      </main>
    )
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-xl font-semibold tracking-tight">Apply for equipment financing</h1>
      <p className="mt-1 text-muted-foreground">Tell us about your business and the truck or trailer you need.</p>
      <Card className="mt-4 p-4">
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <SelectField
            id="apply-applicationType"
            label="Loan or lease"
            {...field('applicationType')}
            options={{ loan: 'Loan', lease: 'Lease' }}
          />
          {fields.map(([key, label, type, required]) => (
            <TextField key={key} id={`apply-${key}`} label={label} type={type} required={required} {...field(key)} />
          ))}
          {/* People never see this field; bots fill it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="apply-website">Website</label>
            <input
              id="apply-website"
              tabIndex={-1}
              autoComplete="off"
              value={trap}
              onChange={(e) => setTrap(e.target.value)}
            />
          </div>
          <div className="flex justify-end sm:col-span-2">
            <Button type="submit" variant="primary" disabled={pending || !token.data}>
              Send application
            </Button>
          </div>
          {errors[''] && <p className="text-danger sm:col-span-2">{errors['']}</p>}
          {token.isError && (
            <p className="text-danger sm:col-span-2">The form could not be opened: please reload the page.</p>
          )}
        </form>
      </Card>
    </main>
  )
}
