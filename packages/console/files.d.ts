/**
 * The admin console's built files by path (`index.html`, `assets/<name>-<hash>.js`, …), as text.
 * The admin plugin serves them at `<base>/admin`; see docs/admin.md.
 */
declare const files: { readonly [path: string]: string }
export default files
