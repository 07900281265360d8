import { useQuery } from '@tanstack/react-query'
import {
  creditApplicationMessages as m,
  type CreditApplicationDetail,
  type CreditApplicationSource,
  CreditApplicationStatus,
} from '@crm/contracts'
import { useState } from 'react'
import { SelectField } from '../../components/form/form-fields'
import { isApiError } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { assignAnalyst, creditAnalystsQuery } from './credit-applications-api'

const NONE = 'none'

/** Who works the application: the credit analysts of its divisions; a change is saved at once. */
export function AnalystSelect(props: {
  application: CreditApplicationDetail
  source: CreditApplicationSource
  onChanged: () => Promise<void>
}) {
  const { application, source } = props
  const { data: analysts = [] } = useQuery(creditAnalystsQuery(source))
  const [error, setError] = useState<string>()
  const options: Record<string, string> = {
    [NONE]: 'No analyst',
    ...Object.fromEntries(analysts.map((a) => [a.userId, a.name])),
  }
  // The current analyst may have left the list (moved division): still show their name.
  if (application.analystId && !(application.analystId in options)) {
    options[application.analystId] = application.analystName ?? 'Former analyst'
  }
  const change = async (value: string) => {
    setError(undefined)
    try {
      await assignAnalyst(source, application.id, value === NONE ? null : value)
      notify.success(m.updated)
      await props.onChanged()
    } catch (e) {
      if (!isApiError(e, 400)) throw e
      setError(e.fieldErrors.analystId ?? m.updateFailed)
    }
  }
  return (
    <SelectField
      id="ca-analyst"
      label="Analyst"
      className="w-48"
      value={application.analystId ?? NONE}
      onChange={(value) => void change(value)}
      options={options}
      error={error}
      disabled={application.statusId === CreditApplicationStatus.Funded}
    />
  )
}
