import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { errorMessage, hasControlCharacters, id, idFrom, issueMessage, jsonObject, MAX_ID, text } from './validation'

describe('ids', () => {
  it.each([
    [1, 1],
    ['42', 42],
    [MAX_ID, MAX_ID],
    [String(MAX_ID), MAX_ID],
  ])('accepts %j', (v, expected) => {
    expect(idFrom(v)).toBe(expected)
    expect(id('analysisId').parse(v)).toBe(expected)
  })

  it.each([0, -1, 1.5, MAX_ID + 1, 2 ** 53 + 2, 1e308, Infinity, NaN, '1.5', '2147483648', 'Infinity', '1e3', '', ' 1', '0x10', '-3', '9007199254740993', true, null, [], {}, [1]])(
    'refuses %j with a message naming the field',
    (v) => {
      expect(idFrom(v)).toBeNull()
      const r = z.object({ analysisId: id('analysisId') }).safeParse({ analysisId: v })
      expect(r.success).toBe(false)
      expect(r.error?.issues[0].message).toBe(`analysisId must be a positive whole number (at most ${MAX_ID})`)
    },
  )

  it('says when an id is missing', () => {
    const r = z.object({ analysisId: id('analysisId') }).safeParse({})
    expect(r.error?.issues[0].message).toBe('analysisId is required')
  })
})

describe('text', () => {
  const name = text('Project name', 10, { required: 'Project name is required', collapse: true })
  it('trims, collapses whitespace and counts length after trimming', () => {
    expect(name.parse('  a \n  b  ')).toBe('a b')
    expect(name.parse(`   ${'x'.repeat(10)}   `)).toBe('x'.repeat(10))
  })
  it('refuses NUL and other control characters, too long and blank values', () => {
    expect(name.safeParse('a\u0000b').error?.issues[0].message).toBe('Project name must not contain control characters')
    expect(name.safeParse('a\u001bb').success).toBe(false)
    expect(name.safeParse('a\u0085b').success).toBe(false)
    expect(name.safeParse('x'.repeat(11)).error?.issues[0].message).toBe('Project name must be at most 10 characters')
    expect(name.safeParse('   ').error?.issues[0].message).toBe('Project name is required')
    expect(name.safeParse(undefined).error?.issues[0].message).toBe('Project name is required')
    expect(name.safeParse(42).error?.issues[0].message).toBe('Project name is required')
  })
  it('keeps line breaks and tabs in descriptions', () => {
    expect(text('Description', 100).parse(' line 1\n\tline 2 ')).toBe('line 1\n\tline 2')
    expect(hasControlCharacters('tab\there\nnewline\r')).toBe(false)
  })
})

describe('jsonObject', () => {
  const audience = jsonObject('Audience')
  it('accepts plain nested data', () => {
    expect(audience.safeParse({ name: 'Runners', painPoints: ['cost', 'fit'], data: { a: 1, b: true, c: null } }).success).toBe(true)
  })
  it.each([
    [{ name: 'a\u0000b' }, 'Audience contains text with control characters'],
    [{ 'a\u0000': 1 }, 'Audience contains a bad field name'],
    [{ x: 'y'.repeat(2001) }, 'Audience contains text longer than 2000 characters'],
    [{ a: { b: { c: { d: { e: { f: { g: 1 } } } } } } }, 'Audience contains nested more than 6 levels'],
    [{ list: Array.from({ length: 201 }, () => 1) }, 'Audience contains a list of more than 200 items'],
  ])('refuses %j', (value, message) => {
    expect(audience.safeParse(value).error?.issues[0].message).toBe(message)
  })
  it('refuses arrays and scalars', () => {
    expect(audience.safeParse([1]).success).toBe(false)
    expect(audience.safeParse('x').success).toBe(false)
  })
})

describe('issueMessage', () => {
  const schema = z.object({ project: z.object({ name: z.string() }), count: z.number({ error: 'count must be a number' }) })
  const messages = (input: unknown) => schema.safeParse(input).error!.issues.map(issueMessage)

  it("names the field in zod's built-in type messages", () => {
    expect(messages({ project: {}, count: 1 })).toEqual(['project.name is required'])
    expect(messages({ project: { name: 7 }, count: 1 })).toEqual(['project.name: expected string, received number'])
  })

  it('keeps our own messages as they are', () => {
    expect(messages({ project: { name: 'x' }, count: 'many' })).toEqual(['count must be a number'])
    expect(issueMessage({ code: 'invalid_type', path: [], message: 'Invalid input: expected object, received string' })).toBe('Invalid input: expected object, received string')
  })
})

describe('enumeration errors name the field, the value given and the accepted values', () => {
  const schema = z.object({
    contentType: z.enum(['blog-post', 'article', 'faq'], { error: 'Unsupported content type' }),
    filters: z.object({ set: z.enum(['enhanced', 'basic', 'all']).optional() }).optional(),
    kind: z.literal('report').optional(),
  })
  const message = (input: unknown) => errorMessage(schema.safeParse(input).error!, 'Invalid', input)

  it('whatever message the schema set, from the input given', () => {
    expect(message({ contentType: 'blog' })).toBe("contentType 'blog' is not one of: blog-post, article, faq")
    expect(message({ contentType: 'faq', filters: { set: 'best' } })).toBe("filters.set 'best' is not one of: enhanced, basic, all")
    expect(message({ contentType: 'faq', kind: 'pdf' })).toBe("kind 'pdf' is not one of: report")
  })

  it('a missing value says it is required and lists the values; a non-text value is shown as JSON', () => {
    expect(message({})).toBe('contentType is required: one of blog-post, article, faq')
    expect(message({ contentType: 7 })).toBe("contentType 7 is not one of: blog-post, article, faq")
  })

  it('reads the value from the issue when zod reports it (reportInput)', () => {
    const issue = schema.safeParse({ contentType: 'blog' }, { reportInput: true }).error!.issues[0]
    expect(issueMessage(issue)).toBe("contentType 'blog' is not one of: blog-post, article, faq")
  })

  it('cuts a long value given', () => {
    expect(message({ contentType: 'x'.repeat(200) })).toBe(`contentType '${'x'.repeat(40)}…' is not one of: blog-post, article, faq`)
  })
})
