// The order-context plugin's admin procedure (docs/plugins.md, docs/admin.md). The plugin's `admin`
// field imports this file with the first admin request, so tRPC never loads on a server that
// serves none. `@chatbot-kit/admin` is installed with chatbot-kit.
import { adminProcedure, defineAdminContribution, inputSchema, object, requiredString, router } from '@chatbot-kit/admin/procedures'
import type {} from '@chatbot-kit/admin'
import type { Order } from './order-context.js'

const userInput = inputSchema<{ userId: string }, { userId: string }>((raw) => ({ userId: requiredString(object(raw, ['userId']).userId, 'userId') }))

/** `orders.*` of the admin API, over the plugin's orders. */
export function ordersRouterOf(orders: ReadonlyMap<string, Order[]>) {
  return router({
    /** A user's orders, as the `orders` context section shows them to the model. */
    byUser: adminProcedure.input(userInput).query(({ input }): Order[] => orders.get(input.userId) ?? []),
  })
}

export const orderContextAdmin = (orders: ReadonlyMap<string, Order[]>) => defineAdminContribution({ routers: { orders: ordersRouterOf(orders) } })

// `createTRPCClient<AdminRouter>` and `createAdminCaller` know `orders.byUser` from here (the
// type-only import above puts the module it augments in the program).
declare module '@chatbot-kit/admin' {
  interface AdminProcedures {
    orders: ReturnType<typeof ordersRouterOf>
  }
}
