/**
 * "Skip to content" (WCAG 2.4.1): the first thing Tab reaches on every page; it moves focus to the
 * page's <main>, whichever page rendered it, so no page needs an id of its own.
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="skip-link"
      onClick={(e) => {
        const main = document.querySelector<HTMLElement>('main')
        if (!main) return
        e.preventDefault()
        if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
        main.focus()
        main.scrollIntoView({ block: 'start' })
      }}
    >
      Skip to content
    </a>
  )
}
