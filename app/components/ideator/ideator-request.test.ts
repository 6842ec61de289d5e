import { describe, expect, it } from 'vitest'
import { ideatorSetupBody, toggled } from './ideator-request'

const project = {
  projectId: 7,
  brand: 'Acme Payroll',
  brandDomain: 'acme-payroll.example',
  audiences: [
    { id: 'a1', name: 'Finance Manager', description: 'Runs payroll' },
    { id: 'a2', name: 'Small Business Owner', description: 'Does it all' },
  ],
}

describe('ideatorSetupBody', () => {
  it('sends no audience for "none"', () => {
    expect(ideatorSetupBody(project, { brief: 'Short and friendly', audienceId: 'none', contentType: 'blog-post', language: 'en' })).toEqual({
      projectId: 7,
      userBrief: 'Short and friendly',
      brandName: 'Acme Payroll',
      brandDomain: 'acme-payroll.example',
      audienceId: null,
      audience: null,
      contentType: 'blog-post',
      language: 'en',
    })
  })

  it('sends the chosen audience by id and by name', () => {
    const body = ideatorSetupBody(project, { brief: '', audienceId: 'a2', contentType: 'faq', language: 'de' })
    expect([body.audienceId, body.audience, body.contentType, body.language]).toEqual(['a2', 'Small Business Owner', 'faq', 'de'])
  })

  it('keeps the id but sends no name for an audience the project no longer has', () => {
    const body = ideatorSetupBody(project, { brief: '', audienceId: 'gone', contentType: 'faq', language: 'en' })
    expect([body.audienceId, body.audience]).toEqual(['gone', null])
  })
})

describe('toggled', () => {
  it('adds a missing id and removes a present one, leaving the given set as it was', () => {
    const start = new Set(['x'])
    expect([...toggled(start, 'y')]).toEqual(['x', 'y'])
    expect([...toggled(start, 'x')]).toEqual([])
    expect([...start]).toEqual(['x'])
  })
})
