import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import type { FieldErrors } from '../../lib/field-errors'

type Props = {
  idPrefix: string
  values: { newPassword: string; confirmPassword: string }
  errors: FieldErrors
  onChange: (field: 'newPassword' | 'confirmPassword', value: string) => void
  autoFocus?: boolean
}

/** New password + confirmation, with the server's messages under each (docs/product.md section 5). */
export function PasswordFields({ idPrefix, values, errors, onChange, autoFocus }: Props) {
  const field = (name: 'newPassword' | 'confirmPassword', label: string, hint?: string) => {
    const id = `${idPrefix}-${name}`
    return (
      <FormField id={id} label={label} error={errors[name]} hint={hint}>
        <Input
          id={id}
          type="password"
          autoComplete="new-password"
          autoFocus={autoFocus && name === 'newPassword'}
          value={values[name]}
          onChange={(e) => onChange(name, e.target.value)}
          {...invalidProps(id, errors[name])}
        />
      </FormField>
    )
  }
  return (
    <>
      {field('newPassword', 'New password', 'At least 8 characters.')}
      {field('confirmPassword', 'Confirm new password')}
    </>
  )
}
