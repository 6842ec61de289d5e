import { isShellAsset, serviceWorkerSource, shellAssets } from './service-worker'

const manifest = `window.__remixManifest={"entry":{"module":"/build/entry.client-A.js","imports":["/build/_shared/chunk-1.js"]},"routes":{"root":{"id":"root","module":"/build/root-B.js","imports":["/build/_shared/chunk-1.js","/build/_shared/chunk-2.js"]},"routes/admin":{"module":"/build/routes/admin-C.js"}},"url":"/build/manifest-X.js","version":"X"};`

describe('service worker', () => {
  it('precaches the entry and root modules with their imports, once each', () => {
    expect(shellAssets(manifest)).toEqual(['/build/entry.client-A.js', '/build/_shared/chunk-1.js', '/build/root-B.js', '/build/_shared/chunk-2.js'])
    expect(shellAssets('garbage')).toEqual([])
  })
  it('answers only /build/ assets, never the API or pages', () => {
    expect(isShellAsset('/build/root-B.js')).toBe(true)
    expect(isShellAsset('/api/projects')).toBe(false)
    expect(isShellAsset('/projects')).toBe(false)
    expect(isShellAsset('/')).toBe(false)
    expect(isShellAsset('/build/../api/projects')).toBe(false)
  })
  it('names the build in its cache, so a new build replaces the old cache', () => {
    const a = serviceWorkerSource('AAA', ['/build/x.js'])
    const b = serviceWorkerSource('BBB', ['/build/x.js'])
    expect(a).toContain("const CACHE = 'shell-AAA'")
    expect(a).not.toEqual(b)
    expect(a).toContain('["/build/x.js"]')
    // The generated script parses.
    expect(() => new Function(a)).not.toThrow()
  })
})
