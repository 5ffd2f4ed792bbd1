import { createAdminClient } from './client.js'
import { describeError, isUnauthorized, TOKEN_REFUSED } from './errors.js'
import { root } from './router.svelte.js'

// sessionStorage, never localStorage: the token is gone when the browser session ends.
const KEY = 'chatbot-kit:admin-token'

/** What the server said of the credentials: they open the admin API, they do not, or it could not be asked (why). */
type Check = 'signed-in' | 'refused' | { problem: string }

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

  /** On load: the stored token, else no token (the host's check), through `session`, which answers either way. */
  async resume(): Promise<void> {
    const hadToken = this.#token !== null
    const check = await this.#check()
    if (check === 'signed-in') return
    if (check !== 'refused') this.#signedOut(check.problem)
    else if (hadToken) this.#forget('The saved token no longer works. Sign in again.')
    else this.#signedOut('')
  }

  async signIn(token: string): Promise<boolean> {
    this.#token = token
    const check = await this.#check()
    if (check === 'signed-in') {
      sessionStorage.setItem(KEY, token)
      return true
    }
    this.#token = null
    this.#signedOut(check === 'refused' ? TOKEN_REFUSED : check.problem)
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

  /**
   * Asks the server whether these credentials open the admin API, and signs in when they do.
   * `session` answers 200 either way, so a visitor not signed in yet costs no failed request
   * (which the browser would log as an error).
   */
  async #check(): Promise<Check> {
    try {
      const { signedIn } = await this.client.session.query()
      if (!signedIn) return 'refused'
      this.via = this.#token ? 'token' : 'host'
      this.problem = ''
      this.status = 'signed-in'
      return 'signed-in'
    } catch (error) {
      return { problem: describeError(error) }
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
