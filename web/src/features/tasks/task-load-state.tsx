import { taskMessages } from '@crm/contracts'
import { Skeleton } from '../../components/ui/skeleton'
import { isApiError } from '../../lib/api-error'
import { ModalBody } from '../../components/modal/modal-layout'

/** What a task window shows until its task has loaded: placeholders, or why it could not load. */
export function TaskLoadState({ error }: { error: unknown }) {
  return (
    <ModalBody className="flex flex-col gap-3">
      {error ? (
        <p role="alert" className="text-danger">
          {isApiError(error, 404) ? taskMessages.taskNotFound : 'The task could not be loaded.'}
        </p>
      ) : (
        <>
          <Skeleton className="h-10" />
          <Skeleton className="h-24" />
          <Skeleton className="h-20" />
        </>
      )}
    </ModalBody>
  )
}
