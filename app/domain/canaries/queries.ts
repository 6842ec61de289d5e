/**
 * The canary queries: brand-neutral questions with stable answers, asked on scheduled runs so that a change in how a
 * model answers them is a change of the model, not of any brand's content. A fixed set per market language
 * (the project's language, its first subtag); English for a language without its own set.
 */
export const CANARY_QUERIES: Record<string, readonly string[]> = {
  en: ['List the ten largest countries by area.', 'Name five programming languages and what each is mostly used for.', 'What are the main causes of inflation?'],
  de: ['Nenne die zehn flächengrößten Länder der Welt.', 'Nenne fünf Programmiersprachen und wofür sie meist verwendet werden.', 'Was sind die Hauptursachen der Inflation?'],
  fr: ['Cite les dix plus grands pays du monde par superficie.', 'Nomme cinq langages de programmation et leur usage principal.', 'Quelles sont les principales causes de l’inflation ?'],
  es: ['Enumera los diez países más grandes del mundo por superficie.', 'Nombra cinco lenguajes de programación y para qué se usa cada uno.', '¿Cuáles son las principales causas de la inflación?'],
  pt: ['Liste os dez maiores países do mundo em área.', 'Cite cinco linguagens de programação e para que cada uma é mais usada.', 'Quais são as principais causas da inflação?'],
  it: ['Elenca i dieci paesi più grandi del mondo per superficie.', 'Nomina cinque linguaggi di programmazione e a cosa servono.', 'Quali sono le principali cause dell’inflazione?'],
  ja: ['面積が大きい国を10か国挙げてください。', 'プログラミング言語を5つ挙げ、それぞれの主な用途を教えてください。', 'インフレの主な原因は何ですか？'],
  zh: ['列出面积最大的十个国家。', '列出五种编程语言及其主要用途。', '通货膨胀的主要原因是什么？'],
  ko: ['면적이 가장 큰 나라 10개를 알려 주세요.', '프로그래밍 언어 다섯 가지와 각각의 주요 용도를 알려 주세요.', '인플레이션의 주요 원인은 무엇인가요?'],
}

/** Samples per canary query and model on each scheduled run: enough to see the answers' own spread, cheap. */
export const CANARY_SAMPLES = 2

export function canaryQueriesFor(language: string | null | undefined): readonly string[] {
  const base = (language ?? 'en').toLowerCase().split(/[-_]/)[0]
  return CANARY_QUERIES[base] ?? CANARY_QUERIES.en
}
