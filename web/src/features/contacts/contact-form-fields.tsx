import type { ReactNode } from 'react'
import { contactCategories, organizationTypes } from '@crm/contracts'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { maskPhone } from '../../lib/phone-mask'
import type { ContactFormField, ContactFormValues } from './contact-form-values'

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

type Props = {
  /** Keeps ids unique when the create and edit windows are open at once. */
  idPrefix: string
  values: ContactFormValues
  errors: Partial<Record<ContactFormField, string>>
  set: (field: ContactFormField, value: string) => void
  /** Shown under "# of trucks" (the edit form: the effort level follows them for auto-rated types). */
  trucksHint?: string
}

/** The contact's fields as the create and edit windows show them; each form owns its state and submit. */
export function ContactFormFields({ idPrefix, values, errors, set, trucksHint }: Props) {
  const id = (field: ContactFormField) => `${idPrefix}-${field}`
  const text = (
    field: ContactFormField,
    label: string,
    extra?: { required?: boolean; span?: string; type?: string; maxLength?: number; hint?: string },
  ) => (
    <FormField
      id={id(field)}
      label={label}
      error={errors[field]}
      required={extra?.required}
      hint={extra?.hint}
      className={extra?.span}
    >
      <Input
        id={id(field)}
        type={extra?.type ?? 'text'}
        maxLength={extra?.maxLength}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...invalidProps(id(field), errors[field])}
      />
    </FormField>
  )

  const select = (field: ContactFormField, label: string, options: Record<number, string>, placeholder?: string) => (
    <FormField
      id={id(field)}
      label={label}
      error={errors[field]}
      required={placeholder !== undefined}
      className="col-span-2"
    >
      {/* '' shows the placeholder; keeping the value a string keeps the select controlled throughout. */}
      <Select value={values[field]} onValueChange={(v) => set(field, v)}>
        <SelectTrigger id={id(field)} {...invalidProps(id(field), errors[field])}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {Object.entries(options).map(([key, name]) => (
            <SelectItem key={key} value={key}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  )

  return (
    <>
      <Section title="Company">
        {text('name', 'Name', { required: true, span: 'col-span-2' })}
        {text('dba', 'DBA', { span: 'col-span-2' })}
        {select('organizationTypeId', 'Organization type', organizationTypes, 'Select organization type')}
        {select('contactCategory', 'Contact category', contactCategories)}
        {text('ownerName', 'Company owner', { span: 'col-span-2' })}
        {text('numberOfTrucks', '# of trucks', {
          type: 'number',
          span: trucksHint ? 'col-span-2' : undefined,
          hint: trucksHint,
        })}
        {!trucksHint && <div className="hidden md:block" />}
        {text('dotNumber', 'US DOT')}
        {text('mcNumber', 'MC number')}
      </Section>
      <Section title="Contact info">
        {text('email', 'Email', { span: 'col-span-2', type: 'email' })}
        <FormField id={id('businessPhone')} label="Business phone" error={errors.businessPhone} className="col-span-2">
          <Input
            id={id('businessPhone')}
            type="tel"
            inputMode="tel"
            placeholder="(999) 999-9999"
            value={values.businessPhone}
            onChange={(e) => set('businessPhone', maskPhone(e.target.value))}
            {...invalidProps(id('businessPhone'), errors.businessPhone)}
          />
        </FormField>
      </Section>
      <Section title="Address">
        {text('street1', 'Street', { span: 'col-span-2 md:col-span-4' })}
        {text('city', 'City', { span: 'col-span-2' })}
        {text('state', 'State', { maxLength: 2 })}
        {text('zip', 'Zip', { maxLength: 10 })}
      </Section>
    </>
  )
}
