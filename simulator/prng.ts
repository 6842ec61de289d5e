/** Seeded, fast, deterministic randomness: the same key always yields the same sequence. */

/** 32-bit FNV-1a, then a murmur3 finaliser for better avalanche. */
export function hash32(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

/** A uniform number in [0, 1) fixed by its key. */
export function unit(...key: Array<string | number>): number {
  return hash32(key.join('\u0001')) / 4294967296
}

export class Rng {
  private state: number

  constructor(...key: Array<string | number>) {
    this.state = hash32(key.join('\u0001')) || 0x9e3779b9
  }

  /** mulberry32 */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0)
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[out[i], out[j]] = [out[j], out[i]]
    }
    return out
  }

  /** Hex string of `length` characters. */
  hex(length: number): string {
    let s = ''
    while (s.length < length) s += Math.floor(this.next() * 0x100000000).toString(16).padStart(8, '0')
    return s.slice(0, length)
  }

  /** Characters from `alphabet`. */
  chars(length: number, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'): string {
    let s = ''
    for (let i = 0; i < length; i++) s += alphabet[Math.floor(this.next() * alphabet.length)]
    return s
  }
}
