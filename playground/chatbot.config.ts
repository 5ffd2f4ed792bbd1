import { defineChatbotConfig } from 'chatbot-kit'
import { devAdminPlugin, devAdminToken } from './plugins/dev-admin.js'
import { orderStatus } from './tools/order-status.js'

// The playground host app (docs/playground.md). With no CHATBOT_API_KEY, `chatbot dev` answers
// with the built-in offline demo provider, which speaks as each channel's prompt says, calls
// `order_status` on the support channel and quotes what the page's extractors sent. Set
// CHATBOT_API_KEY (and CHATBOT_BASE_URL) in .env for a real model.
export default defineChatbotConfig({
  database: '.data/playground.sqlite',
  prompt: 'You are the assistant of ACME Anvils, a small shop for anvils and hammers. Be brief.',
  tools: { definitions: [orderStatus] },
  channels: {
    default: {
      prompt: 'You are Ada, the shop guide of ACME Anvils. Be cheerful, and help visitors with what is on the page and in their cart.',
      greeting: 'Hi, I am Ada from ACME Anvils! Ask me what I can do, or what is in your cart.',
      allowedExtractors: ['page-snapshot', 'cart'],
    },
    support: {
      prompt: 'You are Max from ACME Anvils support. Answer formally, and look orders up with the order_status tool.',
      greeting: 'Good day, this is Max from ACME Anvils support. Which order may I look up for you?',
      summary: 'ACME Anvils ships within 3 working days, with ACME Freight.',
      allowedTools: ['order_status'],
      allowedExtractors: ['page-snapshot'],
      throttle: { perMinute: 10, perDay: 100 },
    },
  },
  admin: { token: devAdminToken() },
  plugins: [devAdminPlugin()],
})
