import { ChatbotAttachmentException } from '../errors.js'
import { imageSize, type ImageSize } from './image-size.js'
import { isAllowedType, sniffType } from './sniff.js'
import type { Upload } from './parse-upload.js'

/** The most pixels an image may claim (about 8K × 5K), and the longest side. */
export const MAX_IMAGE_PIXELS = 40_000_000
export const MAX_IMAGE_SIDE = 16_384

/** What a checked file is: its sniffed type and, for an image, its size from the header. */
export interface CheckedFile {
  type: string
  image: ImageSize | undefined
}

/**
 * The rules a file passes before it is stored: its sniffed type allowed on the channel (415),
 * and an image's header sane: dimensions present (415) and within the caps (413), so a small
 * file that would decode to gigabytes is refused unread.
 */
export async function checkUpload(upload: Upload): Promise<CheckedFile> {
  if (upload.bytes.length === 0) throw new ChatbotAttachmentException('invalid_attachment_upload', 'Invalid upload: the file is empty.', { file: 'must not be empty' })
  const type = await sniffType(upload.bytes, upload.declaredType, upload.name)
  if (!isAllowedType(type, upload.settings.types)) throw new ChatbotAttachmentException('attachment_type_not_allowed', `Files of type ${type} are not accepted here.`)
  if (!type.startsWith('image/')) return { type, image: undefined }
  const image = imageSize(upload.bytes, type)
  if (!image || image.width === 0 || image.height === 0) throw new ChatbotAttachmentException('attachment_type_not_allowed', 'The image header gives no size.')
  if (image.width > MAX_IMAGE_SIDE || image.height > MAX_IMAGE_SIDE || image.width * image.height > MAX_IMAGE_PIXELS) {
    throw new ChatbotAttachmentException('attachment_too_large', `The image is ${image.width}×${image.height} pixels; at most ${MAX_IMAGE_SIDE} a side and ${MAX_IMAGE_PIXELS} in all.`)
  }
  return { type, image }
}
