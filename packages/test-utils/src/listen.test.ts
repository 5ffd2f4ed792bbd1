import { describe, expect, test, vi } from 'vitest'
import { listen } from './listen.js'
import { postJson } from './post-json.js'

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((settle) => (resolve = settle))
  return { promise, resolve }
}

describe('listen', () => {
  test('hands the handler a web Request and sends its Response back', async () => {
    const server = await listen(async (request) => {
      const headers = new Headers({ 'x-method': request.method, 'x-path': new URL(request.url).pathname })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2; Path=/')
      const { headers: seen } = request
      return Response.json({ body: await request.json(), type: seen.get('content-type'), token: seen.get('x-token') }, { status: 201, headers })
    })
    const response = await postJson(`${server.url}/some/path?q=1`, { hello: 'wörld' }, { 'x-token': 't' })
    expect(response.status).toBe(201)
    expect(response.headers.get('x-method')).toBe('POST')
    expect(response.headers.get('x-path')).toBe('/some/path')
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/'])
    expect(await response.json()).toEqual({ body: { hello: 'wörld' }, type: 'application/json', token: 't' })
    await server.close()
  })

  test('streams the body: the client reads a chunk before the handler writes the next', async () => {
    const firstRead = deferred()
    const server = await listen(() => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('first'))
          await firstRead.promise
          controller.enqueue(new TextEncoder().encode('second'))
          controller.close()
        },
      })
      return new Response(body)
    })
    const reader = (await fetch(server.url)).body!.getReader()
    const decoder = new TextDecoder()
    expect(decoder.decode((await reader.read()).value)).toBe('first')
    firstRead.resolve()
    expect(decoder.decode((await reader.read()).value)).toBe('second')
    expect((await reader.read()).done).toBe(true)
    await server.close()
  })

  test('a client disconnect aborts the Request signal and cancels the body', async () => {
    const aborted = deferred()
    const cancelled = deferred()
    const server = await listen((request) => {
      request.signal.addEventListener('abort', () => aborted.resolve())
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('data: 1\n\n')),
        cancel: () => cancelled.resolve(),
      })
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } })
    })
    const controller = new AbortController()
    const response = await fetch(server.url, { signal: controller.signal })
    await response.body!.getReader().read()
    controller.abort()
    await Promise.all([aborted.promise, cancelled.promise])
    await server.close()
  })

  test('respects backpressure: a body the client does not read is not produced ahead', async () => {
    let produced = 0
    const server = await listen(
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              produced += 65_536
              controller.enqueue(new Uint8Array(65_536))
            },
          }),
        ),
    )
    const response = await fetch(server.url)
    // The producer must come to rest; without backpressure it would run until memory ran out.
    let last = -1
    await vi.waitFor(
      () => {
        const settled = produced === last
        last = produced
        expect(settled).toBe(true)
      },
      { timeout: 5_000, interval: 100 },
    )
    expect(produced).toBeLessThan(16 * 1024 * 1024)
    // Reading on resumes the producer after each drain.
    const reader = response.body!.getReader()
    const target = produced + 4 * 1024 * 1024
    for (let read = 0; read < target; ) read += (await reader.read()).value!.length
    await reader.cancel()
    await server.close()
  })

  test('a throwing handler answers 500 with the error text', async () => {
    const server = await listen(() => {
      throw new Error('handler broke')
    })
    const response = await fetch(server.url)
    expect(response.status).toBe(500)
    expect(await response.text()).toContain('handler broke')
    await server.close()
  })
})
