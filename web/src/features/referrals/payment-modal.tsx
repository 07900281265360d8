import { missingPaymentMessage, type ReferralPaymentField, type ReferralRow } from '@crm/contracts'
import { useQueryClient } from '@tanstack/react-query'
import { TextField } from '../../components/form/form-fields'
import { useForm } from '../../components/form/use-form'
import { ModalBody } from '../../components/modal/modal-layout'
import { defineModal, type ModalComponentProps } from '../../components/modal/modal-registry'
import { isApiError } from '../../lib/api-error'
import { notify } from '../../lib/notify'
import { useSubmit } from '../../lib/use-submit'
import { ModalActions, SubmitButton } from '../../components/modal/modal-actions'
import { referralCommands, referralKeys } from './referrals-api'
import { usd } from './referral-format'

type PaymentProps = { referral: ReferralRow }

/** payment_referral (400): mark a referral as read with its payment; paymentStatus becomes Paid. */
function PaymentForm({ props, close }: ModalComponentProps<PaymentProps>) {
  const r = props.referral
  const form = useForm({ paymentDate: '', paymentAmount: '', payee: r.sentByName ?? '' })
  const { values, field } = form
  const { pending, send } = useSubmit(form.setErrors)
  const queryClient = useQueryClient()

  const submit = async () => {
    const missing: ReferralPaymentField[] = []
    if (!values.paymentDate) missing.push('paymentDate')
    if (values.paymentAmount.trim() === '') missing.push('paymentAmount')
    if (!values.payee.trim()) missing.push('payee')
    if (missing.length > 0) {
      const message = missingPaymentMessage(missing)
      form.setErrors(Object.fromEntries(missing.map((f) => [f, 'Required'])))
      return notify.error(message)
    }
    const amount = Number(values.paymentAmount)
    if (!Number.isFinite(amount) || amount < 0) {
      return form.setErrors({ paymentAmount: 'Enter an amount of 0 or more' })
    }
    await send(async () => {
      try {
        await referralCommands.markAsRead(r.id, {
          paymentDate: `${values.paymentDate}T12:00:00Z`,
          paymentAmount: Math.round(amount * 100) / 100,
          payee: values.payee.trim(),
        })
      } catch (error) {
        // The missing-fields refusal is a toast of its own (10 s), not only field errors.
        if (isApiError(error, 400)) notify.error(error.problem.title)
        throw error
      }
      notify.success(`Marked as read: paid ${usd(amount)}`)
      await queryClient.invalidateQueries({ queryKey: referralKeys.all })
      close()
    })
  }

  return (
    <>
      <ModalBody className="flex flex-col gap-3.5">
        <p className="text-muted-foreground">
          {r.contactName ?? 'Contact'} · {r.subject}
        </p>
        <TextField id="payment-date" label="Payment Date" type="date" required {...field('paymentDate')} />
        <TextField
          id="payment-amount"
          label="Payment Amount (USD)"
          type="number"
          required
          placeholder="0.00"
          {...field('paymentAmount')}
        />
        <TextField id="payment-payee" label="Payee" required {...field('payee')} />
      </ModalBody>
      <ModalActions close={close}>
        <SubmitButton pending={pending} onClick={() => void submit()} label="Mark as read" />
      </ModalActions>
    </>
  )
}

const paymentModal = defineModal<PaymentProps>('payment_referral', {
  title: 'Referral payment',
  component: (p) => <PaymentForm key={p.props.referral.id} {...p} />,
})

export const openReferralPayment = (referral: ReferralRow) => paymentModal.open({ referral })
