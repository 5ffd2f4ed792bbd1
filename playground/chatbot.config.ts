import { defineChatbotConfig } from 'chatbot-kit'

// The playground host app. With no CHATBOT_API_KEY, `chatbot dev` answers with the built-in
// offline demo provider; set CHATBOT_API_KEY (and CHATBOT_BASE_URL) in .env for a real model.
export default defineChatbotConfig({
  database: '.data/playground.sqlite',
  prompt: 'You are the assistant of the chatbot-kit playground. Be brief and friendly.',
  channels: {
    default: {
      greeting: 'Hi! I am the playground assistant. Ask me anything.',
    },
    support: {
      prompt: 'You help customers of ACME Anvils with orders and deliveries.',
      greeting: 'Welcome to ACME support. How can I help with your order?',
      summary: 'ACME Anvils sells anvils and ships within 3 working days.',
      throttle: { perMinute: 10, perDay: 100 },
    },
  },
})
