import { createFilterPresetSchema, filterPresetStreamId, updateFilterPresetSchema } from '@crm/contracts'
import type { EventStore, HttpApp } from '@crm/platform'
import { z } from 'zod'
import { envelopeOf } from '../command-handling/command-envelope'
import { handleCommand } from '../command-handling/handle-command'
import { idsFor } from '../command-handling/ids'
import { withPosition } from '../command-handling/respond'
import { presetDecider, type PresetCommand } from './decide'

const tags = ['filter presets']
const idParams = z.object({ id: z.uuid() })
const result = z.object({ id: z.string(), position: z.string() })

/** Saved Advanced Search presets (docs/product.md section 2): create, rename / enable filter names, delete. */
export function filterPresetRoutes(api: HttpApp, { store }: { store: EventStore }): void {
  const run = async (command: PresetCommand, envelope: ReturnType<typeof envelopeOf>) =>
    handleCommand(store, presetDecider, filterPresetStreamId(command.presetId), command, envelope)

  api.post(
    '/filter-presets',
    { schema: { summary: 'Save a filter preset', tags, body: createFilterPresetSchema, response: { 201: result } } },
    async (request, reply) => {
      const envelope = envelopeOf(request)
      const presetId = idsFor(envelope.commandId, 'filter-preset').next()
      const { position } = await run(
        { type: 'CreateFilterPreset', presetId, userId: request.user.userId, data: request.body },
        envelope,
      )
      return reply.code(201).send(withPosition(reply, position, { id: presetId }))
    },
  )
  api.patch(
    '/filter-presets/:id',
    {
      schema: {
        summary: 'Edit filter preset {id}',
        tags,
        params: idParams,
        body: updateFilterPresetSchema,
        response: { 200: result },
      },
    },
    async (request, reply) => {
      const presetId = request.params.id
      const command: PresetCommand = {
        type: 'ChangeFilterPreset',
        presetId,
        userId: request.user.userId,
        data: request.body,
      }
      const { position } = await run(command, envelopeOf(request))
      return withPosition(reply, position, { id: presetId })
    },
  )
  api.delete(
    '/filter-presets/:id',
    { schema: { summary: 'Delete filter preset {id}', tags, params: idParams, response: { 200: result } } },
    async (request, reply) => {
      const presetId = request.params.id
      const { position } = await run(
        { type: 'DeleteFilterPreset', presetId, userId: request.user.userId },
        envelopeOf(request),
      )
      return withPosition(reply, position, { id: presetId })
    },
  )
}
