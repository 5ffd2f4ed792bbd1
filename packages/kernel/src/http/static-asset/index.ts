export { CONTENT_CODINGS, pickContentCoding, type ContentCoding } from './content-coding.js'
export { createStaticAsset, type EncodedFiles, type StaticAsset, type StaticAssetOptions } from './static-asset.js'
export { readEncodedFile } from './read-encoded-file.js'
