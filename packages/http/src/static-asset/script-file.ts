import { readEncodedFile } from './read-encoded-file.js'
import { createStaticAsset, type StaticAsset } from './static-asset.js'

/** What a script the widget loads answers with: revalidated every five minutes by its ETag. */
const SCRIPT = { type: 'application/javascript; charset=utf-8', cacheControl: 'public, max-age=300, must-revalidate' }

/**
 * A built script (`widget.js`, the widget's `handoff.js` and `attachments.js`) with its precompressed copies, read on
 * the first request and kept; a failed read (not built yet) is tried again on the next. `file`
 * gives the path or throws what the request answers; `onStale` hears of copies that are not of it.
 */
export function createScriptFile(file: () => string, onStale: (copy: string, file: string) => void = () => {}): { respond(request: { headers: Headers }): Promise<Response> } {
  let asset: Promise<StaticAsset> | undefined
  const load = async () => {
    const path = file()
    const { files, stale } = await readEncodedFile(path)
    for (const copy of stale) onStale(copy, path)
    return createStaticAsset(files, SCRIPT)
  }
  return {
    async respond(request) {
      asset ??= load().catch((error: unknown) => {
        asset = undefined
        throw error
      })
      return (await asset).respond(request)
    },
  }
}
