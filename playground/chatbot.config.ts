import { fileURLToPath } from 'node:url'
import { defineChatbotConfig } from 'chatbot-kit'
import { shopMcpUrl } from './mcp/shop-server.js'
import { devAdminPlugin, devAdminToken } from './plugins/dev-admin.js'
import { helpCentrePlugin } from './plugins/help-centre.js'
import { shopMcpPlugin } from './plugins/shop-mcp.js'
import { orderStatus } from './tools/order-status.js'
import { refundOrder } from './tools/refund-order.js'

// The playground's own MCP server listens here (plugins/shop-mcp.ts); `.env` may move it.
const mcpPort = Number(process.env.PLAYGROUND_MCP_PORT || 4319)
// Where the browser reaches the playground, which the help pages' source links point at: set it too when you run on another port.
const playgroundUrl = (process.env.PLAYGROUND_URL || 'http://127.0.0.1:3000').replace(/\/+$/, '')
// The shop's help centre: Markdown pages the `help` knowledge source reads and plugins/help-centre.ts serves.
const helpFolder = fileURLToPath(new URL('help/', import.meta.url))

// The playground host app (docs/playground.md). With no CHATBOT_API_KEY, `chatbot dev` answers
// with the built-in offline demo provider, which speaks as each channel's prompt says, calls
// `order_status` and `refund_order` (after the visitor approves) on the support channel and the
// shop's MCP tools on the default one, and quotes what the page's extractors sent. Set
// CHATBOT_API_KEY (and CHATBOT_BASE_URL) in .env for a real model. Both channels answer from the
// shop's help centre (`help/`, the `help` knowledge source), citing the page they answer from.
export default defineChatbotConfig({
  database: '.data/playground.sqlite',
  prompt: 'You are the assistant of ACME Anvils, a small shop for anvils and hammers. Be brief.',
  tools: { definitions: [orderStatus, refundOrder] },
  knowledge: { sources: { help: { type: 'files', path: helpFolder, baseUrl: `${playgroundUrl}/chatbot/help/` } } },
  mcp: { servers: { shop: { url: shopMcpUrl(mcpPort), timeoutMs: 5000 } } },
  // The support channel's 10 a minute are for messages: the history loads, ratings, Stop and
  // resume a visitor's exploring makes around them are exempt here (docs/limits.md).
  throttle: {
    exempt: ['chatbot.health', 'chatbot.widget-js', 'chatbot.admin.console', 'chatbot.conversations.messages', 'chatbot.conversations.stream', 'chatbot.conversations.stop', 'chatbot.messages.feedback', 'chatbot.conversations.handoff', 'chatbot.attachments.show', 'playground.help', 'playground.help-page'],
  },
  channels: {
    default: {
      prompt: 'You are Ada, the shop guide of ACME Anvils. Be cheerful, and help visitors with what is on the page, in their cart and in the shop.',
      greeting: 'Hi, I am Ada from ACME Anvils! Ask me what I can do, what is in your cart, or whether we have anvils in stock.',
      allowedTools: ['shop__*'],
      allowedExtractors: ['page-snapshot', 'cart'],
    },
    support: {
      prompt: 'You are Max from ACME Anvils support. Answer formally, look orders up with the order_status tool, and refund one with refund_order when the customer asks.',
      greeting: 'Good day, this is Max from ACME Anvils support. Which order may I look up or refund for you?',
      summary: 'ACME Anvils ships within 3 working days, with ACME Freight.',
      allowedTools: ['order_status', 'refund_order'],
      allowedExtractors: ['page-snapshot'],
      throttle: { perMinute: 10, perDay: 100 },
      // "Talk to a person" in the widget (after the first message), or the model's request_handoff;
      // claim and answer in the console's Inbox, /chatbot/admin/inbox (docs/handoff.md).
      handoff: { enabled: true, waitTimeout: 120 },
      // A screenshot of the problem: the widget's paperclip, paste or drop (docs/attachments.md).
      attachments: { enabled: true, types: ['image/*', 'text/*'], maxFiles: 3 },
    },
  },
  admin: { token: devAdminToken() },
  plugins: [devAdminPlugin(), shopMcpPlugin(mcpPort), helpCentrePlugin(helpFolder)],
})
