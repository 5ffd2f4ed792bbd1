/**
 * The admin console's built files by path (`index.html`, `assets/<name>-<hash>.js`, …), as text.
 * The admin plugin serves them at `<base>/admin`; see docs/admin.md.
 */
declare const files: { readonly [path: string]: string }
export default files

/** Each asset's bytes as the build precompressed them (gzip level 9, brotli quality 11), in base64, by the same path. */
export declare const encoded: { readonly [path: string]: { readonly gzip: string; readonly br: string } }
