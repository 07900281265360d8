import type { CreditApplicationFieldKey, SensitiveFieldKey } from './fields'

export type FieldKind = 'text' | 'flag' | 'money' | 'count' | 'date' | 'type'
export interface FieldSpec {
  key: CreditApplicationFieldKey
  label: string
  kind: FieldKind
}
export interface FieldGroup {
  id: string
  title: string
  fields: FieldSpec[]
  /** Sensitive fields shown masked in this group. */
  sensitive?: { key: SensitiveFieldKey; label: string }[]
}

const t = (key: CreditApplicationFieldKey, label: string, kind: FieldKind = 'text'): FieldSpec => ({ key, label, kind })

const person = (p: 'applicant' | 'coApplicant'): FieldSpec[] => [
  t(`${p}FirstName`, 'First name'),
  t(`${p}LastName`, 'Last name'),
  t(`${p}Email`, 'Email'),
  t(`${p}Phone`, 'Phone'),
  t(`${p}Street`, 'Street'),
  t(`${p}City`, 'City'),
  t(`${p}State`, 'State'),
  t(`${p}Zip`, 'Zip'),
  t(`${p}Employer`, 'Employer'),
  t(`${p}Position`, 'Position'),
  t(`${p}YearsEmployed`, 'Years employed', 'count'),
  t(`${p}MonthlyIncome`, 'Monthly income', 'money'),
]

/** The application's field groups in the order the page, the form and the preview show them. */
export const creditApplicationFieldGroups: FieldGroup[] = [
  {
    id: 'review',
    title: 'Review',
    fields: [
      t('applicationType', 'Application type', 'type'),
      t('loanType', 'Loan type'),
      t('applicationDate', 'Application date', 'date'),
      t('automasterId', 'Automaster ID'),
      t('inReview', 'In review', 'flag'),
      t('recommendApproval', 'Recommend approval', 'flag'),
      t('recommendDenial', 'Recommend denial', 'flag'),
      t('previousCredit', 'Previous credit', 'flag'),
      t('bankruptcy', 'Bankruptcy', 'flag'),
      t('bankruptcyInfo', 'Bankruptcy details'),
      t('lawsuit', 'Lawsuit', 'flag'),
      t('lawsuitInfo', 'Lawsuit details'),
      t('ctr', 'CTR', 'flag'),
      t('ctl', 'CTL', 'flag'),
      t('cts', 'CTS', 'flag'),
      t('cps', 'CPS', 'flag'),
      t('cig', 'CIG', 'flag'),
      t('cfs', 'CFS', 'flag'),
      t('cls', 'CLS', 'flag'),
      t('csb', 'CSB', 'flag'),
    ],
  },
  {
    id: 'business',
    title: 'Business',
    fields: [
      t('businessName', 'Business name'),
      t('businessDba', 'DBA'),
      t('businessDotNumber', 'US DOT'),
      t('businessMcNumber', 'MC number'),
      t('businessPhone', 'Business phone'),
      t('businessEmail', 'Business email'),
      t('businessStreet', 'Street'),
      t('businessCity', 'City'),
      t('businessState', 'State'),
      t('businessZip', 'Zip'),
      t('businessYearsInBusiness', 'Years in business', 'count'),
      t('businessNumberOfTrucks', '# of trucks', 'count'),
      t('bankName', 'Bank name'),
    ],
    sensitive: [
      { key: 'bankAccountNumber', label: 'Bank account number' },
      { key: 'bankRoutingNumber', label: 'Bank routing number' },
    ],
  },
  {
    id: 'driver',
    title: 'Driver',
    fields: [
      t('driverLicenseNumber', 'License number'),
      t('driverLicenseState', 'License state'),
      t('driverCdlYears', 'Years with CDL', 'count'),
      t('driverExperienceYears', 'Years of experience', 'count'),
    ],
  },
  {
    id: 'equipment',
    title: 'Equipment',
    fields: [
      t('eqYear', 'Year', 'count'),
      t('eqMake', 'Make'),
      t('eqModel', 'Model'),
      t('eqVin', 'VIN'),
      t('eqMileage', 'Mileage', 'count'),
      t('eqPrice', 'Price', 'money'),
      t('eqDownPayment', 'Down payment', 'money'),
      t('eqAmountFinanced', 'Amount financed', 'money'),
      t('eqDealer', 'Dealer'),
    ],
  },
  {
    id: 'equipmentCrm',
    title: 'Equipment (analyst)',
    fields: [
      t('eqCrmYear', 'Year', 'count'),
      t('eqCrmMake', 'Make'),
      t('eqCrmModel', 'Model'),
      t('eqCrmVin', 'VIN'),
      t('eqCrmMileage', 'Mileage', 'count'),
      t('eqCrmPrice', 'Price', 'money'),
      t('eqCrmDownPayment', 'Down payment', 'money'),
      t('eqCrmAmountFinanced', 'Amount financed', 'money'),
      t('eqCrmDealer', 'Dealer'),
    ],
  },
  {
    id: 'applicant',
    title: 'Applicant',
    fields: person('applicant'),
    sensitive: [
      { key: 'applicantSsn', label: 'SSN' },
      { key: 'applicantDateOfBirth', label: 'Date of birth' },
    ],
  },
  {
    id: 'coApplicant',
    title: 'Co-applicant',
    fields: person('coApplicant'),
    sensitive: [
      { key: 'coApplicantSsn', label: 'SSN' },
      { key: 'coApplicantDateOfBirth', label: 'Date of birth' },
    ],
  },
]

/** What 'complete' needs (docs/decisions/021): named in the refusal under each missing field. */
export const requiredToComplete: { key: CreditApplicationFieldKey | SensitiveFieldKey; label: string }[] = [
  { key: 'applicationType', label: 'Application type' },
  { key: 'applicantFirstName', label: 'Applicant first name' },
  { key: 'applicantLastName', label: 'Applicant last name' },
  { key: 'applicantPhone', label: 'Applicant phone' },
  { key: 'applicantSsn', label: 'Applicant SSN' },
  { key: 'applicantDateOfBirth', label: 'Applicant date of birth' },
  { key: 'businessName', label: 'Business name' },
  { key: 'businessDotNumber', label: 'US DOT' },
  { key: 'eqAmountFinanced', label: 'Amount financed' },
]
