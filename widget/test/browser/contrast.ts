/**
 * A computed CSS colour's sRGB channels (0–1) and alpha: `rgb(…)`/`rgba(…)` or `color(srgb … / a)`,
 * as browsers serialise them.
 */
export function parseColor(color: string): { channels: number[]; alpha: number } {
  const srgb = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(color)
  if (srgb) return { channels: srgb.slice(1, 4).map(Number), alpha: Number(srgb[4] ?? 1) }
  const rgb = /^rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)$/.exec(color)
  if (rgb) return { channels: rgb.slice(1, 4).map((channel) => Number(channel) / 255), alpha: Number(rgb[4] ?? 1) }
  throw new Error(`cannot read the colour ${color}`)
}

/** WCAG 2 relative luminance of sRGB channels. */
const luminance = (channels: number[]) => {
  const [r, g, b] = channels.map((channel) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}

/**
 * WCAG 2 contrast ratio (1 to 21) of a foreground drawn with its alpha, times `opacity`, over an
 * opaque background (Chromium greys placeholders, Firefox fades them with an alpha).
 */
export function contrastRatio(foreground: string, background: string, opacity = 1): number {
  const back = parseColor(background).channels
  const front = parseColor(foreground)
  const weight = front.alpha * opacity
  const drawn = front.channels.map((channel, index) => channel * weight + back[index]! * (1 - weight))
  const [light, dark] = [luminance(drawn), luminance(back)].sort((a, b) => b - a)
  return (light! + 0.05) / (dark! + 0.05)
}
