import { chakra } from '@chakra-ui/react/styled-system'
import { useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react'
import { useAppSelector } from '@/lib/app-state'
import { CloseIcon, SendIcon, SparkleIcon } from '@/components/icons'
import { timings } from '@/config/site'
import { selectCartCount } from '@/features/cart/cart-slice'
import { chatTexts, quickOptions } from '../chat-texts'
import { sendMessage } from '../chat-session'
import { conversation } from '../conversation-store'
import { useChatEnvironment } from '../use-chat-environment'
import { MessageList } from './message-list'

/**
 * The 'AI Sales Agent' panel (spec §2, §4): header with the cart count, the conversation, quick options
 * while only the greeting is there, and the input. Enter sends, Shift+Enter starts a new line; blank
 * text and anything while an answer is pending are not sent.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const state = useSyncExternalStore(conversation.subscribe, conversation.getState)
  const count = useAppSelector(selectCartCount)
  const env = useChatEnvironment()
  const [draft, setDraft] = useState('')
  const [quickPicked, setQuickPicked] = useState(false)
  const input = useRef<HTMLTextAreaElement>(null)
  const panel = useRef<HTMLElement>(null)
  const titleId = useId()
  const { messages, pending } = state

  useEffect(() => {
    input.current?.focus()
  }, [])

  useEffect(() => {
    // Escape closes the panel wherever focus is in it, even on the input disabled while waiting.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const active = document.activeElement
      if (active === document.body || (active && panel.current?.contains(active))) onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [onClose])

  useEffect(() => {
    // The input was disabled while waiting: give it focus back if the shopper was in the panel.
    if (!pending && panel.current?.contains(document.activeElement ?? null)) input.current?.focus()
    if (!pending && document.activeElement === document.body) input.current?.focus()
  }, [pending])

  const send = (text: string) => {
    if (!text.trim() || conversation.getState().pending) return
    setDraft('')
    void sendMessage(text, conversation, env)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    send(draft)
  }

  const pickQuickOption = (option: string) => {
    if (quickPicked || pending) return
    setQuickPicked(true)
    setDraft(option)
    window.setTimeout(() => {
      setQuickPicked(false)
      send(option)
    }, timings.chatQuickOptionDelayMs)
  }

  const onlyGreeting = messages.length === 1
  const showQuickOptions = onlyGreeting && !pending

  return (
    <chakra.section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      position="fixed"
      zIndex="overlay"
      insetEnd={{ base: '0', sm: '6' }}
      bottom={{ base: '0', sm: '6' }}
      w={{ base: '100vw', sm: '24rem' }}
      h={{ base: '100dvh', sm: 'min(36rem, calc(100dvh - 3rem))' }}
      display="flex"
      flexDirection="column"
      bg="white"
      color="brand.ink"
      borderRadius={{ base: '0', sm: 'xl' }}
      borderWidth={{ base: '0', sm: '1px' }}
      borderColor="brand.line"
      boxShadow="2xl"
      overflow="hidden"
    >
      <chakra.header
        display="flex"
        alignItems="center"
        gap="3"
        px="4"
        py="3"
        bg="brand.ink"
        color="white"
      >
        <chakra.span
          aria-hidden="true"
          boxSize="9"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          bg="brand.goldLight"
          color="brand.ink"
          flexShrink={0}
        >
          <SparkleIcon size={20} />
        </chakra.span>
        <chakra.div flex="1" minW="0">
          <chakra.h2 id={titleId} fontSize="md" fontWeight="semibold" lineHeight="short">
            {chatTexts.title}
          </chakra.h2>
          <chakra.p fontSize="xs" color="brand.goldLight">
            {chatTexts.subtitle(count)}
          </chakra.p>
        </chakra.div>
        <chakra.button
          type="button"
          aria-label={chatTexts.close}
          onClick={onClose}
          boxSize="9"
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          _hover={{ bg: 'whiteAlpha.200' }}
        >
          <CloseIcon size={20} />
        </chakra.button>
      </chakra.header>

      <MessageList messages={messages} pending={pending} onReply={send} />

      {showQuickOptions ? (
        <chakra.div
          role="group"
          aria-label={chatTexts.quickOptionsLabel}
          display="flex"
          flexWrap="wrap"
          gap="2"
          px="4"
          pb="3"
        >
          {quickOptions.map((option) => (
            <chakra.button
              key={option}
              type="button"
              disabled={quickPicked || pending}
              onClick={() => pickQuickOption(option)}
              px="3"
              py="1.5"
              fontSize="xs"
              borderWidth="1px"
              borderColor="brand.line"
              borderRadius="full"
              bg="brand.cream"
              _hover={{ borderColor: 'brand.gold' }}
              _disabled={{ opacity: 0.6, cursor: 'not-allowed' }}
            >
              {option}
            </chakra.button>
          ))}
        </chakra.div>
      ) : null}

      <chakra.form
        onSubmit={(event) => {
          event.preventDefault()
          send(draft)
        }}
        display="flex"
        alignItems="flex-end"
        gap="2"
        px="3"
        py="3"
        borderTopWidth="1px"
        borderColor="brand.line"
      >
        <chakra.textarea
          ref={input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={chatTexts.placeholder}
          aria-label={chatTexts.inputLabel}
          disabled={pending}
          maxLength={2000}
          rows={1}
          flex="1"
          resize="none"
          maxH="28"
          px="3"
          py="2"
          fontSize="sm"
          borderWidth="1px"
          borderColor="brand.line"
          borderRadius="lg"
          _disabled={{ bg: 'brand.cream', cursor: 'not-allowed' }}
          css={{ fieldSizing: 'content' }}
        />
        <chakra.button
          type="submit"
          aria-label={chatTexts.send}
          disabled={pending || !draft.trim()}
          boxSize="10"
          flexShrink={0}
          display="inline-flex"
          alignItems="center"
          justifyContent="center"
          borderRadius="full"
          bg="brand.ink"
          color="white"
          _disabled={{ opacity: 0.45, cursor: 'not-allowed' }}
        >
          <SendIcon size={18} />
        </chakra.button>
      </chakra.form>
    </chakra.section>
  )
}
