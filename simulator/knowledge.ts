/**
 * What the simulated models "know": a handful of markets with real-looking brands and
 * domains, the review and news sites that get cited, and name synthesis for anything else.
 */
import { Rng } from './prng'

export interface BrandInfo {
  name: string
  alternativeNames: string[]
  domains: string[]
}

export interface MarketInfo {
  key: string
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

export const MARKETS: MarketInfo[] = [
  {
    key: 'running-shoes',
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

const site = (domain: string, name: string, host: string, path: SiteInfo['path'], title: SiteInfo['title']): SiteInfo => ({ domain, name, host, path, title })

export const SITES: Record<string, SiteInfo> = Object.fromEntries(
  [
    site('techradar.com', 'TechRadar', 'www.techradar.com', (c) => `/best/${slug(`best ${c.market}`)}`, (c) => `Best ${c.market} ${c.year}: tested and rated | TechRadar`),
    site('which.co.uk', 'Which?', 'www.which.co.uk', (c) => `/reviews/${slug(c.market)}/article/best-${slug(c.market)}-a${c.rng.int(1000, 9999)}`, (c) => `Best ${titleCase(c.market)} ${c.year} – Which?`),
    site('reddit.com', 'Reddit', 'www.reddit.com', (c) => `/r/${c.subreddit}/comments/${c.rng.chars(6, 'abcdefghijklmnopqrstuvwxyz0123456789')}/${cut(slug(c.topic), 60)}/`, (c) => `${c.topic} : r/${c.subreddit}`),
    site('forbes.com', 'Forbes', 'www.forbes.com', (c) => `/advisor/business/${slug(`best ${c.market}`)}/`, (c) => `Best ${titleCase(c.market)} Of ${c.year} – Forbes Advisor`),
    site('wikipedia.org', 'Wikipedia', 'en.wikipedia.org', (c) => `/wiki/${encodeURIComponent((c.brand ?? titleCase(c.market)).replace(/ /g, '_'))}`, (c) => `${c.brand ?? titleCase(c.market)} - Wikipedia`),
    site('bbc.co.uk', 'BBC News', 'www.bbc.co.uk', (c) => `/news/business-${c.rng.int(60000000, 69999999)}`, (c) => `${c.brand ? `${c.brand} ` : ''}${titleCase(c.market)}: what shoppers need to know - BBC News`),
    site('theguardian.com', 'The Guardian', 'www.theguardian.com', (c) => `/money/${c.year}/${slug(c.market)}-${cut(slug(c.topic), 40)}`, (c) => `The best ${c.market}, according to experts | The Guardian`),
    site('runnersworld.com', "Runner's World", 'www.runnersworld.com', (c) => `/uk/gear/shoes/a${c.rng.int(20000000, 49999999)}/best-running-shoes/`, (c) => `Best running shoes ${c.year}, tested by our experts | Runner's World`),
    site('runrepeat.com', 'RunRepeat', 'runrepeat.com', (c) => `/guides/${cut(slug(c.topic), 50)}`, (c) => `${titleCase(c.topic)}: lab tested | RunRepeat`),
    site('g2.com', 'G2', 'www.g2.com', (c) => `/categories/${slug(c.market.replace(/ software$/i, ''))}`, (c) => `Best ${c.market} in ${c.year}: compare reviews on 100+ products | G2`),
    site('capterra.com', 'Capterra', 'www.capterra.com', (c) => `/${slug(c.market)}/`, (c) => `Best ${c.market} ${c.year} - reviews & pricing | Capterra`),
    site('pcmag.com', 'PCMag', 'www.pcmag.com', (c) => `/picks/the-best-${slug(c.market)}`, (c) => `The Best ${titleCase(c.market)} for ${c.year} | PCMag`),
    site('zapier.com', 'Zapier', 'zapier.com', (c) => `/blog/best-${slug(c.market)}/`, (c) => `The best ${c.market} in ${c.year} | Zapier`),
    site('gartner.com', 'Gartner', 'www.gartner.com', (c) => `/reviews/market/${slug(c.market)}`, (c) => `Best ${titleCase(c.market)} Reviews ${c.year} | Gartner Peer Insights`),
    site('timeout.com', 'Time Out', 'www.timeout.com', (c) => `/london/restaurants/best-${slug(c.market)}-in-london`, (c) => `The best ${c.market} in London right now | Time Out`),
    site('yougov.co.uk', 'YouGov', 'yougov.co.uk', (c) => `/ratings/consumer/popularity/${slug(c.market)}/all`, (c) => `The most popular ${c.market} | YouGov Ratings`),
    site('tripadvisor.co.uk', 'Tripadvisor', 'www.tripadvisor.co.uk', (c) => `/ShowTopic-g186338-i${c.rng.int(10, 99)}-k${c.rng.int(1000000, 9999999)}-${cut(slug(c.topic), 40)}.html`, (c) => `${c.topic} - Tripadvisor forum`),
    site('whatcar.com', 'What Car?', 'www.whatcar.com', (c) => `/news/best-${slug(c.market)}/n${c.rng.int(10000, 29999)}`, (c) => `Best ${c.market} ${c.year} – and the ones to avoid | What Car?`),
    site('autocar.co.uk', 'Autocar', 'www.autocar.co.uk', (c) => `/car-news/best-cars/top-10-best-${slug(c.market)}`, (c) => `Top 10 best ${c.market} ${c.year} | Autocar`),
    site('topgear.com', 'Top Gear', 'www.topgear.com', (c) => `/car-news/electric/best-${slug(c.market)}`, (c) => `The best ${c.market} you can buy in ${c.year} | Top Gear`),
    site('electrek.co', 'Electrek', 'electrek.co', (c) => `/${c.year}/0${c.rng.int(1, 9)}/${c.rng.int(10, 28)}/${cut(slug(c.topic), 50)}/`, (c) => `${titleCase(c.topic)} | Electrek`),
    site('caranddriver.com', 'Car and Driver', 'www.caranddriver.com', (c) => `/features/g${c.rng.int(20000000, 49999999)}/best-${slug(c.market)}/`, (c) => `Best ${titleCase(c.market)} of ${c.year} | Car and Driver`),
    site('moneysavingexpert.com', 'MoneySavingExpert', 'www.moneysavingexpert.com', (c) => `/banking/${slug(c.market)}/`, (c) => `Best ${c.market} ${c.year} – MoneySavingExpert`),
    site('ft.com', 'Financial Times', 'www.ft.com', (c) => `/content/${c.rng.hex(8)}-${c.rng.hex(4)}-${c.rng.hex(4)}-${c.rng.hex(4)}-${c.rng.hex(12)}`, (c) => `${c.brand ?? 'UK lenders'} and the battle for ${c.market} | Financial Times`),
    site('uswitch.com', 'Uswitch', 'www.uswitch.com', (c) => `/${slug(c.market)}/best-${slug(c.market)}/`, (c) => `Best ${c.market} ${c.year} | Uswitch`),
    site('theverge.com', 'The Verge', 'www.theverge.com', (c) => `/${c.rng.int(20000000, 29999999)}/best-${slug(c.market)}`, (c) => `The best ${c.market} to buy right now | The Verge`),
    site('gsmarena.com', 'GSMArena', 'www.gsmarena.com', (c) => `/${slug(c.brand ?? c.market)}-review-${c.rng.int(2000, 2999)}.php`, (c) => `${c.brand ?? titleCase(c.market)} review - GSMArena.com tests`),
    site('tomsguide.com', "Tom's Guide", 'www.tomsguide.com', (c) => `/us/best-picks-2,review-${c.rng.int(2000, 3000)}.html`, (c) => `The best ${c.market} in ${c.year} | Tom's Guide`),
    site('cnet.com', 'CNET', 'www.cnet.com', (c) => `/tech/mobile/best-${slug(c.market)}/`, (c) => `Best ${titleCase(c.market)} for ${c.year} - CNET`),
    site('trustedreviews.com', 'Trusted Reviews', 'www.trustedreviews.com', (c) => `/best/best-${slug(c.market)}-${c.rng.int(3000000, 4999999)}`, (c) => `Best ${c.market} ${c.year}: our top picks | Trusted Reviews`),
    site('trustpilot.com', 'Trustpilot', 'uk.trustpilot.com', (c) => `/review/${c.brand ? `www.${slug(c.brand)}.com` : slug(c.market)}`, (c) => `${c.brand ?? titleCase(c.market)} Reviews | Read Customer Service Reviews`),
  ].map((s) => [s.domain, s]),
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

/** The market whose keywords best match the text (phrases count more), if any. */
export function findMarket(text: string): MarketInfo | undefined {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9é&+#.-]+/g, ' ')} `
  let best: MarketInfo | undefined
  let bestScore = 0
  for (const m of MARKETS) {
    let score = 0
    for (const k of m.keywords) if (lower.includes(` ${k} `) || lower.includes(` ${k}s `)) score += k.split(' ').length
    if (score > bestScore) {
      best = m
      bestScore = score
    }
  }
  return best
}

const NAME_HEADS = ['Nova', 'Apex', 'Bright', 'Summit', 'Urban', 'Peak', 'Zen', 'Vita', 'Core', 'North', 'Blue', 'True', 'Atlas', 'Ever', 'Kin', 'Lumen', 'Oak', 'Pilot', 'Quill', 'Silver']
const NAME_TAILS = ['ly', 'ify', ' Works', ' Hub', ' Labs', ' & Co', 'wise', ' Point', ' Nest', 'field', ' Group', 'ora', 'stone', ' Collective', 'bay']

/** Plausible, stable brand names for a market the simulator does not know. */
export function synthesiseBrands(seed: string, count: number, exclude: Iterable<string> = []): BrandInfo[] {
  const rng = new Rng('brands', seed)
  const taken = new Set([...exclude].map((n) => n.toLowerCase()))
  const out: BrandInfo[] = []
  for (let attempt = 0; out.length < count && attempt < count * 50; attempt++) {
    const name = `${rng.pick(NAME_HEADS)}${rng.pick(NAME_TAILS)}`
    if (taken.has(name.toLowerCase())) continue
    taken.add(name.toLowerCase())
    const domain = `${slug(name).replace(/-/g, '').replace(/and/g, '')}.com`
    out.push({ name, alternativeNames: [], domains: [domain] })
  }
  for (let i = out.length; i < count; i++) out.push({ name: `Brand ${i + 1}`, alternativeNames: [], domains: [`brand${i + 1}.example.com`] })
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
