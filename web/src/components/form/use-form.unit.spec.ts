import { describe, expect, it } from 'vitest'
import type { FieldErrors } from '../../lib/field-errors'
import { bindFields } from './use-form'

/** A form's state as plain data, with the same setter useForm gives: an edit clears that field's error. */
function formState() {
  const state = { values: { name: 'Acme', zip: '' }, errors: { zip: 'Zip is required', other: 'x' } as FieldErrors }
  const set = (field: 'name' | 'zip') => (value: string) => {
    state.values = { ...state.values, [field]: value }
    const { [field]: _, ...rest } = state.errors
    state.errors = rest
  }
  return { state, field: () => bindFields(state.values, set, state.errors) }
}

describe('bindFields: a field is one line', () => {
  it("binds a field's value, its error and a setter that clears the error, by the field's name", () => {
    const { state, field } = formState()
    expect(field()('name')).toEqual({ value: 'Acme', onChange: expect.any(Function), error: undefined })
    const zip = field()('zip')
    expect(zip).toMatchObject({ value: '', error: 'Zip is required' })
    zip.onChange('30301')
    expect(state.values).toEqual({ name: 'Acme', zip: '30301' })
    expect(state.errors).toEqual({ other: 'x' })
    expect(field()('zip')).toMatchObject({ value: '30301', error: undefined })
  })
})
