import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState } from 'react'
import { ChevronDownIcon } from '@/components/icons'
import type { Faq } from '../content/faqs'

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <chakra.li borderBottomWidth="1px" borderColor="brand.line">
      <chakra.h3 m="0">
        <chakra.button
          type="button"
          id={`${id}-button`}
          aria-expanded={open}
          aria-controls={`${id}-answer`}
          onClick={() => setOpen((value) => !value)}
          display="flex"
          width="100%"
          alignItems="center"
          justifyContent="space-between"
          gap="4"
          py="4"
          minH="12"
          textAlign="left"
          fontWeight="semibold"
          fontSize={{ base: 'md', md: 'lg' }}
          color="brand.ink"
          cursor="pointer"
          _hover={{ color: 'brand.goldDeep' }}
        >
          {faq.question}
          <Box
            as="span"
            flexShrink={0}
            transition="transform 150ms"
            transform={open ? 'rotate(180deg)' : undefined}
            aria-hidden="true"
          >
            <ChevronDownIcon size={20} />
          </Box>
        </chakra.button>
      </chakra.h3>
      <chakra.div
        id={`${id}-answer`}
        role="region"
        aria-labelledby={`${id}-button`}
        hidden={!open}
        pb="5"
        pr="8"
        color="brand.charcoal"
        lineHeight="1.7"
      >
        {faq.answer}
      </chakra.div>
    </chakra.li>
  )
}

/** Questions as disclosure buttons: Enter or Space opens and closes an answer; all start closed. */
export function FaqList({ items }: { items: readonly Faq[] }) {
  return (
    <chakra.ul listStyleType="none" borderTopWidth="1px" borderColor="brand.line">
      {items.map((faq) => (
        <FaqItem key={faq.question} faq={faq} />
      ))}
    </chakra.ul>
  )
}
