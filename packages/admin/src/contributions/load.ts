import type { Chatbot } from '@chatbot-kit/kernel'
import type { AdminContribution } from './contribution.js'

/** A plugin's contribution, with the plugin's name (for a clash's message). */
export interface NamedContribution {
  plugin: string
  contribution: AdminContribution
}

/** Every plugin's admin contribution, in plugin order (plugins without one left out). */
export function loadContributions(chatbot: Chatbot): Promise<NamedContribution[]> {
  return Promise.all(chatbot.config.plugins.flatMap((plugin) => (plugin.admin ? [plugin.admin().then((contribution) => ({ plugin: plugin.name, contribution }))] : [])))
}
