import picomatch from 'picomatch'

/** True for a path `include` matches (every path without it) and `exclude` does not. */
export function createPathFilter(include: string[] | undefined, exclude: string[] | undefined): (path: string) => boolean {
  // `dot`: a folder such as `.vitepress` is the host's to exclude, not ours to hide.
  const included = include?.length ? picomatch(include, { dot: true }) : () => true
  const excluded = exclude?.length ? picomatch(exclude, { dot: true }) : () => false
  return (path) => included(path) && !excluded(path)
}
