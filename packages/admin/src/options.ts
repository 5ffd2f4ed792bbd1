import { defineOptions, text } from '@chatbot-kit/kernel'

declare module '@chatbot-kit/kernel' {
  interface ChatbotConfig {
    admin?: {
      /**
       * The bearer token of the admin API (`<base>/admin/trpc`); unset (and no `authorize`), the API answers 404. Default none.
       * @env CHATBOT_ADMIN_TOKEN
       */
      token?: string
    }
  }
  interface ResolvedConfig {
    admin: { token: string | undefined }
  }
}

/** The admin plugin's key: the token of its API. */
export const adminOptions = defineOptions({
  'admin.token': {
    ...text(undefined, { env: 'CHATBOT_ADMIN_TOKEN', allowEmpty: true, doc: 'the admin API (tRPC at <base>/admin/trpc) is off without it or authorize' }),
    example: 'process.env.CHATBOT_ADMIN_TOKEN',
  },
})
