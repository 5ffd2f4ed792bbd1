import { createAdminClient } from './client.js'
import { describeError, isUnauthorized } from './errors.js'
import { root } from './router.svelte.js'

// sessionStorage, never localStorage: the token is gone when the browser session ends.
const KEY = 'chatbot-kit:admin-token'

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY)
  } catch {
    return null
  }
}

/**
 * Who the console talks as: the admin token (kept for this browser session only), or no token
 * when the host's `authorize` lets the page's requests through (its own session cookie).
 */
class Session {
  status = $state<'checking' | 'signed-out' | 'signed-in'>('checking')
  /** `token`, or `host` when the host's authorize check let us in without one. */
  via = $state<'token' | 'host' | null>(null)
  /** Why the last sign-in failed, or why the console signed out. */
  problem = $state('')
  #token: string | null = stored()

  readonly client = createAdminClient(root, () => this.#token)

  /** On load: the stored token, else no token (the host's check), through the cheap `health`. */
  async resume(): Promise<void> {
    const hadToken = this.#token !== null
    const failure = await this.#try()
    if (failure === undefined) return
    if (hadToken && isUnauthorized(failure)) this.#forget('The saved token no longer works. Sign in again.')
    else this.#signedOut(hadToken || !isUnauthorized(failure) ? describeError(failure) : '')
  }

  async signIn(token: string): Promise<boolean> {
    this.#token = token
    const failure = await this.#try()
    if (failure === undefined) {
      sessionStorage.setItem(KEY, token)
      return true
    }
    this.#token = null
    this.#signedOut(describeError(failure))
    return false
  }

  signOut(): void {
    this.#forget('')
  }

  /** A call refused for access later on (a rotated token): back to the sign-in form. */
  refused(error: unknown): boolean {
    if (!isUnauthorized(error)) return false
    this.#forget(describeError(error))
    return true
  }

  /** Undefined when `health` answered, else what it failed with. */
  async #try(): Promise<unknown> {
    try {
      await this.client.health.query()
      this.via = this.#token ? 'token' : 'host'
      this.problem = ''
      this.status = 'signed-in'
      return undefined
    } catch (error) {
      return error
    }
  }

  #forget(problem: string): void {
    sessionStorage.removeItem(KEY)
    this.#token = null
    this.#signedOut(problem)
  }

  #signedOut(problem: string): void {
    this.via = null
    this.status = 'signed-out'
    this.problem = problem
  }
}

export const session = new Session()
