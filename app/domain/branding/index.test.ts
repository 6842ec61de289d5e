import { brandingSchema, checkLogo, logoInfo, mergeBranding, type Branding } from './index'

/** A PNG header: signature, IHDR length and type, width and height (big-endian). */
function png(width: number, height: number, extra = 0): Uint8Array {
  const b = new Uint8Array(33 + extra)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(b.buffer).setUint32(16, width)
  new DataView(b.buffer).setUint32(20, height)
  return b
}
/** A JPEG: SOI, an APP0 segment of 16 bytes, then SOF0 with height 50 and width 120. */
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...new Array(14).fill(0), 0xff, 0xc0, 0, 17, 8, 0, 50, 0, 120, 3, 0, 0, 0, 0, 0, 0])

describe('report branding', () => {
  it('reads the type and pixel size from the image header', () => {
    expect(logoInfo(png(300, 80))).toEqual({ type: 'image/png', width: 300, height: 80 })
    expect(logoInfo(jpeg)).toEqual({ type: 'image/jpeg', width: 120, height: 50 })
    expect(logoInfo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull()
  })

  it('refuses other types, files over 512 KiB and sizes outside 16–2000 pixels', () => {
    expect(checkLogo(png(300, 80))).toMatchObject({ ok: true })
    expect(checkLogo(new TextEncoder().encode('<svg/>'))).toEqual({ ok: false, message: 'The logo must be a PNG, JPEG or WebP image' })
    expect(checkLogo(png(300, 80, 512 * 1024))).toEqual({ ok: false, message: 'The logo must be at most 512 KiB' })
    expect(checkLogo(png(2001, 80))).toEqual({ ok: false, message: 'The logo must be between 16×16 and 2000×2000 pixels' })
    expect(checkLogo(png(15, 80)).ok).toBe(false)
  })

  it('validates the form: colours as #rrggbb, empty fields as unset', () => {
    expect(brandingSchema.parse({ companyName: ' Agency ', primaryColour: '#1A2B3C', accentColour: '', hideProductName: 'on' }))
      .toEqual({ companyName: 'Agency', primaryColour: '#1a2b3c', accentColour: null, footerText: null, hideProductName: true, removeLogo: false })
    expect(brandingSchema.safeParse({ primaryColour: 'red' }).error?.issues[0].message).toBe('primaryColour must be a colour like #1a2b3c')
  })

  it("a project's branding overrides its owner's account branding field by field", () => {
    const account: Branding = { companyName: 'Agency', primaryColour: '#111111', accentColour: '#222222', footerText: 'Confidential', hideProductName: true, logo: null }
    const project: Branding = { companyName: 'Client Ltd', primaryColour: null, accentColour: null, footerText: null, hideProductName: false, logo: null }
    expect(mergeBranding(account, project)).toEqual({ ...account, companyName: 'Client Ltd' })
    expect(mergeBranding(null, null)).toBeNull()
  })
})
