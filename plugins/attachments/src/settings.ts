import type { PluginApi } from '@chatbot-kit/kernel'
import { attachmentSettings, type AttachmentSettings } from './options.js'

/** A channel's attachments with the defaults filled in; off when the channel has no `attachments` key. */
export const settingsOf = (api: PluginApi, channel: string): AttachmentSettings => attachmentSettings(api.settings(channel).attachments)
