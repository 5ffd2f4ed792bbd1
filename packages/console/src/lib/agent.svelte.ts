// sessionStorage, as the token: the name is asked again in a new browser session.
const KEY = 'chatbot-kit:agent-name'

function stored(): string {
  try {
    return sessionStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

/** The name the Inbox claims and answers with, as users see it; empty when not given yet. */
class Agent {
  name = $state(stored())

  keep(name: string): void {
    this.name = name.trim()
    if (this.name) sessionStorage.setItem(KEY, this.name)
    else sessionStorage.removeItem(KEY)
  }
}

export const agent = new Agent()
