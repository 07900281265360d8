import type { CreditApplicationSource } from '@crm/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { ErasureForm } from '../../components/erasure-form'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { notify } from '../../lib/notify'
import { eraseApplicants } from './credit-applications-api'

type Props = { source: CreditApplicationSource; applicationId: string; name: string }

/** Erase a credit application's applicants' personal data (administrators; docs/decisions/035). */
function EraseApplicants({ props, close }: ModalComponentProps<Props>) {
  const queryClient = useQueryClient()
  const erase = useMutation({
    mutationFn: (reason: string | null) => eraseApplicants(props.source, props.applicationId, reason),
    onSuccess: async () => {
      notify.success('Personal data erased')
      await queryClient.invalidateQueries({ queryKey: ['credit-applications', props.source] })
      close()
    },
  })
  return (
    <ErasureForm
      name={props.name}
      what={
        <>
          The names, contact details, addresses, employers, SSNs, dates of birth and bank details of the applicant, the
          co-applicant, the owners, the residences and the references of <strong>{props.name}</strong>
        </>
      }
      stays="The application, its status, equipment and amounts stay."
      pending={erase.isPending}
      onErase={(reason) => erase.mutate(reason)}
      onCancel={close}
    />
  )
}

export const eraseApplicantsModal = defineModal<Props>('erase_applicants', {
  title: 'Erase Personal Data',
  width: 560,
  component: EraseApplicants,
})
