/**
 * Personas (audiences) and topics for a project in German, French, Spanish or Japanese: names and
 * descriptions a marketer in that market would write, the phrasebook's needs and qualities, and
 * sentences built so that no verb has to agree with a persona (German uses noun phrases where a
 * verb would depend on who the persona is). French and Spanish likewise; other languages keep audiences.ts's
 * English personas.
 */
import { fillTemplate } from './grammar'
import { languageKey, phrasebook } from './languages'

type Pair = readonly [name: string, detail: string]

interface Sentences {
  needBased: { description: string; characteristics: string; searchBehavior: string; painPoints: string; decisionFactors: string }
  demographic: { description: string; characteristics: string; searchBehavior: string; painPoints: string; decisionFactors: string }
}

interface LocalPersonas {
  roles: { B2C: Pair[]; B2B: Pair[] }
  demographics: { B2C: Pair[]; B2B: Pair[] }
  /** Templates: {name}, {detail}, {m} (market), {need}, {attr}, {attr2}; {x:form} in the grammar of grammar.ts. */
  sentences: Sentences
}

const PERSONAS: Record<string, LocalPersonas> = {
  de: {
    roles: {
      B2C: [
        ['Einsteiger', 'die zum ersten Mal kaufen und Orientierung suchen'], ['Preisbewusste Käufer', 'die vor allem Preise vergleichen'],
        ['Qualitätsbewusste Käufer', 'die für Langlebigkeit mehr bezahlen'], ['Vielbeschäftigte Eltern', 'die eine Lösung für die ganze Familie suchen'],
        ['Nachhaltigkeitsbewusste Käufer', 'die Umweltversprechen genau prüfen'], ['Technikbegeisterte', 'die Tests und Neuheiten genau verfolgen'],
        ['Umsteiger', 'die etwas ersetzen, das sie enttäuscht hat'], ['Schnäppchenjäger', 'die auf Angebote und Rabatte warten'],
      ],
      B2B: [
        ['IT-Leitung', 'die Sicherheit, Integrationen und Lizenzkosten prüft'], ['Geschäftsführung', 'die Kosten und Nutzen abwägt'],
        ['Vertriebsleitung', 'die eine klare Pipeline und verlässliche Prognosen braucht'], ['Einkaufsabteilung', 'die Verträge, Preise und Anbieterrisiken vergleicht'],
        ['Teamleitung', 'die ein Werkzeug ohne Schulung einführen will'], ['Gründerteam', 'das schnell starten und günstig wachsen will'],
        ['Marketingleitung', 'die Kampagnen steuert und über Ergebnisse berichtet'], ['Agenturinhaber', 'die mehrere Kundenprojekte gleichzeitig betreuen'],
      ],
    },
    demographics: {
      B2C: [
        ['Studierende (18–24)', 'mit knappem Budget, die online vergleichen'], ['Junge Berufstätige (25–34)', 'mit gutem Einkommen und wenig Zeit'],
        ['Familien mit kleinen Kindern', 'die Kosten, Sicherheit und Komfort abwägen'], ['Generation 50 plus', 'die Zuverlässigkeit vor Neuheit stellt'],
        ['Rentner (65+)', 'die klare Beratung und guten Service erwarten'], ['Großstädter', 'in kleinen Wohnungen in großen Städten'],
        ['Landbewohner', 'mit weiten Wegen zum nächsten Geschäft'], ['Haushalte mit kleinem Budget', 'die auf jeden Euro achten'],
      ],
      B2B: [
        ['Kleinstunternehmen (1–9 Mitarbeitende)', 'in denen die Inhaber alles selbst einkaufen'], ['Kleine Unternehmen (10–49 Mitarbeitende)', 'die Tabellen und Handarbeit entwachsen'],
        ['Mittelständler (50–249 Mitarbeitende)', 'in denen ein kleines Team entscheidet'], ['Konzerne (250+ Mitarbeitende)', 'mit Einkauf, Sicherheitsprüfung und vielen Standorten'],
        ['Schnell wachsende Start-ups', 'die jeden Monat neue Leute einstellen'], ['Öffentliche Verwaltung', 'die über Ausschreibungen einkauft'],
      ],
    },
    sentences: {
      needBased: {
        description: '{name}, {detail}. Gesucht: {m} für {need}.',
        characteristics: 'Praktisch orientiert; wenig Zeit; Schwerpunkte: {attr} und {attr2}',
        searchBehavior: 'Kurzlisten von KI-Assistenten; Suchen wie „beste {m} für {need}“; Vergleichsportale und Testberichte',
        painPoints: 'Schwer vergleichbar: {attr} der Marken; Sorge vor versteckten Kosten; wenig Zeit für Recherche',
        decisionFactors: 'Kriterien: {attr}, {attr2}, Empfehlungen aus dem Bekanntenkreis',
      },
      demographic: {
        description: '{name}, {detail}. Gesucht: {m}.',
        characteristics: 'Wichtig: {attr}; Vertrauen in Testurteile',
        searchBehavior: 'Kurze Fragen im Gesprächston; Nachfragen zum Thema {attr}; Bewertungen auf dem Smartphone',
        painPoints: 'Zu viele ähnliche Angebote; unklare Angaben zum Thema {attr}',
        decisionFactors: 'Kriterien: {attr}, Vertrauen in die Marke',
      },
    },
  },
  fr: {
    roles: {
      B2C: [
        ['Primo-acheteurs', 'qui ne savent pas par où commencer'], ['Acheteurs attentifs au prix', 'qui comparent d’abord les prix'],
        ['Amateurs de qualité', 'prêts à payer plus pour un produit durable'], ['Parents débordés', 'qui cherchent une solution pour toute la famille'],
        ['Consommateurs écoresponsables', 'qui vérifient les engagements environnementaux'], ['Passionnés', 'qui suivent de près les tests et les nouveautés'],
        ['Clients déçus', 'qui veulent remplacer un produit décevant'], ['Chasseurs de bonnes affaires', 'qui attendent les promotions'],
      ],
      B2B: [
        ['Responsable informatique', 'qui évalue la sécurité, les intégrations et les licences'], ['Direction générale', 'qui pèse les coûts et les bénéfices'],
        ['Direction commerciale', 'qui veut un pipeline clair et des prévisions fiables'], ['Service achats', 'qui compare les contrats, les prix et les risques fournisseurs'],
        ['Chef d’équipe', 'qui veut un outil adopté sans formation'], ['Fondateurs de start-up', 'qui veulent démarrer vite et grandir à moindre coût'],
        ['Direction marketing', 'qui pilote les campagnes et rend compte des résultats'], ['Dirigeants d’agence', 'qui gèrent plusieurs clients à la fois'],
      ],
    },
    demographics: {
      B2C: [
        ['Étudiants (18-24 ans)', 'avec un budget serré, qui comparent en ligne'], ['Jeunes actifs (25-34 ans)', 'avec des revenus mais peu de temps'],
        ['Familles avec jeunes enfants', 'qui arbitrent entre coût, sécurité et praticité'], ['Seniors (65 ans et plus)', 'qui attendent des conseils clairs et un bon service'],
        ['Citadins', 'dans de petits logements en grande ville'], ['Ruraux', 'loin des magasins'],
      ],
      B2B: [
        ['Très petites entreprises (1-9 salariés)', 'où le dirigeant décide de chaque achat'], ['Petites entreprises (10-49 salariés)', 'qui dépassent les tableurs'],
        ['PME (50-249 salariés)', 'où une petite équipe décide'], ['Grandes entreprises (250 salariés et plus)', 'avec achats, audits de sécurité et nombreux sites'],
        ['Start-up en forte croissance', 'qui recrutent chaque mois'], ['Secteur public', 'qui achète par appels d’offres'],
      ],
    },
    sentences: {
      needBased: {
        description: '{name}, {detail}. Recherche : {m} pour {need}.',
        characteristics: 'Profil pragmatique ; peu de temps ; critères : {attr} et {attr2}',
        searchBehavior: 'Listes courtes demandées aux assistants IA ; recherches du type « {m} pour {need} » ; sites comparatifs et avis',
        painPoints: 'Difficile de comparer {attr} entre les marques ; crainte des coûts cachés ; peu de temps',
        decisionFactors: 'Critères : {attr}, {attr2}, recommandations de proches',
      },
      demographic: {
        description: '{name}, {detail}. Recherche : {m}.',
        characteristics: 'Critère important : {attr}',
        searchBehavior: 'Questions courtes et conversationnelles ; relances sur {attr} ; avis consultés sur mobile',
        painPoints: 'Trop d’offres similaires ; informations floues sur {attr}',
        decisionFactors: 'Critères : {attr}, confiance dans la marque',
      },
    },
  },
  es: {
    roles: {
      B2C: [
        ['Compradores primerizos', 'que no saben por dónde empezar'], ['Compradores ahorradores', 'que comparan precios antes que nada'],
        ['Buscadores de calidad', 'dispuestos a pagar más por algo duradero'], ['Padres con poco tiempo', 'que buscan una opción para toda la familia'],
        ['Consumidores sostenibles', 'que revisan las promesas ecológicas'], ['Entusiastas', 'que siguen de cerca las reseñas y novedades'],
        ['Clientes decepcionados', 'que quieren sustituir un producto que les falló'], ['Cazadores de ofertas', 'que esperan descuentos y promociones'],
      ],
      B2B: [
        ['Responsable de TI', 'que evalúa la seguridad, las integraciones y las licencias'], ['Dirección general', 'que sopesa costes y beneficios'],
        ['Dirección comercial', 'que necesita un pipeline claro y previsiones fiables'], ['Departamento de compras', 'que compara contratos, precios y riesgos'],
        ['Jefe de equipo', 'que quiere una herramienta que no exija formación'], ['Fundadores de startups', 'que quieren empezar rápido y crecer barato'],
        ['Dirección de marketing', 'que gestiona campañas e informa de resultados'], ['Dueños de agencias', 'que llevan varios clientes a la vez'],
      ],
    },
    demographics: {
      B2C: [
        ['Estudiantes (18-24 años)', 'con poco presupuesto, que comparan en internet'], ['Jóvenes profesionales (25-34 años)', 'con ingresos pero poco tiempo'],
        ['Familias con niños pequeños', 'que equilibran coste, seguridad y comodidad'], ['Mayores de 65 años', 'que quieren consejos claros y buen servicio'],
        ['Residentes urbanos', 'en pisos pequeños de grandes ciudades'], ['Residentes rurales', 'lejos de las tiendas'],
      ],
      B2B: [
        ['Microempresas (1-9 empleados)', 'donde el dueño decide cada compra'], ['Pequeñas empresas (10-49 empleados)', 'que ya no caben en las hojas de cálculo'],
        ['Medianas empresas (50-249 empleados)', 'donde decide un equipo pequeño'], ['Grandes empresas (250+ empleados)', 'con compras, auditorías de seguridad y muchas sedes'],
        ['Startups en crecimiento', 'que contratan cada mes'], ['Sector público', 'que compra por licitación'],
      ],
    },
    sentences: {
      needBased: {
        description: '{name} {detail}. Necesidad: {m} para {need}.',
        characteristics: 'Perfil práctico; poco tiempo; criterios: {attr} y {attr2}',
        searchBehavior: 'Listas cortas pedidas a asistentes de IA; búsquedas como «mejores {m} para {need}»; webs comparativas y reseñas',
        painPoints: 'Difícil comparar {attr} entre marcas; miedo a costes ocultos; poco tiempo',
        decisionFactors: 'Criterios: {attr}, {attr2}, recomendaciones de conocidos',
      },
      demographic: {
        description: '{name}, {detail}. Necesidad: {m}.',
        characteristics: 'Criterio clave: {attr}',
        searchBehavior: 'Preguntas cortas y conversacionales; dudas sobre {attr}; reseñas en el móvil',
        painPoints: 'Demasiadas opciones parecidas; información poco clara sobre {attr}',
        decisionFactors: 'Criterios: {attr}, confianza en la marca',
      },
    },
  },
  ja: {
    roles: {
      B2C: [
        ['初心者', '初めて購入し、何から選べばよいか迷っている'], ['価格重視の購入者', '何よりもまず価格を比較する'], ['品質重視の購入者', '長く使えるものには多めに払う'],
        ['忙しい子育て世代', '家族全員に合う選択肢を探している'], ['環境意識の高い購入者', 'サステナビリティをよく確認する'], ['こだわり派', 'レビューや新製品を細かくチェックする'],
        ['買い替え検討者', '不満のあった製品を買い替えようとしている'], ['セール狙いの購入者', 'セールや割引を待つ'],
      ],
      B2B: [
        ['情報システム担当者', 'セキュリティ、連携、ライセンス費用を評価する'], ['経営者', '費用対効果を見極める'], ['営業部長', '明確なパイプラインと正確な予測を求める'],
        ['購買担当者', '契約、価格、ベンダーリスクを比較する'], ['チームリーダー', '研修なしでチームに定着するツールを求める'], ['スタートアップ創業者', 'すぐに始められて安く拡張できるものを求める'],
        ['マーケティング責任者', 'キャンペーンを運用し成果を報告する'], ['代理店経営者', '複数のクライアント案件を同時に抱える'],
      ],
    },
    demographics: {
      B2C: [
        ['大学生（18〜24歳）', '予算が限られ、ネットで比較する'], ['若手社会人（25〜34歳）', '収入はあるが時間がない'], ['子育て世帯', '費用、安全性、手軽さのバランスを重視する'],
        ['シニア（65歳以上）', 'わかりやすい説明と丁寧なサービスを求める'], ['都市部の単身者', '都心の小さな住まいで暮らす'], ['地方在住者', '店舗から遠い地域に住む'],
      ],
      B2B: [
        ['小規模事業者（1〜9人）', '経営者がすべての購入を決める'], ['中小企業（10〜49人）', '表計算や手作業から卒業しつつある'], ['中堅企業（50〜249人）', '少人数のチームが導入を決める'],
        ['大企業（250人以上）', '購買部門やセキュリティ審査、多拠点を抱える'], ['急成長中のスタートアップ', '毎月人員が増えている'], ['自治体・公共機関', '入札で調達する'],
      ],
    },
    sentences: {
      needBased: {
        description: '{detail}{name}。{need}向けの{m}を探している。',
        characteristics: '実用的で忙しい。購入前に{attr}と{attr2}を比較する',
        searchBehavior: 'AIアシスタントに候補を聞く。「{need}におすすめの{m}」で検索し、比較サイトやレビューを読む',
        painPoints: 'ブランド間で{attr}を比較しにくい。隠れたコストが心配。調べる時間がない',
        decisionFactors: '{attr}、{attr2}、周囲のおすすめ',
      },
      demographic: {
        description: '{detail}{name}。{m}を選んでいる。',
        characteristics: '{detail}。{attr}を重視',
        searchBehavior: '短い会話調の質問。{attr}について追加で質問し、スマホでレビューを確認する',
        painPoints: '似た選択肢が多すぎる。{attr}の説明がわかりにくい',
        decisionFactors: '{attr}、ブランドへの信頼',
      },
    },
  },
}

/** A quality or need as a topic heading: its article dropped, its first letter a capital ("la qualité" -> "Qualité"). */
export function heading(phrase: string): string {
  const bare = phrase.replace(/^(le|la|les|l’|l'|el|los|las|un|une|den|die|das|der)\s*/i, '')
  return bare.charAt(0).toLocaleUpperCase() + bare.slice(1)
}

export interface LocalAudienceInput {
  language?: string
  marketType?: 'B2B' | 'B2C'
  /** The market label in the language (the phrasebook's, else what the user typed). */
  label: string
  wanted: number
  topicsWanted: number
  /** Topic relevance, 1-10, for the topic at this position. */
  relevance: (i: number) => number
}

/** Personas and topics in the project's language, or undefined when it has no persona table here. */
export function localAudiences(input: LocalAudienceInput) {
  const key = languageKey(input.language)
  const local = key ? PERSONAS[key] : undefined
  const book = phrasebook(input.language)
  if (!local || !book) return undefined
  const fill = (t: string, v: Record<string, string>) => fillTemplate(t, v, input.language)
  const kind = input.marketType === 'B2B' ? 'B2B' : 'B2C'
  // Topics: the qualities, then the needs that read as a heading ("Einsteiger", not "den Alltag").
  const names = [...new Set([...book.attrs, ...book.needs].map(heading))]
  const topics = names.slice(0, input.topicsWanted).map((name, i) => ({ name, relevance: input.relevance(i) }))
  const pickTopics = (i: number) => [...new Set([topics[i % topics.length].name, topics[(i + 3) % topics.length].name, topics[(i * 5 + 1) % topics.length].name])]
  const audiences = []
  const needBased = Math.ceil(input.wanted / 2)
  const roles = local.roles[kind]
  for (let i = 0; i < needBased; i++) {
    const [name, detail] = roles[i % roles.length]
    const v = { name, detail, m: input.label, need: book.needs[i % book.needs.length], attr: book.attrs[i % book.attrs.length], attr2: book.attrs[(i + 2) % book.attrs.length] }
    const s = local.sentences.needBased
    audiences.push({
      name: i < roles.length ? name : `${name} (${v.need})`,
      description: fill(s.description, v),
      type: 'need-based',
      topics: pickTopics(i),
      characteristics: fill(s.characteristics, v),
      searchBehavior: fill(s.searchBehavior, v),
      painPoints: fill(s.painPoints, v),
      decisionFactors: fill(s.decisionFactors, v),
    })
  }
  const demo = local.demographics[kind]
  for (let i = 0; audiences.length < input.wanted; i++) {
    const [name, detail] = demo[i % demo.length]
    const v = { name, detail, m: input.label, need: '', attr: book.attrs[(i + 1) % book.attrs.length], attr2: '' }
    const s = local.sentences.demographic
    audiences.push({
      name: i < demo.length ? name : `${name} ${i + 1}`,
      description: fill(s.description, v),
      type: 'demographic',
      topics: pickTopics(i + needBased),
      characteristics: fill(s.characteristics, v),
      searchBehavior: fill(s.searchBehavior, v),
      painPoints: fill(s.painPoints, v),
      decisionFactors: fill(s.decisionFactors, v),
    })
  }
  return { audiences, topics }
}
