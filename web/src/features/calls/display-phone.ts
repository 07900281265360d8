import { maskPhone } from '../../lib/phone-mask'

/** RingCentral's E.164 numbers as the product writes them: a US number (999) 999-9999, others as they are. */
export const displayPhone = (phoneNumber: string): string =>
  /^\+?1?\d{10}$/.test(phoneNumber.replace(/[\s().-]/g, '')) ? maskPhone(phoneNumber) : phoneNumber
