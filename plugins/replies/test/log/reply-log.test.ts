import { afterAll, describe } from 'vitest'
import { createReplyLog } from '../../src/log/create-reply-log.js'
import { appendNextContract } from './append-next.contract.js'
import { replyLogContract } from './reply-log.contract.js'
import { redisUrl, removeKeys, testPrefix } from './setup.js'

const prefix = testPrefix('contract')

describe('ReplyLog contract: memory', () => {
  replyLogContract((options) => createReplyLog('memory:', options))
  appendNextContract(async (options) => {
    const log = await createReplyLog('memory:', options)
    return [log, log]
  })
})

describe.skipIf(!redisUrl)(redisUrl ? 'ReplyLog contract: redis' : 'ReplyLog contract: redis (skipped: CHATBOT_TEST_REDIS_URL not set)', () => {
  replyLogContract((options) => createReplyLog(redisUrl!, { ...options, prefix }))
  appendNextContract(async (options) => Promise.all([createReplyLog(redisUrl!, { ...options, prefix }), createReplyLog(redisUrl!, { ...options, prefix })]))
  afterAll(() => removeKeys(redisUrl!, prefix))
})
