import { definePlugin, type ChatbotPlugin, type PluginApi } from '@chatbot-kit/kernel'
import { addAttachments } from './history/add-attachments.js'
import { attachmentsOptions } from './options.js'
import { downloadRoute } from './routes/download-route.js'
import { dropRefusedUpload, uploadRoute } from './routes/upload-route.js'
import { createFileStore } from './storage/file-store.js'
import { attachmentMigrations } from './storage/migrations/index.js'
import { settingsOf } from './settings.js'
import { ATTACHMENT_TABLES } from './storage/tables.js'
import { createSweep, startSweepTimer } from './sweep.js'
import { attachToPrompt } from './turn/attach-to-prompt.js'
import { claimForTurn, releaseOnRefusal } from './turn/claim-attachments.js'
import { moduleRoute } from './widget/module-route.js'
import { markAttachmentsWidget } from './widget/widget-flag.js'

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** Attachments plugin: removes the files of deleted conversations and of stale unused uploads now; resolves to how many went. */
    sweepAttachments(): Promise<number>
  }
}

/**
 * Files in a conversation (contract §11.4, docs/attachments.md): `POST /attachments` stores an
 * upload checked by its bytes, `GET /attachments/:id` serves it back to its owner, a message's
 * `attachments: [id]` carries them to the model (images as image parts, text as text), and
 * history lists them; the widget loads its attach UI, `attachments.js`, on those channels. `pre`,
 * so its `turn:prompt` counts the files before the quota reserves.
 */
export function attachmentsPlugin(): ChatbotPlugin {
  return definePlugin({
    name: 'attachments',
    enforce: 'pre',
    options: attachmentsOptions,
    tables: ATTACHMENT_TABLES,
    migrations: attachmentMigrations,
    admin: () => import('./admin/contribution.js').then((module) => module.attachmentsAdmin),
    setup(api: PluginApi) {
      const files = createFileStore(api.config)
      api.route(uploadRoute(api, files))
      api.route(downloadRoute(api, files))
      api.route(moduleRoute())
      api.hooks.hook('widget:render', markAttachmentsWidget(api))
      api.hooks.hook('turn:start', claimForTurn(api))
      api.hooks.hook('turn:prompt', attachToPrompt(api, files))
      api.hooks.hook('request:refused', releaseOnRefusal(api))
      api.hooks.hook('request:refused', dropRefusedUpload)
      api.hooks.hook('conversation:history', addAttachments(api))
      const sweep = createSweep(api, files)
      api.provide('sweepAttachments', () => sweep())
      // Only where files can arrive; `chatbot.sweepAttachments()` works everywhere.
      if (Object.keys(api.config.channels).some((channel) => settingsOf(api, channel).enabled)) startSweepTimer(api, sweep)
      // After the sweep's own `close` (hooks run in order): it may still be removing files.
      api.hooks.hook('close', () => files.dispose())
    },
  })
}
