/**
 * The simulated Claude and the ai_crawlers tool: which questions ask about AI crawlers, bots or AI referrals on
 * the brand's own site, and the answer from the tool's figures in the question's language.
 */
import type { Lang } from './chat-intent'
import { pairs, PHRASES } from './chat-phrases'

/** Crawlers, bots, user agents, server logs, AI referrals (on the folded question). */
export const CRAWLER_WORDS =
  /(^|[^\p{L}])(crawl|bots?(?![\p{L}])|gptbot|claudebot|perplexitybot|googlebot|spider|user[- ]agent|server ?logs?|access ?logs?|logdatei|referral|referred|verwies|zugriffe)|クローラ|ボット|リファラ/u

type Json = Record<string, any>

const T: Record<Lang, {
  hits: (days: number, to: string, n: number, v: number, u: number, x: number) => string
  purpose: (training: number, search: number, user: number) => string
  vendors: (list: string) => string
  pages: (list: string) => string
  refused: (agent: string, refused: number, of: number, percent: number) => string
  referrals: (n: number, list: string) => string
  head: [string, string, string, string, string, string]
}> = {
  en: {
    hits: (d, to, n, v, u, x) => `In the ${d} days to ${to}, AI agents made ${n} requests to the site: ${v} verified, ${u} unverified and ${x} not verifiable.`,
    purpose: (t, s, u) => `By purpose: training crawlers ${t}, search/index bots ${s}, user-triggered fetchers ${u}.`,
    vendors: (l) => `By vendor: ${l}.`,
    pages: (l) => `Most crawled pages: ${l}.`,
    refused: (a, r, o, p) => `Refused: ${a} got ${r} of ${o} requests answered 403, 429 or 5xx (${p}%) — check the CDN, WAF or rate limits.`,
    referrals: (n, l) => `AI assistants sent ${n} visits: ${l}.`,
    head: ['Agent', 'Vendor', 'Hits', 'Verified', 'Unverified', 'Last seen'],
  },
  de: {
    hits: (d, to, n, v, u, x) => `In den ${d} Tagen bis ${to} stellten KI-Agenten ${n} Anfragen an die Website: ${v} verifiziert, ${u} nicht verifiziert und ${x} nicht prüfbar.`,
    purpose: (t, s, u) => `Nach Zweck: Trainings-Crawler ${t}, Such-/Index-Bots ${s}, nutzerausgelöste Abrufe ${u}.`,
    vendors: (l) => `Nach Anbieter: ${l}.`,
    pages: (l) => `Meistbesuchte Seiten: ${l}.`,
    refused: (a, r, o, p) => `Abgewiesen: ${a} erhielt auf ${r} von ${o} Anfragen 403, 429 oder 5xx (${p}%) — CDN, WAF oder Ratenlimits prüfen.`,
    referrals: (n, l) => `KI-Assistenten brachten ${n} Besuche: ${l}.`,
    head: ['Agent', 'Anbieter', 'Zugriffe', 'Verifiziert', 'Nicht verifiziert', 'Zuletzt'],
  },
  fr: {
    hits: (d, to, n, v, u, x) => `Sur les ${d} jours jusqu'au ${to}, les agents d'IA ont fait ${n} requêtes au site : ${v} vérifiées, ${u} non vérifiées et ${x} non vérifiables.`,
    purpose: (t, s, u) => `Par usage : robots d'entraînement ${t}, robots de recherche/indexation ${s}, requêtes déclenchées par l'utilisateur ${u}.`,
    vendors: (l) => `Par éditeur : ${l}.`,
    pages: (l) => `Pages les plus explorées : ${l}.`,
    refused: (a, r, o, p) => `Refusé : ${a} a reçu 403, 429 ou 5xx pour ${r} requêtes sur ${o} (${p}%) — vérifiez le CDN, le WAF ou les limites de débit.`,
    referrals: (n, l) => `Les assistants d'IA ont envoyé ${n} visites : ${l}.`,
    head: ['Agent', 'Éditeur', 'Requêtes', 'Vérifiées', 'Non vérifiées', 'Dernière visite'],
  },
  es: {
    hits: (d, to, n, v, u, x) => `En los ${d} días hasta el ${to}, los agentes de IA hicieron ${n} solicitudes al sitio: ${v} verificadas, ${u} sin verificar y ${x} no verificables.`,
    purpose: (t, s, u) => `Por propósito: rastreadores de entrenamiento ${t}, bots de búsqueda/indexación ${s}, solicitudes iniciadas por usuarios ${u}.`,
    vendors: (l) => `Por proveedor: ${l}.`,
    pages: (l) => `Páginas más rastreadas: ${l}.`,
    refused: (a, r, o, p) => `Rechazado: ${a} recibió 403, 429 o 5xx en ${r} de ${o} solicitudes (${p}%): revise el CDN, el WAF o los límites de tasa.`,
    referrals: (n, l) => `Los asistentes de IA enviaron ${n} visitas: ${l}.`,
    head: ['Agente', 'Proveedor', 'Solicitudes', 'Verificadas', 'Sin verificar', 'Última visita'],
  },
  ja: {
    hits: (d, to, n, v, u, x) => `${to}までの${d}日間に、AIエージェントはサイトへ${n}件のリクエストを行いました（検証済み${v}件、未検証${u}件、検証不可${x}件）。`,
    purpose: (t, s, u) => `目的別：学習用クローラー${t}件、検索・インデックス用ボット${s}件、ユーザー起点の取得${u}件。`,
    vendors: (l) => `提供元別：${l}。`,
    pages: (l) => `最もクロールされたページ：${l}。`,
    refused: (a, r, o, p) => `拒否：${a}は${o}件中${r}件で403・429・5xxを受けました（${p}%）。CDN、WAF、レート制限を確認してください。`,
    referrals: (n, l) => `AIアシスタントからの訪問は${n}件：${l}。`,
    head: ['エージェント', '提供元', 'リクエスト', '検証済み', '未検証', '最終確認'],
  },
}

/** The answer from the ai_crawlers result; a table of the agents when asked for one. */
export function crawlersAnswer(lang: Lang, data: Json, asked: boolean): string[] {
  if (!data.totals) return [String(data.note ?? '')]
  const t = T[lang]
  const p = PHRASES[lang]
  const n = data.totals
  const out = [
    data.simulated ?? '',
    t.hits(data.period.days, data.period.to, n.aiAgentHits, n.verified, n.unverified, n.notVerifiable),
    t.purpose(data.byPurpose.training, data.byPurpose.search, data.byPurpose.user),
    t.vendors(pairs(p, Object.entries(data.byVendor as Record<string, number>))),
  ]
  if (data.topPaths.length) out.push(t.pages(pairs(p, data.topPaths.map((x: Json) => [x.path, x.hits]))))
  for (const a of data.alerts) out.push(t.refused(a.agent, a.refused, a.of, a.percent))
  if (n.aiReferralVisits) out.push(t.referrals(n.aiReferralVisits, pairs(p, Object.entries(data.referrals.byAssistant as Record<string, number>))))
  if (asked) {
    const rows = data.agents.map((a: Json) => `| ${[a.agent, a.vendor, a.hits, a.verified, a.unverified, a.lastSeen].join(' | ')} |`)
    out.push(`\n\n| ${t.head.join(' | ')} |\n| ${t.head.map(() => '---').join(' | ')} |\n${rows.join('\n')}\n\n`)
  }
  return out
}
