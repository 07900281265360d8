import { z } from 'zod'
import { optionalPhoneSchema } from '../common/phone'
import { creditApplicationMessages as m } from './messages'

const text = (max = 200) => z.string().trim().max(max).nullable().optional()
const flag = () => z.boolean().optional()
const money = () =>
  z.number({ error: m.invalidAmount }).min(0, m.invalidAmount).max(1_000_000_000, m.invalidAmount).nullable().optional()
const count = (max = 1_000_000) =>
  z
    .number({ error: m.invalidCount(max) })
    .int(m.invalidCount(max))
    .min(0, m.invalidCount(max))
    .max(max, m.invalidCount(max))
    .nullable()
    .optional()
const day = () => z.iso.date({ error: m.invalidDate }).nullable().optional()

/** The review block: recommendations and the analyst's checklist flags (docs/product.md 3). */
export const reviewFieldsShape = {
  recommendApproval: flag(),
  recommendDenial: flag(),
  inReview: flag(),
  automasterId: text(50),
  applicationType: z.enum(['loan', 'lease']).nullable().optional(),
  loanType: text(100),
  applicationDate: day(),
  previousCredit: flag(),
  bankruptcy: flag(),
  bankruptcyInfo: text(2000),
  lawsuit: flag(),
  lawsuitInfo: text(2000),
  ctr: flag(),
  ctl: flag(),
  cts: flag(),
  cps: flag(),
  cig: flag(),
  cfs: flag(),
  cls: flag(),
  csb: flag(),
}

/**
 * What the applicant tells in the review block: loan or lease, the loan type, and their credit history. The rest
 * (recommendations, in review, the automaster id, the application date, the checklist flags) is the analyst's.
 */
export const applicantReviewFieldsShape = {
  applicationType: reviewFieldsShape.applicationType,
  loanType: reviewFieldsShape.loanType,
  previousCredit: reviewFieldsShape.previousCredit,
  bankruptcy: reviewFieldsShape.bankruptcy,
  bankruptcyInfo: reviewFieldsShape.bankruptcyInfo,
  lawsuit: reviewFieldsShape.lawsuit,
  lawsuitInfo: reviewFieldsShape.lawsuitInfo,
}

export const driverFieldsShape = {
  driverLicenseNumber: text(40),
  driverLicenseState: text(2),
  driverCdlYears: count(80),
  driverExperienceYears: count(80),
}

export const businessFieldsShape = {
  businessName: text(200),
  businessDba: text(200),
  businessDotNumber: text(20),
  businessMcNumber: text(20),
  businessPhone: optionalPhoneSchema('Business phone'),
  businessEmail: text(254),
  businessStreet: text(200),
  businessCity: text(100),
  businessState: text(2),
  businessZip: text(10),
  businessYearsInBusiness: count(200),
  businessNumberOfTrucks: count(),
  bankName: text(200),
}

/** What the applicant asked for (eq…). */
export const requestedEquipmentFieldsShape = {
  eqYear: count(3000),
  eqMake: text(100),
  eqModel: text(100),
  eqVin: text(17),
  eqMileage: count(10_000_000),
  eqPrice: money(),
  eqDownPayment: money(),
  eqAmountFinanced: money(),
  eqDealer: text(200),
}

/** Beside each requested value, the analyst's corrected one (eqCrm…): the lists show these. */
export const crmEquipmentFieldsShape = {
  eqCrmYear: count(3000),
  eqCrmMake: text(100),
  eqCrmModel: text(100),
  eqCrmVin: text(17),
  eqCrmMileage: count(10_000_000),
  eqCrmPrice: money(),
  eqCrmDownPayment: money(),
  eqCrmAmountFinanced: money(),
  eqCrmDealer: text(200),
}

export const equipmentFieldsShape = { ...requestedEquipmentFieldsShape, ...crmEquipmentFieldsShape }

const personShape = <P extends string>(prefix: P, person: string) =>
  ({
    [`${prefix}FirstName`]: text(100),
    [`${prefix}LastName`]: text(100),
    [`${prefix}Email`]: text(254),
    [`${prefix}Phone`]: optionalPhoneSchema(`${person} phone`),
    [`${prefix}Street`]: text(200),
    [`${prefix}City`]: text(100),
    [`${prefix}State`]: text(2),
    [`${prefix}Zip`]: text(10),
    [`${prefix}Employer`]: text(200),
    [`${prefix}Position`]: text(100),
    [`${prefix}YearsEmployed`]: count(80),
    [`${prefix}MonthlyIncome`]: money(),
  }) as Record<
    `${P}${'FirstName' | 'LastName' | 'Email' | 'Street' | 'City' | 'State' | 'Zip' | 'Employer' | 'Position'}`,
    ReturnType<typeof text>
  > &
    Record<`${P}Phone`, ReturnType<typeof optionalPhoneSchema>> &
    Record<`${P}YearsEmployed`, ReturnType<typeof count>> &
    Record<`${P}MonthlyIncome`, ReturnType<typeof money>>

export const applicantFieldsShape = personShape('applicant', 'Applicant')
export const coApplicantFieldsShape = personShape('coApplicant', 'Co-applicant')

/** Every plain (not sensitive) field of an application; an edit sends any subset. */
export const creditApplicationFieldsSchema = z.object({
  ...reviewFieldsShape,
  ...driverFieldsShape,
  ...businessFieldsShape,
  ...equipmentFieldsShape,
  ...applicantFieldsShape,
  ...coApplicantFieldsShape,
})
export type CreditApplicationFields = z.infer<typeof creditApplicationFieldsSchema>
export type CreditApplicationFieldKey = keyof CreditApplicationFields

/**
 * Sensitive fields: encrypted at rest (events and read models keep only ciphertext and the last four), shown
 * masked, revealed to the credit permission only, each reveal recorded (docs/decisions/021).
 */
export const creditApplicationSensitiveSchema = z.object({
  applicantSsn: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, m.invalidSsn)
    .nullable()
    .optional(),
  applicantDateOfBirth: day(),
  coApplicantSsn: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{2}-?\d{4}$/, m.invalidSsn)
    .nullable()
    .optional(),
  coApplicantDateOfBirth: day(),
  bankAccountNumber: z
    .string()
    .trim()
    .regex(/^\d{4,17}$/, m.invalidAccount)
    .nullable()
    .optional(),
  bankRoutingNumber: z
    .string()
    .trim()
    .regex(/^\d{9}$/, m.invalidRouting)
    .nullable()
    .optional(),
})
export type CreditApplicationSensitive = z.infer<typeof creditApplicationSensitiveSchema>
export type SensitiveFieldKey = keyof CreditApplicationSensitive
export const sensitiveFieldKeys = Object.keys(creditApplicationSensitiveSchema.shape) as SensitiveFieldKey[]

/** Lists inside the application. */
export const loanSchema = z.object({
  lender: z.string({ error: m.lenderRequired }).trim().min(1, m.lenderRequired).max(200),
  amount: money(),
  monthlyPayment: money(),
  balance: money(),
  paidOff: flag(),
})
export const ownerSchema = z.object({
  name: z.string({ error: m.nameRequiredInList }).trim().min(1, m.nameRequiredInList).max(200),
  ownershipPercent: z.number().min(0, m.percentRange).max(100, m.percentRange).nullable().optional(),
  phone: optionalPhoneSchema('Owner phone'),
  email: text(254),
})
export const residenceSchema = z.object({
  street: z.string({ error: m.streetRequired }).trim().min(1, m.streetRequired).max(200),
  city: text(100),
  state: text(2),
  zip: text(10),
  years: count(100),
  owned: flag(),
})
export const referenceSchema = z.object({
  name: z.string({ error: m.nameRequiredInList }).trim().min(1, m.nameRequiredInList).max(200),
  phone: optionalPhoneSchema('Reference phone'),
  relationship: text(100),
})
export type Loan = z.infer<typeof loanSchema>
export type Owner = z.infer<typeof ownerSchema>
export type Residence = z.infer<typeof residenceSchema>
export type Reference = z.infer<typeof referenceSchema>

export const MAX_LIST_ITEMS = 20
/** The item schema of each list, for the forms that add and edit one row. */
export const creditApplicationItemSchemas = {
  loans: loanSchema,
  owners: ownerSchema,
  residences: residenceSchema,
  references: referenceSchema,
} as const
export const creditApplicationListsShape = {
  loans: z.array(loanSchema).max(MAX_LIST_ITEMS),
  owners: z.array(ownerSchema).max(MAX_LIST_ITEMS),
  residences: z.array(residenceSchema).max(MAX_LIST_ITEMS),
  references: z.array(referenceSchema).max(MAX_LIST_ITEMS),
}

/**
 * Reads of an application: the phones as stored, any text (the phone rule is for commands, and applications
 * taken before it keep what the applicant typed; docs/decisions/049).
 */
const storedPhone = z.string().nullable().optional()
export const creditApplicationFieldsReadSchema = creditApplicationFieldsSchema.extend({
  businessPhone: storedPhone,
  applicantPhone: storedPhone,
  coApplicantPhone: storedPhone,
})
export const creditApplicationListsReadShape = {
  ...creditApplicationListsShape,
  owners: z.array(ownerSchema.extend({ phone: storedPhone })).max(MAX_LIST_ITEMS),
  references: z.array(referenceSchema.extend({ phone: storedPhone })).max(MAX_LIST_ITEMS),
}
export const creditApplicationListNames = ['loans', 'owners', 'residences', 'references'] as const
export type CreditApplicationListName = (typeof creditApplicationListNames)[number]
export interface CreditApplicationLists {
  loans: Loan[]
  owners: Owner[]
  residences: Residence[]
  references: Reference[]
}
