/** One product of the shop, as its warehouse system knows it. */
export interface Product {
  sku: string
  name: string
  price: string
  inStock: number
  /** When a sold-out product is expected back. */
  restock?: string
}

// A real shop's MCP server reads its catalog and warehouse here.
const PRODUCTS: Product[] = [
  { sku: 'AN-50', name: 'Heavy Anvil, 50 kg', price: '420 €', inStock: 3 },
  { sku: 'AN-8', name: 'Travel Anvil, 8 kg', price: '95 €', inStock: 0, restock: '2026-12-04' },
  { sku: 'ST-OAK', name: 'Anvil stand, oak', price: '120 €', inStock: 2 },
  { sku: 'HA-2', name: 'Forging Hammer, 2 kg', price: '39 €', inStock: 12 },
  { sku: 'HA-1', name: 'Cross-peen Hammer, 1 kg', price: '29 €', inStock: 0, restock: '2026-12-11' },
  { sku: 'TO-40', name: 'Blacksmith Tongs, 40 cm', price: '34 €', inStock: 5 },
]

export const RANGE = 'anvils, anvil stands, hammers and tongs'

// "Anvils" finds "Anvil", and "tongs" finds "Tongs": both sides lose a plural "s".
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2)
    .map((word) => word.replace(/s$/, ''))

/**
 * The products a free-text query names, by SKU or by the words of their names; those sharing the
 * most words with the query win ("forging hammer" finds the forging hammer, "hammers" both).
 */
export function findProducts(query: string): Product[] {
  const asked = new Set(words(query))
  const scored = PRODUCTS.map((product) => ({
    product,
    score: new RegExp(`\\b${product.sku}\\b`, 'i').test(query) ? 100 : words(product.name).filter((word) => asked.has(word)).length,
  }))
  const best = Math.max(...scored.map(({ score }) => score))
  return best === 0 ? [] : scored.filter(({ score }) => score === best).map(({ product }) => product)
}
