/**
 * The words and symbols that mark a rank in a model's answer, per setup language (the
 * 29 of the setup form), as data. rankings.ts turns them into matchers; nothing here is code.
 *
 * All languages are read in every answer: answers mix languages and the parser does not know
 * the project's language. Words are matched case-insensitively at the start of a line (after
 * bullets, emoji, symbols, heading marks and emphasis), both in NFC and NFD; for Arabic-script
 * words the vowel marks and tanween are optional (أولاً, أولًا and أولا all match). Turkish
 * words that start with "i" also list their capital "İ" form: case-insensitive matching in
 * JavaScript does not fold the dotted capital to "i".
 *
 * Sources: standard grammars of each language; the feminine/plural/oblique forms a list line
 * would use are included. Words that double as a very common line opener are left out on
 * purpose: German "achten" ("Achten Sie auf ..."), Italian "prima" ("prima di ..."), Dutch
 * "eerst" ("eerst ...").
 */

/** Ordinal words for ranks 1..10 (index 0 = first), by language code of SETUP_LANGUAGES. */
export const ORDINAL_WORDS: Readonly<Record<string, readonly (readonly string[])[]>> = {
  // en-GB and en-US
  en: [
    ['first', 'firstly'],
    ['second', 'secondly'],
    ['third', 'thirdly'],
    ['fourth', 'fourthly'],
    ['fifth', 'fifthly'],
    ['sixth', 'sixthly'],
    ['seventh', 'seventhly'],
    ['eighth', 'eighthly'],
    ['ninth', 'ninthly'],
    ['tenth', 'tenthly'],
  ],
  // zh-CN and zh-TW (第 + Chinese numeral; 第1 with digits is read as a numbered marker)
  zh: [['第一'], ['第二'], ['第三'], ['第四'], ['第五'], ['第六'], ['第七'], ['第八'], ['第九'], ['第十']],
  ja: [
    ['第一', '一つ目', '一番目'],
    ['第二', '二つ目', '二番目'],
    ['第三', '三つ目', '三番目'],
    ['第四', '四つ目', '四番目'],
    ['第五', '五つ目', '五番目'],
    ['第六', '六つ目', '六番目'],
    ['第七', '七つ目', '七番目'],
    ['第八', '八つ目', '八番目'],
    ['第九', '九つ目', '九番目'],
    ['第十', '十番目'],
  ],
  ko: [
    ['첫째', '첫 번째', '첫번째'],
    ['둘째', '두 번째', '두번째'],
    ['셋째', '세 번째', '세번째'],
    ['넷째', '네 번째', '네번째'],
    ['다섯째', '다섯 번째', '다섯번째'],
    ['여섯째', '여섯 번째', '여섯번째'],
    ['일곱째', '일곱 번째', '일곱번째'],
    ['여덟째', '여덟 번째', '여덟번째'],
    ['아홉째', '아홉 번째', '아홉번째'],
    ['열째', '열 번째', '열번째'],
  ],
  es: [
    ['primero', 'primera', 'primer'],
    ['segundo', 'segunda'],
    ['tercero', 'tercera', 'tercer'],
    ['cuarto', 'cuarta'],
    ['quinto', 'quinta'],
    ['sexto', 'sexta'],
    ['séptimo', 'séptima', 'septimo', 'septima'],
    ['octavo', 'octava'],
    ['noveno', 'novena'],
    ['décimo', 'décima', 'decimo', 'decima'],
  ],
  // pt-BR and pt-PT
  pt: [
    ['primeiro', 'primeira'],
    ['segundo', 'segunda'],
    ['terceiro', 'terceira'],
    ['quarto', 'quarta'],
    ['quinto', 'quinta'],
    ['sexto', 'sexta'],
    ['sétimo', 'sétima'],
    ['oitavo', 'oitava'],
    ['nono', 'nona'],
    ['décimo', 'décima'],
  ],
  fr: [
    ['premier', 'première', 'premièrement'],
    ['deuxième', 'deuxièmement', 'second', 'seconde', 'secondement'],
    ['troisième', 'troisièmement'],
    ['quatrième', 'quatrièmement'],
    ['cinquième', 'cinquièmement'],
    ['sixième', 'sixièmement'],
    ['septième', 'septièmement'],
    ['huitième', 'huitièmement'],
    ['neuvième', 'neuvièmement'],
    ['dixième', 'dixièmement'],
  ],
  de: [
    ['erste', 'erster', 'erstes', 'ersten', 'erstens'],
    ['zweite', 'zweiter', 'zweites', 'zweiten', 'zweitens'],
    ['dritte', 'dritter', 'drittes', 'dritten', 'drittens'],
    ['vierte', 'vierter', 'viertes', 'vierten', 'viertens'],
    ['fünfte', 'fünfter', 'fünftes', 'fünften', 'fünftens'],
    ['sechste', 'sechster', 'sechstes', 'sechsten', 'sechstens'],
    ['siebte', 'siebter', 'siebtes', 'siebten', 'siebtens', 'siebente', 'siebenter'],
    ['achte', 'achter', 'achtes', 'achtens'],
    ['neunte', 'neunter', 'neuntes', 'neunten', 'neuntens'],
    ['zehnte', 'zehnter', 'zehntes', 'zehnten', 'zehntens'],
  ],
  it: [
    ['primo', 'primi', 'prime'],
    ['secondo', 'seconda'],
    ['terzo', 'terza'],
    ['quarto', 'quarta'],
    ['quinto', 'quinta'],
    ['sesto', 'sesta'],
    ['settimo', 'settima'],
    ['ottavo', 'ottava'],
    ['nono', 'nona'],
    ['decimo', 'decima'],
  ],
  nl: [['eerste'], ['tweede'], ['derde'], ['vierde'], ['vijfde'], ['zesde'], ['zevende'], ['achtste'], ['negende'], ['tiende']],
  pl: [
    ['pierwszy', 'pierwsza', 'pierwsze'],
    ['drugi', 'druga', 'drugie'],
    ['trzeci', 'trzecia', 'trzecie'],
    ['czwarty', 'czwarta', 'czwarte'],
    ['piąty', 'piąta', 'piąte'],
    ['szósty', 'szósta', 'szóste'],
    ['siódmy', 'siódma', 'siódme'],
    ['ósmy', 'ósma', 'ósme'],
    ['dziewiąty', 'dziewiąta', 'dziewiąte'],
    ['dziesiąty', 'dziesiąta', 'dziesiąte'],
  ],
  ru: [
    ['первый', 'первая', 'первое'],
    ['второй', 'вторая', 'второе'],
    ['третий', 'третья', 'третье'],
    ['четвёртый', 'четвёртая', 'четвёртое', 'четвертый', 'четвертая', 'четвертое'],
    ['пятый', 'пятая', 'пятое'],
    ['шестой', 'шестая', 'шестое'],
    ['седьмой', 'седьмая', 'седьмое'],
    ['восьмой', 'восьмая', 'восьмое'],
    ['девятый', 'девятая', 'девятое'],
    ['десятый', 'десятая', 'десятое'],
  ],
  uk: [
    ['перший', 'перша', 'перше'],
    ['другий', 'друга', 'друге'],
    ['третій', 'третя', 'третє'],
    ['четвертий', 'четверта', 'четверте'],
    ["п'ятий", "п'ята", "п'яте", 'п’ятий', 'п’ята', 'п’яте'],
    ['шостий', 'шоста', 'шосте'],
    ['сьомий', 'сьома', 'сьоме'],
    ['восьмий', 'восьма', 'восьме'],
    ["дев'ятий", "дев'ята", "дев'яте", 'дев’ятий', 'дев’ята', 'дев’яте'],
    ['десятий', 'десята', 'десяте'],
  ],
  tr: [
    ['birinci', 'ilk', 'İlk'],
    ['ikinci', 'İkinci'],
    ['üçüncü'],
    ['dördüncü'],
    ['beşinci'],
    ['altıncı'],
    ['yedinci'],
    ['sekizinci'],
    ['dokuzuncu'],
    ['onuncu'],
  ],
  ar: [
    ['أولاً', 'اولا', 'الأول', 'الأولى', 'الاول', 'الاولى'],
    ['ثانياً', 'الثاني', 'الثانية'],
    ['ثالثاً', 'الثالث', 'الثالثة'],
    ['رابعاً', 'الرابع', 'الرابعة'],
    ['خامساً', 'الخامس', 'الخامسة'],
    ['سادساً', 'السادس', 'السادسة'],
    ['سابعاً', 'السابع', 'السابعة'],
    ['ثامناً', 'الثامن', 'الثامنة'],
    ['تاسعاً', 'التاسع', 'التاسعة'],
    ['عاشراً', 'العاشر', 'العاشرة'],
  ],
  ur: [
    ['پہلا', 'پہلی', 'پہلے'],
    ['دوسرا', 'دوسری', 'دوسرے'],
    ['تیسرا', 'تیسری', 'تیسرے'],
    ['چوتھا', 'چوتھی', 'چوتھے'],
    ['پانچواں', 'پانچویں'],
    ['چھٹا', 'چھٹی', 'چھٹے'],
    ['ساتواں', 'ساتویں'],
    ['آٹھواں', 'آٹھویں'],
    ['نواں', 'نویں'],
    ['دسواں', 'دسویں'],
  ],
  hi: [
    ['पहला', 'पहली', 'पहले', 'प्रथम'],
    ['दूसरा', 'दूसरी', 'दूसरे', 'द्वितीय'],
    ['तीसरा', 'तीसरी', 'तीसरे', 'तृतीय'],
    ['चौथा', 'चौथी', 'चौथे', 'चतुर्थ'],
    ['पाँचवाँ', 'पांचवां', 'पाँचवीं', 'पांचवीं', 'पाँचवें', 'पांचवें', 'पंचम'],
    ['छठा', 'छठी', 'छठे', 'षष्ठ'],
    ['सातवाँ', 'सातवां', 'सातवीं', 'सातवें', 'सप्तम'],
    ['आठवाँ', 'आठवां', 'आठवीं', 'आठवें', 'अष्टम'],
    ['नौवाँ', 'नौवां', 'नौवीं', 'नौवें', 'नवाँ', 'नवां', 'नवीं', 'नवें', 'नवम'],
    ['दसवाँ', 'दसवां', 'दसवीं', 'दसवें', 'दशम'],
  ],
  mr: [
    ['पहिला', 'पहिली', 'पहिले'],
    ['दुसरा', 'दुसरी', 'दुसरे'],
    ['तिसरा', 'तिसरी', 'तिसरे'],
    ['चौथा', 'चौथी', 'चौथे'],
    ['पाचवा', 'पाचवी', 'पाचवे'],
    ['सहावा', 'सहावी', 'सहावे'],
    ['सातवा', 'सातवी', 'सातवे'],
    ['आठवा', 'आठवी', 'आठवे'],
    ['नववा', 'नववी', 'नववे'],
    ['दहावा', 'दहावी', 'दहावे'],
  ],
  bn: [['প্রথম'], ['দ্বিতীয়'], ['তৃতীয়'], ['চতুর্থ'], ['পঞ্চম'], ['ষষ্ঠ'], ['সপ্তম'], ['অষ্টম'], ['নবম'], ['দশম']],
  pa: [
    ['ਪਹਿਲਾ', 'ਪਹਿਲੀ', 'ਪਹਿਲੇ'],
    ['ਦੂਜਾ', 'ਦੂਜੀ', 'ਦੂਜੇ'],
    ['ਤੀਜਾ', 'ਤੀਜੀ', 'ਤੀਜੇ'],
    ['ਚੌਥਾ', 'ਚੌਥੀ', 'ਚੌਥੇ'],
    ['ਪੰਜਵਾਂ', 'ਪੰਜਵੀਂ', 'ਪੰਜਵੇਂ'],
    ['ਛੇਵਾਂ', 'ਛੇਵੀਂ', 'ਛੇਵੇਂ'],
    ['ਸੱਤਵਾਂ', 'ਸੱਤਵੀਂ', 'ਸੱਤਵੇਂ'],
    ['ਅੱਠਵਾਂ', 'ਅੱਠਵੀਂ', 'ਅੱਠਵੇਂ'],
    ['ਨੌਵਾਂ', 'ਨੌਵੀਂ', 'ਨੌਵੇਂ'],
    ['ਦਸਵਾਂ', 'ਦਸਵੀਂ', 'ਦਸਵੇਂ'],
  ],
  gu: [
    ['પહેલું', 'પહેલો', 'પહેલી', 'પ્રથમ'],
    ['બીજું', 'બીજો', 'બીજી', 'દ્વિતીય'],
    ['ત્રીજું', 'ત્રીજો', 'ત્રીજી', 'તૃતીય'],
    ['ચોથું', 'ચોથો', 'ચોથી'],
    ['પાંચમું', 'પાંચમો', 'પાંચમી'],
    ['છઠ્ઠું', 'છઠ્ઠો', 'છઠ્ઠી'],
    ['સાતમું', 'સાતમો', 'સાતમી'],
    ['આઠમું', 'આઠમો', 'આઠમી'],
    ['નવમું', 'નવમો', 'નવમી'],
    ['દસમું', 'દસમો', 'દસમી'],
  ],
  te: [
    ['మొదటి', 'మొదటిది', 'ప్రథమ'],
    ['రెండవ', 'రెండవది', 'రెండో'],
    ['మూడవ', 'మూడవది', 'మూడో'],
    ['నాలుగవ', 'నాలుగవది', 'నాలుగో'],
    ['ఐదవ', 'ఐదవది', 'ఐదో'],
    ['ఆరవ', 'ఆరవది', 'ఆరో'],
    ['ఏడవ', 'ఏడవది', 'ఏడో'],
    ['ఎనిమిదవ', 'ఎనిమిదవది', 'ఎనిమిదో'],
    ['తొమ్మిదవ', 'తొమ్మిదవది', 'తొమ్మిదో'],
    ['పదవ', 'పదవది', 'పదో'],
  ],
  ta: [
    ['முதல்', 'முதலாவது', 'முதலாம்'],
    ['இரண்டாம்', 'இரண்டாவது'],
    ['மூன்றாம்', 'மூன்றாவது'],
    ['நான்காம்', 'நான்காவது'],
    ['ஐந்தாம்', 'ஐந்தாவது'],
    ['ஆறாம்', 'ஆறாவது'],
    ['ஏழாம்', 'ஏழாவது'],
    ['எட்டாம்', 'எட்டாவது'],
    ['ஒன்பதாம்', 'ஒன்பதாவது'],
    ['பத்தாம்', 'பத்தாவது'],
  ],
  ml: [
    ['ഒന്നാം', 'ഒന്നാമത്', 'ഒന്നാമതായി'],
    ['രണ്ടാം', 'രണ്ടാമത്', 'രണ്ടാമതായി'],
    ['മൂന്നാം', 'മൂന്നാമത്', 'മൂന്നാമതായി'],
    ['നാലാം', 'നാലാമത്', 'നാലാമതായി'],
    ['അഞ്ചാം', 'അഞ്ചാമത്', 'അഞ്ചാമതായി'],
    ['ആറാം', 'ആറാമത്', 'ആറാമതായി'],
    ['ഏഴാം', 'ഏഴാമത്', 'ഏഴാമതായി'],
    ['എട്ടാം', 'എട്ടാമത്', 'എട്ടാമതായി'],
    ['ഒമ്പതാം', 'ഒമ്പതാമത്', 'ഒമ്പതാമതായി'],
    ['പത്താം', 'പത്താമത്', 'പത്താമതായി'],
  ],
  th: [
    ['ที่หนึ่ง', 'อันดับแรก'],
    ['ที่สอง'],
    ['ที่สาม'],
    ['ที่สี่'],
    ['ที่ห้า'],
    ['ที่หก'],
    ['ที่เจ็ด'],
    ['ที่แปด'],
    ['ที่เก้า'],
    ['ที่สิบ'],
  ],
  vi: [
    ['thứ nhất', 'đầu tiên'],
    ['thứ hai', 'thứ nhì'],
    ['thứ ba'],
    ['thứ tư'],
    ['thứ năm'],
    ['thứ sáu'],
    ['thứ bảy'],
    ['thứ tám'],
    ['thứ chín'],
    ['thứ mười'],
  ],
  // Javanese; answers for Javanese projects often fall back to Indonesian, so its ordinals too.
  jv: [
    ['kapisan', 'kaping siji', 'pertama'],
    ['kapindho', 'kaping pindho', 'kedua'],
    ['katelu', 'kaping telu', 'ketiga'],
    ['kapapat', 'kaping papat', 'keempat'],
    ['kalima', 'kaping lima', 'kelima'],
    ['kanem', 'kaping enem', 'keenam'],
    ['kapitu', 'kaping pitu', 'ketujuh'],
    ['kawolu', 'kaping wolu', 'kedelapan'],
    ['kasanga', 'kaping sanga', 'kesembilan'],
    ['kasepuluh', 'kaping sepuluh', 'kesepuluh'],
  ],
}

/** Korean particles that may follow an ordinal word ("첫째로", "첫 번째는"). */
export const HANGUL_PARTICLES: readonly string[] = ['로는', '으로', '로', '는', '은', '도']

/**
 * Endings that make a written number an ordinal ("1st", "2e", "3º", "1-й"): read like an
 * ordinal word. Letters are matched case-insensitively; a letter or digit may not follow.
 */
export const ORDINAL_NUMBER_SUFFIXES: readonly string[] = [
  'st', 'nd', 'rd', 'th', // en
  'er', 're', 'ère', 'e', 'ème', 'è', // fr (1er, 1re, 2e, 2ème)
  'º', 'ª', '.º', '.ª', '°', // es, pt, it (1º, 1.ª)
  'ste', 'de', // nl (1ste, 2de)
  '-й', '-я', '-е', '-ий', '-ый', '-ой', // ru, uk (1-й, 2-я)
]

/**
 * Words that, right after an ordinal, make it a rank label on a plain line ("First place:",
 * "Third pick", "First up is ...", "第一名"). Matched case-insensitively, whole word except
 * for the Han/Hangul ones.
 */
export const RANK_NOUNS: readonly string[] = [
  // en
  'place', 'pick', 'choice', 'option', 'up', 'spot', 'position', 'recommendation', 'contender',
  // de, fr, es, pt, it, nl, pl, ru, uk, tr, vi, hi
  'platz', 'wahl', 'choix', 'lugar', 'puesto', 'opción', 'posición', 'opção', 'posição', 'escolha',
  'posto', 'scelta', 'opzione', 'posizione', 'plaats', 'keuze', 'optie', 'miejsce', 'wybór', 'opcja',
  'место', 'вариант', 'выбор', 'місце', 'варіант', 'вибір', 'sırada', 'sıra', 'tercih', 'seçenek',
  'lựa chọn', 'vị trí', 'स्थान', 'विकल्प',
  // zh, ja, ko (written without a space after the ordinal)
  '名', '位', '个', '個', '款', '候補', '위', '등', '순위',
]

/**
 * Words before a number that make it a rank marker: "No. 1:", "Rank 2 -", "Platz 3:",
 * "อันดับ 1". Matched case-insensitively; "#1" and "第1" are built in.
 */
export const RANK_PREFIXES: readonly string[] = [
  'no.', 'no', 'nr.', 'nr', 'n°', 'nº', 'n.º', '№', 'number', 'rank', // en and most Latin scripts
  'platz', 'rang', 'numéro', 'número', 'numero', 'nummer', 'puesto', 'posição', 'posizione', 'plaats', 'miejsce', 'место', 'місце',
  'sıra', 'hạng',
  'อันดับที่', 'อันดับ', 'ลำดับที่', // th
  'المركز', 'المرتبة', 'رقم', // ar
  '제', // ko (제1위)
  '同率', 'その', // ja (同率1位: a tie; その1)
]

/**
 * Words before a number that make it a rank marker only when a label sign (":" "." "、" ")") or
 * 位/名 follows the number: "TOP1：", "Top 1:", "TOP3位" rank; "Top 10 running shoes" is a title.
 */
export const LABEL_PREFIXES: readonly string[] = ['top']

/**
 * Nouns after "第1" / "제1" that make the number a part of the document (chapter, section, part,
 * episode), not a rank: "第1章", "第2節", "第3部", "제1장".
 */
export const STRUCTURE_NOUNS: readonly string[] = ['章', '節', '节', '部', '編', '篇', '回', '話', '课', '課', '条', '條', '項', '项', '장', '절', '편', '부', '과']

/** Words before an ordinal word that keep it a rank marker: "Ranked first:", "المركز الأول". */
export const ORDINAL_PREFIXES: readonly string[] = ['ranked', 'rank', 'المركز', 'المرتبة', 'في المركز', 'في المرتبة']

/** Written after a number instead of "." (CJK and Korean ranks: "1位", "1名", "1위", "1번째", "1番目"). */
export const NUMBER_SUFFIXES: readonly string[] = ['位タイ', '位', '名', '番目', 'つ目', '위', '순위', '등', '번째']

/** Symbols that are themselves a rank when no number follows them (🥇 Brand). */
export const RANK_SYMBOLS: Readonly<Record<string, number>> = { '🥇': 1, '🥈': 2, '🥉': 3, '🔟': 10 }

/** Circled numbers used as list markers in Japanese and Chinese: first code point and count. */
export const CIRCLED_NUMBERS: readonly { first: number; count: number }[] = [
  { first: 0x2460, count: 20 }, // ①..⑳
  { first: 0x2776, count: 10 }, // ❶..❿
  { first: 0x2780, count: 10 }, // ➀..➉
  { first: 0x278a, count: 10 }, // ➊..➓
]

/** Zero of each decimal digit set used by the setup languages (value = code point - zero). */
export const DIGIT_ZEROS: readonly number[] = [
  0x30, // ASCII
  0xff10, // full-width (zh, ja)
  0x660, // Arabic-Indic (ar)
  0x6f0, // Extended Arabic-Indic (ur)
  0x966, // Devanagari (hi, mr)
  0x9e6, // Bengali (bn)
  0xa66, // Gurmukhi (pa)
  0xae6, // Gujarati (gu)
  0xbe6, // Tamil (ta)
  0xc66, // Telugu (te)
  0xd66, // Malayalam (ml)
  0xe50, // Thai (th)
]

/** Chinese/Japanese numerals for 1..10 (十一..二十 are built from them). */
export const CJK_NUMERALS: readonly string[] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十']

/**
 * Header cells that name a table's rank column (matched after trimming emphasis, case-
 * insensitively, as the whole cell).
 */
export const RANK_COLUMN_HEADERS: readonly string[] = [
  '#', 'no', 'no.', 'nr', 'nr.', '№', 'rank', 'ranking', 'position', 'pos', 'pos.', 'place', // en
  'platz', 'rang', 'classement', 'posición', 'puesto', 'posição', 'classificação', 'posizione', 'classifica',
  'plaats', 'positie', 'miejsce', 'pozycja', 'место', 'позиция', 'рейтинг', 'місце', 'позиція', 'sıra', 'sıralama',
  'hạng', 'xếp hạng', 'thứ hạng', 'अंक', 'रैंक', 'स्थान', 'क्रम',
  '排名', '名次', '排行', '順位', 'ランキング', '순위', '랭킹', 'الترتيب', 'المرتبة', 'المركز', 'อันดับ', 'ลำดับ',
]

/**
 * Words in a table's header row, or in the line above the table, that say its rows are in rank
 * order ("Top 5 brands, ranked", "Ranking", "排名"). Matched case-insensitively as words.
 */
export const RANKED_CUES: readonly string[] = [
  'ranked', 'ranking', 'rankings', 'best to worst', 'from best',
  'rangliste', 'classement', 'clasificación', 'classificação', 'classifica', 'graduatoria',
  'ranglijst', 'rangschikking', 'рейтинг', 'sıralama', 'xếp hạng',
  'रैंकिंग', '排名', '排行', '順位', 'ランキング', '순위', '랭킹', 'الترتيب', 'ترتيب', 'การจัดอันดับ', 'อันดับ',
]
