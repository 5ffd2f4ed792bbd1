export { createProviderClient, type ProviderClientOptions, type ProviderFailure, type ProviderRetry } from './client.js'
export { createFakeProviderClient, type FakeProviderClient, type FakeReply, type FakeScript } from './fake.js'
export type * from './types.js'
