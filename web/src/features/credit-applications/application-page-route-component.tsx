import { useParams } from '@tanstack/react-router'
import type { CreditApplicationSource } from '@crm/contracts'
import { ApplicationPage } from './application-page'

/** The application page bound to one source's route (its id from the path). */
export const pageFor = (source: CreditApplicationSource) =>
  function SourceApplicationPage() {
    const { id } = useParams({ strict: false }) as { id: string }
    return <ApplicationPage source={source} id={id} />
  }
