import type { ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { Label } from './label'

type FormFieldProps = {
  id: string
  label: string
  error?: string
  required?: boolean
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/**
 * Label, control and the field's error under it (docs/product.md section 8: field errors appear under fields).
 * The label's id is `${id}-label`, for a control that is not an input (a rich-text editor) to name itself by.
 */
export function FormField({ id, label, error, required, hint, className, children }: FormFieldProps) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
        {required && <span className="ml-0.5 text-danger">*</span>}
      </Label>
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : (
        hint && <p className="text-xs text-muted-foreground">{hint}</p>
      )}
    </div>
  )
}

/** Props that tie a control to its FormField error. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}
}
