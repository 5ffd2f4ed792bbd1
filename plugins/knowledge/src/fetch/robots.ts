import robotsModule from 'robots-parser'
import { ChatbotKnowledgeFetchRefusedException } from '../errors.js'
import { safeFetch, type FetchPolicy } from './safe-fetch.js'

// The package is CommonJS whose types declare an ES default export: under Node's ESM the default
// import is the function itself.
const robotsParser = robotsModule as unknown as typeof robotsModule.default
type Robots = ReturnType<typeof robotsParser>

/**
 * robots.txt of each host a source fetches from, read once per sync with the source's own rules.
 * A missing file (or one that cannot be read) allows everything, as crawlers treat it.
 */
export function createRobotsCheck(policy: FetchPolicy) {
  const byOrigin = new Map<string, Promise<Robots | null>>()
  const load = async (origin: string): Promise<Robots | null> => {
    const url = `${origin}/robots.txt`
    try {
      const fetched = await safeFetch(url, policy)
      return fetched.status >= 200 && fetched.status < 300 ? robotsParser(url, new TextDecoder().decode(fetched.bytes)) : null
    } catch (error) {
      // A refused robots.txt means the host itself is refused: say so on the page's own fetch.
      if (error instanceof ChatbotKnowledgeFetchRefusedException) throw error
      return null
    }
  }
  return async (href: string): Promise<void> => {
    const { origin } = new URL(href)
    if (!byOrigin.has(origin)) byOrigin.set(origin, load(origin))
    const robots = await byOrigin.get(origin)!
    if (robots && robots.isAllowed(href, policy.userAgent) === false) throw new ChatbotKnowledgeFetchRefusedException(`${href}: disallowed by ${origin}/robots.txt`)
  }
}
