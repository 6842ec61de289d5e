import { reportCalendar, reportScheduleChangeSchema } from './schedule'

describe('the report e-mail schedule form', () => {
  it('takes recipients as a list or as text, lower-cased and without repeats', () => {
    const r = reportScheduleChangeSchema.parse({ action: 'save', frequency: 'weekly', delivery: 'attachment', recipients: 'A@x.test, b@x.test\na@x.test' })
    expect(r).toEqual({ action: 'save', frequency: 'weekly', delivery: 'attachment', recipients: ['a@x.test', 'b@x.test'] })
  })

  it('names what is wrong', () => {
    const bad = (v: unknown) => reportScheduleChangeSchema.safeParse(v).error?.issues[0].message
    expect(bad({ action: 'save', frequency: 'daily', delivery: 'link', recipients: ['a@x.test'] })).toBe('frequency must be weekly or monthly')
    expect(bad({ action: 'save', frequency: 'weekly', delivery: 'link', recipients: ['nope'] })).toBe("'nope' is not an e-mail address")
    expect(bad({ action: 'save', frequency: 'weekly', delivery: 'link', recipients: '' })).toBe('Add at least one recipient')
  })

  it('weekly runs on Mondays and monthly on the 1st, at 07:00 UTC', () => {
    expect(reportCalendar('weekly')).toMatchObject({ dayOfWeek: 'MONDAY', hour: 7 })
    expect(reportCalendar('monthly')).toMatchObject({ dayOfMonth: 1, hour: 7 })
  })
})
