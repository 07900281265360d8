import { ERASED } from '@crm/contracts'

/** Whether a value was erased at its owner's request (docs/decisions/035): shown, never dialled or mailed. */
export const isErased = (value: string | null | undefined): value is typeof ERASED => value === ERASED

/** An erased value as every screen shows it. */
export function ErasedValue() {
  return (
    <span className="text-muted-foreground italic" title="Erased at the person’s request">
      {ERASED}
    </span>
  )
}
