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

export function SubmitButton({ pending, onClick, label }: { pending: boolean; onClick: () => void; label: string }) {
  return (
    <Button variant="primary" onClick={onClick} disabled={pending}>
      {pending && <Loader2 className="animate-spin" />}
      {label}
    </Button>
  )
}
