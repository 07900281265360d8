import type { ReactNode } from 'react'
import {
  companyTypes,
  contactCategories,
  nationalities,
  organizationTypes,
  usStates,
  type LogisticsFlag,
} from '@crm/contracts'
import { SelectField } from '../../components/form/form-fields'
import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { maskPhone } from '../../lib/phone-mask'
import type { ContactFormField, ContactFormValues } from './contact-form-values'

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid grid-cols-2 gap-x-4 gap-y-3.5 md:grid-cols-4">
      <legend className="col-span-full mb-3 text-[11px] font-semibold tracking-wide text-muted-foreground uppercase">
        {title}
      </legend>
      {hint && <p className="col-span-full -mt-2 text-xs text-muted-foreground">{hint}</p>}
      {children}
    </fieldset>
  )
}

const stateOptions = Object.fromEntries(usStates.map((s) => [s.code, s.name]))
/** Countries a US carrier's address is in; the field holds the two-letter code. */
export const countries = { US: 'United States', CA: 'Canada', MX: 'Mexico' } as const

type Props = {
  /** Keeps ids unique when the create and edit windows are open at once. */
  idPrefix: string
  values: ContactFormValues
  errors: Partial<Record<ContactFormField, string>>
  set: (field: ContactFormField, value: string) => void
  /** Shown under "# of trucks" (the edit form: the effort level follows them for auto-rated types). */
  trucksHint?: string
  /** The logistics switches this contact is offered at its logistics status (none: the section is not shown). */
  flags?: readonly LogisticsFlag[]
  /**
   * The whole record: the SAFER phones and the collection facts too. Without it only the facts every contact
   * schema takes (a form whose command has no room for the rest leaves them out rather than drop them).
   */
  whole?: boolean
  /** Whether the user may change the collection facts (managers and executives); others read them. */
  collectionEditable?: boolean
}

/** The contact's fields as the create and edit windows show them, grouped as a rep reads a carrier. */
export function ContactFormFields(props: Props) {
  const { idPrefix, values, errors, set, trucksHint, flags = [], whole = false, collectionEditable = false } = props
  const id = (field: ContactFormField) => `${idPrefix}-${field}`
  const text = (
    field: ContactFormField,
    label: string,
    extra?: {
      required?: boolean
      span?: string
      type?: string
      maxLength?: number
      hint?: string
      disabled?: boolean
      inputMode?: 'decimal' | 'numeric'
      step?: string
    },
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
        inputMode={extra?.inputMode}
        step={extra?.step}
        disabled={extra?.disabled}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        {...invalidProps(id(field), errors[field])}
      />
    </FormField>
  )

  const phone = (field: ContactFormField, label: string) => (
    <FormField id={id(field)} label={label} error={errors[field]} className="col-span-2 md:col-span-1">
      <Input
        id={id(field)}
        type="tel"
        inputMode="tel"
        placeholder="(999) 999-9999"
        value={values[field]}
        onChange={(e) => set(field, maskPhone(e.target.value))}
        {...invalidProps(id(field), errors[field])}
      />
    </FormField>
  )

  const select = (
    field: ContactFormField,
    label: string,
    options: Record<string | number, string>,
    extra?: { required?: boolean; placeholder?: string; span?: string },
  ) => (
    <SelectField
      id={id(field)}
      label={label}
      value={values[field]}
      onChange={(v) => set(field, v)}
      options={options}
      error={errors[field]}
      required={extra?.required}
      placeholder={extra?.placeholder ?? 'Select…'}
      className={extra?.span ?? 'col-span-2'}
    />
  )

  const toggle = (flag: LogisticsFlag) => {
    const on = values[flag.key] === 'on'
    return (
      <div key={flag.key} className="col-span-2 flex items-end gap-3">
        <label className="flex h-9 w-28 shrink-0 cursor-pointer items-center gap-2 text-[13px] font-medium">
          <input
            type="checkbox"
            checked={on}
            onChange={(e) => {
              set(flag.key, e.target.checked ? 'on' : '')
              // Switched on it is dated today unless a date is chosen; switched off it has none (docs/product.md 6).
              set(flag.dateKey, e.target.checked ? values[flag.dateKey] || new Date().toLocaleDateString('en-CA') : '')
            }}
            className="size-4 accent-[var(--color-primary)]"
          />
          {flag.label}
        </label>
        {text(flag.dateKey, `${flag.label} date`, { type: 'date', span: 'min-w-0 flex-1', disabled: !on })}
      </div>
    )
  }

  return (
    <>
      <Section title="Company">
        {text('name', 'Name', { required: true, span: 'col-span-2' })}
        {text('dba', 'DBA', { span: 'col-span-2' })}
        {select('organizationTypeId', 'Organization type', organizationTypes, {
          required: true,
          placeholder: 'Select organization type',
        })}
        {select('contactCategory', 'Contact category', contactCategories)}
        {text('dotNumber', 'US DOT')}
        {text('mcNumber', 'MC number')}
      </Section>
      <Section title="People and phones">
        {text('ownerName', 'Company owner', { span: 'col-span-2' })}
        {text('email', 'Email', { span: 'col-span-2', type: 'email' })}
        {phone('businessPhone', 'Business phone')}
        {phone('mobilePhone', 'Mobile phone')}
        {phone('homePhone', 'Home phone')}
      </Section>
      <Section title="Address">
        {text('street1', 'Street', { span: 'col-span-2 md:col-span-4' })}
        {text('city', 'City', { span: 'col-span-2' })}
        {select('state', 'State', stateOptions, { span: 'col-span-1' })}
        {text('zip', 'Zip', { maxLength: 10 })}
        {select('country', 'Country', countries)}
      </Section>
      <Section title="Trucking facts">
        {select('nationalityId', 'Preferred language', nationalities)}
        {select('companyTypeId', 'Company type', companyTypes)}
        {text('numberOfTrucks', '# of trucks', {
          type: 'number',
          inputMode: 'numeric',
          span: trucksHint ? 'col-span-2' : undefined,
          hint: trucksHint,
        })}
        {text('dateEstablished', 'Date established', { type: 'date' })}
        {whole && phone('saferPhone', 'SAFER phone')}
        {whole && phone('saferMobilePhone', 'SAFER mobile phone')}
      </Section>
      {flags.length > 0 && <Section title="Logistics">{flags.map(toggle)}</Section>}
      {whole && (
        <Section
          title="Collection"
          hint={collectionEditable ? undefined : 'Managers and executives keep the collection facts.'}
        >
          {text('currentBalance', 'Current balance (USD)', {
            type: 'number',
            inputMode: 'decimal',
            step: '0.01',
            disabled: !collectionEditable,
          })}
          {text('daysLate', 'Days late', { type: 'number', inputMode: 'numeric', disabled: !collectionEditable })}
          {text('lastCollectionActivity', 'Last collection activity', {
            type: 'datetime-local',
            span: 'col-span-2',
            disabled: !collectionEditable,
          })}
        </Section>
      )}
    </>
  )
}
