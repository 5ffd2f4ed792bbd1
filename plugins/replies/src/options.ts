import { count, defineOptions } from '@chatbot-kit/kernel'

const DAY = 86_400

/** The replies plugin's key: how long an ended reply can still be resumed. See docs/durable-replies.md. */
export const repliesOptions = defineOptions({
  'stream.resumeWindow': count(600, 0, DAY, {
    env: 'CHATBOT_STREAM_RESUME_WINDOW',
    doc: 'seconds an ended reply can still be resumed; 0 = only while it streams',
  }),
})

declare module '@chatbot-kit/kernel' {
  interface StreamConfig {
    /**
     * Seconds after a reply ended during which `GET /conversations/{id}/stream` replays it; a
     * reply in progress can always be resumed. `0`: only while it streams. Default `600`.
     * @env CHATBOT_STREAM_RESUME_WINDOW
     */
    resumeWindow?: number
  }
  interface ResolvedStreamConfig {
    resumeWindow: number
  }
}
