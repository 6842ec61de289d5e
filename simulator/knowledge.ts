/**
 * What the simulated models "know": a handful of markets with real-looking brands and
 * domains, the review and news sites that get cited, and name synthesis for anything else.
 */
import { CATALOGUE } from './catalogue'
import { NATIVE_MARKET_WORDS } from './languages'
import { Rng } from './prng'

export interface BrandInfo {
  name: string
  alternativeNames: string[]
  domains: string[]
}

/** What is sold: it decides how buyers phrase their questions and how answers talk. */
export type MarketKind = 'software' | 'goods' | 'service'

export interface MarketInfo {
  key: string
  kind: MarketKind
  /** Canonical short label used in queries, e.g. "running shoes". */
  label: string
  /** Lower-case words or phrases that identify the market in free text. */
  keywords: string[]
  brands: BrandInfo[]
  /** Situations people search for: "best running shoes for flat feet". */
  needs: string[]
  /** Qualities reviews talk about. */
  attributes: string[]
  /** Review/forum sites typical of the market (domains from SITES). */
  sites: string[]
  /** Subreddit for forum citations. */
  subreddit: string
}

const b = (name: string, domains: string[], ...alternativeNames: string[]): BrandInfo => ({ name, alternativeNames, domains })

const FIRST_MARKETS: MarketInfo[] = [
  {
    key: 'running-shoes',
    kind: 'goods',
    label: 'running shoes',
    keywords: ['running shoe', 'running shoes', 'trainers', 'sneakers', 'running trainers', 'marathon', 'jogging', 'runners', 'footwear', 'trail shoes'],
    brands: [
      b('Nike', ['nike.com'], 'Nike Running'), b('ASICS', ['asics.com'], 'Asics'), b('Brooks', ['brooksrunning.com'], 'Brooks Running'),
      b('Hoka', ['hoka.com'], 'HOKA', 'Hoka One One'), b('Adidas', ['adidas.com', 'adidas.co.uk'], 'adidas'), b('New Balance', ['newbalance.com', 'newbalance.co.uk'], 'NB'),
      b('Saucony', ['saucony.com']), b('On', ['on.com'], 'On Running', 'On Cloud'), b('Mizuno', ['mizuno.com']), b('Puma', ['puma.com'], 'PUMA'),
      b('Altra', ['altrarunning.com'], 'Altra Running'), b('Salomon', ['salomon.com']), b('Under Armour', ['underarmour.com'], 'UA'),
      b('Reebok', ['reebok.com']), b('Inov-8', ['inov-8.com'], 'inov8'), b('Karhu', ['karhu.com']), b('Topo Athletic', ['topoathletic.com'], 'Topo'),
      b('Merrell', ['merrell.com']), b('Diadora', ['diadora.com']), b('361 Degrees', ['361sport.com'], '361°'),
    ],
    needs: ['flat feet', 'overpronation', 'marathon training', 'beginners', 'trail running', 'wide feet', 'plantar fasciitis', 'high arches', 'long distance running', 'heavy runners', 'knee pain', 'daily training'],
    attributes: ['cushioning', 'durability', 'fit', 'grip', 'stability', 'comfort', 'value for money', 'breathability'],
    sites: ['runnersworld.com', 'runrepeat.com', 'which.co.uk', 'techradar.com', 'theguardian.com', 'reddit.com', 'wikipedia.org'],
    subreddit: 'running',
  },
  {
    key: 'crm-software',
    kind: 'software',
    label: 'CRM software',
    keywords: ['crm', 'customer relationship', 'sales software', 'sales pipeline', 'pipeline management', 'lead management', 'contact management'],
    brands: [
      b('Salesforce', ['salesforce.com'], 'Salesforce Sales Cloud', 'Sales Cloud'), b('HubSpot', ['hubspot.com'], 'HubSpot CRM'), b('Zoho CRM', ['zoho.com'], 'Zoho'),
      b('Pipedrive', ['pipedrive.com']), b('Microsoft Dynamics 365', ['microsoft.com', 'dynamics.microsoft.com'], 'Dynamics 365', 'Dynamics CRM'),
      b('Freshsales', ['freshworks.com'], 'Freshworks CRM'), b('Monday Sales CRM', ['monday.com'], 'monday.com CRM'), b('Zendesk Sell', ['zendesk.com']),
      b('Insightly', ['insightly.com']), b('Copper', ['copper.com'], 'Copper CRM'), b('Keap', ['keap.com'], 'Infusionsoft'), b('SugarCRM', ['sugarcrm.com'], 'Sugar'),
      b('Nimble', ['nimble.com']), b('Close', ['close.com'], 'Close CRM'), b('Capsule CRM', ['capsulecrm.com'], 'Capsule'), b('Bitrix24', ['bitrix24.com']),
      b('Creatio', ['creatio.com']), b('Salesflare', ['salesflare.com']), b('Less Annoying CRM', ['lessannoyingcrm.com'], 'LACRM'), b('Attio', ['attio.com']),
    ],
    needs: ['small businesses', 'startups', 'B2B sales teams', 'real estate agents', 'nonprofits', 'agencies', 'ecommerce', 'field sales', 'enterprise sales', 'customer success teams'],
    attributes: ['integrations', 'pricing', 'ease of use', 'reporting', 'automation', 'customer support', 'mobile app', 'scalability'],
    sites: ['g2.com', 'capterra.com', 'techradar.com', 'forbes.com', 'pcmag.com', 'zapier.com', 'reddit.com', 'gartner.com'],
    subreddit: 'sales',
  },
  {
    key: 'coffee-chains',
    kind: 'service',
    label: 'coffee shops',
    keywords: ['coffee', 'cafe', 'café', 'espresso', 'latte', 'barista', 'coffee shop', 'coffee chain', 'flat white'],
    brands: [
      b('Starbucks', ['starbucks.com', 'starbucks.co.uk']), b('Costa Coffee', ['costa.co.uk'], 'Costa'), b('Caffè Nero', ['caffenero.com'], 'Caffe Nero', 'Nero'),
      b('Pret A Manger', ['pret.co.uk', 'pret.com'], 'Pret'), b('Greggs', ['greggs.co.uk']), b("Dunkin'", ['dunkindonuts.com'], 'Dunkin', "Dunkin' Donuts"),
      b('Tim Hortons', ['timhortons.com', 'timhortons.co.uk'], 'Tims'), b('Black Sheep Coffee', ['blacksheepcoffee.com'], 'Black Sheep'),
      b('Joe & The Juice', ['joejuice.com'], 'Joe and the Juice'), b('Blank Street', ['blankstreet.com'], 'Blank Street Coffee'), b("Gail's Bakery", ['gailsbread.co.uk'], "Gail's"),
      b("Peet's Coffee", ['peets.com'], "Peet's"), b('Blue Bottle Coffee', ['bluebottlecoffee.com'], 'Blue Bottle'), b('McCafé', ['mcdonalds.com'], 'McCafe'),
      b('Coffee#1', ['coffee1.co.uk'], 'Coffee Number One'), b('Department of Coffee and Social Affairs', ['departmentofcoffee.com'], 'Department of Coffee'),
      b('Esquires Coffee', ['esquirescoffee.co.uk'], 'Esquires'), b('Caribou Coffee', ['cariboucoffee.com'], 'Caribou'),
    ],
    needs: ['working remotely', 'loyalty rewards', 'ethical sourcing', 'oat milk lattes', 'a quick breakfast', 'students', 'meeting friends', 'decaf drinkers', 'commuters'],
    attributes: ['coffee quality', 'prices', 'atmosphere', 'loyalty app', 'Wi-Fi', 'sustainability', 'food range', 'service speed'],
    sites: ['which.co.uk', 'timeout.com', 'bbc.co.uk', 'theguardian.com', 'reddit.com', 'yougov.co.uk', 'tripadvisor.co.uk', 'wikipedia.org'],
    subreddit: 'Coffee',
  },
  {
    key: 'electric-cars',
    kind: 'goods',
    label: 'electric cars',
    keywords: ['electric car', 'electric cars', 'electric vehicle', 'electric vehicles', 'ev', 'evs', 'plug-in', 'bev', 'electric suv'],
    brands: [
      b('Tesla', ['tesla.com'], 'Tesla Model 3', 'Model Y'), b('BYD', ['byd.com'], 'BYD Auto'), b('Volkswagen', ['vw.com', 'volkswagen.co.uk'], 'VW', 'ID.4'),
      b('Hyundai', ['hyundai.com'], 'Ioniq', 'Hyundai Ioniq 5'), b('Kia', ['kia.com'], 'Kia EV6'), b('BMW', ['bmw.com', 'bmw.co.uk'], 'BMW i4', 'BMW iX'),
      b('Polestar', ['polestar.com']), b('MG', ['mg.co.uk'], 'MG4', 'MG Motor'), b('Renault', ['renault.co.uk'], 'Renault 5'), b('Nissan', ['nissan.co.uk'], 'Nissan Leaf'),
      b('Ford', ['ford.com', 'ford.co.uk'], 'Mustang Mach-E'), b('Mercedes-Benz', ['mercedes-benz.com'], 'Mercedes', 'EQA'), b('Audi', ['audi.com'], 'Audi e-tron', 'Q4 e-tron'),
      b('Volvo', ['volvocars.com'], 'Volvo EX30'), b('Skoda', ['skoda.co.uk'], 'Skoda Enyaq', 'Enyaq'), b('Peugeot', ['peugeot.co.uk'], 'e-208'),
      b('Rivian', ['rivian.com']), b('Lucid', ['lucidmotors.com'], 'Lucid Air'), b('Vauxhall', ['vauxhall.co.uk'], 'Corsa Electric'), b('Cupra', ['cupraofficial.co.uk'], 'Cupra Born'),
    ],
    needs: ['families', 'long commutes', 'fast charging', 'company car drivers', 'first-time EV buyers', 'towing', 'city driving', 'road trips', 'cold weather'],
    attributes: ['range', 'charging speed', 'reliability', 'price', 'software', 'build quality', 'boot space', 'running costs'],
    sites: ['whatcar.com', 'autocar.co.uk', 'topgear.com', 'electrek.co', 'which.co.uk', 'caranddriver.com', 'reddit.com', 'wikipedia.org'],
    subreddit: 'electricvehicles',
  },
  {
    key: 'uk-banks',
    kind: 'service',
    label: 'bank accounts',
    keywords: ['bank', 'banks', 'banking', 'current account', 'savings account', 'bank account', 'mortgage', 'building society', 'challenger bank'],
    brands: [
      b('Barclays', ['barclays.co.uk']), b('HSBC UK', ['hsbc.co.uk'], 'HSBC'), b('Lloyds Bank', ['lloydsbank.com'], 'Lloyds'), b('NatWest', ['natwest.com']),
      b('Santander UK', ['santander.co.uk'], 'Santander'), b('Nationwide Building Society', ['nationwide.co.uk'], 'Nationwide'), b('Monzo', ['monzo.com']),
      b('Starling Bank', ['starlingbank.com'], 'Starling'), b('Revolut', ['revolut.com']), b('Halifax', ['halifax.co.uk']), b('TSB', ['tsb.co.uk']),
      b('Metro Bank', ['metrobankonline.co.uk'], 'Metro'), b('First Direct', ['firstdirect.com']), b('Chase UK', ['chase.co.uk'], 'Chase'),
      b('Virgin Money', ['virginmoney.com']), b('The Co-operative Bank', ['co-operativebank.co.uk'], 'Co-op Bank'), b('Kroo', ['kroo.com']),
      b('Atom Bank', ['atombank.co.uk'], 'Atom'), b('Coventry Building Society', ['coventrybuildingsociety.co.uk'], 'Coventry BS'),
    ],
    needs: ['switching incentives', 'students', 'small business banking', 'travelling abroad', 'saving for a house', 'joint accounts', 'customer service', 'budgeting', 'first-time buyers'],
    attributes: ['mobile app', 'fees', 'interest rates', 'customer service', 'security', 'branch access', 'overdraft terms', 'switching bonus'],
    sites: ['which.co.uk', 'moneysavingexpert.com', 'bbc.co.uk', 'theguardian.com', 'ft.com', 'uswitch.com', 'reddit.com', 'wikipedia.org'],
    subreddit: 'UKPersonalFinance',
  },
  {
    key: 'mobile-networks',
    kind: 'service',
    label: 'mobile networks',
    keywords: ['mobile network', 'mobile networks', 'mobile phone network', 'mobile phone networks', 'phone network', 'phone networks', 'sim-only', 'sim only', 'sim deal', 'sim deals', 'phone contract', 'mobile contract', 'data plan', 'mobile plan', 'network coverage', '5g coverage', 'carrier'],
    brands: [
      b('EE', ['ee.co.uk']), b('Vodafone', ['vodafone.co.uk']), b('O2', ['o2.co.uk'], 'Virgin Media O2'), b('Three', ['three.co.uk'], '3'), b('giffgaff', ['giffgaff.com']),
      b('Sky Mobile', ['sky.com']), b('Tesco Mobile', ['tescomobile.com']), b('iD Mobile', ['idmobile.co.uk']), b('SMARTY', ['smarty.co.uk'], 'Smarty'), b('VOXI', ['voxi.co.uk'], 'Voxi'),
      b('Lebara', ['lebara.co.uk']), b('Lyca Mobile', ['lycamobile.co.uk'], 'Lyca'), b('BT Mobile', ['bt.com']), b('Asda Mobile', ['asdamobile.co.uk']), b('Talkmobile', ['talkmobile.co.uk']),
      b('Plusnet Mobile', ['plus.net']), b('Virgin Mobile', ['virginmedia.com']), b('Spusu', ['spusu.co.uk']),
    ],
    needs: ['heavy data users', 'families', 'travelling abroad', 'rural coverage', 'pay as you go', 'students', 'older users', 'business users', 'switching from a contract'],
    attributes: ['coverage', '5G speeds', 'price', 'customer service', 'roaming', 'data allowance', 'contract flexibility', 'reliability'],
    sites: ['which.co.uk', 'uswitch.com', 'moneysavingexpert.com', 'techradar.com', 'bbc.co.uk', 'reddit.com', 'trustpilot.com', 'wikipedia.org'],
    subreddit: 'unitedkingdom',
  },
  {
    key: 'smartphones',
    kind: 'goods',
    label: 'smartphones',
    keywords: ['smartphone', 'smartphones', 'phone', 'phones', 'mobile phone', 'android', 'iphone', 'handset', 'mobile'],
    brands: [
      b('Apple', ['apple.com'], 'iPhone', 'Apple iPhone'), b('Samsung', ['samsung.com'], 'Samsung Galaxy', 'Galaxy'), b('Google Pixel', ['store.google.com'], 'Pixel', 'Google'),
      b('OnePlus', ['oneplus.com']), b('Xiaomi', ['mi.com'], 'Redmi', 'Poco'), b('Motorola', ['motorola.com'], 'Moto'), b('Nothing', ['nothing.tech'], 'Nothing Phone'),
      b('Sony Xperia', ['sony.com'], 'Sony', 'Xperia'), b('Oppo', ['oppo.com'], 'OPPO'), b('Honor', ['honor.com'], 'HONOR'), b('Huawei', ['huawei.com']),
      b('Fairphone', ['fairphone.com']), b('Asus', ['asus.com'], 'ROG Phone', 'Zenfone'), b('Vivo', ['vivo.com']), b('Realme', ['realme.com']), b('Nokia', ['hmd.com'], 'HMD'),
    ],
    needs: ['photography', 'battery life', 'gaming', 'older users', 'budget buyers', 'business users', 'video recording', 'teenagers', 'long software support'],
    attributes: ['camera', 'battery life', 'software updates', 'display', 'price', 'build quality', 'performance', 'charging speed'],
    sites: ['techradar.com', 'theverge.com', 'gsmarena.com', 'which.co.uk', 'tomsguide.com', 'cnet.com', 'reddit.com', 'trustedreviews.com'],
    subreddit: 'Android',
  },
  {
    key: 'project-management-software',
    kind: 'software',
    label: 'project management software',
    keywords: ['project management', 'task management', 'pm software', 'pm tool', 'kanban', 'project tool', 'project planning', 'work management', 'gantt'],
    brands: [
      b('Asana', ['asana.com']), b('Monday.com', ['monday.com'], 'monday', 'monday work management'), b('Trello', ['trello.com']), b('Jira', ['atlassian.com'], 'Atlassian Jira'),
      b('ClickUp', ['clickup.com']), b('Notion', ['notion.so', 'notion.com']), b('Wrike', ['wrike.com']), b('Smartsheet', ['smartsheet.com']), b('Basecamp', ['basecamp.com']),
      b('Microsoft Project', ['microsoft.com'], 'MS Project', 'Microsoft Planner'), b('Teamwork.com', ['teamwork.com'], 'Teamwork'), b('Airtable', ['airtable.com']),
      b('Linear', ['linear.app']), b('Todoist', ['todoist.com']), b('Zoho Projects', ['zoho.com']), b('Hive', ['hive.com']), b('Height', ['height.app']),
      b('Nifty', ['niftypm.com']), b('ProofHub', ['proofhub.com']), b('Paymo', ['paymoapp.com']),
    ],
    needs: ['remote teams', 'agencies', 'software development', 'small teams', 'construction projects', 'marketing teams', 'freelancers', 'enterprise portfolios', 'client work'],
    attributes: ['ease of use', 'integrations', 'pricing', 'reporting', 'automation', 'Gantt charts', 'time tracking', 'collaboration features'],
    sites: ['g2.com', 'capterra.com', 'pcmag.com', 'zapier.com', 'techradar.com', 'forbes.com', 'reddit.com', 'theverge.com'],
    subreddit: 'projectmanagement',
  },
]

/** Every market the simulated models know: the first eight, then the catalogue (catalogue.ts). */
export const MARKETS: MarketInfo[] = [...FIRST_MARKETS, ...CATALOGUE]

export interface SiteContext {
  market: string
  topic: string
  brand?: string
  year: string
  subreddit: string
  rng: Rng
}

export interface SiteInfo {
  domain: string
  name: string
  host: string
  path(ctx: SiteContext): string
  title(ctx: SiteContext): string
}

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/** A slug shortened to at most `max` characters, never ending in a dash. */
export function cut(slugText: string, max: number): string {
  return slugText.slice(0, max).replace(/-+$/, '')
}

export function titleCase(text: string): string {
  return text.replace(/\b([a-z])([a-z]*)/g, (_m, a: string, rest: string) => a.toUpperCase() + rest)
}

/** Display names of the third-party sites the simulated models cite. */
const SITE_NAMES: Record<string, string> = {
  'techradar.com': 'TechRadar', 'which.co.uk': 'Which?', 'reddit.com': 'Reddit', 'forbes.com': 'Forbes', 'wikipedia.org': 'Wikipedia', 'bbc.co.uk': 'BBC',
  'theguardian.com': 'The Guardian', 'runnersworld.com': "Runner's World", 'runrepeat.com': 'RunRepeat', 'g2.com': 'G2', 'capterra.com': 'Capterra', 'pcmag.com': 'PCMag',
  'zapier.com': 'Zapier', 'gartner.com': 'Gartner', 'timeout.com': 'Time Out', 'yougov.co.uk': 'YouGov', 'tripadvisor.co.uk': 'Tripadvisor', 'whatcar.com': 'What Car?',
  'autocar.co.uk': 'Autocar', 'topgear.com': 'Top Gear', 'electrek.co': 'Electrek', 'caranddriver.com': 'Car and Driver', 'moneysavingexpert.com': 'MoneySavingExpert',
  'ft.com': 'Financial Times', 'uswitch.com': 'Uswitch', 'theverge.com': 'The Verge', 'gsmarena.com': 'GSMArena', 'tomsguide.com': "Tom's Guide", 'cnet.com': 'CNET',
  'trustedreviews.com': 'Trusted Reviews', 'trustpilot.com': 'Trustpilot', 'allure.com': 'Allure', 'av-test.org': 'AV-TEST', 'bbcgoodfood.com': 'BBC Good Food',
  'boringmoney.co.uk': 'Boring Money', 'businessoffashion.com': 'The Business of Fashion', 'citizensadvice.org.uk': 'Citizens Advice', 'cntraveller.com': 'Condé Nast Traveller',
  'cosmopolitan.com': 'Cosmopolitan', 'dcrainmaker.com': 'DC Rainmaker', 'fairer-finance.com': 'Fairer Finance', 'glamourmagazine.co.uk': 'Glamour UK',
  'goodhousekeeping.com': 'Good Housekeeping', 'independent.co.uk': 'The Independent', 'ispreview.co.uk': 'ISPreview', 'menshealth.com': "Men's Health", 'nerdwallet.com': 'NerdWallet',
  'notebookcheck.net': 'Notebookcheck', 'ofcom.org.uk': 'Ofcom', 'pdsa.org.uk': 'PDSA', 'personneltoday.com': 'Personnel Today', 'radiotimes.com': 'Radio Times',
  'rspca.org.uk': 'RSPCA', 'rtings.com': 'RTINGS.com', 'searchenginejournal.com': 'Search Engine Journal', 'searchengineland.com': 'Search Engine Land', 'airlinequality.com': 'Skytrax',
  'soundguys.com': 'SoundGuys', 'telegraph.co.uk': 'The Telegraph', 'thegrocer.co.uk': 'The Grocer', 'thisismoney.co.uk': 'This is Money', 'vogue.co.uk': 'British Vogue',
  'wareable.com': 'Wareable', 'whathifi.com': 'What Hi-Fi?', 'wired.com': 'WIRED', 'womenshealthmag.com': "Women's Health",
}

/** Hosts that are not www.{domain}. */
const SITE_HOSTS: Record<string, string> = { 'wikipedia.org': 'en.wikipedia.org', 'electrek.co': 'electrek.co', 'runrepeat.com': 'runrepeat.com', 'zapier.com': 'zapier.com', 'yougov.co.uk': 'yougov.co.uk', 'trustpilot.com': 'uk.trustpilot.com' }

const q = (text: string) => encodeURIComponent(text)

/**
 * Only pages that exist: a site's home page, a subreddit, or a site's own search for a name
 * (Wikipedia, G2, Trustpilot, Reddit search). The simulated models never make up an article on a real site.
 */
function realPage(domain: string): SiteInfo {
  const host = SITE_HOSTS[domain] ?? `www.${domain}`
  const name = SITE_NAMES[domain] ?? domain
  const subject = (c: SiteContext) => c.brand ?? c.market
  switch (domain) {
    case 'reddit.com':
      return { domain, name, host, path: (c) => (c.brand ? `/r/${c.subreddit}/search/?q=${q(c.brand)}` : `/r/${c.subreddit}/`), title: (c) => (c.brand ? `${c.brand} – search results in r/${c.subreddit}` : `r/${c.subreddit} on Reddit`) }
    case 'wikipedia.org':
      return { domain, name, host, path: (c) => `/wiki/Special:Search?search=${q(subject(c))}`, title: (c) => `${subject(c)} – search results – Wikipedia` }
    case 'g2.com':
      return { domain, name, host, path: (c) => `/search?query=${q(subject(c))}`, title: (c) => `${subject(c)} – search results on G2` }
    case 'trustpilot.com':
      return { domain, name, host, path: (c) => `/search?query=${q(subject(c))}`, title: (c) => `${subject(c)} – search results on Trustpilot` }
    default:
      return { domain, name, host, path: () => '/', title: () => name }
  }
}

export const SITES: Record<string, SiteInfo> = Object.fromEntries(
  [...new Set([...Object.keys(SITE_NAMES), ...MARKETS.flatMap((m) => m.sites)])].map((d) => [d, realPage(d)]),
)

/** Third-party sites cited when the market is not one the simulator knows. */
export const GENERIC_SITES = ['techradar.com', 'which.co.uk', 'reddit.com', 'forbes.com', 'wikipedia.org', 'bbc.co.uk', 'trustpilot.com', 'theguardian.com']

export const STOP_WORDS = new Set(
  'a an and are as at be best better by can compare do does for from good great how i in into is it its me most my near of on or our should than that the their them there these they this to top under vs vs. was what when where which who why will with without you your 2024 2025 2026 uk us usa europe global'.split(' '),
)

/** Lower-case word tokens, light plural stemming, stop words removed. */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w))
    .map((w) => (w.length > 4 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
}

/** The market whose keywords best match the text (phrases count more; market words of other languages count too), if any. */
export function findMarket(text: string): MarketInfo | undefined {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9é&+#.-]+/g, ' ')} `
  const full = text.toLowerCase()
  let best: MarketInfo | undefined
  let bestScore = 0
  for (const m of MARKETS) {
    let score = 0
    for (const k of m.keywords) if (lower.includes(` ${k} `) || lower.includes(` ${k}s `)) score += k.split(' ').length
    for (const k of NATIVE_MARKET_WORDS[m.key] ?? []) if (full.includes(k)) score += 1
    if (score > bestScore) {
      best = m
      bestScore = score
    }
  }
  return best
}

const NAME_HEADS = ['Nova', 'Apex', 'Bright', 'Summit', 'Urban', 'Peak', 'Zen', 'Vita', 'Core', 'North', 'Blue', 'True', 'Atlas', 'Ever', 'Kin', 'Lumen', 'Oak', 'Pilot', 'Quill', 'Silver']
const NAME_TAILS = ['ly', 'ify', ' Works', ' Hub', ' Labs', ' & Co', 'wise', ' Point', ' Nest', 'field', ' Group', 'ora', 'stone', ' Collective', 'bay']

/**
 * Plausible, stable brand names for a market the simulator does not know. Their domains end in
 * .example (reserved, RFC 2606): the names are illustrative, and no real site is ever pointed at.
 */
export function synthesiseBrands(seed: string, count: number, exclude: Iterable<string> = []): BrandInfo[] {
  const rng = new Rng('brands', seed)
  const taken = new Set([...exclude].map((n) => n.toLowerCase()))
  const out: BrandInfo[] = []
  for (let attempt = 0; out.length < count && attempt < count * 50; attempt++) {
    const name = `${rng.pick(NAME_HEADS)}${rng.pick(NAME_TAILS)}`
    if (taken.has(name.toLowerCase())) continue
    taken.add(name.toLowerCase())
    const domain = `${slug(name).replace(/-/g, '').replace(/and/g, '')}.example`
    out.push({ name, alternativeNames: [], domains: [domain] })
  }
  for (let i = out.length; i < count; i++) out.push({ name: `Brand ${i + 1}`, alternativeNames: [], domains: [`brand${i + 1}.example`] })
  return out
}

/** A short market phrase for queries from free text: "Running shoes for amateurs, UK" -> "running shoes for amateurs". */
export function marketPhrase(description: string, known?: MarketInfo): string {
  if (known) return known.label
  const first = description.split(/[,.;:()\n]| - | – /)[0].trim()
  const words = first.split(/\s+/).filter(Boolean).slice(0, 5)
  const phrase = words.join(' ')
  return /[A-Z]{2,}/.test(phrase) ? phrase : phrase.toLowerCase()
}

/** "United Kingdom" -> "the UK"; empty -> undefined. */
export function regionPhrase(region: string | undefined): string | undefined {
  const r = region?.trim()
  if (!r) return undefined
  const lower = r.toLowerCase()
  if (['uk', 'united kingdom', 'great britain', 'gb', 'britain'].includes(lower)) return 'the UK'
  if (['us', 'usa', 'united states', 'united states of america', 'america'].includes(lower)) return 'the US'
  if (['eu', 'european union'].includes(lower)) return 'the EU'
  if (['uae', 'united arab emirates'].includes(lower)) return 'the UAE'
  if (lower === 'netherlands') return 'the Netherlands'
  return r
}
