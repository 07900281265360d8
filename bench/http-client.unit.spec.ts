import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpClient, parseAnswer } from './http-client'

const raw = (text: string) => Buffer.from(text, 'latin1')

describe('parseAnswer', () => {
  it('reads an answer by its Content-Length and says how many bytes it took', () => {
    const answer = 'HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{"id":"a-b"}\n'
    const parsed = parseAnswer(raw(`${answer}HTTP/1.1 200`))
    expect(parsed?.answer).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json', 'content-length': '13' },
      body: '{"id":"a-b"}\n',
    })
    expect(parsed?.length).toBe(answer.length)
  })

  it('waits for the rest of a head or a body', () => {
    expect(parseAnswer(raw('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n'))).toBeUndefined()
    expect(parseAnswer(raw('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nabc'))).toBeUndefined()
  })

  it('reads a chunked answer', () => {
    const answer = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nWiki\r\n6\r\npedia \r\n0\r\n\r\n'
    expect(parseAnswer(raw(answer.slice(0, -2)))).toBeUndefined()
    expect(parseAnswer(raw(answer))).toMatchObject({
      answer: { status: 200, body: 'Wikipedia ' },
      length: answer.length,
    })
  })
})

describe('httpClient against a real server', () => {
  let server: http.Server
  let baseUrl: string
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        if (req.url === '/chunked') {
          res.write('part one, ')
          res.end('part two')
          return
        }
        res.setHeader('content-type', 'application/json')
        res.end(JSON.stringify({ method: req.method, url: req.url, auth: req.headers.authorization, body }))
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  it('sends method, path, token and JSON body over at most the given number of kept-alive connections', async () => {
    const client = httpClient(baseUrl, 2, 'tok')
    const connections = new Set<unknown>()
    server.on('connection', (socket) => connections.add(socket))
    try {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => client.request('POST', `/things/${i}`, { body: { i } })),
      )
      answers.forEach((answer, i) => {
        expect(answer.status).toBe(200)
        expect(JSON.parse(answer.body)).toEqual({
          method: 'POST',
          url: `/things/${i}`,
          auth: 'Bearer tok',
          body: `{"i":${i}}`,
        })
      })
      expect((await client.request('GET', '/chunked')).body).toBe('part one, part two')
      expect(connections.size).toBe(2)
    } finally {
      client.close()
    }
  })
})
