import type { Decision, PendingApproval } from '../chat/state.js'
import type { WidgetStrings } from '../i18n/strings.js'
import { buildElement } from './element.js'

export interface ApprovalParams {
  approval: PendingApproval | null
  text: WidgetStrings
  /** Without `callId`, the choice is for every call. */
  decide: (choice: Decision, callId?: string) => void
}

/** A value on one line: a string as it is, anything else as compact JSON. */
const compact = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value))

/**
 * Svelte action showing the tool calls a turn paused on: each call's tool and arguments (an
 * object as a key/value table, nested values as compact JSON) with Approve and Deny, plus
 * Approve all and Deny all when there are several. The card is built once per approval, so
 * focus stays on the button pressed while per-call choices gather (shown by `aria-pressed`).
 * Arguments are model output: they become text nodes only.
 */
export function approvalCard(node: Element, params: ApprovalParams) {
  let current = params
  let built: ApprovalParams | null = null
  let toggles: [Element, string, Decision][] = []
  const doc = node.ownerDocument

  const button = (label: string, choice: Decision, callId?: string) => {
    const element = buildElement(doc, 'button', choice, label, { type: 'button' }) as HTMLButtonElement
    element.onclick = () => current.decide(choice, callId)
    if (callId && current.approval!.calls.length > 1) toggles.push([element, callId, choice])
    return element
  }
  const choices = (text: WidgetStrings, callId?: string) =>
    buildElement(doc, 'div', 'choices', [button(callId ? text.approve : text.approveAll, 'approve', callId), button(callId ? text.deny : text.denyAll, 'deny', callId)])

  const build = ({ approval, text }: ApprovalParams) => {
    toggles = []
    if (!approval) return []
    const calls = approval.calls.map(({ call_id, name, arguments: args }) => {
      const rows = args && typeof args === 'object' && !Array.isArray(args) ? Object.entries(args) : null
      const shown = rows ? rows.map(([key, value]) => buildElement(doc, 'tr', '', [buildElement(doc, 'th', '', key), buildElement(doc, 'td', '', compact(value))])) : null
      // Each call's buttons are heard with the tool's name.
      return buildElement(
        doc,
        'div',
        'call',
        [
          buildElement(doc, 'strong', '', name),
          ...(shown ? (shown.length > 0 ? [buildElement(doc, 'table', '', shown)] : []) : [buildElement(doc, 'code', '', compact(args))]),
          choices(text, call_id),
        ],
        { role: 'group', 'aria-label': name },
      )
    })
    return [buildElement(doc, 'div', 'approval', [buildElement(doc, 'p', '', text.approvalNeeded), ...calls, ...(calls.length > 1 ? [choices(text)] : [])], { part: 'approval' })]
  }

  const update = (next: ApprovalParams) => {
    current = next
    if (next.approval?.id !== built?.approval?.id || next.text !== built?.text) {
      node.replaceChildren(...build(next))
      built = next
    }
    for (const [element, callId, choice] of toggles) element.setAttribute('aria-pressed', String(next.approval?.choices[callId] === choice))
  }
  update(params)
  return { update }
}
