// `chatbot-kit/admin`: what a host needs of the admin API without depending on
// `@chatbot-kit/admin` itself (a package npm installs for chatbot-kit, not for the host).

/** The admin router's type, for a typed `@trpc/client` (docs/admin.md). */
export type { AdminRouter } from '@chatbot-kit/admin'
/** The admin procedures in-process, without HTTP or the access check: `createAdminCaller(chatbot)`. */
export { createAdminCaller } from '@chatbot-kit/admin'
