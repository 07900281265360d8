import { DomainError } from '@crm/platform'

/**
 * A business rule about input fields ("Please select grade" when converting a Lead). Deciders throw it like any
 * DomainError; routes answer it as a 400 with each message under its field (docs/product.md section 8: per-field
 * convert and give-up errors), not as a toast-only 422. A form learns every missing field from one submit.
 */
export class FieldRuleError extends DomainError {
  readonly errors: Record<string, string>
  /** The first field named: the one most rules have. */
  readonly field: string

  constructor(field: string, message: string)
  constructor(errors: Record<string, string>)
  constructor(fieldOrErrors: string | Record<string, string>, message?: string) {
    const errors = typeof fieldOrErrors === 'string' ? { [fieldOrErrors]: message ?? '' } : fieldOrErrors
    super(Object.values(errors)[0] ?? '')
    this.errors = errors
    this.field = Object.keys(errors)[0] ?? ''
    this.name = 'FieldRuleError'
  }
}
