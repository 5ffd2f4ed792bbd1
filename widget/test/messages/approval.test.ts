import { describe, expect, it, vi } from 'vitest'
import type { PendingApproval } from '../../src/chat/state.js'
import { en } from '../../src/i18n/strings.js'
import { approvalCard } from '../../src/messages/approval.js'
import { asDom, elementsOf, fakeDocument, outline, type FakeElement } from '../helpers/fake-dom.js'

const approval = (calls: PendingApproval['calls'], choices = {}): PendingApproval => ({ id: 'ap-1', calls, choices })
const refund = { call_id: 'c1', name: 'refund', arguments: { order: 7, amount: { value: 20 }, note: '<b>x</b>' } }
const email = { call_id: 'c2', name: 'email', arguments: 'not json' }

function mount(pending: PendingApproval | null) {
  const node = fakeDocument().createElement('div')
  const decide = vi.fn()
  const action = approvalCard(asDom(node), { approval: pending, text: en, decide })
  const buttons = () => elementsOf(node).filter((element) => element.tagName === 'BUTTON') as (FakeElement & { onclick: () => void })[]
  return { node, decide, action, buttons }
}

describe('approvalCard', () => {
  it('shows nothing without a pending approval', () => {
    expect(mount(null).node.childNodes).toHaveLength(0)
  })

  it('shows one call’s tool and arguments as text, with Approve and Deny that decide for it', () => {
    const { node, buttons, decide } = mount(approval([refund]))
    expect(outline(node)).toBe(
      '<div><div class="approval" part="approval"><p>The assistant needs your approval.</p>' +
        '<div class="call" aria-label="refund" role="group"><strong>refund</strong><table>' +
        '<tr><th>order</th><td>7</td></tr><tr><th>amount</th><td>{"value":20}</td></tr><tr><th>note</th><td><b>x</b></td></tr></table>' +
        '<div class="choices"><button class="approve" type="button">Approve</button><button class="deny" type="button">Deny</button></div></div></div></div>',
    )
    buttons()[1]!.onclick()
    expect(decide).toHaveBeenCalledWith('deny', 'c1')
  })

  it('offers Approve all and Deny all for several calls, and marks per-call choices in place', () => {
    const { node, buttons, decide, action } = mount(approval([refund, email]))
    expect(buttons().map((button) => button.textContent)).toEqual(['Approve', 'Deny', 'Approve', 'Deny', 'Approve all', 'Deny all'])
    expect(outline(node)).toContain('<code>not json</code>')
    buttons()[4]!.onclick()
    expect(decide).toHaveBeenCalledWith('approve', undefined)
    const first = buttons()[0]
    action.update({ approval: approval([refund, email], { c1: 'approve' }), text: en, decide })
    // Same nodes, so focus stays on the button pressed.
    expect(buttons()[0]).toBe(first)
    expect(buttons().slice(0, 4).map((button) => button.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false', 'false'])
    action.update({ approval: null, text: en, decide })
    expect(node.childNodes).toHaveLength(0)
  })
})
