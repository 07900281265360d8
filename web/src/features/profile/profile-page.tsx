import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { KeyRound, Loader2 } from 'lucide-react'
import type { FormEvent } from 'react'
import { updateProfileSchema, type User } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { useForm } from '../../components/form/use-form'
import { notify } from '../../lib/notify'
import { maskPhone } from '../../lib/phone-mask'
import { saveProfile } from './profile-api'
import { ProfileExpectations } from './profile-expectations'
import { ProfileOptions } from './profile-options'
import { ConnectRingCentralCard } from '../calls'
import { useSubmit } from '../../lib/use-submit'
import { meQueryOptions } from '../../lib/users-api'

type Field = 'phoneNumber' | 'activePhone' | 'officeExt' | 'signature'
const valuesOf = (u: User): Record<Field, string> => ({
  phoneNumber: u.phoneNumber ?? '',
  activePhone: u.activePhone ?? '',
  officeExt: u.officeExt ?? '',
  signature: u.signature ?? '',
})

/** /profile: phone and extension (click to call needs them), email signature, options. */
export function ProfilePage() {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const form = useForm(valuesOf(me))
  const { field } = form
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = form.validate(updateProfileSchema, form.values)
    if (!parsed) return
    await send(async () => {
      await saveProfile(parsed)
      notify.success('Data is saved')
      void queryClient.invalidateQueries({ queryKey: ['users', 'me'] })
    })
  }

  const input = (name: Field, label: string, extra: { phone?: boolean; maxLength?: number } = {}) => {
    const bound = field(name)
    return (
      <FormField id={`pf-${name}`} label={label} error={bound.error}>
        <Input
          id={`pf-${name}`}
          type={extra.phone ? 'tel' : 'text'}
          placeholder={extra.phone ? '(999) 999-9999' : undefined}
          maxLength={extra.maxLength}
          value={bound.value}
          onChange={(e) => bound.onChange(extra.phone ? maskPhone(e.target.value) : e.target.value)}
          {...invalidProps(`pf-${name}`, bound.error)}
        />
      </FormField>
    )
  }
  const signature = field('signature')

  return (
    <div className="flex max-w-4xl flex-col gap-4 p-6">
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">{me.name}</h1>
          <p className="mt-0.5 text-muted-foreground">
            {me.email} · {me.divisionName ?? `Division ${me.divisionId}`}
            {me.managerName ? ` · reports to ${me.managerName}` : ''}
          </p>
        </div>
        <Button asChild>
          <Link to="/change-password">
            <KeyRound /> Change password
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 lg:grid-cols-[1fr_320px]">
        <Card>
          <CardHeader>
            <CardTitle>Contact details</CardTitle>
          </CardHeader>
          <CardContent>
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <div className="grid grid-cols-2 gap-x-4 gap-y-3.5">
                {input('phoneNumber', 'Phone number', { phone: true })}
                {input('activePhone', 'Active phone (for calls)', { phone: true })}
                {input('officeExt', 'Office extension', { maxLength: 10 })}
              </div>
              <FormField id="pf-signature" label="Email signature" error={signature.error}>
                <textarea
                  id="pf-signature"
                  rows={5}
                  maxLength={5000}
                  value={signature.value}
                  onChange={(e) => signature.onChange(e.target.value)}
                  className="w-full rounded-md border border-input bg-surface px-2.5 py-2 text-[13px] shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/15"
                />
              </FormField>
              <div className="flex justify-end border-t pt-4">
                <Button type="submit" variant="primary" disabled={pending}>
                  {pending && <Loader2 className="animate-spin" />}
                  Save profile
                </Button>
              </div>
            </form>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-4">
          <ConnectRingCentralCard />
          <ProfileOptions options={me.options} />
          <ProfileExpectations expectations={me.expectations} />
        </div>
      </div>
    </div>
  )
}
