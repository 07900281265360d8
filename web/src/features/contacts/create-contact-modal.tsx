import { Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { contactCategories, organizationTypes } from '@crm/contracts'
import { Button } from '../../components/ui/button'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { maskPhone } from '../../lib/phone-mask'
import { ModalBody, ModalFooter } from '../modals/modal-layout'
import { defineModal, type ModalComponentProps } from '../modals/modal-registry'
import type { ContactFormField } from './contact-form-values'
import { useCreateContactForm } from './use-create-contact-form'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-2 gap-x-4 gap-y-3.5 md:grid-cols-4">
      <legend className="col-span-full mb-3 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </legend>
      {children}
    </fieldset>
  )
}

function CreateContactForm({ close }: ModalComponentProps<undefined>) {
  const { values, errors, set, submit, pending } = useCreateContactForm(close)

  const text = (
    field: ContactFormField,
    label: string,
    extra?: { required?: boolean; span?: string; type?: string; maxLength?: number },
  ) => (
    <FormField
      id={`cc-${field}`}
      label={label}
      error={errors[field]}
      required={extra?.required}
      className={extra?.span}
    >
      <Input
        id={`cc-${field}`}
        type={extra?.type ?? 'text'}
        maxLength={extra?.maxLength}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...invalidProps(`cc-${field}`, errors[field])}
      />
    </FormField>
  )

  const select = (field: ContactFormField, label: string, options: Record<number, string>, placeholder?: string) => (
    <FormField
      id={`cc-${field}`}
      label={label}
      error={errors[field]}
      required={placeholder !== undefined}
      className="col-span-2"
    >
      {/* '' shows the placeholder; keeping the value a string keeps the select controlled throughout. */}
      <Select value={values[field]} onValueChange={(v) => set(field, v)}>
        <SelectTrigger id={`cc-${field}`} {...invalidProps(`cc-${field}`, errors[field])}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(options).map(([id, name]) => (
            <SelectItem key={id} value={id}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )

  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <ModalBody className="flex flex-col gap-6">
        <Section title="Company">
          {text('name', 'Name', { required: true, span: 'col-span-2' })}
          {text('dba', 'DBA', { span: 'col-span-2' })}
          {select('organizationTypeId', 'Organization type', organizationTypes, 'Select organization type')}
          {select('contactCategory', 'Contact category', contactCategories)}
          {text('ownerName', 'Company owner', { span: 'col-span-2' })}
          {text('numberOfTrucks', '# of trucks', { type: 'number' })}
          <div className="hidden md:block" />
          {text('dotNumber', 'US DOT')}
          {text('mcNumber', 'MC number')}
        </Section>
        <Section title="Contact info">
          {text('email', 'Email', { span: 'col-span-2', type: 'email' })}
          <FormField id="cc-businessPhone" label="Business phone" error={errors.businessPhone} className="col-span-2">
            <Input
              id="cc-businessPhone"
              type="tel"
              inputMode="tel"
              placeholder="(999) 999-9999"
              value={values.businessPhone}
              onChange={(e) => set('businessPhone', maskPhone(e.target.value))}
              {...invalidProps('cc-businessPhone', errors.businessPhone)}
            />
          </FormField>
        </Section>
        <Section title="Address">
          {text('street1', 'Street', { span: 'col-span-2 md:col-span-4' })}
          {text('city', 'City', { span: 'col-span-2' })}
          {text('state', 'State', { maxLength: 2 })}
          {text('zip', 'Zip', { maxLength: 10 })}
        </Section>
      </ModalBody>
      <ModalFooter>
        <Button onClick={close}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={pending}>
          {pending && <Loader2 className="animate-spin" />}
          Create contact
        </Button>
      </ModalFooter>
    </form>
  )
}

/** The "New Contact" window (modal id `create_contact`). */
export const createContactModal = defineModal('create_contact', {
  title: 'New contact',
  component: CreateContactForm,
})
