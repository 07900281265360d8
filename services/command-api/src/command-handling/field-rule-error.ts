import { DomainError } from '@crm/platform'

/**
 * A business rule about one input field ("Please select grade" when converting a Lead). Deciders throw it
 * like any DomainError; routes answer it as a 400 with the message under the field (docs/product.md section 8:
 * per-field convert and give-up errors), not as a toast-only 422.
 */
export class FieldRuleError extends DomainError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
    this.name = 'FieldRuleError'
  }
}
