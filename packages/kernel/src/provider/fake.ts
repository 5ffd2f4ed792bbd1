import { createFakeProviderClient as createScriptedClient, type FakeProviderClient, type FakeScript } from '@chatbot-kit/provider'
import { withKernelErrors } from './client.js'

/** The provider package's in-memory client for host tests, failing with the kernel's exception as the real client does. */
export function createFakeProviderClient(script: FakeScript): FakeProviderClient {
  const fake = createScriptedClient(script)
  return { requests: fake.requests, ...withKernelErrors(fake) }
}
