/**
 * English wording of simulated answers, by what the market sells (software, goods, services):
 * intros and closings built from parts so that hundreds of answers rarely open alike, claims
 * that read naturally whatever quality they name, and the brands an answer may name that the
 * project does not track. Other languages' phrasebooks live in languages.ts.
 */
import type { Phrasebook } from './languages'
import { synthesiseBrands, type BrandInfo, type MarketKind } from './knowledge'
import type { AnswerSubject } from './projects'
import { unit, type Rng } from './prng'

/** The parts of a Phrasebook that answers use. */
export type AnswerPhrases = Pick<Phrasebook, 'intros' | 'positive' | 'mixed' | 'negative' | 'followPositive' | 'followNegative' | 'closings'>

/** Situations and qualities for a market the simulator does not know, by what it sells. */
export const DEFAULT_NEEDS: Record<MarketKind, string[]> = {
  software: ['small teams', 'startups', 'remote teams', 'a 50-person company', 'enterprises', 'agencies', 'non-technical users', 'tight budgets'],
  goods: ['beginners', 'small budgets', 'families', 'professionals', 'everyday use', 'first-time buyers', 'long-term value', 'gifts'],
  service: ['first-time customers', 'families', 'small budgets', 'older customers', 'busy professionals', 'switching providers', 'students', 'long-term value'],
}
export const DEFAULT_ATTRS: Record<MarketKind, string[]> = {
  software: ['ease of use', 'pricing', 'integrations', 'security', 'customer support', 'reporting'],
  goods: ['quality', 'price', 'durability', 'design', 'warranty', 'value for money'],
  service: ['customer service', 'price', 'reliability', 'flexibility', 'reviews', 'cancellation terms'],
}
const OPENERS = [
  'When choosing {topic}{inRegion}',
  'If you are weighing up {topic}{inRegion}',
  'For anyone comparing {topic}{inRegion}',
  'Looking at {topic}{inRegion}',
  'Among {topic}{inRegion}',
  'To narrow down {topic}{inRegion}',
  'Shortlisting {topic}{inRegion}',
  'On {topic}{inRegion}',
]

const BASES: Record<MarketKind, string[]> = {
  software: [
    'a handful of products keep coming up in user reviews and feature comparisons',
    'these are the tools teams most often shortlist, judged on features, pricing and support',
    'here is how the main contenders compare on features and published pricing',
    'the picture from recent reviews and admin feedback is fairly consistent',
    'the options below cover most buying situations, from free plans to enterprise tiers',
    'this is the shortlist I would start from, based on reviews and hands-on comparisons',
  ],
  goods: [
    'a few brands are consistently recommended by testers and owners',
    'these are the names that come up most in expert testing and owner reviews',
    'here is how the leading brands compare on quality and value',
    'reviewers tend to agree on a short list of brands',
    'the options below span budget picks to premium models',
    'this is where I would start, based on lab tests and long-term owner feedback',
  ],
  service: [
    'a few providers stand out in customer satisfaction surveys and reviews',
    'these are the names customers and consumer groups mention most',
    'here is how the main providers compare on price and service',
    'the picture from customer reviews and complaint figures is fairly clear',
    'the options below suit different budgets and needs',
    'this is the shortlist most comparison guides arrive at',
  ],
}

/** Stand-alone openings, so that not every answer starts with a clause. */
const PLAIN_INTROS: Record<MarketKind, string[]> = {
  software: ['Short answer: it depends on team size and budget, but the same names lead most comparisons of {topic}{inRegion}', 'There is no single winner in {topic}{inRegion}; the right pick depends on how your team works'],
  goods: ['There is no single best choice of {topic}{inRegion}; it depends on budget and how you will use it', 'Short answer: a few brands lead on {topic}{inRegion}, with trade-offs between price and quality'],
  service: ['There is no single best provider of {topic}{inRegion}; price, service and flexibility pull in different directions', 'Short answer: several providers of {topic}{inRegion} do well, each with its own trade-offs'],
}

const POSITIVE: Record<MarketKind, string[]> = {
  software: [
    '{B} is a strong all-rounder, praised for its {attr} and its {attr2}',
    '{B} is widely recommended for {need}, with {attr} that reviewers call excellent',
    '{B} stands out on {attr}; admins describe it as easy to roll out',
    '{B} is a popular choice for {need}, and reviewers single out its {attr}',
    '{B} earns consistently good reviews for {attr}, and it scales well as teams grow',
    '{B} is a reliable pick: users praise its {attr} and responsive support',
    '{B} is often named the leader for {need} thanks to powerful {attr}',
  ],
  goods: [
    '{B} is widely praised for its {attr}, and owners rate its {attr2} highly',
    '{B} is one of the most recommended choices for {need}, with impressive {attr}',
    '{B} stands out for {attr}; testers call it excellent for {need}',
    '{B} is a trusted name, known for dependable {attr}',
    '{B} gets top marks for {attr} in most reviews, and it is solid on {attr2} too',
    '{B} is a popular pick for {need}, and reviewers single out its {attr}',
    '{B} is often called the best all-rounder, strong on both {attr} and {attr2}',
  ],
  service: [
    '{B} is well regarded for {attr}, and customers praise its {attr2}',
    '{B} is one of the most recommended providers for {need}, with strong {attr}',
    '{B} consistently scores well on {attr} in customer surveys',
    '{B} is a trusted choice for {need}, with {attr} as a clear strength',
    '{B} earns good reviews for {attr}, and switching to it is described as easy',
    '{B} is popular with customers for {need}, helped by reliable {attr}',
    '{B} is often named the best provider for {attr}, with friendly support',
  ],
}

const MIXED: Record<MarketKind, string[]> = {
  software: [
    '{B} does well on {attr}, although some teams find it expensive as they add seats',
    '{B} suits {need}, but it is limited on {attr2} compared with the leaders',
    '{B} scores well on {attr}, though users mention a learning curve',
    '{B} is capable for {need}, even if it feels basic on {attr2} next to rivals',
    '{B} has good {attr}, but admins report occasional issues with {attr2}',
  ],
  goods: [
    '{B} delivers solid {attr}, although some buyers find it expensive compared with rivals',
    '{B} works well for {need}, but it is limited on {attr2} compared with the leaders',
    '{B} scores well on {attr}, though there are occasional complaints about {attr2}',
    '{B} is a sensible pick for {need}, even if it is only average on {attr2}',
    '{B} offers good {attr}, but owners mention drawbacks in {attr2}',
  ],
  service: [
    '{B} is competitive on {attr}, although some customers report slow responses',
    '{B} suits {need}, but it lags behind the leaders on {attr2}',
    '{B} does well on {attr}, though reviews mention occasional problems with {attr2}',
    '{B} is a reasonable option for {need}, even if it is only average on {attr2}',
    '{B} has decent {attr}, but customers raise concerns about {attr2}',
  ],
}

const NEGATIVE: Record<MarketKind, string[]> = {
  software: [
    '{B} is well known, but recent reviews mention poor {attr} and complaints about {attr2}',
    '{B} can be expensive for what it offers, and users describe its {attr} as clunky',
    '{B} has a loyal user base, yet limited {attr} makes it a weaker choice for {need}',
    '{B} divides opinion: some teams report bugs and slow support',
  ],
  goods: [
    '{B} is a familiar name, but recent reviews mention poor {attr} and complaints about {attr2}',
    '{B} can be expensive for what it offers, and owners report disappointing {attr}',
    '{B} has a loyal following, yet its limited {attr} makes it a weaker choice for {need}',
    '{B} divides opinion: some owners report faults and unhelpful after-sales service',
  ],
  service: [
    '{B} is a big name, but customers complain about {attr} and {attr2}',
    '{B} can be expensive, and reviews describe its {attr} as disappointing',
    '{B} has many customers, yet weak {attr} makes it a poorer choice for {need}',
    '{B} divides opinion: some customers report billing problems and long waits for support',
  ],
}

const FOLLOW_POSITIVE: Record<MarketKind, string[]> = {
  software: [
    'It is a safe pick if {attr} matters most to you.', 'The free tier is enough to judge its {attr}.', 'Recent releases have improved its {attr2}.',
    'Teams that care about {attr2} tend to stay with it.', 'It is particularly good value for {need}.', 'Setting it up for {need} takes days rather than weeks.',
    'Admins rate its {attr2} highly as well.', 'It holds up well on {attr2} as usage grows.', 'For {need}, it is often the first product trialled.',
    'Users who switched to it mostly mention {attr} as the reason.',
  ],
  goods: [
    'It is a safe pick if {attr} matters most to you.', 'Many owners say it is the best value in its class.', 'The latest models improve on its {attr2}.',
    'Owners who care about {attr2} rarely regret it.', 'It is particularly good value for {need}.', 'Warranty cover is generous.',
    'Testers also rate its {attr2}.', 'For {need}, it is the model most reviewers start with.', 'Sales often bring it close to mid-range prices.',
    'Buyers mostly mention {attr} as the reason they chose it.',
  ],
  service: [
    'It is a safe choice if {attr} matters most to you.', 'Many customers say they would recommend it.', 'Its app makes everyday tasks easy.',
    'New customers often get an introductory offer.', 'It is particularly good value for {need}.', 'Customers who care about {attr2} tend to stay.',
    'Its handling of {attr2} also earns praise.', 'For {need}, it is often the first provider people compare.', 'Switching to it is straightforward.',
    'Customers mostly mention {attr} as the reason they joined.',
  ],
}

const FOLLOW_NEGATIVE: Record<MarketKind, string[]> = {
  software: [
    'It may still suit teams already invested in it.', 'Trial it before you commit to an annual plan.', 'Some of the criticism relates to older versions.',
    'Check how it handles {attr2} before rolling it out.', 'For {need}, there are better-value options.', 'Ask for a demo focused on {attr} before buying.',
    'Migration away from it can be slow, so weigh that up first.',
  ],
  goods: [
    'It may still suit buyers who already know the brand.', 'Check recent reviews before committing.', 'Some of the complaints relate to older models.',
    'Compare its {attr2} with rivals in a shop if you can.', 'For {need}, there are better-value options.', 'Look closely at the warranty terms.',
    'Discounts are common, so avoid paying full price.',
  ],
  service: [
    'It may still suit existing customers with a good deal.', 'Read the terms before you sign up.', 'Some of the complaints relate to older contracts.',
    'Check its {attr2} in recent reviews before switching.', 'For {need}, there are better-value options.', 'Ask about exit fees before committing.',
    'Its introductory prices can rise at renewal.',
  ],
}

const CLOSINGS: Record<MarketKind, string[]> = {
  software: [
    'Overall, {top} is the strongest all-round choice, while {second} is worth a look if {attr} is your priority.',
    'In short: start a trial of {top} and {second}, and judge them on {attr} with your own team.',
    'My pick would be {top} for most teams; {last} is the budget-friendly alternative.',
    'If you only test two, make them {top} and {second}; check {attr} against your requirements before you buy seats.',
    'Bottom line: {top} leads on {attr}, but {second} may fit better if your needs are simpler.',
  ],
  goods: [
    'Overall, {top} is the strongest all-round choice, while {second} is worth considering if {attr} is your priority.',
    'In summary, {top} leads on {attr}, but {last} may be better value.',
    'Compare prices and read recent reviews before you buy; {top} and {second} are the safest starting points.',
    'My pick would be {top}; if the budget is tight, look at {last}.',
    'Bottom line: {top} for most people, {second} if {attr} matters more to you.',
  ],
  service: [
    'Overall, {top} is the strongest all-round choice, while {second} is worth considering if {attr} is your priority.',
    'Compare current prices before you switch; {top} and {second} are the safest places to start.',
    'My pick would be {top}; {last} is worth a look for a cheaper deal.',
    'Bottom line: {top} leads on {attr}, but check what {second} offers new customers.',
    'In short, shortlist {top} and {second}, then compare the small print on {attr}.',
  ],
}

/** Answer phrases for one market kind; intros are the openers × bases plus a few stand-alone ones. */
export function englishPhrases(kind: MarketKind): AnswerPhrases {
  const intros = [...OPENERS.flatMap((o) => BASES[kind].map((base) => `${o}, ${base}`)), ...PLAIN_INTROS[kind]]
  return {
    intros,
    positive: POSITIVE[kind],
    mixed: MIXED[kind],
    negative: NEGATIVE[kind],
    followPositive: FOLLOW_POSITIVE[kind],
    followNegative: FOLLOW_NEGATIVE[kind],
    closings: CLOSINGS[kind],
  }
}

/** The kind of what the subject's market sells (goods when nothing says otherwise). */
export function subjectKind(subject: AnswerSubject): MarketKind {
  return subject.market?.kind ?? subject.kind ?? 'goods'
}

const same = (a: BrandInfo, names: Set<string>) => [a.name, ...a.alternativeNames].some((n) => names.has(n.toLowerCase()))

/**
 * Brands an answer about a project may name although the project does not track them, as real
 * answers do: the market's other catalogue brands, or for a market the simulator does not know,
 * more illustrative names. Empty for answers that are not about a project.
 */
export function untrackedBrands(subject: AnswerSubject): BrandInfo[] {
  if (subject.how !== 'exact' && subject.how !== 'overlap') return []
  const tracked = new Set([...subject.ownBrands, ...subject.competitors].flatMap((b) => [b.name, ...b.alternativeNames]).map((n) => n.toLowerCase()))
  if (subject.market) return subject.market.brands.filter((b) => !same(b, tracked))
  return synthesiseBrands(`${subject.marketLabel}|untracked`, 4, tracked)
}

/**
 * Ranking prominence of a brand from 0 to 1: its place in the market's catalogue when it is
 * there (well-known brands are named first whether tracked or not), else its place in the
 * project's list.
 */
export function prominence(brand: BrandInfo, index: number, count: number, subject: AnswerSubject): number {
  const catalogue = subject.market?.brands ?? []
  const names = new Set([brand.name, ...brand.alternativeNames].map((n) => n.toLowerCase()))
  const at = catalogue.findIndex((c) => same(c, names))
  if (at >= 0) return 1 - at / Math.max(1, catalogue.length)
  return (1 - index / Math.max(1, count)) * 0.8
}

/** How many untracked brands one answer names: none, one or two. */
export function untrackedCount(rng: Rng): number {
  const r = rng.next()
  return r < 0.3 ? 0 : r < 0.75 ? 1 : 2
}


/**
 * The brands one answer names, strongest first: the project's own brands and competitors plus a
 * few it does not track, ranked by prominence, a fixed per-model taste, a per-day drift and a
 * per-prompt wobble. The own brands are not placed here (the brand mention rate does that).
 */
export function rankedBrands(subject: AnswerSubject, keys: { provider: string; model: string; prompt: string; day: string; seed: string }, rng: Rng): BrandInfo[] {
  const { provider, model, prompt, day, seed } = keys
  const tracked = subject.competitors
  const extra = untrackedBrands(subject)
  const score = (b: BrandInfo, i: number, n: number) =>
    prominence(b, i, n, subject) * 0.45 +
    unit('taste', model, b.name, seed) * 0.3 +
    unit('drift', model, b.name, day, seed) * 0.15 +
    unit('wobble', provider, model, prompt, b.name, day, seed) * 0.1
  const scored = [
    ...tracked.map((brand, i) => ({ brand, untracked: false, score: score(brand, i, tracked.length) })),
    ...extra.map((brand, i) => ({ brand, untracked: true, score: score(brand, i, extra.length) })),
  ].sort((a, b) => b.score - a.score)
  const count = Math.min(tracked.length + extra.length, rng.int(4, 7))
  let allowed = extra.length ? untrackedCount(rng) : 0
  const out: BrandInfo[] = []
  for (const s of scored) {
    if (out.length >= count) break
    if (s.untracked) {
      if (allowed <= 0) continue
      allowed--
    }
    out.push(s.brand)
  }
  return out
}

/** The demo note for answers that name illustrative brands (sites under .example), if any. It names none, so it adds no mention. */
export function illustrativeNote(ranked: BrandInfo[]): string | undefined {
  if (!ranked.some((b) => b.domains.some((d) => d.endsWith('.example')))) return undefined
  return '_Demo note: the model simulator has no catalogue of real brands for this market, so names whose website ends in .example are illustrative._'
}
