import { describe, expect, it } from 'vitest'
import { StoresError } from '../error.js'
import { importDriver } from './import-driver.js'

// Real imports of packages that are not installed; the end-to-end check, with the built kernel
// in a project without the drivers, is packages/chatbot/test/drivers.test.ts.
const ABSENT = 'chatbot-kit-absent-driver'
const importAbsent = (name: string): Promise<unknown> => import(name)

describe('importDriver', () => {
  it('turns "not installed" into a typed error naming the package and the command', async () => {
    const error: unknown = await importDriver(ABSENT, 'CHATBOT_X is set', () => importAbsent(ABSENT)).catch((reason: unknown) => reason)
    expect(StoresError.isInstance(error) && error.kind).toBe('driver_missing')
    expect((error as Error).message).toBe(`CHATBOT_X is set, but the "${ABSENT}" package is not installed: npm install ${ABSENT}`)
    expect(error).toMatchObject({ details: { driver: ABSENT }, cause: expect.objectContaining({ code: 'ERR_MODULE_NOT_FOUND' }) })
  })

  it('rethrows any other failure as it is, another missing package included', async () => {
    await expect(importDriver('pg', 'CHATBOT_X is set', () => importAbsent(ABSENT))).rejects.toThrow(ABSENT)
    await expect(importDriver('pg', 'CHATBOT_X is set', () => importAbsent(ABSENT))).rejects.not.toThrow(/npm install pg/)
    await expect(importDriver('pg', 'CHATBOT_X is set', () => Promise.reject(new Error('boom')))).rejects.toThrow(/^boom$/)
  })

  it('returns the module when it is there', async () => {
    const pg = await importDriver('pg', 'CHATBOT_X is set', () => import('pg'))
    expect(typeof pg.default.Pool).toBe('function')
  })
})
