/** A picture's size as its header says, read without decoding it. */
export interface ImageSize {
  width: number
  height: number
}

/**
 * Width and height from the header of a PNG, GIF, JPEG or WebP; `undefined` when the header
 * holds none (a cut or forged file). Nothing is decoded, so a decompression bomb costs nothing here.
 */
export function imageSize(bytes: Buffer, type: string): ImageSize | undefined {
  try {
    switch (type) {
      case 'image/png':
        return bytes.toString('latin1', 12, 16) === 'IHDR' ? { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) } : undefined
      case 'image/gif':
        return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) }
      case 'image/jpeg':
        return jpegSize(bytes)
      case 'image/webp':
        return webpSize(bytes)
      default:
        return undefined
    }
  } catch {
    // A header shorter than it claims to be.
    return undefined
  }
}

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) gives the frame's size. */
function jpegSize(bytes: Buffer): ImageSize | undefined {
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined
    const marker = bytes[offset + 1]!
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) }
    }
    offset += 2 + bytes.readUInt16BE(offset + 2)
  }
  return undefined
}

function webpSize(bytes: Buffer): ImageSize | undefined {
  const chunk = bytes.toString('latin1', 12, 16)
  if (chunk === 'VP8X') return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) }
  if (chunk === 'VP8 ') return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) }
  }
  return undefined
}
