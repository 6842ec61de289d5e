/**
 * Emoji are drawn from a colour-emoji font that the server (PDF export) and many desktops do not have: a box shows in
 * their place. Headings never depend on one: the product's own icons are inline SVG, and headings that
 * come from model text drop their emoji (decoration there; the words stay). Symbols of ordinary fonts (© ® ™ ✓ →)
 * are kept; a keycap digit ("1️⃣") keeps its digit.
 */
const KEYCAP = /([0-9#*])\uFE0F?\u20E3/gu
const EMOJI = /\p{Emoji_Presentation}(?:\p{Emoji_Modifier}|\uFE0F)*(?:\u200D\p{Extended_Pictographic}\uFE0F?(?:\p{Emoji_Modifier})*)*|\p{Extended_Pictographic}\uFE0F(?:\u200D\p{Extended_Pictographic}\uFE0F?)*/gu

export function withoutEmoji(text: string): string {
  return text
    .replace(KEYCAP, '$1')
    .replace(EMOJI, '')
    .replace(/[\uFE0F\u200D]/g, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+/, '')
}
