import { companyTypes, dealerCategoryNames, nationalities, organizationTypes } from '@crm/contracts'
import { SelectField, TextField } from '../../components/form/form-fields'
import { bindFields } from '../../components/form/use-form'
import { maskPhone } from '../../lib/phone-mask'
import type { DealerFormField, DealerFormValues } from './dealer-form-values'

type Props = {
  idPrefix: string
  values: DealerFormValues
  errors: Record<string, string>
  set: (field: DealerFormField) => (value: string) => void
}

/** The dealer's fields, one column (the add_ts_dealer window is 450 px wide); add and edit share them. */
export function DealerFormFields({ idPrefix, values, errors, set }: Props) {
  const id = (field: string) => `${idPrefix}-${field}`
  const bound = bindFields(values, set, errors)
  const field = (name: DealerFormField) => ({ id: id(name), ...bound(name) })
  const text = (name: DealerFormField, label: string, extra: { required?: boolean; type?: string } = {}) => (
    <TextField label={label} {...field(name)} required={extra.required} type={extra.type} />
  )
  const address = (name: 'street1' | 'city' | 'state' | 'zip', label: string) => (
    <TextField label={label} {...field(name)} error={errors[`address.${name}`] ?? errors[name]} />
  )
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-3">
      <div className="col-span-2">{text('name', 'Name', { required: true })}</div>
      <div className="col-span-2">
        <TextField
          id={id('businessPhone')}
          label="Business phone"
          type="tel"
          placeholder="(999) 999-9999"
          required
          value={values.businessPhone}
          onChange={(v) => set('businessPhone')(maskPhone(v))}
          error={errors.businessPhone}
        />
      </div>
      <SelectField
        label="Dealer type"
        {...field('contactCategory')}
        options={dealerCategoryNames}
        required
        className="col-span-2"
      />
      <SelectField
        label="Organization type"
        {...field('organizationTypeId')}
        options={organizationTypes}
        placeholder="Select organization type"
        required
        className="col-span-2"
      />
      <div className="col-span-2">{text('ownerName', 'Company owner')}</div>
      <div className="col-span-2">{text('email', 'Email', { type: 'email' })}</div>
      {text('dotNumber', 'US DOT')}
      {text('mcNumber', 'MC number')}
      {text('numberOfTrucks', '# of trucks', { type: 'number' })}
      <SelectField label="Preferred language" {...field('nationalityId')} options={nationalities} />
      <SelectField label="Company type" {...field('companyTypeId')} options={companyTypes} className="col-span-2" />
      <div className="col-span-2">{address('street1', 'Street')}</div>
      {address('city', 'City')}
      {address('state', 'State')}
      {address('zip', 'Zip code')}
    </div>
  )
}
