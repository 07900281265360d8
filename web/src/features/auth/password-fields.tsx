import { FormField, invalidProps } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import type { FieldErrors } from '../../lib/field-errors'
import type { PasswordField, PasswordValues } from './use-password-form'

type Props = {
  idPrefix: string
  values: PasswordValues
  errors: FieldErrors
  onChange: (field: PasswordField, value: string) => void
  autoFocus?: boolean
}

/**
 * The current password (when the form asks for it), the new one and its confirmation, with the server's
 * messages under each (docs/product.md section 5).
 */
export function PasswordFields({ idPrefix, values, errors, onChange, autoFocus }: Props) {
  const asksCurrent = values.currentPassword !== undefined
  const field = (name: PasswordField, label: string, hint?: string) => {
    const id = `${idPrefix}-${name}`
    const first = asksCurrent ? 'currentPassword' : 'newPassword'
    return (
      <FormField id={id} label={label} error={errors[name]} hint={hint}>
        <Input
          id={id}
          type="password"
          autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
          autoFocus={autoFocus && name === first}
          value={values[name] ?? ''}
          onChange={(e) => onChange(name, e.target.value)}
          {...invalidProps(id, errors[name])}
        />
      </FormField>
    )
  }
  return (
    <>
      {asksCurrent && field('currentPassword', 'Current password')}
      {field('newPassword', 'New password', 'At least 8 characters.')}
      {field('confirmPassword', 'Confirm new password')}
    </>
  )
}
