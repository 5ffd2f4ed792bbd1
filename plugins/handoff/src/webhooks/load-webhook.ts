import type { Webhook } from 'standardwebhooks'

// Standard Webhooks (and its base64 and SHA-256 modules) loads with the first event in or out:
// a server whose channels never hand off does not pay for it at start-up.
let loading: Promise<typeof Webhook> | undefined

/** The `Webhook` class of `standardwebhooks`, imported once. */
export const loadWebhook = (): Promise<typeof Webhook> => (loading ??= import('standardwebhooks').then((module) => module.Webhook))
