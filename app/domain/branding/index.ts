/**
 * White-label branding of reports, per account and per project (a project's settings override the
 * account's field by field): logo, two colours, company name, footer text and "hide our name". Pure: the zod
 * schema of the form and the logo check (type by its magic bytes, size and dimensions read from the header).
 *
 * Decisions where the issue is silent:
 * - Logos: PNG, JPEG or WebP (SVG refused: it can carry script and external references), at most 512 KiB, from
 *   16×16 to 2000×2000 pixels; stored in PostgreSQL (bytea) and inlined as a data: URL, so the report fetches nothing.
 * - Colours are #rrggbb; an empty field of a project's branding falls back to the account's, then to ours.
 */
import { z } from 'zod'
import { text } from '../validation'

export const LOGO_MAX_BYTES = 512 * 1024
export const LOGO_MIN_PX = 16
export const LOGO_MAX_PX = 2000
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const
export type LogoType = (typeof LOGO_TYPES)[number]

export const BRANDING_MESSAGES = {
  logoType: 'The logo must be a PNG, JPEG or WebP image',
  logoSize: `The logo must be at most ${LOGO_MAX_BYTES / 1024} KiB`,
  logoDimensions: `The logo must be between ${LOGO_MIN_PX}×${LOGO_MIN_PX} and ${LOGO_MAX_PX}×${LOGO_MAX_PX} pixels`,
  notOwner: 'Only the project owner can change its report branding',
} as const

const colour = (label: string) =>
  z.union([z.literal(''), z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: `${label} must be a colour like #1a2b3c` })]).transform((v) => (v ? v.toLowerCase() : null))

/** A checkbox (absent = off) or a JSON boolean. */
const flag = z.union([z.boolean(), z.enum(['on', 'true', 'false', ''])]).optional().transform((v) => v === true || v === 'on' || v === 'true')

export const brandingSchema = z.object({
  companyName: text('companyName', 200).optional().transform((v) => v || null),
  primaryColour: colour('primaryColour').optional().transform((v) => v ?? null),
  accentColour: colour('accentColour').optional().transform((v) => v ?? null),
  footerText: text('footerText', 300).optional().transform((v) => v || null),
  hideProductName: flag,
  removeLogo: flag,
})
export type BrandingFields = z.output<typeof brandingSchema>

export interface Branding {
  companyName: string | null
  primaryColour: string | null
  accentColour: string | null
  footerText: string | null
  hideProductName: boolean
  logo: { type: LogoType; bytes: Uint8Array } | null
}

export interface LogoInfo {
  type: LogoType
  width: number
  height: number
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1]
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3]
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8)
const u24le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)

/** The image's type and pixel size from its header; null when it is none of the accepted types. */
export function logoInfo(b: Uint8Array): LogoInfo | null {
  if (b.length > 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && String.fromCharCode(...b.subarray(12, 16)) === 'IHDR') {
    return { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) }
  }
  if (b.length > 4 && b[0] === 0xff && b[1] === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker (C0–CF except C4, C8, CC).
    let i = 2
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return null
      const marker = b[i + 1]
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) return { type: 'image/jpeg', height: u16be(b, i + 5), width: u16be(b, i + 7) }
      i += 2 + u16be(b, i + 2)
    }
    return null
  }
  if (b.length > 30 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') {
    const chunk = String.fromCharCode(...b.subarray(12, 16))
    if (chunk === 'VP8X') return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
    if (chunk === 'VP8 ') return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
    if (chunk === 'VP8L') {
      const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
    }
  }
  return null
}

/** The logo's type, or the message saying why it is refused. */
export function checkLogo(bytes: Uint8Array): { ok: true; info: LogoInfo } | { ok: false; message: string } {
  if (bytes.length > LOGO_MAX_BYTES) return { ok: false, message: BRANDING_MESSAGES.logoSize }
  const info = logoInfo(bytes)
  if (!info) return { ok: false, message: BRANDING_MESSAGES.logoType }
  const inRange = (n: number) => n >= LOGO_MIN_PX && n <= LOGO_MAX_PX
  if (!inRange(info.width) || !inRange(info.height)) return { ok: false, message: BRANDING_MESSAGES.logoDimensions }
  return { ok: true, info }
}

/** A project's branding over its owner's account branding, field by field. */
export function mergeBranding(account: Branding | null, project: Branding | null): Branding | null {
  if (!account && !project) return null
  const pick = <K extends keyof Branding>(k: K): Branding[K] => (project?.[k] ?? account?.[k] ?? null) as Branding[K]
  return {
    companyName: pick('companyName'),
    primaryColour: pick('primaryColour'),
    accentColour: pick('accentColour'),
    footerText: pick('footerText'),
    hideProductName: Boolean(project?.hideProductName || account?.hideProductName),
    logo: pick('logo'),
  }
}
