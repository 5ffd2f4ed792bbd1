import { describe, expect, test } from 'vitest'
import { argumentsFrom } from './tool-arguments.js'
import type { DemoTool } from './types.js'

const withParameters = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)): DemoTool => ({
  type: 'function',
  function: { name: 'tool', parameters: { type: 'object', properties, required } },
})

describe('arguments read from the message', () => {
  test('a string with a pattern takes the first word the pattern accepts', () => {
    const tool = withParameters({ orderId: { type: 'string', pattern: '^\\d{4,6}$' } })
    expect(argumentsFrom(tool, 'Where is my order #1042?')).toEqual({ orderId: '1042' })
    expect(argumentsFrom(tool, 'Orders 12 and 20571, please')).toEqual({ orderId: '20571' })
    expect(argumentsFrom(withParameters({ sku: { type: 'string', pattern: 'AN-\\d+' } }), 'is sku:AN-50 in stock')).toEqual({ sku: 'AN-50' })
  })

  test('an id-like name without a pattern takes the first word with a digit', () => {
    for (const name of ['id', 'order_no', 'orderNumber', 'order', 'trackingCode']) {
      expect(argumentsFrom(withParameters({ [name]: { type: 'string' } }), 'track A-77 today')).toEqual({ [name]: 'A-77' })
    }
  })

  test('numbers, enum values, cities and time zones the message mentions; optional ones only when mentioned', () => {
    const tool = withParameters(
      {
        city: { type: 'string' },
        days: { type: 'integer' },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        timezone: { type: ['string', 'null'] },
      },
      ['city'],
    )
    expect(argumentsFrom(tool, 'Weather in San Francisco for 3 days, imperial, Europe/Oslo time')).toEqual({
      city: 'San Francisco',
      days: 3,
      units: 'imperial',
      timezone: 'Europe/Oslo',
    })
    expect(argumentsFrom(tool, 'weather please')).toEqual({ city: 'weather please' })
  })

  test('required parameters the message does not give get a stand-in of the right type', () => {
    const tool = withParameters({
      count: { type: 'number' },
      flag: { type: 'boolean' },
      tags: { type: 'array' },
      filter: { type: 'object' },
      mode: { enum: ['fast', 'slow'] },
      tz: { type: 'string' },
      query: { type: 'string' },
    })
    expect(argumentsFrom(tool, 'anything')).toEqual({ count: 1, flag: true, tags: [], filter: {}, mode: 'fast', tz: 'UTC', query: 'anything' })
  })

  test('a search-like parameter takes the words that do not only name the tool; none left, the stand-in', () => {
    const search = (name: string, property: string): DemoTool => ({ type: 'function', function: { name, parameters: { type: 'object', properties: { [property]: { type: 'string' } }, required: [property] } } })
    expect(argumentsFrom(search('find_products', 'q'), 'Find me a blue hammer, please')).toEqual({ q: 'blue hammer' })
    expect(argumentsFrom(search('docs__search', 'searchTerm'), 'Search the docs for "rate limits"')).toEqual({ searchTerm: 'rate limits' })
    expect(argumentsFrom(search('check_stock', 'productName'), 'Is sku AN-50 in stock?')).toEqual({ productName: 'sku AN-50' })
    expect(argumentsFrom(search('search', 'query'), 'search please')).toEqual({ query: 'search please' })
  })

  test('a pattern JavaScript cannot compile gives no value, so the stand-in is used', () => {
    expect(argumentsFrom(withParameters({ code: { type: 'string', pattern: '(?<' } }), 'code 12')).toEqual({ code: 'code 12' })
  })
})
