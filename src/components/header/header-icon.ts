import './header.css'

/** The class of the header's 40px round icon targets: a button, or a span inside a Link. */
export const headerIconClass = 'header-icon'
