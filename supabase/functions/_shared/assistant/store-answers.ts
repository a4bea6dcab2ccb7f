import { counties, delivery, payments, promotions, returnsPolicy, store } from '../store-config.ts'
import { formatKes, listWords } from './format.ts'
import { normalizeText } from './text.ts'

/** The store facts the assistant quotes; the function passes store-config, tests may pass others. */
export interface StoreFacts {
  store: {
    name: string
    email: string
    phoneDisplay: string
    address: string
    openingHours: readonly { days: string; hours: string }[]
  }
  delivery: {
    freeFromKes: number
    fees: { nairobi: number; otherCounty: number; pickup: number }
    estimate: { nairobi: string; otherCounty: string; pickup: string }
  }
  returnsPolicy: { days: number }
  payments: { mpesaPaybill: string }
  promotions: { saleBanner: string }
  counties: readonly string[]
}

export const defaultStoreFacts: StoreFacts = {
  store,
  delivery,
  returnsPolicy,
  payments,
  promotions,
  counties,
}

/** Towns shoppers name instead of their county. */
const towns: Readonly<Record<string, string>> = {
  eldoret: 'Uasin Gishu',
  thika: 'Kiambu',
  ruiru: 'Kiambu',
  juja: 'Kiambu',
  limuru: 'Kiambu',
  kikuyu: 'Kiambu',
  kitengela: 'Kajiado',
  ngong: 'Kajiado',
  rongai: 'Kajiado',
  malindi: 'Kilifi',
  watamu: 'Kilifi',
  diani: 'Kwale',
  ukunda: 'Kwale',
  naivasha: 'Nakuru',
  nanyuki: 'Laikipia',
  kitale: 'Trans-Nzoia',
  athi: 'Machakos',
  syokimau: 'Machakos',
  voi: 'Taita-Taveta',
  westlands: 'Nairobi',
  karen: 'Nairobi',
  kilimani: 'Nairobi',
  kileleshwa: 'Nairobi',
  lavington: 'Nairobi',
  embakasi: 'Nairobi',
  kasarani: 'Nairobi',
  cbd: 'Nairobi',
  runda: 'Nairobi',
  langata: 'Nairobi',
  "lang'ata": 'Nairobi',
  parklands: 'Nairobi',
  eastleigh: 'Nairobi',
  kakamega: 'Kakamega',
}

/** The county a message names (or a well-known town in it), with the words that named it. */
export function findPlace(
  message: string,
  facts: StoreFacts,
): { county: string; words: string[] } | undefined {
  const text = normalizeText(message).replace(/-/g, ' ')
  for (const county of facts.counties) {
    const name = normalizeText(county).replace(/-/g, ' ')
    if (new RegExp(`\\b${name}\\b`).test(text)) return { county, words: name.split(' ') }
  }
  for (const [town, county] of Object.entries(towns)) {
    if (new RegExp(`\\b${town}\\b`).test(text)) return { county, words: [town] }
  }
  return undefined
}

export function findCounty(message: string, facts: StoreFacts): string | undefined {
  return findPlace(message, facts)?.county
}

function isNairobi(county: string) {
  return county === 'Nairobi'
}

export function deliveryAnswer(message: string, facts: StoreFacts): string {
  const { fees, freeFromKes, estimate } = facts.delivery
  const county = findCounty(message, facts)
  const free = `Delivery is **free** on orders from **${formatKes(freeFromKes)}**.`
  const pickup = `You can also collect from a pickup point for ${formatKes(fees.pickup)} (${estimate.pickup}).`
  if (county) {
    const fee = isNairobi(county) ? fees.nairobi : fees.otherCounty
    const time = isNairobi(county) ? estimate.nairobi : estimate.otherCounty
    return `Delivery to **${county}** costs **${formatKes(fee)}** and takes ${time}. ${free} ${pickup}`
  }
  return [
    `We deliver to all ${facts.counties.length} counties of Kenya:`,
    `• Nairobi: **${formatKes(fees.nairobi)}** (${estimate.nairobi})`,
    `• Other counties: **${formatKes(fees.otherCounty)}** (${estimate.otherCounty})`,
    `• Pickup point: **${formatKes(fees.pickup)}** (${estimate.pickup})`,
    `${free} Tell me your county and I'll confirm the fee. More on our [shipping page](/shipping-info).`,
  ].join('\n')
}

export function returnsAnswer(facts: StoreFacts): string {
  const days = facts.returnsPolicy.days
  return `You have **${days} days** from delivery to return an item for a refund or an exchange: clothing, shoes and bags unworn with their tags, jewellery and watches in their original box. Refunds go to your M-Pesa within five working days. Opened beauty products can't be returned. See our [returns policy](/returns), or [contact us](/contact) to start a return.`
}

export function paymentAnswer(facts: StoreFacts): string {
  return [
    'You can pay by:',
    '• **M-Pesa**: at checkout you get a prompt on your phone (STK push) to enter your PIN',
    `• **M-Pesa Paybill**: business number **${facts.payments.mpesaPaybill}**, with your order number as the account`,
    '• **Cash on delivery**: pay the rider when your order arrives',
    'Prices are in Kenyan shillings.',
  ].join('\n')
}

export function hoursAnswer(facts: StoreFacts): string {
  const hours = facts.store.openingHours.map((slot) => `${slot.days}: ${slot.hours}`)
  return `Our opening hours are **${listWords(hours)}**. You can shop online any time, and I'm here around the clock.`
}

export function contactAnswer(facts: StoreFacts): string {
  const { phoneDisplay, email, address } = facts.store
  return `You can reach ${facts.store.name} on **${phoneDisplay}** or at **${email}**, or visit us at ${address}. There's also our [contact page](/contact).`
}

export type SizeTopic = 'shoes' | 'rings' | 'kids' | 'waist' | 'watches' | 'clothing'

/** Size advice, shortened from the size guide page. */
export function sizeAnswer(topic: SizeTopic | undefined): string {
  const lines: Record<SizeTopic, string> = {
    shoes:
      '**Shoes** come in EU sizes 36 to 46. Measure your foot from heel to longest toe: 23.7 cm is EU 37, 25.0 cm EU 39, 26.3 cm EU 41, 27.7 cm EU 43, 29.0 cm EU 45. Between sizes, take the larger size.',
    rings:
      '**Rings** come in sizes 5 to 12: size 5 is 15.7 mm inside diameter, 7 is 17.3 mm, 9 is 18.9 mm and 12 is 21.4 mm.',
    kids: "**Kids' clothes** are sized by age (0-3M up to 10-11Y) with the child's height: 2-3Y fits 92-98 cm, 6-7Y fits 116-122 cm.",
    waist:
      '**Jeans, trousers and belts** use waist sizes 28 to 34 in inches (28 in is 71 cm, 32 in is 81 cm).',
    watches:
      '**Watches** are One Size; smart watch straps come in S/M or M/L (Fitbit S or L). Check the strap length on the product page.',
    clothing:
      "**Clothing** runs XS to XXL. Women's M fits bust 90-94 cm and waist 72-76 cm; men's M fits chest 95-101 cm and waist 81-87 cm. Between two sizes, take the larger for fitted pieces.",
  }
  const intro = 'Here is a quick size guide:'
  const body = topic ? lines[topic] : [lines.clothing, lines.shoes, lines.waist].join('\n')
  return `${intro}\n${body}\nThe full tables are in our [size guide](/size-guide).`
}

export function sizeTopic(message: string): SizeTopic | undefined {
  const text = normalizeText(message)
  if (
    /\b(shoes?|sneakers?|boots?|heels?|sandals?|loafers?|viatu|kiatu|feet|foot|eu)\b/.test(text)
  ) {
    return 'shoes'
  }
  if (/\b(rings?|pete)\b/.test(text)) return 'rings'
  if (/\b(kids?|child|children|baby|babies|toddler|boys?|girls?)\b/.test(text)) return 'kids'
  if (/\b(jeans|trousers|belts?|waist|chinos)\b/.test(text)) return 'waist'
  if (/\b(watch|watches|strap|saa)\b/.test(text)) return 'watches'
  if (
    /\b(dress|dresses|tops?|shirts?|clothes|clothing|jacket|xs|xl|xxl|blouse|nguo)\b/.test(text)
  ) {
    return 'clothing'
  }
  return undefined
}

export function saleBannerNote(facts: StoreFacts): string {
  return `Everything discounted at ${facts.store.name} is on our [sale page](/sale).`
}
