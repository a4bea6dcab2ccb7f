import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useRef } from 'react'
import { SafeHtml } from '@/components/safe-html'
import { VisuallyHidden } from '@/components/visually-hidden'
import { markdownLiteToHtml } from '@/lib/markdown-lite'
import { chatTexts } from '../chat-texts'
import type { ChatMessage } from '../conversation-store'
import { AddedNote, ProductCards, QuickReplies } from './message-extras'
import { TypingIndicator } from './typing-indicator'

const twoDigits = (value: number) => String(value).padStart(2, '0')

/**
 * Hour and minute on the 24-hour clock, `09:05`, as en-KE writes them. By hand: an Intl formatter made
 * when this module loads (it is prefetched when the browser is idle) costs ~10 ms of one task.
 */
export function messageTime(timestamp: number): string {
  const date = new Date(timestamp)
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`
}

/**
 * The conversation as a live log: new messages are announced politely. The shopper's words are always
 * plain text; the agent's go through SafeHtml (bold, italic and links only).
 */
export function MessageList({
  messages,
  pending,
  onReply,
}: {
  messages: readonly ChatMessage[]
  pending: boolean
  /** Sends a quick reply or a card's request as the shopper's message. */
  onReply: (text: string) => void
}) {
  const lastId = messages[messages.length - 1]?.id
  const end = useRef<HTMLDivElement>(null)

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length, pending])

  return (
    <chakra.div
      role="log"
      aria-live="polite"
      aria-label={chatTexts.conversation}
      flex="1"
      overflowY="auto"
      px="4"
      py="4"
      display="flex"
      flexDirection="column"
      gap="3"
      bg="brand.cream"
    >
      {messages.map((message) => {
        const mine = message.sender === 'user'
        return (
          <chakra.div
            key={message.id}
            alignSelf={mine ? 'flex-end' : 'flex-start'}
            maxW="85%"
            display="flex"
            flexDirection="column"
            alignItems={mine ? 'flex-end' : 'flex-start'}
            gap="1"
          >
            <chakra.div
              px="3"
              py="2"
              borderRadius="lg"
              fontSize="sm"
              lineHeight="1.5"
              whiteSpace="pre-wrap"
              overflowWrap="anywhere"
              bg={mine ? 'brand.ink' : 'white'}
              color={mine ? 'white' : 'brand.ink'}
              borderWidth={mine ? '0' : '1px'}
              borderColor="brand.line"
              css={{
                '& a': { textDecoration: 'underline', color: mine ? 'inherit' : 'brand.gold' },
              }}
            >
              <VisuallyHidden>{mine ? 'You: ' : `${chatTexts.title}: `}</VisuallyHidden>
              {mine ? (
                <span>{message.text}</span>
              ) : (
                <SafeHtml html={markdownLiteToHtml(message.text)} />
              )}
            </chakra.div>
            {message.added ? <AddedNote product={message.added} /> : null}
            {message.products && message.products.length > 0 ? (
              <ProductCards products={message.products} disabled={pending} onReply={onReply} />
            ) : null}
            {message.quickReplies && message.id === lastId ? (
              <QuickReplies replies={message.quickReplies} disabled={pending} onReply={onReply} />
            ) : null}
            <chakra.span fontSize="2xs" color="brand.muted">
              <time dateTime={new Date(message.timestamp).toISOString()}>
                {messageTime(message.timestamp)}
              </time>
              {message.status === 'waiting' ? ` · ${chatTexts.waiting}` : null}
            </chakra.span>
          </chakra.div>
        )
      })}
      {pending ? <TypingIndicator /> : null}
      <div ref={end} />
    </chakra.div>
  )
}
