import { useId, useState } from 'react'
import { ChevronDownIcon } from '@/components/icons'
import type { Faq } from '../content/faqs'
import './faq-list.css'

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <li className="faq-list__item">
      <h3 className="faq-list__question">
        <button
          type="button"
          id={`${id}-button`}
          className="faq-list__button"
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((value) => !value)}
        >
          {faq.question}
          <span className="faq-list__icon" aria-hidden="true">
            <ChevronDownIcon size={20} />
          </span>
        </button>
      </h3>
      <div
        id={`${id}-answer`}
        className="faq-list__answer"
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
      >
        {faq.answer}
      </div>
    </li>
  )
}

/** Questions as disclosure buttons: Enter or Space opens and closes an answer; all start closed. */
export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <ul className="faq-list">
      {items.map((faq) => (
        <FaqItem key={faq.question} faq={faq} />
      ))}
    </ul>
  )
}
