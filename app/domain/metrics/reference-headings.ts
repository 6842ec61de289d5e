/**
 * Headings that open an answer's reference apparatus (sources, references, citations,
 * bibliography, footnotes, further reading), per setup language (the 29
 * of the setup form), as data: the text from such a heading on is not the answer and is never counted
 * by mention counting. references.ts turns them into one matcher; nothing here is code.
 *
 * Every language's headings are read in every answer (answers mix languages). A heading is the
 * whole text of its line, after "#" marks, emphasis and 【】 brackets, optionally followed by
 * a colon; it is matched case-insensitively, a space in a word matching any run of spaces.
 * Words that also head ordinary answer sections are left out on purpose ("Notes", Italian
 * "Note", Spanish "Notas", German "Literatur" alone): a missed heading costs a few counts, a
 * wrong one cuts the answer.
 */

/** Reference headings by language code of SETUP_LANGUAGES (en: en-GB and en-US, zh: zh-CN and zh-TW, pt: pt-BR and pt-PT). */
export const REFERENCE_HEADINGS: Readonly<Record<string, readonly string[]>> = {
  en: ['source', 'sources', 'reference', 'references', 'citation', 'citations', 'works cited', 'bibliography', 'further reading', 'footnotes', 'reference list', 'cited sources'],
  zh: ['来源', '來源', '出处', '出處', '参考资料', '參考資料', '参考文献', '參考文獻', '参考来源', '參考來源', '资料来源', '資料來源', '引用来源', '引用來源', '参考链接', '參考連結', '脚注', '腳註', '延伸阅读', '延伸閱讀'],
  ja: ['出典', '出所', '参考文献', '参考資料', '引用文献', '引用元', '参考URL', '参考リンク', '参考サイト', '脚注', '情報源'],
  ko: ['출처', '참고 문헌', '참고문헌', '참고 자료', '참고자료', '인용 문헌', '각주', '참고 링크'],
  es: ['fuente', 'fuentes', 'referencias', 'bibliografía', 'fuentes consultadas', 'obras citadas', 'lecturas adicionales', 'notas al pie'],
  pt: ['fonte', 'fontes', 'referências', 'referencias', 'bibliografia', 'fontes consultadas', 'obras citadas', 'leitura adicional', 'notas de rodapé'],
  fr: ['sources', 'références', 'bibliographie', 'sources consultées', 'ouvrages cités', 'pour aller plus loin', 'notes et références'],
  de: ['quellen', 'quellenangaben', 'quellenverzeichnis', 'literaturverzeichnis', 'bibliographie', 'bibliografie', 'einzelnachweise', 'weiterführende literatur', 'fußnoten'],
  it: ['fonti', 'riferimenti', 'bibliografia', 'fonti consultate', 'per approfondire', 'note a piè di pagina'],
  nl: ['bronnen', 'bronvermelding', 'referenties', 'bibliografie', 'literatuurlijst', 'verder lezen', 'voetnoten'],
  pl: ['źródła', 'bibliografia', 'przypisy', 'odnośniki', 'literatura', 'dalsza lektura'],
  ru: ['источники', 'ссылки', 'литература', 'список литературы', 'примечания', 'библиография'],
  uk: ['джерела', 'посилання', 'література', 'список літератури', 'примітки', 'бібліографія'],
  tr: ['kaynaklar', 'kaynakça', 'referanslar', 'dipnotlar', 'ek okumalar'],
  ar: ['المصادر', 'المراجع', 'مصادر', 'مراجع', 'المصادر والمراجع', 'الحواشي', 'قراءات إضافية'],
  ur: ['حوالہ جات', 'حوالے', 'ماخذ', 'مآخذ'],
  hi: ['स्रोत', 'संदर्भ', 'संदर्भ सूची', 'ग्रंथसूची', 'टिप्पणियाँ'],
  mr: ['स्रोत', 'संदर्भ', 'संदर्भ सूची', 'संदर्भग्रंथ'],
  bn: ['সূত্র', 'তথ্যসূত্র', 'উৎস', 'গ্রন্থপঞ্জি'],
  pa: ['ਸਰੋਤ', 'ਹਵਾਲੇ'],
  gu: ['સ્ત્રોત', 'સંદર્ભ', 'સંદર્ભો'],
  te: ['మూలాలు', 'సూచనలు', 'ఆధారాలు'],
  ta: ['ஆதாரங்கள்', 'மேற்கோள்கள்', 'குறிப்புகள்'],
  ml: ['അവലംബം', 'സ്രോതസ്സുകൾ', 'ഉറവിടങ്ങൾ'],
  th: ['แหล่งที่มา', 'แหล่งอ้างอิง', 'อ้างอิง', 'เอกสารอ้างอิง', 'บรรณานุกรม', 'เชิงอรรถ'],
  vi: ['nguồn', 'nguồn tham khảo', 'tài liệu tham khảo', 'trích dẫn', 'chú thích'],
  // Javanese; answers for Javanese projects often fall back to Indonesian, so its headings too.
  jv: ['sumber', 'referensi', 'daftar pustaka', 'rujukan', 'sumber referensi'],
}
