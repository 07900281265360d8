import { describe, expect, it } from 'vitest'
import { breakingChanges, type OpenApiDocument } from './breaking-changes'

/** A small document: one read answering a contact (through a $ref, with a nested address and tags), one command. */
function document(): OpenApiDocument {
  return {
    openapi: '3.1.0',
    paths: {
      '/api/v1/contacts/{id}': {
        get: {
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'asOf', in: 'query', required: false, schema: { type: 'string' } },
          ],
          responses: {
            '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Contact' } } } },
            '404': { $ref: '#/components/responses/NotFound' },
          },
        },
      },
      '/api/v1/task': {
        post: {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    title: { type: 'string' },
                    notes: { type: 'string' },
                    reminder: {
                      type: 'object',
                      properties: { at: { type: 'string' }, by: { type: 'string' } },
                      required: ['at'],
                    },
                  },
                  required: ['title'],
                },
              },
            },
          },
          responses: {
            '201': {
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Contact: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            address: {
              anyOf: [
                { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
                { type: 'null' },
              ],
            },
            tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
          },
        },
        Tag: { type: 'object', properties: { label: { type: 'string' }, color: { type: 'string' } } },
      },
      responses: { NotFound: { description: 'Not found' } },
    },
  }
}

// The hand-written documents are edited freely in place: plain JSON, typed loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any
type Doc = ReturnType<typeof document> & { paths: Record<string, Record<string, Loose>>; components: Loose }
const changed = (change: (doc: Doc) => void): OpenApiDocument => {
  const doc = document() as Doc
  change(doc)
  return doc
}

describe('breaking changes between two OpenAPI documents (docs/decisions/015-api-contract.md)', () => {
  it('given the same document, then nothing breaks', () => {
    expect(breakingChanges(document(), document())).toEqual([])
  })

  it('given only additions (an operation, an answer field, an optional parameter and field, an error), then nothing breaks', () => {
    const grown = changed((doc) => {
      doc.paths['/api/v1/opportunities'] = { get: { responses: { '200': { description: 'The answer' } } } }
      doc.paths['/api/v1/contacts/{id}']!.post = { responses: { '200': { description: 'The answer' } } }
      doc.components.schemas.Contact.properties.email = { type: 'string' }
      doc.components.schemas.Tag.properties.icon = { type: 'string' }
      doc.paths['/api/v1/contacts/{id}']!.get.parameters.push({ name: 'fields', in: 'query', required: false })
      doc.paths['/api/v1/contacts/{id}']!.get.responses['409'] = { description: 'Conflict' }
      const body = doc.paths['/api/v1/task']!.post.requestBody.content['application/json'].schema
      body.properties.dueDate = { type: 'string' }
      // A new optional object may require its own fields: no earlier client sends it.
      body.properties.repeat = { type: 'object', properties: { every: { type: 'number' } }, required: ['every'] }
    })
    expect(breakingChanges(document(), grown)).toEqual([])
  })

  it('given an operation removed, then that operation is named', () => {
    const shrunk = changed((doc) => {
      delete doc.paths['/api/v1/task']
    })
    expect(breakingChanges(document(), shrunk)).toEqual(['POST /api/v1/task: the operation was removed'])
  })

  it('given a path moved (the old one answering 404), then the old operation is named', () => {
    const moved = changed((doc) => {
      doc.paths['/api/v1/contacts/history/{id}'] = doc.paths['/api/v1/contacts/{id}']!
      delete doc.paths['/api/v1/contacts/{id}']
    })
    expect(breakingChanges(document(), moved)).toEqual(['GET /api/v1/contacts/{id}: the operation was removed'])
  })

  it('given a response field removed, at the top, through a union and through an array of $refs, then each is named', () => {
    const shrunk = changed((doc) => {
      delete doc.components.schemas.Contact.properties.name
      delete doc.components.schemas.Contact.properties.address.anyOf[0].properties.zip
      delete doc.components.schemas.Tag.properties.color
    })
    expect(breakingChanges(document(), shrunk)).toEqual([
      'GET /api/v1/contacts/{id}: the field name of its 200 answer was removed',
      'GET /api/v1/contacts/{id}: the field address.zip of its 200 answer was removed',
      'GET /api/v1/contacts/{id}: the field tags[].color of its 200 answer was removed',
    ])
  })

  it('given a response field removed from an inline answer, or the success answer gone, then it is named', () => {
    const shrunk = changed((doc) => {
      doc.paths['/api/v1/task']!.post.responses['201'].content['application/json'].schema.properties = {}
      delete doc.paths['/api/v1/contacts/{id}']!.get.responses['200']
    })
    expect(breakingChanges(document(), shrunk)).toEqual([
      'GET /api/v1/contacts/{id}: the 200 answer was removed',
      'POST /api/v1/task: the field id of its 201 answer was removed',
    ])
  })

  it('given a request field made required, at the top or nested, or a new required field, then each is named', () => {
    const stricter = changed((doc) => {
      const body = doc.paths['/api/v1/task']!.post.requestBody.content['application/json'].schema
      body.required.push('notes')
      body.properties.reminder.required.push('by')
      body.properties.priority = { type: 'number' }
      body.required.push('priority')
    })
    expect(breakingChanges(document(), stricter)).toEqual([
      'POST /api/v1/task: the request field notes became required',
      'POST /api/v1/task: the request field priority became required',
      'POST /api/v1/task: the request field reminder.by became required',
    ])
  })

  it('given a parameter made required, a new required one or one removed, then each is named', () => {
    const stricter = changed((doc) => {
      const read = doc.paths['/api/v1/contacts/{id}']!.get
      read.parameters[1].required = true
      read.parameters.push({ name: 'divisionId', in: 'query', required: true })
    })
    expect(breakingChanges(document(), stricter)).toEqual([
      'GET /api/v1/contacts/{id}: its query parameter asOf became required',
      'GET /api/v1/contacts/{id}: a new query parameter divisionId is required',
    ])
    const fewer = changed((doc) => {
      doc.paths['/api/v1/contacts/{id}']!.get.parameters.pop()
    })
    expect(breakingChanges(document(), fewer)).toEqual([
      'GET /api/v1/contacts/{id}: its query parameter asOf was removed',
    ])
  })

  it('given a request body that became required, then it is named', () => {
    const before = changed((doc) => {
      doc.paths['/api/v1/task']!.post.requestBody.required = false
    })
    expect(breakingChanges(before, document())).toEqual(['POST /api/v1/task: its request body became required'])
  })

  it('given a recursive schema, then the comparison ends', () => {
    const recursive = () =>
      changed((doc) => {
        doc.components.schemas.Tag.properties.children = { type: 'array', items: { $ref: '#/components/schemas/Tag' } }
      })
    expect(breakingChanges(recursive(), recursive())).toEqual([])
    const shrunk = changed((doc) => {
      doc.components.schemas.Tag.properties.children = { type: 'array', items: { $ref: '#/components/schemas/Tag' } }
      delete doc.components.schemas.Tag.properties.label
    })
    expect(breakingChanges(recursive(), shrunk)).toContain(
      'GET /api/v1/contacts/{id}: the field tags[].label of its 200 answer was removed',
    )
  })
})
