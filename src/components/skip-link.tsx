import './skip-link.css'

/** The first stop for keyboard users: jumps past the header to the page's main content. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={() => {
        // Move focus as well as scroll, so the next Tab starts inside the content.
        const element = document.getElementById(target)
        element?.focus({ preventScroll: true })
      }}
    >
      Skip to main content
    </a>
  )
}
