import { createServer } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { findProducts, RANGE, type Product } from './catalog.js'

export interface ShopMcpServer {
  /** Its Streamable HTTP endpoint, for `mcp.servers`. */
  url: string
  close(): Promise<void>
}

/** The playground's MCP endpoint on a port: what `mcp.servers.shop.url` names. */
export const shopMcpUrl = (port: number) => `http://127.0.0.1:${port}/mcp`

// A JSON object as text: what the model reads, and what the demo provider lists field by field.
const json = (value: Record<string, string>): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] })
const nothingFor = (query: string) => json({ query, found: 'no product of that name', range: `ACME Anvils sells ${RANGE}.` })

/** The shop's two read-only tools; the tools plugin offers them as `shop__search_catalog` and `shop__check_stock`. */
function createShopTools(): McpServer {
  const server = new McpServer({ name: 'acme-anvils-shop', version: '1.0.0' })
  server.registerTool(
    'search_catalog',
    {
      description: `Searches what ACME Anvils sells (${RANGE}) by words or SKU: each match with its SKU and price.`,
      inputSchema: { query: z.string().min(1).describe('Words of a product name, or a SKU such as AN-50') },
      annotations: { readOnlyHint: true },
    },
    ({ query }) => {
      const found = findProducts(query)
      return found.length ? json(Object.fromEntries(found.map((product) => [product.name, `${product.price} (SKU ${product.sku})`]))) : nothingFor(query)
    },
  )
  server.registerTool(
    'check_stock',
    {
      description: 'How many of a product the ACME Anvils warehouse has in stock, and when a sold-out one is back.',
      inputSchema: { product: z.string().min(1).describe('Words of a product name, or a SKU such as AN-50') },
      annotations: { readOnlyHint: true },
    },
    ({ product }) => {
      const found = findProducts(product)
      const stock = (item: Product) => (item.inStock > 0 ? `${item.inStock} in stock` : `sold out, back on ${item.restock ?? 'a date to be announced'}`)
      return found.length ? json(Object.fromEntries(found.map((item) => [item.name, stock(item)]))) : nothingFor(product)
    },
  )
  return server
}

/**
 * A small MCP server (the SDK's server side over Streamable HTTP) on loopback. It is stateless:
 * each POST gets a fresh server and transport, and GET (the event stream) is 405, as its tools
 * never change and there is nothing to notify.
 */
export async function startShopMcpServer(port: number): Promise<ShopMcpServer> {
  const http = createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end()
    const server = createShopTools()
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    res.on('close', () => void server.close())
    server
      .connect(transport)
      .then(() => transport.handleRequest(req, res))
      .catch(() => {
        if (!res.headersSent) res.writeHead(500).end()
      })
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`The playground's MCP server cannot listen on port ${port}, which is taken: set PLAYGROUND_MCP_PORT to a free port.`) : error),
    )
    http.listen(port, '127.0.0.1', resolve)
  })
  return {
    url: shopMcpUrl(port),
    async close() {
      http.closeAllConnections()
      await new Promise((resolve) => http.close(resolve))
    },
  }
}
