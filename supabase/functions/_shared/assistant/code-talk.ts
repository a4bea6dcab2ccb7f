import type { AssistantReply } from './types.ts'

/**
 * Discount codes in conversation: "use my code WELCOME-AB12CD", "apply code SAVE10", "tumia code yangu
 * …". The assistant only hands the code the shopper typed to the app, which puts it where the cart's and
 * checkout's code box keeps it; the store's database decides whether it applies and what it takes off.
 * The assistant never names an amount, never makes up a code and never looks one up.
 */
export type CodeIntent =
  | { kind: 'apply'; code: string }
  /** Speaks of a code of theirs without giving it. */
  | { kind: 'ask' }
  /** Says a code was refused ("my code didn't work"). */
  | { kind: 'trouble' }
  /** Asks about codes or discounts in general ("what is my code?", "do you have discounts?"). */
  | { kind: 'explain' }

/** A code as the database keeps it: capitals, digits and hyphens. */
const CODE = /^[A-Z0-9][A-Z0-9-]{2,31}$/
const codeWord =
  /\b(?:codes?|coupons?|vouchers?|promo(?:code)?s?|kodi|msimbo)\b|\bkuponi\b|\bvocha\b/i
const applyVerb =
  /\b(use|apply|redeem|enter|add|put|weka|wekea|tumia|ingiza|activate|have|got|niko na|nina|nimepata)\b/i
/** Amounts or free goods the shopper asks for: the guard refuses those. */
const amountAsked = /\d\s*(%|percent|per cent)|\bfree\b|\bbure\b/i
/** Codes that are not discount codes: an M-Pesa confirmation, a postal code, a dress code. */
const otherCode =
  /\b(m-?pesa|transaction|confirmation|verification|otp|postal|zip|post|area|country|product|order|tracking|dress|colou?r|qr|bar)\s*codes?\b/i
/** "apply SAVE10" without the word code: only right after the verb, letters and digits together. */
const bareCode = /\b(?:use|apply|redeem|tumia)\s+(?:my\s+|yangu\s+)?([A-Za-z0-9-]{5,32})\b/i
const generalDiscounts =
  /\b(do you (have|offer|give)|are there|any|is there|kuna|mna|mnatoa|mko na)\b[^.?]{0,20}\b(discounts?|offers?|deals?|punguzo|ofa)\s*[?!.]*$/i
const refusedCode =
  /\b(didn'?t|did not|doesn'?t|does not|won'?t|will not|not) (work|apply|accepted)\b|\b(invalid|rejected|expired|declined)\b|\bhai(fanyi|kufanya|jafanya)\b|\bhaiku(kubali|kubaliwa)\b/i
/** Words that sit between "code" and the code itself, never a code. */
const filler = new Set(
  `my the a an is ni yangu yako this that code codes coupon voucher promo discount number please
  tafadhali kwa on to it here ya for za hii called named kodi msimbo use apply add enter redeem tumia
  weka have got and with na`.split(/\s+/),
)

function tokens(message: string): string[] {
  return message
    .split(/[\s,:;!?"“”'‘’()]+/)
    .map((token) => token.replace(/^[.#*]+|[.*]+$/g, ''))
    .filter(Boolean)
}

/** A token the shopper typed as a code: letters and digits, with a digit, a hyphen or in capitals. */
function looksLikeCode(token: string): boolean {
  const upper = token.toUpperCase()
  if (!CODE.test(upper) || filler.has(token.toLowerCase())) return false
  return /\d/.test(token) || token.includes('-') || (token === upper && /[A-Z]{4}/.test(token))
}

export function codeIntent(message: string): CodeIntent | undefined {
  if (amountAsked.test(message) || otherCode.test(message)) return undefined
  if (codeWord.test(message)) {
    // The code comes after the word "code" ("use my code WELCOME-AB12CD", "code yangu ni SAVE10").
    const words = tokens(message)
    const start = words.findIndex((word) => codeWord.test(word))
    const candidate = words.slice(start + 1).find((word) => looksLikeCode(word))
    if (refusedCode.test(message)) return { kind: 'trouble' }
    if (candidate) return { kind: 'apply', code: candidate.toUpperCase() }
    // "Do you have codes?" asks about the store's; "I have a code" speaks of the shopper's own.
    const own = message.replace(/\b(do|does|did|will)?\s*you (have|got|give|offer)\b/gi, ' ')
    return applyVerb.test(own) || /\b(where|wapi)\b/i.test(message)
      ? { kind: 'ask' }
      : { kind: 'explain' }
  }
  const bare = bareCode.exec(message)?.[1]
  if (bare && /\d/.test(bare) && /[a-z]/i.test(bare) && looksLikeCode(bare)) {
    return { kind: 'apply', code: bare.toUpperCase() }
  }
  if (generalDiscounts.test(message.trim())) return { kind: 'explain' }
  return undefined
}

const whereCodesGo =
  'You can also type it in the **Discount code** box in your cart or at checkout.'
const storeDecides =
  'The store checks every code when it works out your total: if it applies, the saving shows in your cart and checkout totals, and if not, they say why.'
const welcomeOffer =
  'Our welcome offer: accept the email offer when you first visit, or sign up to our newsletter at the foot of any page, and the store emails you your own code for your first order. I can\'t make up codes or look yours up, but once you have one, tell me "apply code" with the code and I\'ll put it on your order.'

export function codeReply(intent: CodeIntent): AssistantReply {
  switch (intent.kind) {
    case 'apply':
      return {
        message: `I've added the code **${intent.code}** to your order. ${storeDecides}`,
        action: { type: 'apply_discount_code', code: intent.code },
      }
    case 'ask':
      return {
        message: `Tell me the code, for example "apply code" followed by it, and I'll add it to your order. ${whereCodesGo} ${storeDecides}`,
      }
    case 'trouble':
      return {
        message: `Whether a code applies is the store's decision, and it gives its reason under the **Discount code** box in your cart and at checkout. I can't change that or make up another code, but our team can help on the [contact page](/contact).`,
      }
    case 'explain':
      return {
        message: `${welcomeOffer} ${whereCodesGo} Everything already reduced is on our [sale page](/sale).`,
      }
  }
}
