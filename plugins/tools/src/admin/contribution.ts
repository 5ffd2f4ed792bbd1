import { defineAdminContribution } from '@chatbot-kit/admin/procedures'
import { approvalsRouter } from './approvals-router.js'
import { approvalsOf, toolInvocationsOf } from './transcript.js'
import { toolsMarkdown } from './transcript-markdown.js'

/** The tools plugin's part of the admin API: `approvals.list`, and a transcript's tool invocations and approvals. */
export const toolsAdmin = defineAdminContribution({
  routers: { approvals: approvalsRouter },
  transcript: {
    async load({ chatbot, conversation, messages }) {
      const [toolInvocations, approvals] = await Promise.all([toolInvocationsOf(chatbot, conversation.id, messages), approvalsOf(chatbot, conversation.publicId)])
      return { fields: { toolInvocations, approvals } }
    },
    markdown: toolsMarkdown,
  },
})
