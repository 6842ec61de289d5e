import { isStrictCompatible, validateJson } from './json-schema'
import { FRAMEWORK_SCHEMA, frameworkPrompt, parseFrameworkPrompt } from './prompts'
import { Semaphore } from './semaphore'
import { codePointToUtf16Index, extractJson, sentenceAround, urlsInText, utf8ByteIndexer } from './text'

describe('text offsets', () => {
  it('maps UTF-8 byte offsets to string indices', () => {
    const text = 'a°b–c😀d'
    const toIndex = utf8ByteIndexer(text)
    for (let i = 0; i <= text.length; i++) {
      if (i > 0 && /[\uDC00-\uDFFF]/.test(text[i])) continue // inside a surrogate pair
      expect(toIndex(Buffer.byteLength(text.slice(0, i)))).toBe(i)
    }
  })

  it('maps code point offsets to string indices', () => {
    expect(codePointToUtf16Index('ab😀cd', 3)).toBe(4)
    expect(codePointToUtf16Index('plain', 3)).toBe(3)
  })

  it('finds snippets, URLs and JSON in model text', () => {
    const text = 'Intro line.\n1. **Nike** – Nike is great for 5.5 km runs.[2] More.'
    const at = text.indexOf('[2]')
    expect(sentenceAround(text, at, at + 3)).toBe('Nike – Nike is great for 5.5 km runs.')
    expect(urlsInText('See [TechRadar](https://www.techradar.com/best) and https://x.com/a.')).toEqual([{ url: 'https://www.techradar.com/best', title: 'TechRadar' }, { url: 'https://x.com/a' }])
    expect(extractJson('```json\n{"a":1}\n```')).toEqual({ ok: true, value: { a: 1 } })
    expect(extractJson('<think>hm</think>Here: {"a":[1]} done')).toEqual({ ok: true, value: { a: [1] } })
    expect(extractJson('{"a":').ok).toBe(false)
  })
})

describe('json schema', () => {
  it('validates types, required, enums, items and refs', () => {
    const schema = { type: 'object', $defs: { n: { type: 'integer' } }, required: ['a', 'b'], properties: { a: { type: 'string', enum: ['x', 'y'] }, b: { type: 'array', items: { $ref: '#/$defs/n' } } } }
    expect(validateJson(schema, { a: 'x', b: [1, 2] })).toEqual([])
    expect(validateJson(schema, { a: 'z', b: [1, 'two'] })).toEqual(['$.a: not one of ["x","y"]', '$.b[1]: expected integer, got string'])
    expect(validateJson(schema, { a: 'x' })).toEqual(['$.b: required'])
    expect(validateJson({ type: 'OBJECT', properties: { s: { type: 'STRING' } } }, { s: 1 })).toHaveLength(1)
  })

  it('knows which schemas OpenAI strict mode accepts', () => {
    expect(isStrictCompatible(FRAMEWORK_SCHEMA)).toBe(true)
    expect(isStrictCompatible({ type: 'object', properties: { a: { type: 'string' } }, required: [] })).toBe(false)
  })
})

describe('framework prompt', () => {
  it('round-trips its labelled inputs', () => {
    const input = { brand: 'Costa\nCoffee', market: 'Coffee shops', region: 'United Kingdom', language: 'en-GB', marketType: 'B2C' as const, maxCompetitors: 19, maxQueries: 40 }
    const p = frameworkPrompt(input)
    expect(p.schemaName).toBe('analysis_framework')
    expect(p.prompt).toContain('Write exactly 40 distinct questions')
    expect(parseFrameworkPrompt(p.prompt)).toEqual({ ...input, brand: 'Costa Coffee' })
    expect(parseFrameworkPrompt(frameworkPrompt({ ...input, region: '' }).prompt)?.region).toBeUndefined()
    expect(parseFrameworkPrompt('best coffee in London')).toBeUndefined()
  })

})

describe('semaphore', () => {
  it('never runs more than its limit and hands slots over in order', async () => {
    const sem = new Semaphore(2)
    let running = 0
    let peak = 0
    const order: number[] = []
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        sem.run(async () => {
          running++
          peak = Math.max(peak, running)
          order.push(i)
          await new Promise((r) => setTimeout(r, 5))
          running--
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(order).toEqual([0, 1, 2, 3, 4, 5])
    expect(sem.inFlight).toBe(0)
  })

  it('lets a waiter give up through its signal', async () => {
    const sem = new Semaphore(1)
    const release = await sem.acquire()
    const controller = new AbortController()
    const waiting = sem.acquire(controller.signal)
    controller.abort(new Error('stop'))
    await expect(waiting).rejects.toThrow('stop')
    expect(sem.waiting).toBe(0)
    release()
    expect(sem.inFlight).toBe(0)
  })
})

describe('gemini responseSchema for 2.0 models', () => {
  it('converts a JSON schema to the OpenAPI subset', async () => {
    const { toGeminiSchema } = await import('./providers')
    const out = toGeminiSchema({
      type: 'object',
      additionalProperties: false,
      $defs: { c: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } },
      required: ['list', 'note'],
      properties: { list: { type: 'array', items: { $ref: '#/$defs/c' } }, note: { type: ['string', 'null'], enum: ['a', 'b'] } },
    })
    expect(out).toEqual({
      type: 'OBJECT',
      required: ['list', 'note'],
      properties: {
        list: { type: 'ARRAY', items: { type: 'OBJECT', required: ['name'], properties: { name: { type: 'STRING' } }, propertyOrdering: ['name'] } },
        note: { type: 'STRING', nullable: true, enum: ['a', 'b'] },
      },
      propertyOrdering: ['list', 'note'],
    })
  })
})
