import type { CartLine, ChatMessage } from './types.ts'

export const MAX_MESSAGES = 30
export const MAX_CONTENT_LENGTH = 2000
/** 30 messages of 2,000 characters (up to 4 bytes each in UTF-8) plus the JSON around them. */
export const MAX_BODY_BYTES = MAX_MESSAGES * MAX_CONTENT_LENGTH * 4 + 16 * 1024

export const MAX_CART_LINES = 50

export type Validation =
  { ok: true; messages: ChatMessage[]; cart?: CartLine[] } | { ok: false; message: string }

const shortText = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= max

/**
 * The cart lines sent along (optional; undefined when the client sent none, so the assistant knows it
 * cannot see the cart): well-formed lines are kept, anything else is dropped.
 */
function readCart(raw: unknown): CartLine[] | undefined {
  if (!Array.isArray(raw)) return undefined
  const lines: CartLine[] = []
  for (const item of raw.slice(0, MAX_CART_LINES)) {
    if (!isRecord(item)) continue
    const { productId, name, quantity, size, color } = item
    if (!shortText(productId, 100) || !shortText(name, 200)) continue
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) continue
    lines.push({
      productId,
      name,
      quantity,
      ...(shortText(size, 40) ? { size } : {}),
      ...(shortText(color, 40) ? { color } : {}),
    })
  }
  return lines
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/**
 * `{ messages: [{ role: 'user' | 'assistant', content }] }`, at most 30 messages of 2,000 characters,
 * ending with the shopper's (non-blank) message. Anything else is refused with a reason.
 */
export function validateRequest(body: unknown): Validation {
  if (!isRecord(body)) return { ok: false, message: 'The request body must be a JSON object.' }
  const { messages } = body
  if (!Array.isArray(messages)) return { ok: false, message: '`messages` must be an array.' }
  if (messages.length === 0) return { ok: false, message: '`messages` must not be empty.' }
  if (messages.length > MAX_MESSAGES) {
    return { ok: false, message: `At most ${MAX_MESSAGES} messages can be sent.` }
  }
  const clean: ChatMessage[] = []
  for (const [i, message] of messages.entries()) {
    if (!isRecord(message)) return { ok: false, message: `Message ${i + 1} must be an object.` }
    const { role, content } = message
    if (role !== 'user' && role !== 'assistant') {
      return { ok: false, message: `Message ${i + 1} has an invalid role (user or assistant).` }
    }
    if (typeof content !== 'string') {
      return { ok: false, message: `Message ${i + 1} must have text content.` }
    }
    if (content.length > MAX_CONTENT_LENGTH) {
      return {
        ok: false,
        message: `Message ${i + 1} is too long (at most ${MAX_CONTENT_LENGTH} characters).`,
      }
    }
    clean.push({ role, content })
  }
  const last = clean[clean.length - 1]!
  if (last.role !== 'user' || !last.content.trim()) {
    return { ok: false, message: 'The last message must be a non-empty message from the user.' }
  }
  const cart = readCart(body.cart)
  return cart ? { ok: true, messages: clean, cart } : { ok: true, messages: clean }
}
