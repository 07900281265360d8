import { companyTypes, dealerCategoryNames, nationalities, organizationTypes } from '@crm/contracts'
import { SelectField, TextField } from '../../components/form/form-fields'
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
  const text = (field: DealerFormField, label: string, extra: { required?: boolean; type?: string } = {}) => (
    <TextField
      id={id(field)}
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
      required={extra.required}
      type={extra.type}
    />
  )
  const address = (field: 'street1' | 'city' | 'state' | 'zip', label: string) => (
    <TextField
      id={id(field)}
      label={label}
      value={values[field]}
      onChange={set(field)}
      error={errors[`address.${field}`] ?? errors[field]}
    />
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
        id={id('contactCategory')}
        label="Dealer type"
        value={values.contactCategory}
        onChange={set('contactCategory')}
        options={dealerCategoryNames}
        error={errors.contactCategory}
        required
        className="col-span-2"
      />
      <SelectField
        id={id('organizationTypeId')}
        label="Organization type"
        value={values.organizationTypeId}
        onChange={set('organizationTypeId')}
        options={organizationTypes}
        placeholder="Select organization type"
        error={errors.organizationTypeId}
        required
        className="col-span-2"
      />
      <div className="col-span-2">{text('ownerName', 'Company owner')}</div>
      <div className="col-span-2">{text('email', 'Email', { type: 'email' })}</div>
      {text('dotNumber', 'US DOT')}
      {text('mcNumber', 'MC number')}
      {text('numberOfTrucks', '# of trucks', { type: 'number' })}
      <SelectField
        id={id('nationalityId')}
        label="Preferred language"
        value={values.nationalityId}
        onChange={set('nationalityId')}
        options={nationalities}
        error={errors.nationalityId}
      />
      <SelectField
        id={id('companyTypeId')}
        label="Company type"
        value={values.companyTypeId}
        onChange={set('companyTypeId')}
        options={companyTypes}
        error={errors.companyTypeId}
        className="col-span-2"
      />
      <div className="col-span-2">{address('street1', 'Street')}</div>
      {address('city', 'City')}
      {address('state', 'State')}
      {address('zip', 'Zip code')}
    </div>
  )
}
