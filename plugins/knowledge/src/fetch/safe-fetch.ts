import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { ChatbotKnowledgeDocumentException, ChatbotKnowledgeFetchRefusedException } from '../errors.js'
import { isPrivateAddress } from './address-policy.js'

/** What a source's fetches may do (contract §11.1). */
export interface FetchPolicy {
  /** Hosts (`host[:port]`) the source's own URLs name; anything else is refused. */
  hosts: ReadonlySet<string>
  allowPrivateNetwork: boolean
  maxBytes: number
  timeoutMs: number
  /** The `User-Agent` sent, and the one robots.txt rules are read for. */
  userAgent: string
}

export interface FetchedBody {
  /** The URL the body came from, after redirects. */
  url: string
  status: number
  contentType: string | null
  bytes: Uint8Array
}

const MAX_REDIRECTS = 5

/** The lookup callback is typed for errno errors; the socket emits whatever it is given, so ours keep their class. */
const asErrno = (error: Error) => error as unknown as NodeJS.ErrnoException

/**
 * Resolves the name, refuses it when any of its addresses is private (unless allowed), and hands
 * the connection the address it checked: DNS cannot answer differently between check and connect.
 */
function checkedLookup(policy: FetchPolicy, host: string): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4)
      const refused = policy.allowPrivateNetwork ? undefined : addresses.find(({ address }) => isPrivateAddress(address))
      if (refused) return callback(asErrno(new ChatbotKnowledgeFetchRefusedException(`${host} resolves to ${refused.address}, a private or loopback address (set allowPrivateNetwork: true on the source to allow it)`)), '', 4)
      const [first] = addresses
      if (!first) return callback(asErrno(new ChatbotKnowledgeDocumentException(`${host} has no address`)), '', 4)
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, [first])
      callback(null, first.address, first.family)
    })
  }
}

/** Refuses a URL the policy does not allow before any connection is made. */
function assertAllowed(url: URL, policy: FetchPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ChatbotKnowledgeFetchRefusedException(`${url.href}: only http and https URLs are fetched`)
  if (!policy.hosts.has(url.host)) throw new ChatbotKnowledgeFetchRefusedException(`${url.href}: ${url.host} is not a host of this source (${[...policy.hosts].join(', ')})`)
  const literal = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(literal) && !policy.allowPrivateNetwork && isPrivateAddress(literal)) {
    throw new ChatbotKnowledgeFetchRefusedException(`${url.href}: ${literal} is a private or loopback address (set allowPrivateNetwork: true on the source to allow it)`)
  }
}

/** One request, no redirect followed; the body read up to the cap. */
function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<{ response: IncomingMessage; body: () => Promise<Uint8Array> }> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', signal, lookup: checkedLookup(policy, url.host), headers: { 'user-agent': policy.userAgent, accept: 'text/html, text/markdown, text/plain, application/pdf, application/xml, text/xml;q=0.9, */*;q=0.1' } }, (response) => {
      const body = () =>
        new Promise<Uint8Array>((done, fail) => {
          const declared = Number(response.headers['content-length'])
          if (declared > policy.maxBytes) {
            response.destroy()
            return fail(new ChatbotKnowledgeDocumentException(`${url.href}: ${declared} bytes, over knowledge.maxDocumentBytes (${policy.maxBytes})`))
          }
          const parts: Buffer[] = []
          let size = 0
          response.on('data', (part: Buffer) => {
            size += part.length
            if (size > policy.maxBytes) {
              response.destroy()
              fail(new ChatbotKnowledgeDocumentException(`${url.href}: over knowledge.maxDocumentBytes (${policy.maxBytes} bytes)`))
            } else parts.push(part)
          })
          response.on('end', () => done(new Uint8Array(Buffer.concat(parts))))
          response.on('error', fail)
        })
      resolve({ response, body })
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * GETs `href` by the source's rules: http(s) only, only its own hosts, no private address unless
 * allowed (the resolved one, pinned for the connection), redirects followed by hand and each
 * target checked again, the body capped at `maxBytes`, the whole exchange within `timeoutMs`.
 */
export async function safeFetch(href: string, policy: FetchPolicy): Promise<FetchedBody> {
  const signal = AbortSignal.timeout(policy.timeoutMs)
  let url = new URL(href)
  try {
    for (let redirects = 0; ; redirects++) {
      assertAllowed(url, policy)
      const { response, body } = await requestOnce(url, policy, signal)
      const location = response.headers.location
      if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
        response.resume()
        if (redirects === MAX_REDIRECTS) throw new ChatbotKnowledgeDocumentException(`${href}: more than ${MAX_REDIRECTS} redirects`)
        url = new URL(location, url)
        continue
      }
      return { url: url.href, status: response.statusCode ?? 0, contentType: response.headers['content-type'] ?? null, bytes: await body() }
    }
  } catch (error) {
    // The lookup's refusal reaches us through the request's `error` event as it was raised.
    if (error instanceof ChatbotKnowledgeFetchRefusedException || error instanceof ChatbotKnowledgeDocumentException) throw error
    if (signal.aborted) throw new ChatbotKnowledgeDocumentException(`${url.href}: no answer within ${policy.timeoutMs / 1000} s`, error)
    throw new ChatbotKnowledgeDocumentException(`${url.href}: ${error instanceof Error ? error.message : String(error)}`, error)
  }
}
