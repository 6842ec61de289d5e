/**
 * The sites a simulated model cites for a project in another language: the market's own
 * publishers, testers, retailers, comparison sites and forums, kept as data per language and market
 * group. Real domains only, and only their home pages (or a Wikipedia search in the language's own
 * Wikipedia): the simulator never makes up an article on a real site. English projects keep the
 * catalogue's sites (knowledge.ts). A language without a table here falls back to those too.
 */
import { GENERIC_SITES, SITES, type MarketInfo, type SiteContext, type SiteInfo } from './knowledge'
import { languageKey } from './languages'

/** Groups of catalogued markets that share their review sites. */
type Group = 'software' | 'tech' | 'home' | 'sport' | 'fashion' | 'food' | 'cars' | 'finance' | 'telecom' | 'travel'

const GROUP_OF: Record<string, Group> = {}
const grouped = (group: Group, keys: string) => keys.split(' ').forEach((k) => (GROUP_OF[k] = group))
grouped('software', 'crm-software project-management-software notes-wiki-software email-marketing-software accounting-software hr-software team-chat-software video-conferencing help-desk-software ecommerce-platforms website-builders cloud-platforms seo-tools payment-processing e-signature-software survey-tools ai-assistants password-managers vpn-services antivirus-software cloud-storage language-learning-apps')
grouped('tech', 'smartphones laptops televisions headphones smartwatches music-streaming video-streaming dating-apps')
grouped('home', 'vacuum-cleaners coffee-machines mattresses')
grouped('sport', 'running-shoes gyms')
grouped('fashion', 'skincare fashion-retailers')
grouped('food', 'coffee-chains soft-drinks pet-food food-delivery meal-kits supermarkets')
grouped('cars', 'electric-cars ride-hailing')
grouped('finance', 'uk-banks car-insurance investment-platforms price-comparison')
grouped('telecom', 'mobile-networks broadband-providers energy-suppliers')
grouped('travel', 'airlines hotel-chains travel-booking')

interface LocalSites {
  /** The language's Wikipedia (de.wikipedia.org ...). */
  wiki: string
  /** Display names of every domain below (registrable domain -> name), and hosts that are not www.{domain}. */
  names: Record<string, string>
  hosts?: Record<string, string>
  /** Cited for every market: general testers, newspapers, forums. */
  general: string[]
  groups: Partial<Record<Group, string[]>>
}

const LOCAL: Record<string, LocalSites> = {
  de: {
    wiki: 'de',
    names: {
      'test.de': 'Stiftung Warentest', 'spiegel.de': 'DER SPIEGEL', 'faz.net': 'FAZ.NET', 'gutefrage.net': 'gutefrage.net', 't3n.de': 't3n', 'heise.de': 'heise online',
      'chip.de': 'CHIP', 'computerwoche.de': 'COMPUTERWOCHE', 'omr.com': 'OMR Reviews', 'computerbild.de': 'COMPUTER BILD', 'netzwelt.de': 'netzwelt',
      'notebookcheck.com': 'Notebookcheck', 'idealo.de': 'idealo', 'mediamarkt.de': 'MediaMarkt', 'oekotest.de': 'ÖKO-TEST', 'otto.de': 'OTTO',
      'runnersworld.de': "Runner's World", 'zalando.de': 'Zalando', 'sportscheck.com': 'SportScheck', 'laufen.de': 'laufen.de', 'fitbook.de': 'FITBOOK',
      'aboutyou.de': 'ABOUT YOU', 'douglas.de': 'Douglas', 'vogue.de': 'VOGUE Germany', 'chefkoch.de': 'Chefkoch', 'utopia.de': 'Utopia', 'lebensmittelzeitung.net': 'Lebensmittel Zeitung',
      'adac.de': 'ADAC', 'auto-motor-und-sport.de': 'auto motor und sport', 'autobild.de': 'AUTO BILD', 'electrive.net': 'electrive.net', 'mobile.de': 'mobile.de',
      'finanztip.de': 'Finanztip', 'check24.de': 'CHECK24', 'verivox.de': 'Verivox', 'handelsblatt.com': 'Handelsblatt', 'biallo.de': 'biallo.de',
      'teltarif.de': 'teltarif.de', 'connect.de': 'connect', 'holidaycheck.de': 'HolidayCheck', 'tripadvisor.de': 'Tripadvisor', 'reisereporter.de': 'reisereporter', 'airliners.de': 'airliners.de',
    },
    general: ['test.de', 'spiegel.de', 'faz.net', 'gutefrage.net', 'wikipedia.org'],
    groups: {
      software: ['t3n.de', 'heise.de', 'chip.de', 'computerwoche.de', 'omr.com'],
      tech: ['chip.de', 'computerbild.de', 'heise.de', 'netzwelt.de', 'notebookcheck.com', 'idealo.de', 'mediamarkt.de'],
      home: ['test.de', 'oekotest.de', 'idealo.de', 'computerbild.de', 'otto.de'],
      sport: ['runnersworld.de', 'zalando.de', 'sportscheck.com', 'laufen.de', 'fitbook.de', 'test.de'],
      fashion: ['zalando.de', 'aboutyou.de', 'douglas.de', 'vogue.de', 'oekotest.de'],
      food: ['test.de', 'oekotest.de', 'chefkoch.de', 'utopia.de', 'lebensmittelzeitung.net'],
      cars: ['adac.de', 'auto-motor-und-sport.de', 'autobild.de', 'electrive.net', 'mobile.de'],
      finance: ['finanztip.de', 'test.de', 'check24.de', 'verivox.de', 'handelsblatt.com', 'biallo.de'],
      telecom: ['verivox.de', 'check24.de', 'teltarif.de', 'connect.de', 'chip.de', 'finanztip.de'],
      travel: ['holidaycheck.de', 'tripadvisor.de', 'check24.de', 'reisereporter.de', 'airliners.de'],
    },
  },
  ja: {
    wiki: 'ja',
    names: {
      'kakaku.com': '価格.com', 'my-best.com': 'mybest', 'yahoo.co.jp': 'Yahoo!知恵袋', 'nikkei.com': '日本経済新聞', 'itreview.jp': 'ITreview', 'boxil.jp': 'BOXIL SaaS',
      'itmedia.co.jp': 'ITmedia', 'gizmodo.jp': 'ギズモード・ジャパン', 'impress.co.jp': 'Impress Watch', 'amazon.co.jp': 'Amazon.co.jp', 'rakuten.co.jp': '楽天市場',
      'runnet.jp': 'RUNNET', 'abc-mart.net': 'ABCマート', 'zozo.jp': 'ZOZOTOWN', 'cosme.net': '@cosme', 'vogue.co.jp': 'VOGUE JAPAN', 'tabelog.com': '食べログ', 'retty.me': 'Retty',
      'carsensor.net': 'カーセンサー', 'webcg.net': 'webCG', 'bestcarweb.jp': 'ベストカーWeb', 'goo-net.com': 'グーネット', 'diamond.jp': 'ダイヤモンド・オンライン', 'minkabu.jp': 'みんかぶ',
      'toyokeizai.net': '東洋経済オンライン', 'enechange.jp': 'エネチェンジ', 'jalan.net': 'じゃらんnet', 'tripadvisor.jp': 'トリップアドバイザー', 'ikyu.com': '一休.com',
    },
    hosts: { 'kakaku.com': 'kakaku.com', 'yahoo.co.jp': 'chiebukuro.yahoo.co.jp', 'impress.co.jp': 'www.watch.impress.co.jp', 'tabelog.com': 'tabelog.com', 'retty.me': 'retty.me', 'toyokeizai.net': 'toyokeizai.net', 'my-best.com': 'my-best.com', 'itreview.jp': 'www.itreview.jp', 'boxil.jp': 'boxil.jp', 'diamond.jp': 'diamond.jp', 'minkabu.jp': 'minkabu.jp', 'enechange.jp': 'enechange.jp' },
    general: ['kakaku.com', 'my-best.com', 'yahoo.co.jp', 'nikkei.com', 'wikipedia.org'],
    groups: {
      software: ['itreview.jp', 'boxil.jp', 'itmedia.co.jp', 'nikkei.com'],
      tech: ['kakaku.com', 'itmedia.co.jp', 'gizmodo.jp', 'impress.co.jp', 'amazon.co.jp'],
      home: ['kakaku.com', 'my-best.com', 'amazon.co.jp', 'rakuten.co.jp'],
      sport: ['runnet.jp', 'my-best.com', 'rakuten.co.jp', 'abc-mart.net', 'kakaku.com'],
      fashion: ['zozo.jp', 'cosme.net', 'vogue.co.jp', 'my-best.com'],
      food: ['tabelog.com', 'retty.me', 'my-best.com', 'nikkei.com'],
      cars: ['carsensor.net', 'webcg.net', 'bestcarweb.jp', 'goo-net.com', 'kakaku.com'],
      finance: ['diamond.jp', 'minkabu.jp', 'kakaku.com', 'toyokeizai.net', 'nikkei.com'],
      telecom: ['kakaku.com', 'itmedia.co.jp', 'enechange.jp', 'my-best.com'],
      travel: ['jalan.net', 'tripadvisor.jp', 'rakuten.co.jp', 'ikyu.com'],
    },
  },
  fr: {
    wiki: 'fr',
    names: {
      'quechoisir.org': 'UFC-Que Choisir', '60millions-mag.com': '60 Millions de consommateurs', 'lemonde.fr': 'Le Monde', 'lefigaro.fr': 'Le Figaro', 'commentcamarche.net': 'CommentCaMarche',
      'journaldunet.com': 'Journal du Net', 'appvizer.fr': 'Appvizer', 'lesnumeriques.com': 'Les Numériques', '01net.com': '01net', 'frandroid.com': 'Frandroid', 'fnac.com': 'Fnac',
      'boulanger.com': 'Boulanger', 'darty.com': 'Darty', 'i-run.fr': 'i-Run', 'decathlon.fr': 'Decathlon', 'lequipe.fr': "L'Équipe", 'elle.fr': 'ELLE', 'marieclaire.fr': 'Marie Claire',
      'zalando.fr': 'Zalando', 'marmiton.org': 'Marmiton', 'lsa-conso.fr': 'LSA', 'caradisiac.com': 'Caradisiac', 'largus.fr': "L'argus", 'automobile-propre.com': 'Automobile Propre',
      'moneyvox.fr': 'MoneyVox', 'capital.fr': 'Capital', 'lesechos.fr': 'Les Echos', 'ariase.com': 'Ariase', 'selectra.info': 'Selectra', 'tripadvisor.fr': 'Tripadvisor', 'routard.com': 'Le Routard',
    },
    general: ['quechoisir.org', '60millions-mag.com', 'lemonde.fr', 'lefigaro.fr', 'commentcamarche.net', 'wikipedia.org'],
    groups: {
      software: ['journaldunet.com', 'appvizer.fr', '01net.com', 'lesnumeriques.com'],
      tech: ['lesnumeriques.com', '01net.com', 'frandroid.com', 'fnac.com', 'boulanger.com'],
      home: ['quechoisir.org', 'lesnumeriques.com', 'darty.com', 'boulanger.com'],
      sport: ['i-run.fr', 'decathlon.fr', 'lequipe.fr', 'quechoisir.org'],
      fashion: ['elle.fr', 'marieclaire.fr', 'zalando.fr'],
      food: ['quechoisir.org', '60millions-mag.com', 'marmiton.org', 'lsa-conso.fr'],
      cars: ['caradisiac.com', 'largus.fr', 'automobile-propre.com'],
      finance: ['quechoisir.org', 'moneyvox.fr', 'capital.fr', 'lesechos.fr'],
      telecom: ['ariase.com', 'selectra.info', 'quechoisir.org', 'frandroid.com'],
      travel: ['tripadvisor.fr', 'routard.com', 'lefigaro.fr'],
    },
  },
  es: {
    wiki: 'es',
    names: {
      'ocu.org': 'OCU', 'elpais.com': 'EL PAÍS', 'forocoches.com': 'Forocoches', 'xataka.com': 'Xataka', 'genbeta.com': 'Genbeta', 'expansion.com': 'Expansión',
      'elcorteingles.es': 'El Corte Inglés', 'pccomponentes.com': 'PcComponentes', 'marca.com': 'MARCA', 'decathlon.es': 'Decathlon', 'foroatletismo.com': 'Foroatletismo',
      'vogue.es': 'Vogue España', 'zalando.es': 'Zalando', 'directoalpaladar.com': 'Directo al Paladar', 'motorpasion.com': 'Motorpasión', 'km77.com': 'km77', 'coches.net': 'coches.net',
      'rankia.com': 'Rankia', 'helpmycash.com': 'HelpMyCash', 'adslzone.net': 'ADSLZone', 'kelisto.es': 'Kelisto', 'tripadvisor.es': 'Tripadvisor', 'minube.com': 'minube',
    },
    general: ['ocu.org', 'elpais.com', 'forocoches.com', 'wikipedia.org'],
    groups: {
      software: ['xataka.com', 'genbeta.com', 'expansion.com'],
      tech: ['xataka.com', 'pccomponentes.com', 'elcorteingles.es', 'genbeta.com'],
      home: ['ocu.org', 'elcorteingles.es', 'xataka.com'],
      sport: ['marca.com', 'decathlon.es', 'foroatletismo.com', 'ocu.org'],
      fashion: ['vogue.es', 'zalando.es', 'elcorteingles.es'],
      food: ['ocu.org', 'directoalpaladar.com', 'elpais.com'],
      cars: ['motorpasion.com', 'km77.com', 'coches.net'],
      finance: ['ocu.org', 'rankia.com', 'helpmycash.com', 'expansion.com'],
      telecom: ['adslzone.net', 'kelisto.es', 'xataka.com', 'ocu.org'],
      travel: ['tripadvisor.es', 'minube.com', 'elpais.com'],
    },
  },
  it: {
    wiki: 'it',
    names: { 'altroconsumo.it': 'Altroconsumo', 'corriere.it': 'Corriere della Sera', 'ilsole24ore.com': 'Il Sole 24 Ore', 'hdblog.it': 'HDblog', 'tomshw.it': "Tom's Hardware Italia", 'quattroruote.it': 'Quattroruote', 'facile.it': 'Facile.it', 'sostariffe.it': 'SosTariffe', 'giallozafferano.it': 'GialloZafferano' },
    general: ['altroconsumo.it', 'corriere.it', 'ilsole24ore.com', 'wikipedia.org'],
    groups: { software: ['hdblog.it', 'tomshw.it'], tech: ['hdblog.it', 'tomshw.it'], cars: ['quattroruote.it'], finance: ['facile.it', 'sostariffe.it'], telecom: ['sostariffe.it', 'facile.it'], food: ['giallozafferano.it'] },
  },
  nl: {
    wiki: 'nl',
    names: { 'consumentenbond.nl': 'Consumentenbond', 'tweakers.net': 'Tweakers', 'kieskeurig.nl': 'Kieskeurig.nl', 'nu.nl': 'NU.nl', 'bol.com': 'bol.com', 'independer.nl': 'Independer' },
    general: ['consumentenbond.nl', 'nu.nl', 'kieskeurig.nl', 'wikipedia.org'],
    groups: { software: ['tweakers.net'], tech: ['tweakers.net', 'bol.com'], home: ['bol.com'], finance: ['independer.nl'], telecom: ['independer.nl', 'tweakers.net'] },
  },
  pl: {
    wiki: 'pl',
    names: { 'ceneo.pl': 'Ceneo', 'benchmark.pl': 'Benchmark', 'wykop.pl': 'Wykop', 'money.pl': 'money.pl', 'komputerswiat.pl': 'Komputer Świat', 'autocentrum.pl': 'AutoCentrum' },
    general: ['ceneo.pl', 'wykop.pl', 'money.pl', 'wikipedia.org'],
    groups: { software: ['benchmark.pl', 'komputerswiat.pl'], tech: ['benchmark.pl', 'komputerswiat.pl'], cars: ['autocentrum.pl'] },
  },
  pt: {
    wiki: 'pt',
    names: { 'reclameaqui.com.br': 'Reclame AQUI', 'tecmundo.com.br': 'Tecmundo', 'zoom.com.br': 'Zoom', 'uol.com.br': 'UOL', 'tecnoblog.net': 'Tecnoblog' },
    general: ['reclameaqui.com.br', 'uol.com.br', 'zoom.com.br', 'wikipedia.org'],
    groups: { software: ['tecnoblog.net', 'tecmundo.com.br'], tech: ['tecmundo.com.br', 'tecnoblog.net'] },
  },
  ko: {
    wiki: 'ko',
    names: {
      'naver.com': 'NAVER', 'chosun.com': '조선일보', 'hankyung.com': '한국경제', 'clien.net': '클리앙', 'zdnet.co.kr': '지디넷코리아', 'bloter.net': '블로터',
      'danawa.com': '다나와', 'coupang.com': '쿠팡', 'ppomppu.co.kr': '뽐뿌', 'musinsa.com': '무신사', 'oliveyoung.co.kr': '올리브영', 'encar.com': '엔카',
      'bobaedream.co.kr': '보배드림', 'banksalad.com': '뱅크샐러드', 'yanolja.com': '야놀자', 'mangoplate.com': '망고플레이트',
    },
    general: ['naver.com', 'chosun.com', 'hankyung.com', 'clien.net', 'wikipedia.org'],
    groups: {
      software: ['zdnet.co.kr', 'bloter.net', 'clien.net'], tech: ['danawa.com', 'clien.net', 'zdnet.co.kr', 'ppomppu.co.kr', 'coupang.com'], home: ['danawa.com', 'coupang.com', 'ppomppu.co.kr'],
      sport: ['musinsa.com', 'coupang.com'], fashion: ['musinsa.com', 'oliveyoung.co.kr'], food: ['mangoplate.com', 'coupang.com'], cars: ['encar.com', 'bobaedream.co.kr'],
      finance: ['banksalad.com', 'hankyung.com'], telecom: ['ppomppu.co.kr', 'clien.net'], travel: ['yanolja.com'],
    },
  },
  'zh-CN': {
    wiki: 'zh',
    names: {
      'zhihu.com': '知乎', 'baidu.com': '百度百科', 'sina.com.cn': '新浪', 'smzdm.com': '什么值得买', '36kr.com': '36氪', 'ithome.com': 'IT之家', 'zol.com.cn': '中关村在线',
      'jd.com': '京东', 'tmall.com': '天猫', 'xiaohongshu.com': '小红书', 'dianping.com': '大众点评', 'autohome.com.cn': '汽车之家', 'dongchedi.com': '懂车帝',
      'eastmoney.com': '东方财富', 'ctrip.com': '携程',
    },
    hosts: { 'baidu.com': 'baike.baidu.com' },
    general: ['zhihu.com', 'baidu.com', 'sina.com.cn', 'smzdm.com'],
    groups: {
      software: ['36kr.com', 'ithome.com', 'zhihu.com'], tech: ['zol.com.cn', 'ithome.com', 'jd.com', 'smzdm.com'], home: ['smzdm.com', 'jd.com', 'tmall.com'],
      sport: ['tmall.com', 'jd.com', 'xiaohongshu.com'], fashion: ['xiaohongshu.com', 'tmall.com'], food: ['dianping.com', 'xiaohongshu.com'], cars: ['autohome.com.cn', 'dongchedi.com'],
      finance: ['eastmoney.com'], telecom: ['ithome.com'], travel: ['ctrip.com'],
    },
  },
  'zh-TW': {
    wiki: 'zh',
    names: {
      'mobile01.com': 'Mobile01', 'ptt.cc': 'PTT', 'dcard.tw': 'Dcard', 'udn.com': '聯合新聞網', 'ltn.com.tw': '自由時報', 'ithome.com.tw': 'iThome', 'techbang.com': 'T客邦',
      'pchome.com.tw': 'PChome 24h購物', 'momoshop.com.tw': 'momo購物網', '8891.com.tw': '8891汽車', 'money101.com.tw': 'Money101', 'ipeen.com.tw': '愛評網',
    },
    hosts: { 'ltn.com.tw': 'news.ltn.com.tw', 'pchome.com.tw': '24h.pchome.com.tw' },
    general: ['mobile01.com', 'ptt.cc', 'dcard.tw', 'udn.com', 'ltn.com.tw', 'wikipedia.org'],
    groups: {
      software: ['ithome.com.tw', 'techbang.com'], tech: ['mobile01.com', 'techbang.com', 'pchome.com.tw'], home: ['mobile01.com', 'momoshop.com.tw'], sport: ['momoshop.com.tw', 'dcard.tw'],
      fashion: ['dcard.tw', 'momoshop.com.tw'], food: ['ipeen.com.tw', 'dcard.tw'], cars: ['8891.com.tw', 'mobile01.com'], finance: ['money101.com.tw'], telecom: ['mobile01.com', 'money101.com.tw'],
    },
  },
  ru: {
    wiki: 'ru',
    names: {
      'rbc.ru': 'РБК', 'kommersant.ru': 'Коммерсантъ', 'otzovik.com': 'Отзовик', 'irecommend.ru': 'IRecommend', 'habr.com': 'Хабр', 'vc.ru': 'vc.ru', 'ixbt.com': 'iXBT.com',
      '3dnews.ru': '3DNews', 'dns-shop.ru': 'DNS', 'ozon.ru': 'Ozon', 'wildberries.ru': 'Wildberries', 'drom.ru': 'Дром', 'auto.ru': 'Авто.ру', 'banki.ru': 'Банки.ру',
      'sravni.ru': 'Сравни.ру', 'tutu.ru': 'Туту.ру',
    },
    general: ['rbc.ru', 'otzovik.com', 'irecommend.ru', 'kommersant.ru', 'wikipedia.org'],
    groups: {
      software: ['habr.com', 'vc.ru'], tech: ['ixbt.com', '3dnews.ru', 'dns-shop.ru'], home: ['ozon.ru', 'irecommend.ru', 'dns-shop.ru'], sport: ['wildberries.ru', 'ozon.ru'],
      fashion: ['wildberries.ru', 'ozon.ru'], food: ['irecommend.ru'], cars: ['drom.ru', 'auto.ru'], finance: ['banki.ru', 'sravni.ru'], telecom: ['sravni.ru', 'banki.ru'], travel: ['tutu.ru'],
    },
  },
  tr: {
    wiki: 'tr',
    names: {
      'sikayetvar.com': 'Şikayetvar', 'hurriyet.com.tr': 'Hürriyet', 'milliyet.com.tr': 'Milliyet', 'eksisozluk.com': 'Ekşi Sözlük', 'donanimhaber.com': 'DonanımHaber',
      'webtekno.com': 'Webtekno', 'shiftdelete.net': 'ShiftDelete.Net', 'hepsiburada.com': 'Hepsiburada', 'trendyol.com': 'Trendyol', 'akakce.com': 'Akakçe', 'cimri.com': 'Cimri',
      'arabam.com': 'arabam.com', 'sahibinden.com': 'sahibinden.com', 'hangikredi.com': 'HangiKredi', 'enuygun.com': 'ENUYGUN',
    },
    general: ['sikayetvar.com', 'hurriyet.com.tr', 'milliyet.com.tr', 'eksisozluk.com', 'wikipedia.org'],
    groups: {
      software: ['webtekno.com', 'shiftdelete.net', 'donanimhaber.com'], tech: ['donanimhaber.com', 'shiftdelete.net', 'akakce.com', 'hepsiburada.com'], home: ['akakce.com', 'cimri.com', 'hepsiburada.com'],
      sport: ['trendyol.com', 'hepsiburada.com'], fashion: ['trendyol.com'], food: ['sikayetvar.com'], cars: ['arabam.com', 'sahibinden.com'], finance: ['hangikredi.com'],
      telecom: ['hangikredi.com', 'donanimhaber.com'], travel: ['enuygun.com'],
    },
  },
  ar: {
    wiki: 'ar',
    names: {
      'aljazeera.net': 'الجزيرة نت', 'alarabiya.net': 'العربية', 'youm7.com': 'اليوم السابع', 'aitnews.com': 'البوابة العربية للأخبار التقنية', 'arabhardware.net': 'عرب هاردوير',
      'noon.com': 'نون', 'amazon.sa': 'أمازون السعودية', 'motory.com': 'موتري', 'hatla2ee.com': 'هتلاقي', 'argaam.com': 'أرقام', 'almosafer.com': 'المسافر',
    },
    general: ['aljazeera.net', 'alarabiya.net', 'youm7.com', 'wikipedia.org'],
    groups: {
      software: ['aitnews.com', 'arabhardware.net'], tech: ['arabhardware.net', 'aitnews.com', 'noon.com', 'amazon.sa'], home: ['noon.com', 'amazon.sa'], sport: ['noon.com', 'amazon.sa'],
      fashion: ['noon.com'], cars: ['motory.com', 'hatla2ee.com'], finance: ['argaam.com'], telecom: ['aitnews.com'], travel: ['almosafer.com'],
    },
  },
  hi: {
    wiki: 'hi',
    names: {
      'bhaskar.com': 'दैनिक भास्कर', 'amarujala.com': 'अमर उजाला', 'jagran.com': 'दैनिक जागरण', 'indiatimes.com': 'नवभारत टाइम्स', 'gadgets360.com': 'Gadgets 360',
      'smartprix.com': 'Smartprix', 'flipkart.com': 'Flipkart', 'amazon.in': 'Amazon.in', 'cardekho.com': 'CarDekho', 'carwale.com': 'CarWale', 'bankbazaar.com': 'BankBazaar',
      'policybazaar.com': 'Policybazaar', 'makemytrip.com': 'MakeMyTrip', 'myntra.com': 'Myntra', 'zomato.com': 'Zomato',
    },
    hosts: { 'indiatimes.com': 'navbharattimes.indiatimes.com' },
    general: ['bhaskar.com', 'amarujala.com', 'jagran.com', 'indiatimes.com', 'wikipedia.org'],
    groups: {
      software: ['gadgets360.com'], tech: ['gadgets360.com', 'smartprix.com', 'flipkart.com', 'amazon.in'], home: ['flipkart.com', 'amazon.in'], sport: ['myntra.com', 'flipkart.com'],
      fashion: ['myntra.com'], food: ['zomato.com'], cars: ['cardekho.com', 'carwale.com'], finance: ['bankbazaar.com', 'policybazaar.com'], telecom: ['smartprix.com', 'gadgets360.com'],
      travel: ['makemytrip.com'],
    },
  },
}

/** Setup language code -> the key of its table here (pt-BR and pt-PT share "pt"), if it has one. */
function localOf(language: string | undefined): LocalSites | undefined {
  const k = languageKey(language)
  return k ? LOCAL[k] : undefined
}

/** The third-party sites an answer in this language about this market cites (group first, then general ones). */
export function citedSites(language: string | undefined, market: MarketInfo | undefined): string[] {
  const local = localOf(language)
  if (!local) return market?.sites ?? GENERIC_SITES
  const group = market ? local.groups[GROUP_OF[market.key]] : undefined
  return [...new Set([...(group ?? []), ...local.general])]
}

const q = encodeURIComponent

/** A cited site's page: its home page, or for Wikipedia a search in the language's own Wikipedia. */
export function siteOf(domain: string, language: string | undefined): SiteInfo {
  const local = localOf(language)
  if (!local) return SITES[domain] ?? SITES['techradar.com']
  if (domain === 'wikipedia.org') {
    const subject = (c: SiteContext) => c.brand ?? c.market
    return { domain, name: 'Wikipedia', host: `${local.wiki}.wikipedia.org`, path: (c) => `/wiki/Special:Search?search=${q(subject(c))}`, title: (c) => `${subject(c)} – Wikipedia` }
  }
  const name = local.names[domain] ?? domain
  return { domain, name, host: local.hosts?.[domain] ?? `www.${domain}`, path: () => '/', title: () => name }
}

/** Every domain of a language's table (tests: an answer cites only these and the brands' own). */
export function localDomains(language: string): string[] {
  const local = localOf(language)
  return local ? [...new Set([...local.general, ...Object.values(local.groups).flat()])] : []
}

/** Whether a market group of this language has a table (tests). */
export function marketGroup(key: string): string | undefined {
  return GROUP_OF[key]
}
