/**
 * An on-topic German article: a byline ("Von Anna Weber"), a schema.org author, a
 * comparison table without a header row, and text about the target prompt in German inflections
 * (Laufschuhe, Laufschuhen, Kundenservice, Kundenservices). The optimiser used to score it 12/100 on
 * relevance, say "No named author", "Add a comparison table" and "Mention 'mit'".
 */
export const GERMAN_PROMPT = 'welche Laufschuhe haben den besten Kundenservice'

export const GERMAN_ARTICLE = `<!doctype html><html lang="de"><head>
<title>Laufschuhe mit dem besten Kundenservice im Vergleich | Laufmagazin</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Laufschuhe mit dem besten Kundenservice","author":{"@type":"Person","name":"Anna Weber"},"datePublished":"2026-03-12"}</script>
</head><body>
<header><nav><a href="/">Start</a> <a href="/tests">Tests</a></nav></header>
<main><article>
<h1>Laufschuhe mit dem besten Kundenservice</h1>
<p class="byline">Von Anna Weber · 12. März 2026</p>
<p>Wer neue Laufschuhe kauft, achtet auf Dämpfung und Passform, aber auch auf den Kundenservice des Herstellers. Bei Laufschuhen mit kurzer Lebensdauer zählt, wie schnell ein Hersteller Reklamationen bearbeitet, ob der Kundenservice per Telefon erreichbar ist und wie kulant Umtausch und Rückgabe geregelt sind. Wir haben den Kundenservice von fünf Laufschuh-Marken getestet.</p>
<h2>So haben wir den Kundenservice getestet</h2>
<p>Unsere Tester haben bei jeder Marke drei Anfragen gestellt: eine Frage zur Größe der Laufschuhe, eine Reklamation wegen einer gelösten Sohle und einen Umtausch. Gemessen haben wir die Antwortzeit des Kundenservice, die Qualität der Antworten und die Kulanz bei Rückgabe und Garantie.</p>
<h2>Ergebnisse im Überblick</h2>
<table><tr><td>Marke</td><td>Antwortzeit</td><td>Note Kundenservice</td></tr><tr><td>Hoka</td><td>4 Stunden</td><td>1,7</td></tr><tr><td>Asics</td><td>1 Tag</td><td>2,3</td></tr><tr><td>Brooks</td><td>6 Stunden</td><td>1,9</td></tr></table>
<p>Den besten Kundenservice bieten Hoka und Brooks: Beide Marken beantworten Fragen zu Laufschuhen schnell, tauschen Laufschuhe mit Mängeln ohne Diskussion um und gewähren eine lange Rückgabefrist. Asics antwortet langsamer, ist bei Reklamationen aber ebenfalls kulant.</p>
</article></main>
<footer><p>© 2026 Laufmagazin</p></footer>
</body></html>`
