/**
 * Answers the Topics & Audiences prompts (activities/gateway/audience-prompts.ts): personas and topics
 * that fit the market the user typed (roles and company sizes for B2B, life stages for B2C, the market's
 * own needs and qualities), and queries written for each selected persona or topic. Deterministic per
 * seed. Query answers teach the project store the brand, competitors and queries, as the framework does,
 * so the analysis that follows is answered about the right brand.
 */
import type { AudiencePromptInput, PromptGroup, RawQueriesResult } from '../activities/gateway/audience-prompts'
import { buildFramework } from './framework'
import { findMarket, marketPhrase, regionPhrase, type MarketInfo } from './knowledge'
import { countable, fillTemplate, indefinite, inSentence, isPlural, mentionsPlace } from './grammar'
import { phrasebook } from './languages'
import { heading, localAudiences } from './personas'
import { Rng } from './prng'
import type { ProjectStore } from './projects'

interface Role {
  name: string
  /** '... who runs payroll for the whole company' */
  does: string
}

const r = (name: string, does: string): Role => ({ name, does })

const ROLE_FAMILIES: { test: RegExp; roles: Role[] }[] = [
  {
    test: /payroll|\bhr\b|human resources|people management|accounting|bookkeeping|invoic|finance|tax/,
    roles: [
      r('Finance Manager', 'who signs off the monthly payroll and the software budget'),
      r('Payroll Administrator', 'who runs the pay cycle and files with the tax authority'),
      r('HR Manager', 'who keeps employee records, holidays and contracts in order'),
      r('Small Business Owner', 'who does the admin themselves after hours'),
      r('Operations Director', 'who wants fewer manual processes across teams'),
      r('Bookkeeper', 'who looks after the accounts of several small clients'),
      r('Practice Accountant', 'who recommends tools to the businesses they advise'),
      r('Startup Founder', 'who is hiring fast and needs compliant processes from day one'),
      r('People Operations Lead', 'who wants employee self-service and clean data'),
      r('Chief Financial Officer', 'who weighs total cost, risk and reporting'),
    ],
  },
  {
    test: /crm|sales|marketing|email|seo|newsletter|lead/,
    roles: [
      r('Sales Manager', 'who needs a clear pipeline and reliable forecasts'),
      r('Marketing Manager', 'who runs campaigns and reports on return'),
      r('Startup Founder', 'who sells and markets without a big team'),
      r('Revenue Operations Lead', 'who connects sales and marketing data'),
      r('Agency Owner', 'who manages campaigns for several clients'),
      r('Account Executive', 'who lives in the tool every day'),
      r('Customer Success Manager', 'who tracks renewals and account health'),
      r('Small Business Owner', 'who wants more customers without more admin'),
      r('IT Manager', 'who cares about integrations, security and seats'),
      r('Head of Growth', 'who tests channels quickly'),
    ],
  },
  {
    test: /software|platform|saas|tool|cloud|app\b|apps\b|management|wiki|chat|conferenc|help desk|hosting/,
    roles: [
      r('IT Manager', 'who evaluates security, integrations and licence costs'),
      r('Operations Manager', 'who wants teams working from one source of truth'),
      r('Startup Founder', 'who needs something quick to set up and cheap to scale'),
      r('Team Lead', 'who needs the team to adopt the tool without training'),
      r('Procurement Manager', 'who compares contracts, pricing and vendor risk'),
      r('Agency Owner', 'who juggles several client projects at once'),
      r('Head of Department', 'who needs reporting for leadership'),
      r('Chief Technology Officer', 'who thinks about scale and long-term fit'),
      r('Freelance Consultant', 'who pays for tools personally'),
      r('Office Manager', 'who ends up administering the tools for everyone'),
    ],
  },
  {
    test: /running|shoe|trainer|sport|fitness|gym|cycling|footwear/,
    roles: [
      r('Beginner Runner', 'who is training for a first 5K'),
      r('Marathon Trainee', 'who runs high weekly mileage'),
      r('Trail Runner', 'who needs grip and protection off-road'),
      r('Injury-Prone Runner', 'who wants support to stay injury-free'),
      r('Budget-Conscious Runner', 'who wants value without cutting corners'),
      r('Returning Runner', 'who is getting back into running after a break'),
      r('Speed-Focused Racer', 'who chases personal bests'),
      r('Everyday Walker', 'who wants comfort for long days on their feet'),
      r('Running Coach', 'who recommends kit to a club'),
      r('Gym-Goer', 'who mixes running with training classes'),
    ],
  },
]

const B2C_ROLES: Role[] = [
  r('First-Time Buyer', 'who does not know where to start'),
  r('Budget-Conscious Shopper', 'who compares prices before anything else'),
  r('Quality Seeker', 'who will pay more for something that lasts'),
  r('Busy Parent', 'who wants a choice that works for the whole family'),
  r('Eco-Conscious Buyer', 'who checks sustainability claims'),
  r('Enthusiast', 'who follows reviews and new releases closely'),
  r('Upgrader', 'who is replacing something that let them down'),
  r('Deal Hunter', 'who waits for offers and switching bonuses'),
  r('Research-Driven Buyer', 'who reads expert comparisons before deciding'),
  r('Gift Buyer', 'who is choosing for someone else'),
]

const DEMOGRAPHICS = {
  B2C: [
    ['Students (18-24)', 'on a tight budget and comparing options online'],
    ['Young Professionals (25-34)', 'with disposable income and little time'],
    ['Parents with Young Children', 'balancing cost, safety and convenience'],
    ['Gen X Homeowners (45-54)', 'settled, value reliability over novelty'],
    ['Retirees (65+)', 'who want clear advice and good service'],
    ['High-Income Households', 'who expect premium quality and service'],
    ['Urban Renters', 'in small homes in big cities'],
    ['Rural Residents', 'far from shops and with patchy coverage'],
    ['Budget Households', 'watching every pound or dollar'],
    ['Gen Z Digital Natives (16-24)', 'who ask AI assistants and social media first'],
  ],
  B2B: [
    ['Micro Businesses (1-9 staff)', 'where the owner makes every purchase'],
    ['Small Businesses (10-49 staff)', 'outgrowing spreadsheets and manual work'],
    ['Mid-Sized Companies (50-249 staff)', 'with a small team owning the decision'],
    ['Enterprises (250+ staff)', 'with procurement, security reviews and many sites'],
    ['Fast-Growing Startups', 'adding staff every month'],
    ['Charities and Non-Profits', 'looking for discounts and simple tools'],
    ['Public Sector Bodies', 'buying through frameworks and tenders'],
    ['Multi-Site Businesses', 'running several locations'],
    ['Regulated Industries', 'where compliance and audit trails matter most'],
    ['International Teams', 'working across countries and currencies'],
  ],
} as const

const DEFAULT_NEEDS = {
  B2C: ['beginners', 'small budgets', 'families', 'everyday use', 'long-term value', 'first-time buyers', 'sustainability', 'professionals'],
  B2B: ['small businesses', 'startups', 'remote teams', 'a 50-person company', 'enterprise teams', 'agencies', 'regulated industries', 'multi-site operations'],
}
const DEFAULT_ATTRS = {
  B2C: ['quality', 'price', 'customer service', 'reliability', 'range', 'delivery', 'reviews', 'warranty'],
  B2B: ['pricing', 'integrations', 'ease of use', 'customer support', 'security', 'scalability', 'reporting', 'onboarding'],
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const noArticle = (s: string) => s.replace(/^(a|an|the)\s+/i, '')
const plural = (s: string) => (/[sx]$/.test(s) ? `${s}es` : /y$/.test(s) && !/[aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`)
const fit30 = (s: string) => (s.length <= 30 ? s : s.slice(0, 30).replace(/\s+\S*$/, ''))

interface Context {
  market?: MarketInfo
  label: string
  b2b: boolean
  needs: string[]
  attrs: string[]
  region?: string
  inR: string
}

function contextOf(input: AudiencePromptInput): Context {
  const market = findMarket(input.market)
  const b2b = input.marketType === 'B2B'
  const region = regionPhrase(input.region)
  const typed = market?.keywords.filter((k) => k.includes(' ') && input.market.toLowerCase().includes(k)).sort((a, b) => b.length - a.length)[0]
  return {
    market,
    // The user's own words for the category when they name it ('payroll software' rather than the catalogue's 'HR
    // software'); an unknown market is named by the head of what was typed: 'payroll software for SMEs' -> 'payroll software'.
    label: typed ? countable(typed) : market ? market.label : marketPhrase(input.market).split(/ (?:for|with|in|to|that) /)[0],
    b2b,
    needs: market?.needs ?? DEFAULT_NEEDS[b2b ? 'B2B' : 'B2C'],
    attrs: market?.attributes ?? DEFAULT_ATTRS[b2b ? 'B2B' : 'B2C'],
    region,
    inR: region ? ` in ${region}` : '',
  }
}

function rolesFor(input: AudiencePromptInput, c: Context): Role[] {
  const text = `${c.market?.key ?? ''} ${c.label} ${input.market}`.toLowerCase()
  const family = ROLE_FAMILIES.find((f) => f.test.test(text))
  if (family && (c.b2b || !/software|platform|saas|crm/.test(text) || family === ROLE_FAMILIES[0])) return family.roles
  return c.b2b ? ROLE_FAMILIES[2].roles : B2C_ROLES
}

/** The reply to an 'audiences-topics' prompt: schema AUDIENCES_TOPICS_SCHEMA. */
export function buildAudiencesTopics(input: AudiencePromptInput, seed: string) {
  const c = contextOf(input)
  const rng = new Rng('audiences', seed, input.brand.toLowerCase(), input.market.toLowerCase(), input.region ?? '', input.marketType ?? 'B2C')
  const wanted = Math.max(2, input.audiencesWanted ?? 20)
  const topicsWanted = Math.max(1, input.topicsWanted ?? 12)
  const local = localAudiences({
    language: input.language,
    marketType: input.marketType,
    label: buildFramework({ ...input, maxQueries: 0 }, seed, '2000').marketLabel,
    wanted,
    topicsWanted,
    relevance: (i) => Math.max(1, Math.min(10, 10 - Math.floor(i / 2) + rng.int(-1, 0))),
  })
  if (local) return local

  const topicNames: string[] = []
  for (const name of [...c.attrs.map(capital), ...c.needs.map((n) => capital(noArticle(n)))]) {
    const t = fit30(name)
    if (t && !topicNames.some((x) => x.toLowerCase() === t.toLowerCase())) topicNames.push(t)
  }
  const topics = topicNames.slice(0, topicsWanted).map((name, i) => ({ name, relevance: Math.max(1, Math.min(10, 10 - Math.floor(i / 2) + rng.int(-1, 0))) }))
  const pickTopics = (i: number) => [...new Set([topics[i % topics.length].name, topics[(i + 3) % topics.length].name, topics[(i * 5 + 1) % topics.length].name])]

  const roles = rolesFor(input, c)
  const needBased = Math.ceil(wanted / 2)
  const audiences = []
  for (let i = 0; i < needBased; i++) {
    const role = roles[i % roles.length]
    const need = c.needs[i % c.needs.length]
    const attr = c.attrs[i % c.attrs.length]
    const attr2 = c.attrs[(i + 2) % c.attrs.length]
    audiences.push({
      name: i < roles.length ? role.name : `${role.name} (${need})`,
      description: `${role.name} ${role.does}, looking for ${c.label} for ${need}${mentionsPlace(need, c.region) ? '' : c.inR}.`,
      type: 'need-based',
      topics: pickTopics(i),
      characteristics: `Practical; time-poor; compares ${attr} and ${attr2} before committing`,
      searchBehavior: `Asks AI assistants for shortlists; searches "best ${c.label} for ${need}"; reads comparison sites and reviews`,
      painPoints: `Hard to compare ${attr} across brands; worried about hidden costs; little time to research`,
      decisionFactors: `${capital(attr)}; ${attr2}; price; recommendations from peers`,
    })
  }
  const demo = DEMOGRAPHICS[c.b2b ? 'B2B' : 'B2C']
  for (let i = 0; audiences.length < wanted; i++) {
    const [name, situation] = demo[i % demo.length]
    const attr = c.attrs[(i + 1) % c.attrs.length]
    audiences.push({
      name: i < demo.length ? `${name}${c.region && i % 3 === 0 ? ` in ${c.region}` : ''}` : `${name} ${i + 1}`,
      description: `${name} ${situation}, choosing ${c.label}${c.inR}.`,
      type: 'demographic',
      topics: pickTopics(i + needBased),
      characteristics: `${situation}; values ${attr}`,
      searchBehavior: `Short, conversational questions; asks follow-ups about ${attr}; checks reviews on mobile`,
      painPoints: `Too many similar options; unclear ${attr} claims`,
      decisionFactors: `${capital(attr)}; price; trust in the brand`,
    })
  }
  return { audiences, topics }
}

const AUDIENCE_TEMPLATES: Array<(v: Vars) => string> = [
  (v) => `best ${v.m} for ${v.need}${v.inR}`,
  (v) => `what ${v.m} do ${v.rolePlural} recommend for ${v.need}`,
  (v) => `which ${v.m} ${v.has} the best ${v.attr} for ${v.need}`,
  (v) => `how should ${v.a} ${v.role} choose ${v.m}${v.inR}`,
  (v) => `${v.comp} vs ${v.comp2} for ${v.need}`,
  (v) => `most affordable ${v.m} for ${v.need}${v.inR}`,
  (v) => `is ${v.comp} worth it for ${v.need}`,
  (v) => `${v.m} with good ${v.attr} that ${v.a} ${v.role} can set up quickly`,
  (v) => `top rated ${v.m} for ${v.need} ${v.year}`,
  (v) => `alternatives to ${v.comp} for ${v.need}${v.inR}`,
  (v) => `what to look for in ${v.m} as ${v.a} ${v.role}`,
  (v) => `${v.m} recommendations for ${v.need} with strong ${v.attr}`,
]

/** Templates that speak of the persona as a role ('as a finance manager'). */
const ROLE_TEMPLATES = new Set([1, 3, 7, 10].map((i) => AUDIENCE_TEMPLATES[i]))

const TOPIC_TEMPLATES: Array<(v: Vars) => string> = [
  (v) => `which ${v.m} ${v.has} the best ${v.topic}${v.inR}`,
  (v) => `best ${v.m} for ${v.topic} ${v.year}`,
  (v) => `how do ${v.comp} and ${v.comp2} compare on ${v.topic}`,
  (v) => `what matters most about ${v.topic} when choosing ${v.m}`,
  (v) => `top rated ${v.m} for ${v.topic}${v.inR}`,
  (v) => `is ${v.comp} good for ${v.topic}`,
  (v) => `${v.m} ${v.topic} comparison${v.inR}`,
]

interface Vars {
  m: string
  /** "has" or "have" (market label singular or plural). */
  has: string
  need: string
  attr: string
  role: string
  /** "a" or "an" before the role. */
  a: string
  rolePlural: string
  topic: string
  comp: string
  comp2: string
  inR: string
  year: string
}

/** The reply to an 'audience-queries' or 'topic-queries' prompt (schema AUDIENCE_QUERIES_SCHEMA); the project is learned. */
export function buildGroupQueries(input: AudiencePromptInput, seed: string, year: string, store?: ProjectStore): RawQueriesResult {
  const framework = buildFramework({ ...input, maxQueries: 0 }, seed, year)
  const c = contextOf(input)
  const names = framework.result.competitors.map((x) => x.name)
  const m = phrasebook(input.language) ? framework.marketLabel : c.label
  const book = phrasebook(input.language)
  const queries: RawQueriesResult['queries'] = []
  const seen = new Set<string>()
  const add = (query: string, g: PromptGroup, topic: string) => {
    const clean = query.replace(/\s+/g, ' ').trim()
    if (!clean || seen.has(clean.toLowerCase())) return false
    seen.add(clean.toLowerCase())
    queries.push({ query: clean, group: g.key, topic })
    return true
  }
  for (const [gi, g] of (input.groups ?? []).entries()) {
    const rng = new Rng('group-queries', seed, input.brand.toLowerCase(), g.key, g.name.toLowerCase())
    const text = `${g.name} ${g.description ?? ''}`.toLowerCase()
    const isTopic = g.key.startsWith('T')
    const own = g.name.replace(/\s*\(.*?\)/g, '').replace(/\s+in\s+.*$/, '').trim().toLowerCase()
    // In another language the phrasebook's needs and qualities, so every word of a query is in it.
    const needs = book?.needs ?? c.needs
    const attrs = book?.attrs ?? c.attrs
    const ownNeed = book ? undefined : own
    // A topic named after one of the qualities or needs ("Qualité" for "la qualité") is asked about as that.
    const topicAttr = isTopic ? attrs.find((x) => x === g.name || heading(x) === g.name) : undefined
    const topicNeed = isTopic && book ? needs.find((x) => heading(x) === g.name) : undefined
    const need = topicNeed ?? needs.find((n) => text.includes(n.toLowerCase())) ?? (isTopic && book && !topicAttr ? g.name : isTopic || !ownNeed ? needs[(gi + rng.int(0, 3)) % needs.length] : ownNeed)
    const role = inSentence(g.name.replace(/\s*\(.*\)$/, ''))
    // A group of people ('Small Businesses (10-49 staff)', 'Retirees') is not asked about as a role.
    const isGroupOfPeople = /\(|s$/i.test(g.name.trim())
    const templates = book
      ? book.queries.map((t) => (v: Vars) => fillTemplate(t, { m: v.m, need: v.need, attr: v.attr, comp: v.comp, comp2: v.comp2 }, input.language))
      : isTopic
        ? TOPIC_TEMPLATES
        : AUDIENCE_TEMPLATES.filter((t) => !isGroupOfPeople || !ROLE_TEMPLATES.has(t))
    const order = rng.shuffle(templates.map((_, i) => i))
    let made = 0
    for (let k = 0; made < g.count && k < order.length * 3; k++) {
      const salt = rng.int(0, 1000)
      const v: Vars = {
        m,
        has: isPlural(m) ? 'have' : 'has',
        need: k < order.length ? need : needs[(gi + k) % needs.length],
        attr: topicAttr ?? attrs[(gi + k) % attrs.length],
        role,
        a: indefinite(role),
        rolePlural: plural(role),
        topic: inSentence(g.name),
        comp: names.length ? names[salt % Math.min(names.length, 6)] : 'the market leader',
        comp2: names.length > 1 ? names[(salt + 1) % Math.min(names.length, 6)] : 'its rivals',
        inR: c.inR,
        year,
      }
      if (mentionsPlace(`${v.need} ${v.attr} ${isTopic ? v.topic : ''}`, c.region)) v.inR = ''
      const topic = isTopic ? g.name : (g.topics?.[k % Math.max(1, g.topics.length)] ?? '')
      if (add(templates[order[k % order.length]](v), g, topic)) made++
    }
  }
  const result = { competitors: framework.result.competitors, brandDomains: framework.result.brandDomains, queries }
  store?.learn({
    brand: framework.brand,
    market: input.market,
    marketKey: framework.market?.key,
    marketLabel: m,
    region: input.region,
    language: input.language,
    marketType: input.marketType ?? 'B2C',
    competitors: framework.result.competitors,
    queries: queries.map((q) => q.query),
    learnedAt: new Date().toISOString(),
  })
  return result
}

/** The JSON reply to any audience prompt. */
export function answerAudiencePrompt(input: AudiencePromptInput, seed: string, day: string, store?: ProjectStore) {
  return input.task === 'audiences-topics' ? buildAudiencesTopics(input, seed) : buildGroupQueries(input, seed, day.slice(0, 4), store)
}
