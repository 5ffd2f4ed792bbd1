import { channelLevel, copyOf } from './declarations.js'
import { getPath, setPath } from './paths.js'
import { declarationsOfConfig } from './resolve.js'
import type { ChannelConfig } from './types.js'
import type { ChannelSettings, ResolvedConfig } from './resolved.js'

/** A channel's effective settings: runtime scope > channel block > top-level value > default. */
export function resolveChannelSettings(config: ResolvedConfig, name: string, runtime: ChannelConfig = {}): ChannelSettings {
  const block = { ...config.channels[name], ...runtime }
  const settings: Record<string, unknown> = { name }
  for (const [path, spec] of channelLevel(declarationsOfConfig(config))) {
    let value = getPath(block, path)
    if (value === undefined && spec.channel === true) value = getPath(config, path)
    if (value === undefined && spec.channel === 'only') value = copyOf(spec.default)
    setPath(settings, path, value)
  }
  return settings as unknown as ChannelSettings
}
