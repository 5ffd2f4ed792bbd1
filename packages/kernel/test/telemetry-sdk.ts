import { context, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * Registers the real OpenTelemetry SDK for the calling test file, the way a host does: a global
 * tracer provider exporting to memory, and an AsyncLocalStorage context manager so spans started
 * in a hook find the turn's span as their parent. Unregistered after the file's tests.
 */
export function recordSpans(): { spans: () => ReadableSpan[]; named: (name: string) => ReadableSpan[] } {
  const exporter = new InMemorySpanExporter()
  beforeAll(() => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  })
  afterEach(() => exporter.reset())
  afterAll(() => {
    trace.disable()
    context.disable()
  })
  const spans = () => exporter.getFinishedSpans()
  return { spans, named: (name) => spans().filter((span) => span.name === name) }
}
