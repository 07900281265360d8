import { AsOfPicker } from './as-of-picker'
import { PastContactView } from './past-contact-view'
import { useAsOf } from './use-as-of'

/** The contact page's time travel: the "as of" picker and, when a moment is picked, the past view. */
export function ContactTimeTravel({ contactId }: { contactId: string }) {
  const [asOf, setAsOf] = useAsOf()
  return (
    <div className="flex flex-col gap-3">
      <AsOfPicker key={asOf ?? 'now'} asOf={asOf} onChange={setAsOf} />
      {asOf && <PastContactView contactId={contactId} asOf={asOf} />}
    </div>
  )
}
