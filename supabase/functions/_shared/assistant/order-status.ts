import { formatKes, listWords } from './format.ts'
import { refusalFor } from './guard.ts'
import type { AssistantReply, ChatMessage } from './types.ts'

/**
 * "Where is my order LK-240001?": answered from `order_status_for_chat()`, called with the shopper's own
 * token, so the database decides whose order it is (the owner, or a guest giving the phone used). The
 * conversation itself never proves anything: an order number or phone in it is only a question.
 */
export const ASK_ORDER_NUMBER = 'Which order is it?'
export const ASK_ORDER_PHONE = 'the phone number you used'

const orderNumber = /\blk\s*-?\s*(\d{5,12})\b/i
const phonePattern = /(?:\+?254|0)\s*[17](?:[\s-]*\d){8}\b/

export interface OrderQuestion {
  orderNumber?: string
  phone?: string
}

/** An order question in the latest message, or the answer to the assistant asking for its number or phone. */
export function orderQuestion(messages: readonly ChatMessage[]): OrderQuestion | undefined {
  const latest = messages[messages.length - 1]
  if (!latest || latest.role !== 'user') return undefined
  const text = latest.content
  const previous = [...messages.slice(0, -1)].reverse().find((m) => m.role === 'assistant')
  const askedUs =
    !!previous &&
    (previous.content.includes(ASK_ORDER_NUMBER) || previous.content.includes(ASK_ORDER_PHONE))
  const number = orderNumber.exec(text)
  const phone = phonePattern.exec(text)
  if (refusalFor(text) !== 'orders' && !(askedUs && (number || phone))) return undefined
  const question: OrderQuestion = {}
  if (number) question.orderNumber = `LK-${number[1]}`
  else if (askedUs) {
    // The number was given a message or two ago, before the assistant asked for the phone.
    for (const message of [...messages].reverse().slice(1, 6)) {
      const earlier = message.role === 'user' ? orderNumber.exec(message.content) : null
      if (earlier) {
        question.orderNumber = `LK-${earlier[1]}`
        break
      }
    }
  }
  if (phone) question.phone = phone[0].replace(/[\s-]/g, '')
  return question
}

export interface OrderStatus {
  found: boolean
  locked?: boolean
  orderNumber?: string
  status?: 'pending' | 'confirmed' | 'dispatched' | 'delivered' | 'cancelled'
  paymentStatus?: string
  paymentMethod?: string
  total?: number
  deliveryMethod?: 'delivery' | 'pickup'
  county?: string | null
  items?: { name: string; size: string | null; color: string | null; quantity: number }[]
}

const statusWords: Record<NonNullable<OrderStatus['status']>, string> = {
  pending: "is **received** and waiting to be confirmed; we'll confirm it shortly",
  confirmed: 'is **confirmed** and being packed',
  dispatched: 'is **on its way**: our rider has it',
  delivered: 'was **delivered**',
  cancelled: 'was **cancelled**',
}

const paymentWords: Record<string, string> = {
  paid: 'paid',
  pending: 'not paid yet',
  failed: 'not paid (the last payment failed)',
  cancelled: 'not paid (the payment was cancelled)',
  refunded: 'refunded',
}

/** Calls the database function as the shopper (their token, or the anon key for a guest). */
export async function lookupOrder(
  question: Required<Pick<OrderQuestion, 'orderNumber'>> & OrderQuestion,
  options: { url: string; anonKey: string; authorization: string | null; fetch: typeof fetch },
): Promise<OrderStatus> {
  const response = await options.fetch(
    `${options.url.replace(/\/$/, '')}/rest/v1/rpc/order_status_for_chat`,
    {
      method: 'POST',
      headers: {
        apikey: options.anonKey,
        Authorization: options.authorization ?? `Bearer ${options.anonKey}`,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({ order_number: question.orderNumber, phone: question.phone ?? null }),
    },
  )
  if (!response.ok) throw new Error(`order_status_for_chat answered ${response.status}`)
  return (await response.json()) as OrderStatus
}

export function askForOrderNumber(): AssistantReply {
  return {
    message: `I can check an order for you, but I can't look one up without its number. ${ASK_ORDER_NUMBER} Tell me its number (it starts with LK-, for example *LK-240001*). If you checked out as a guest, add ${ASK_ORDER_PHONE}. Signed in, all your orders are also on [your account](/account).`,
  }
}

export function orderReply(question: OrderQuestion, status: OrderStatus): AssistantReply {
  if (!status.found) {
    if (status.locked) {
      return {
        message: `I can't check ${question.orderNumber} right now after several tries. Please sign in to see your orders on [your account](/account), or [contact us](/contact).`,
      }
    }
    if (!question.phone) {
      return {
        message: `I can't find ${question.orderNumber} among your orders. If you checked out as a guest, tell me ${ASK_ORDER_PHONE} for it; if it's on another account, sign in to that one. Your orders are on [your account](/account).`,
      }
    }
    return {
      message: `I can't find an order ${question.orderNumber} placed with that phone number. Please check both, or [contact us](/contact).`,
    }
  }
  const items = (status.items ?? []).map((item) => {
    const options = [item.size ? `size ${item.size}` : '', item.color ?? ''].filter(Boolean)
    return `${item.quantity} × ${item.name}${options.length > 0 ? ` (${options.join(', ')})` : ''}`
  })
  const where =
    status.deliveryMethod === 'pickup'
      ? 'for collection at your pickup point'
      : status.county
        ? `for delivery to ${status.county}`
        : 'for delivery'
  const payment = paymentWords[status.paymentStatus ?? ''] ?? status.paymentStatus ?? ''
  return {
    message: [
      `Your order **${status.orderNumber}** ${statusWords[status.status ?? 'pending']}, ${where}.`,
      `It holds ${listWords(items)}; total **${formatKes(status.total ?? 0)}**, ${payment}.`,
      `Follow it on [your account](/account), or ask me anything else.`,
    ].join('\n'),
  }
}
