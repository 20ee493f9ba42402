import type {ChannelInfo} from './resolve-names.js'

/**
 * The channels of an export by the name of their folder: a channel's folder
 * is its name, a DM's its id. An id wins over a name, and the first channel of
 * a name over later ones.
 */
export function channelsByFolder(channels: ReadonlyMap<string, ChannelInfo>): ReadonlyMap<string, ChannelInfo> {
  const byFolder = new Map<string, ChannelInfo>()
  for (const channel of channels.values()) byFolder.set(channel.id, channel)
  for (const channel of channels.values()) {
    if (channel.name && !byFolder.has(channel.name)) byFolder.set(channel.name, channel)
  }
  return byFolder
}
