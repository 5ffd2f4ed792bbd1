import type { ImageSize } from '../upload/image-size.js'

/**
 * Input tokens of an image, by OpenAI's published rule for `detail: "high"` (the default for
 * large images): scaled to fit 2048×2048, then its shorter side to 768; 170 tokens per 512-pixel
 * tile plus 85. Other providers count differently; this is the budget's estimate, not a bill.
 */
export function imageTokens({ width, height }: ImageSize): number {
  let w = width
  let h = height
  const fit = Math.min(1, 2048 / Math.max(w, h))
  w *= fit
  h *= fit
  const shorter = Math.min(1, 768 / Math.min(w, h))
  w *= shorter
  h *= shorter
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512)
}
