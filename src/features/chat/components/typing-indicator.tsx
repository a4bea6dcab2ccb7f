import { chakra } from '@chakra-ui/react/styled-system'
import { chatTexts } from '../chat-texts'

/** 'AI is typing...' with three bouncing dots (still for shoppers who ask for reduced motion). */
export function TypingIndicator() {
  return (
    <chakra.div
      alignSelf="flex-start"
      display="flex"
      alignItems="center"
      gap="2"
      px="3"
      py="2"
      bg="white"
      borderWidth="1px"
      borderColor="brand.line"
      borderRadius="lg"
      fontSize="xs"
      color="brand.muted"
    >
      <chakra.span display="inline-flex" gap="1" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <chakra.span
            key={delay}
            boxSize="1.5"
            borderRadius="full"
            bg="brand.gold"
            animation="bounce 1s infinite"
            style={{ animationDelay: `${delay}ms` }}
            _motionReduce={{ animation: 'none' }}
          />
        ))}
      </chakra.span>
      {chatTexts.typing}
    </chakra.div>
  )
}
