/** The sources a channel searches: its `knowledge` list (only configured names), or every source without one. */
export function channelSources(configured: readonly string[], channelList: readonly string[] | undefined): string[] {
  return channelList === undefined ? [...configured] : channelList.filter((name) => configured.includes(name))
}
