import type {
  AddCommentInput,
  Caller,
  AddSharedNoteInput,
  CombineSources,
  ContactStatus,
  ContactProfile,
  CreateContact,
  DivisionRecordFields,
  EditActivityInput,
  LesseeInput,
  LogActivityInput,
  TaskAttachment,
  UpdateContact,
} from '@crm/contracts'
import type { LogisticsCustomerCommand } from './decide-logistics-customer'
import type { RecordCreditApplicationCommand } from './decide-flags'
import type { ContactState } from '@crm/contracts'

/**
 * The author of a command, as the decider needs it for defaults, rules and the visibility policy (a contact the
 * actor may not see is decided as a missing one).
 */
export type Actor = Caller

type Cmd<T extends string, D = object> = { type: T; actor: Actor } & D

export type CreateContactCommand = Cmd<'CreateContact', { contactId: string; data: CreateContact }>
export type UpdateContactCommand = Cmd<'UpdateContact', { changes: UpdateContact }>
export type DeleteContactCommand = Cmd<'DeleteContact'>
/** Right to be forgotten (docs/decisions/035): the erasure itself, recorded on the contact's stream. */
export type ErasePersonalDataCommand = Cmd<'ErasePersonalData', { reason: string | null }>

export type ConvertContactCommand = Cmd<
  'ConvertContact',
  {
    divisionId: number
    toStatusId: typeof ContactStatus.Prospect | typeof ContactStatus.Account
    contactCategory?: number
    effortLevel?: number | null
    grade?: number | null
    prospectSource?: number | null
    accountSource?: number | null
    nationalityId?: number | null
    lessee?: LesseeInput | null
    /** Lead → Prospect left unassigned in the division (convert-un-prospect). */
    unassigned?: boolean
    creationDate: string
  }
>
export type ChangeStatusCommand = Cmd<
  'ChangeContactStatus',
  { divisionId: number; statusId: number; withoutAdditionalActions: boolean; creationDate: string }
>
export type MarkDeadCommand = Cmd<'MarkContactDead', { divisionId: number; notes: string | null }>
export type MarkNotQualifiedCommand = Cmd<'MarkContactNotQualified', { divisionId: number; notes: string | null }>
export type GiveUpCommand = Cmd<
  'GiveUpContact',
  {
    divisionId: number
    giveUpReason: string | null
    otherReasonNote: string | null
    /** min_call_attempts of the division's system config, looked up by the handler. */
    minCallAttempts: number
  }
>
export type ContractLostCommand = Cmd<
  'MarkContractLost',
  {
    divisionId: number
    dateToFollowUp: string | null
    dateLost: string
    lostReason: string
    notes: string | null
    creationDateStatusChanges: string
  }
>
export type AssignCommand = Cmd<
  'AssignContact',
  { divisionId: number; assigned: string; cscCreationDate: string | null; isMasterDataAssign: boolean }
>
export type UnassignCommand = Cmd<'UnassignContact', { divisionId: number }>
export type EditDivisionRecordCommand = Cmd<
  'EditDivisionRecord',
  { divisionId: number; changes: Partial<DivisionRecordFields> }
>

export type AdditionalContactInput = {
  contactPerson: string
  email?: string | null
  businessPhone?: string | null
  mobilePhone?: string | null
}
export type AddAdditionalContactCommand = Cmd<
  'AddAdditionalContact',
  { additionalContactId: string; data: AdditionalContactInput }
>
export type UpdateAdditionalContactCommand = Cmd<
  'UpdateAdditionalContact',
  { additionalContactId: string; data: AdditionalContactInput }
>
export type RemoveAdditionalContactCommand = Cmd<'RemoveAdditionalContact', { additionalContactId: string }>
export type AddPersonalNoteCommand = Cmd<
  'AddPersonalNote',
  { noteId: string; note: string; additionalContactId: string | null }
>
export type UpdatePersonalNoteCommand = Cmd<'UpdatePersonalNote', { noteId: string; note: string }>
export type RemovePersonalNoteCommand = Cmd<'RemovePersonalNote', { noteId: string }>
export type RaiseRedFlagCommand = Cmd<'RaiseRedFlag', { redFlagId: string; divisionId: number; note: string }>
export type ResolveRedFlagCommand = Cmd<'ResolveRedFlag', { redFlagId: string; resolution: string | null }>
export type MarkOutOfBusinessCommand = Cmd<'MarkOutOfBusiness', { outOfBusiness: boolean; note: string | null }>
export type UploadBusinessCardCommand = Cmd<
  'UploadBusinessCard',
  { documentKey: string; fileName: string; contentType: string; size: number }
>
export type RemoveBusinessCardCommand = Cmd<'RemoveBusinessCard', { documentKey: string }>
export type SetLesseeCommand = Cmd<'SetLessee', { lessee: LesseeInput }>
export type RemoveLesseeCommand = Cmd<'RemoveLessee'>
/**
 * Whose records (activities, shared notes, comments) the actor may change besides their own: 'division'
 * for managers (their division's), 'all' for executives; the route derives it from the permissions.
 */
export type Authority = 'own' | 'division' | 'all'

export type LogActivityCommand = Cmd<
  'LogActivity',
  {
    activityId: string
    data: LogActivityInput & { divisionId: number }
    source: 'form' | 'no-answer'
    /** The direct-mail permission (docs/product.md 6): without it (or when absent) a direct mail is refused. */
    mayDirectMail?: boolean
  }
>
export type EditActivityCommand = Cmd<
  'EditActivity',
  { activityId: string; changes: Omit<EditActivityInput, 'contactId'>; authority: Authority; mayDirectMail: boolean }
>
export type InactivateActivityCommand = Cmd<'InactivateActivity', { activityId: string; authority: Authority }>
export type LinkAttachmentsCommand = Cmd<
  'LinkAttachments',
  { activityId: string; attachments: TaskAttachment[]; authority: Authority }
>
export type AddSharedNoteCommand = Cmd<
  'AddSharedNote',
  { noteId: string; data: Omit<AddSharedNoteInput, 'contactId'> & { divisionId: number } }
>
export type RemoveSharedNoteCommand = Cmd<'RemoveSharedNote', { noteId: string; authority: Authority }>
export type AddCommentCommand = Cmd<
  'AddComment',
  { commentId: string; data: Omit<AddCommentInput, 'contactId'> & { divisionId: number } }
>
export type RemoveCommentCommand = Cmd<'RemoveComment', { commentId: string; authority: Authority }>

/** On the survivor; the absorbed contacts' states come in with the command (read by the handler). */
export type CombineContactsCommand = Cmd<
  'CombineContacts',
  {
    absorbed: { contactId: string; profile: ContactProfile; state: ContactState }[]
    sources: Partial<CombineSources>
    statuses: { divisionId: number; contactId: string }[]
  }
>
export type MergeIntoCommand = Cmd<'MergeContactInto', { survivorId: string }>

export type ContactCommand =
  | CreateContactCommand
  | UpdateContactCommand
  | DeleteContactCommand
  | ErasePersonalDataCommand
  | ConvertContactCommand
  | ChangeStatusCommand
  | MarkDeadCommand
  | MarkNotQualifiedCommand
  | GiveUpCommand
  | ContractLostCommand
  | AssignCommand
  | UnassignCommand
  | EditDivisionRecordCommand
  | AddAdditionalContactCommand
  | UpdateAdditionalContactCommand
  | RemoveAdditionalContactCommand
  | AddPersonalNoteCommand
  | UpdatePersonalNoteCommand
  | RemovePersonalNoteCommand
  | RaiseRedFlagCommand
  | ResolveRedFlagCommand
  | MarkOutOfBusinessCommand
  | UploadBusinessCardCommand
  | RemoveBusinessCardCommand
  | SetLesseeCommand
  | RemoveLesseeCommand
  | LogActivityCommand
  | EditActivityCommand
  | InactivateActivityCommand
  | LinkAttachmentsCommand
  | AddSharedNoteCommand
  | RemoveSharedNoteCommand
  | AddCommentCommand
  | RemoveCommentCommand
  | CombineContactsCommand
  | MergeIntoCommand
  | LogisticsCustomerCommand
  | RecordCreditApplicationCommand
