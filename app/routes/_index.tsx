export default function Index() {
  return <main className="centered-page"><h1>AI Brand Visibility</h1></main>
}
