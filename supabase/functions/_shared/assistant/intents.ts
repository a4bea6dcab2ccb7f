import { normalizeText } from './text.ts'

/** What the shopper's latest message is about, decided by wording alone (catalogue-free checks). */
export type Topic =
  | 'empty'
  | 'greeting'
  | 'thanks'
  | 'goodbye'
  | 'help'
  | 'off-topic'
  | 'checkout'
  | 'view-cart'
  | 'remove-from-cart'
  | 'add'
  | 'payment'
  | 'delivery'
  | 'returns'
  | 'hours'
  | 'contact'
  | 'size-guide'
  | 'more'
  | 'details'
  | 'browse'

const greeting =
  /^(hi|hello|hey|hallo|helo|hiya|habari(?: yako| yenu| zako)?|jambo|hujambo|mambo|sasa|niaje|salaam|greetings|howdy|good (?:morning|afternoon|evening|day))\b[\s,.!]*(?:there|luxe(?: kenya)?|assistant|friend|team)?[\s,.!?]*/
const thanks =
  /^(?:ok(?:ay)?[\s,.!]*)?(thanks|thank you|thank u|thx|ty|asante(?: sana)?|cheers|much appreciated|great|perfect|awesome|cool|nice|ok(?:ay)?|sawa)\b[\s,.!]*(?:so much|a lot|sana)?[\s,.!]*/
const goodbye = /^(bye|goodbye|good bye|kwaheri|see you|later|that'?s all|nothing else)\b/

/** A leading greeting or thanks, removed so "hi, show me dresses" is about dresses. */
export function stripPleasantries(message: string): {
  rest: string
  greeted: boolean
  thanked: boolean
} {
  let rest = normalizeText(message)
  let greeted = false
  let thanked = false
  for (let i = 0; i < 3; i++) {
    const g = greeting.exec(rest)
    if (g && g[0].length > 0) {
      greeted = true
      rest = rest.slice(g[0].length).trim()
      continue
    }
    const t = thanks.exec(rest)
    if (t && t[0].length > 0) {
      thanked = true
      rest = rest.slice(t[0].length).trim()
      continue
    }
    break
  }
  return { rest, greeted, thanked }
}

const offTopic =
  /\b(weather|forecast|joke|jokes|news|football|soccer|premier league|arsenal|politics|president|election|recipe|cook|homework|essay|poem|bitcoin|crypto|stock market|forex|betting|bet|movie|movies|song|lyrics|translate|math|equation|programming|javascript|python|capital of|meaning of life|girlfriend|boyfriend|date me|marry me|who made you|are you (human|real|a bot|chatgpt|an ai)|chatgpt|openai)\b/

export function topicOf(rest: string): Topic {
  const t = rest
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (!t) return 'empty'
  if (goodbye.test(t)) return 'goodbye'
  if (
    /^(help|what can you do|how can you help|who are you|what are you|what do you do|menu|options)\b/.test(
      t,
    ) ||
    /\bwhat can you (do|help)/.test(t)
  ) {
    return 'help'
  }
  if (
    /\b(how|which|what|can i|could i|do you (accept|take)|is it possible to|options? (to|for))\b.{0,30}\b(pay|paying|payment|payments|mpesa|m-pesa|m pesa|paybill|cash|card|visa|mastercard)\b/.test(
      t,
    ) ||
    /\b(cash on delivery|paybill|pay bill|lipa na)\b/.test(t)
  ) {
    return 'payment'
  }
  if (
    /\b(check ?out|proceed to (pay|payment|checkout)|pay now|complete (my |the |this )?(order|purchase)|place (my |the |an |this )?order|finish (my |the )?order|go to payment)\b/.test(
      t,
    )
  ) {
    return 'checkout'
  }
  if (
    /\b(remove|delete|take out|take off|empty|clear|drop)\b.{0,30}\b(cart|basket)\b/.test(t) ||
    /\b(remove|delete)\b.{0,20}\b(it|this|that|them)\b/.test(t)
  ) {
    return 'remove-from-cart'
  }
  if (/\b(add|put|pop|throw)\b/.test(t) && !/\badd(ed)? (up|more about)\b/.test(t)) return 'add'
  if (
    /\b(i'?ll take|i will take|i'?ll have|i'?ll buy|i will buy|i want to buy|i'?d like to buy|i would like to buy|buy (it|this|that|the|them)|purchase (it|this|that|the))\b/.test(
      t,
    )
  ) {
    return 'add'
  }
  if (
    /\b(show|view|see|open|display|check|go to|take me to)\b.{0,15}\b(my |the )?(cart|basket|shopping bag)\b/.test(
      t,
    ) ||
    /\b(what'?s|whats|what is|anything) in (my |the )?(cart|basket)\b/.test(t) ||
    /\bhow many\b.{0,20}\b(cart|basket)\b/.test(t) ||
    /^(my |the )?(cart|basket)[\s?.!]*$/.test(t)
  ) {
    return 'view-cart'
  }
  if (offTopic.test(t)) return 'off-topic'
  if (/^(my |your |the )?(\w+ )?sizes?( guide| chart| table)?[\s?.!]*$/.test(t)) return 'size-guide'
  if (
    /\b(size (guide|chart|table)|sizing|what size|which size|my size|right size|size am i|size should i|sizes? run|true to size|runs? (small|large|big)|how to measure|measure myself|fit guide|how (do|does|will|would) (it|they|this|that|sizing)\b.{0,10}\bfit)\b/.test(
      t,
    )
  ) {
    return 'size-guide'
  }
  if (
    /\b(return|returns|returning|refund|refunds|exchange|exchanges|send (it |them )?back)\b/.test(t)
  ) {
    return 'returns'
  }
  if (
    /\b(deliver|delivers|delivery|deliveries|shipping|ship|ships|shipped|courier|rider|pickup|pick up|pick-up|dispatch|postage)\b/.test(
      t,
    )
  ) {
    return 'delivery'
  }
  if (/\b(pay|paying|payment|payments|mpesa|m-pesa|m pesa|lipa)\b/.test(t)) return 'payment'
  if (
    /\b(opening|open|opens|closing|closes|close|hours|what time|working days|business hours|weekends?)\b/.test(
      t,
    ) &&
    !/\b(open|close)[- ]?(toe|back|knit)\b/.test(t)
  ) {
    return 'hours'
  }
  if (
    /\b(contact|phone number|your number|call you|reach you|email address|your email|whatsapp|where are you|where is your|located|location|your address|showroom|physical (shop|store)|visit (you|your))\b/.test(
      t,
    )
  ) {
    return 'contact'
  }
  if (
    /^(show |any |anything |got )?(me )?(more|others|else)\b|\b(show|see|any) (me )?(more|other|others)\b(?! (about|details|info))/.test(
      t,
    )
  ) {
    return 'more'
  }
  if (
    /\b(tell me (more )?about|more (details|info|information)|details (of|on|about|for)|describe|what (sizes?|colou?rs?)|which (sizes?|colou?rs?)|in stock|available in|come in|do you have (it|this|that|them) in|is (it|this|that) available|how much is (it|this|that)|what'?s the price of (it|this|that))\b/.test(
      t,
    )
  ) {
    return 'details'
  }
  return 'browse'
}

/** "the first one", "#2", "the last one": a position in the products shown last. */
export function findOrdinal(text: string): number | 'last' | undefined {
  const words: Record<string, number> = {
    first: 1,
    '1st': 1,
    second: 2,
    '2nd': 2,
    third: 3,
    '3rd': 3,
    fourth: 4,
    '4th': 4,
    fifth: 5,
    '5th': 5,
    sixth: 6,
    '6th': 6,
  }
  const word = /\b(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th)\b/.exec(text)
  if (word) return words[word[1]!]
  if (/\b(last|final)\b(?! (one )?(of|on) (the )?(sale|stock))/.test(text)) return 'last'
  const numbered = /(?:\b(?:number|no\.?|option|item|product)\s*|#)(\d)\b/.exec(text)
  if (numbered) return Number(numbered[1])
  return undefined
}

const numberWords: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  moja: 1,
  mbili: 2,
  tatu: 3,
}

export interface AddRequest {
  quantity?: number
  ordinal?: number | 'last'
  /** "it", "that one": the product just shown. */
  pronoun: boolean
  /** "both", "all of them": more than one product at once. */
  several: boolean
  /** The product words left once verbs, amounts and references are taken out. */
  description: string
}

/** Reads "add 2 of the first one", "add a silk evening gown to cart", "I'll take it". */
export function parseAddRequest(rest: string): AddRequest {
  let text = ` ${rest} `
  text = text.replace(
    /\b(to|in|into|on|onto)\s+(my\s+|the\s+)?(shopping\s+)?(cart|basket|bag)\b/g,
    ' ',
  )
  text = text.replace(
    /\b(can you|could you|would you|will you|please|pls|kindly|also|just|now|for me|i'?ll take|i will take|i'?ll have|i'?ll buy|i will buy|i want to buy|i'?d like to buy|i would like to buy|i want|i'?d like|i would like|go ahead and|and|then|ok|okay)\b/g,
    ' ',
  )
  const verb = /\b(add|put|pop|throw|buy|purchase|get me|get)\b/
  const verbMatch = verb.exec(text)
  let afterVerb = verbMatch ? text.slice(verbMatch.index + verbMatch[0].length) : text
  const before = verbMatch ? text.slice(0, verbMatch.index) : ''

  let quantity: number | undefined
  const lead =
    /^\s*(?:(\d{1,3})|(one|two|three|four|five|six|seven|eight|nine|ten|moja|mbili|tatu)|(a couple of|a pair of|a|an))\b(?!\s*(?:st|nd|rd|th)\b)(?!\s*(?:k|%))(?:\s*(?:x|pcs|pieces|units|items|pairs?))?(?:\s*of\b)?/
  const leadMatch = lead.exec(afterVerb)
  if (leadMatch) {
    if (leadMatch[1]) quantity = Number(leadMatch[1])
    else if (leadMatch[2]) quantity = numberWords[leadMatch[2]]
    else if (leadMatch[3] === 'a couple of') quantity = 2
    else quantity = 1
    afterVerb = afterVerb.slice(leadMatch[0].length)
  }
  const explicit =
    /\b(?:x\s*(\d{1,3})|(\d{1,3})\s*x|qty\s*:?\s*(\d{1,3})|quantity\s*(?:of\s*)?:?\s*(\d{1,3})|(\d{1,3})\s*(?:pcs|pieces|units|pairs))\b/.exec(
      afterVerb,
    )
  if (explicit) {
    quantity = Number(explicit.slice(1).find(Boolean))
    afterVerb = afterVerb.replace(explicit[0], ' ')
  }
  let body = `${before} ${afterVerb}`
  const ordinal = findOrdinal(body)
  body = body
    .replace(
      /\b(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th|sixth|6th|last|final)\b|(?:\b(?:number|no\.?|option|item|product)\s*|#)\d\b/g,
      ' ',
    )
    .replace(/\b(add|put|pop|throw|buy|purchase|get me|get)\b/g, ' ')
  const several = /\b(both|all of them|all three|all of those|each of them|them all)\b/.test(body)
  const pronoun = /\b(it|this|that|these|those|them|one|same)\b/.test(body)
  const description = body
    .replace(/\b(both|all of them|each of them|them all|all)\b/g, ' ')
    .replace(
      /\b(it|this|that|these|those|them|one|ones|same|the|a|an|of|from|list|above|item|product|please|another|more|too|as well|again)\b/g,
      ' ',
    )
    .replace(/\s+/g, ' ')
    .trim()
  const request: AddRequest = { pronoun, several, description }
  if (quantity !== undefined) request.quantity = quantity
  if (ordinal !== undefined) request.ordinal = ordinal
  return request
}
