import { normalizeText } from './text.ts'

/**
 * Requests the assistant refuses before doing anything else: attempts to rewrite its rules, to get a
 * discount or price it cannot give, or to see data that is not the shopper's to see (OWASP's prompt
 * injection and IDOR cases). The assistant has no access to orders, accounts or secrets anyway; the
 * refusal makes that plain instead of improvising.
 */
export type Refusal = 'injection' | 'discount' | 'private' | 'orders'

const injection = [
  /\b(ignore|disregard|forget|override|bypass)\b.{0,40}\b(instructions?|rules?|prompts?|guidelines|polic(y|ies)|restrictions?|everything)\b/,
  /\bsystem\s*(prompt|message|instructions?)\b/,
  /\b(you are|you're) now\b/,
  /\bact as\b|\bpretend (to be|you)\b|\broleplay\b|\brole-play\b/,
  /\b(jailbreak|dan mode|developer mode|god mode|sudo)\b/,
  /\b(reveal|print|show|repeat|output)\b.{0,30}\b(prompt|instructions|configuration|config|source code|env(ironment)? variables?)\b/,
  /<\s*\/?\s*(system|assistant|tool)\s*>|\[\s*(system|inst)\s*\]/,
  /\bnew instructions?\b/,
]

const discount = [
  /\b(give|gimme|apply|grant|set|make)\b.{0,25}\b\d{1,3}\s*(%|percent|per cent)/,
  /\b\d{1,3}\s*(%|percent|per cent)\s*(off|discount)\b.{0,20}\b(for me|on my|to my|my order|my cart)\b/,
  /\b(discount|coupon|promo|voucher)\s*codes?\b/,
  // A code worth an amount the shopper names: codes are the store's, never made in a chat.
  /\b(codes?|coupons?|vouchers?)\b.{0,40}\d{1,3}\s*(%|percent)|\d{1,3}\s*(%|percent).{0,40}\b(codes?|coupons?|vouchers?)\b/,
  /\bmake (it|them|this|that|everything|my order) free\b|\bgive (it|them|this|that|me)\b.{0,20}\bfor free\b/,
  /\b(change|lower|reduce|drop|cut|set|update|edit|modify)\b.{0,20}\b(price|prices|cost|total)\b/,
  /\bprice\s*(to|=)\s*(ksh|kes|sh)?\s*\d/,
  /\b(price ?match|haggle|negotiate)\b/,
]

const privateData = [
  /\b(admin|administrator|root|staff|manager)\b.{0,30}\b(password|passwords|login|credentials|access|account|panel|token)\b/,
  /\b(password|passwords|passcode|credentials|api[ -]?keys?|secret|secrets|service[ _-]?role|jwt|access token)\b/,
  /\b(show|list|give|see|access|view|get|tell|send|share|display|read|export|dump)\b.{0,30}\b(other|another|someone else'?s?|somebody else'?s?|other people'?s?|all|every)\b.{0,15}\b(customers?'?|users?'?|shoppers?'?|buyers?'?|members?'?|accounts?|people'?s?|orders?)\b/,
  /\b(someone else'?s?|somebody else'?s?|(other|another) (customers?|users?|shoppers?|people|person)'?s?)\b.{0,20}\b(orders?|emails?|address(es)?|phone|numbers?|details|data|accounts?|info(rmation)?|carts?|purchases?|names?)\b/,
  /\b(customer|user|shopper|client)s?\b.{0,10}\b(list|database|emails|records)\b/,
  /\b(database|sql|drop table|union select|user_roles|auth\.users)\b|\bselect\s+\*|\bselect\b.{1,40}\bfrom\b/,
  /\b(affiliates?)\b.{0,20}\b(earnings|payouts?|commissions?)\b.{0,20}\b(of|for)\b/,
  /\b(show|list|see|view|all)\b.{0,20}\b(payouts|transactions)\b/,
]

const orderLookup = [
  /\border\s*(#|no\b\.?|number|num\b|id\b)\s*:?\s*#?\s*[a-z0-9-]*\d/,
  /\b(order|lk)\s*-?\s*#\s*\d|\blk-\d/,
  /\b(track|trace|where is|where's|status of)\b.{0,20}\b(order|parcel|package|delivery)\b/,
  /\b(past|previous|recent|last) orders?\b|\bmy orders\b/,
  /\b(show|see|view|check|find|get)\b.{0,10}\bmy order\b/,
  /\border (history|status)\b/,
]

export function refusalFor(message: string): Refusal | undefined {
  const text = normalizeText(message)
  if (injection.some((pattern) => pattern.test(text))) return 'injection'
  if (privateData.some((pattern) => pattern.test(text))) return 'private'
  if (discount.some((pattern) => pattern.test(text))) return 'discount'
  if (orderLookup.some((pattern) => pattern.test(text))) return 'orders'
  return undefined
}

export function refusalMessage(refusal: Refusal): string {
  switch (refusal) {
    case 'injection':
      return "I'm sorry, but I can't do that. I'm the Luxe Kenya shopping assistant, and I can only help you shop: find products, check sizes and delivery, and add items to your cart."
    case 'discount':
      return "I'm sorry, but I can't create discounts, codes or special prices: every price comes from our catalogue and is confirmed at checkout. You can see everything that is currently discounted on our [sale page](/sale)."
    case 'private':
      return "I'm sorry, but I can't share account, order or store system information. I can only help you shop: find products, check sizes and delivery, and add items to your cart."
    case 'orders':
      return "I can't look up orders in this chat. When you're signed in, your orders and their status are on [your account](/account), and our team can help on the [contact page](/contact)."
  }
}
