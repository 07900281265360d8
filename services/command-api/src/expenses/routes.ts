import multipart from '@fastify/multipart'
import {
  createExpenseSchema,
  expenseAnswerSchema,
  expenseMessages,
  expenseReceiptStreamId,
  expenseStreamId,
  receiptLocation,
  updateExpenseSchema,
  uploadReceiptAnswerSchema,
  commandAnswerSchema,
  type Caller,
} from '@crm/contracts'
import { badRequest, isInlineType, type EventStore, type FileStorage, type HttpApp } from '@crm/platform'
import type { FastifyRequest } from 'fastify'
import type { Kysely } from 'kysely'
import { z } from 'zod'
import { discardAttachments, multipartLimits, receiveAttachments } from '../attachments/receive-attachments'
import { callerOf, callerWithTeam } from '../command-handling/caller'
import { FieldRuleError } from '../command-handling/field-rule-error'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { assertMayTouchExpense, expenseDecider, type ExpenseCommand, type FiledReceipt } from './decide'
import { receiptDecider } from './receipt/decide'
import { loadAggregate } from '../command-handling/load-aggregate'

const tags = ['expenses']
const idParams = z.object({ id: z.uuid() })

/**
 * docs/product.md 7 "expenses": POST /expenses/upload-receipt (multipart field `receipt`, answers location and
 * key) and POST /expenses; PATCH and DELETE /expenses/{id} (ours). Receipts are stored where the other files are.
 */
export function expenseRoutes(
  api: HttpApp,
  deps: { store: EventStore; files: FileStorage; db: Kysely<unknown> },
): void {
  const { store, files, db } = deps
  // Multipart only in this scope. Not awaited: avvio loads it with the enclosing plugin.
  void api.register(async (plain) => {
    const scope = plain as unknown as HttpApp
    await scope.register(multipart, { limits: multipartLimits })
    scope.post(
      '/expenses/upload-receipt',
      {
        schema: {
          tags,
          summary: 'Upload a receipt (multipart field receipt: an image or a PDF, at most 5,000,000 bytes)',
          response: { 201: uploadReceiptAnswerSchema },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) {
          throw badRequest(expenseMessages.receiptRequired, { receipt: expenseMessages.receiptRequired })
        }
        const { attachments, sizes } = await receiveAttachments(request, files, { fileField: 'receipt', single: true })
        const file = attachments[0]
        if (!file) throw badRequest(expenseMessages.receiptRequired, { receipt: expenseMessages.receiptRequired })
        // The type comes from the bytes (sniffed on receipt): only images and PDF are receipts.
        if (!isInlineType(file.type)) {
          await discardAttachments(files, attachments)
          throw badRequest(expenseMessages.receiptType, { receipt: expenseMessages.receiptType })
        }
        const user = request.user
        const result = await handleCommand(
          store,
          receiptDecider,
          expenseReceiptStreamId(file.key),
          {
            type: 'RecordReceipt',
            data: {
              key: file.key,
              name: file.name,
              contentType: file.type,
              size: sizes.get(file.key) ?? 0,
              uploadedBy: user.userId,
            },
          },
          envelopeOf(request),
        ).catch(async (error: unknown) => {
          await discardAttachments(files, attachments)
          throw error
        })
        const answer = withPosition(reply, result.position, { location: receiptLocation(file.key), key: file.key })
        return reply.code(201).send({ location: answer.location, key: answer.key })
      },
    )
  })

  /** The receipt named by key, claimed for this expense: once, by its uploader; a retry claims it again harmlessly. */
  async function claimReceipt(
    request: FastifyRequest,
    actor: Caller,
    key: string,
    expenseId: string,
  ): Promise<FiledReceipt> {
    const envelope = envelopeOf(request)
    const claimEnvelope = { ...envelope, commandId: `${envelope.commandId}:receipt` }
    await handleCommand(
      store,
      receiptDecider,
      expenseReceiptStreamId(key),
      { type: 'ClaimReceipt', actor, expenseId },
      claimEnvelope,
    )
    const { upload } = (await loadAggregate(store, expenseReceiptStreamId(key), receiptDecider)).state
    return { key, url: receiptLocation(key), name: upload?.name ?? 'receipt' }
  }

  /** An edit or delete: decided on the expense's stream; a rule about a field answers 400 under that field. */
  async function runOnExpense(request: FastifyRequest, expenseId: string, command: ExpenseCommand) {
    try {
      return await handleCommand(store, expenseDecider, expenseStreamId(expenseId), command, envelopeOf(request))
    } catch (error) {
      if (error instanceof FieldRuleError) throw badRequest(error.message, error.errors)
      throw error
    }
  }

  api.post(
    '/expenses',
    {
      schema: {
        tags,
        summary: 'File an expense (an amount in USD, a receipt, or both)',
        body: createExpenseSchema,
        response: { 201: commandAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = callerOf(request)
      const envelope = envelopeOf(request)
      const expenseId = idsFor(envelope.commandId, 'expense').next()
      const key = request.body.receiptKey ?? null
      // The receipt first, so the expense is filed with it.
      const receipt = key ? await claimReceipt(request, actor, key, expenseId) : null
      const result = await handleCommand(
        store,
        expenseDecider,
        expenseStreamId(expenseId),
        { type: 'FileExpense', actor, expenseId, data: request.body, receipt },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, result.position, { id: expenseId }))
    },
  )

  api.patch(
    '/expenses/:id',
    {
      schema: {
        tags,
        summary: "Edit an expense (only the fields sent change); its owner's, or their manager's",
        params: idParams,
        body: updateExpenseSchema,
        response: { 200: expenseAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = await callerWithTeam(db, request)
      const expenseId = request.params.id
      let receipt: FiledReceipt | undefined
      const key = request.body.receiptKey
      if (key) {
        // Only an expense the caller may touch gets a receipt claimed for it: checked before the claim.
        const { state } = await loadAggregate(store, expenseStreamId(expenseId), expenseDecider)
        if (assertMayTouchExpense(state, actor).receiptKey !== key) {
          receipt = await claimReceipt(request, actor, key, expenseId)
        } else receipt = { key, url: receiptLocation(key), name: state.expense!.receiptName ?? 'receipt' }
      }
      const command: ExpenseCommand = { type: 'EditExpense', actor, changes: request.body, receipt }
      const { position } = await runOnExpense(request, expenseId, command)
      return withPosition(reply, position, { id: expenseId, message: expenseMessages.expenseUpdated })
    },
  )

  api.delete(
    '/expenses/:id',
    {
      schema: {
        tags,
        summary: "Delete an expense; its owner's, or their manager's",
        params: idParams,
        response: { 200: expenseAnswerSchema },
      },
    },
    async (request, reply) => {
      const actor = await callerWithTeam(db, request)
      const expenseId = request.params.id
      const { position } = await runOnExpense(request, expenseId, { type: 'DeleteExpense', actor })
      return withPosition(reply, position, { id: expenseId, message: expenseMessages.expenseDeleted })
    },
  )
}
