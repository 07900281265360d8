import { Loader2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../ui/button'
import { ModalFooter } from './modal-layout'

/** A window's action bar: destructive actions on the left, Cancel and the main actions on the right. */
export function ModalActions({ close, left, children }: { close: () => void; left?: ReactNode; children: ReactNode }) {
  return (
    <ModalFooter>
      <div className="mr-auto flex items-center gap-2">{left}</div>
      <Button onClick={close}>Cancel</Button>
      {children}
    </ModalFooter>
  )
}

/** The main action of a window, spinning while it runs; without `onClick` it submits the form it is in. */
export function SubmitButton({ pending, onClick, label }: { pending: boolean; onClick?: () => void; label: string }) {
  return (
    <Button type={onClick ? 'button' : 'submit'} variant="primary" onClick={onClick} disabled={pending}>
      {pending && <Loader2 className="animate-spin" />}
      {label}
    </Button>
  )
}

/** The action bar of a window that is a form: Cancel, and the button that submits the form. */
export function FormActions({ close, pending, label }: { close: () => void; pending: boolean; label: string }) {
  return (
    <ModalFooter>
      <Button onClick={close}>Cancel</Button>
      <SubmitButton pending={pending} label={label} />
    </ModalFooter>
  )
}
