// Vite's `?inline` import: the file's processed (and, in the build, minified) text as a string.
declare module '*.css?inline' {
  const css: string
  export default css
}
