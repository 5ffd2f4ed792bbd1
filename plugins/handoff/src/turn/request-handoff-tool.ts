import type { ChatbotTool } from '@chatbot-kit/plugin-tools'
import type { HandoffService } from '../state/handoff-service.js'

/**
 * The built-in tool `request_handoff`, offered only on channels with handoff enabled: the model
 * asks for a person when the user wants one or it cannot help. The turn goes on (the model tells
 * the user); the stream says `handoff { state: "waiting" }` and the next message waits for a person.
 */
export function requestHandoffTool(service: HandoffService): ChatbotTool {
  return {
    name: 'request_handoff',
    description: 'Ask a person (a member of staff) to take over this conversation. Use it when the user asks to talk to a person, or when you cannot help and a person could.',
    parameters: { type: 'object', properties: { reason: { type: 'string', description: 'Why a person is needed, in a few words.' } }, additionalProperties: false },
    offered: (turn) => turn.settings.handoff?.enabled === true,
    async handler(_args, { turn }) {
      const row = await service.request(turn.conversation, 'model')
      turn.send({ type: 'handoff', state: row.state, ...(row.agent && { agent: row.agent }) })
      return row.state === 'human'
        ? 'A person already holds this conversation and will answer.'
        : 'A person has been asked to take over. Tell the user, in one short sentence, that a person will answer here soon.'
    },
  }
}
