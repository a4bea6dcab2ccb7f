/**
 * The store's facts, in one place for both the web app (src/config/site.ts re-exports them) and the edge
 * functions (the assistant quotes them). Rename the store or change a fee here and nowhere else.
 * The database holds its own copy of the delivery fees (it decides what an order costs); a test keeps the
 * two in step.
 */
export const store = {
  name: 'Luxe Kenya',
  shortName: 'LK',
  tagline: 'PREMIUM FASHION & STYLE',
  pageTitle: 'Premium Fashion & Style',
  locale: 'en-KE',
  enthusiasts: '10,000+',
  email: 'hello@luxekenya.co.ke',
  phoneDisplay: '+254 700 123 456',
  phoneE164: '+254700123456',
  whatsapp: '254700123456',
  address: 'The Hub Karen, Dagoretti Road, Nairobi, Kenya',
  openingHours: [
    { days: 'Mon-Sat', hours: '9AM-8PM' },
    { days: 'Sunday', hours: '10AM-6PM' },
  ],
} as const

/** Money: prices are whole Kenyan shillings; USD is shown at a fixed rate. */
export const money = {
  kesPerUsd: 140,
  usdDecimals: 2,
} as const

/** Delivery fees in whole KES. One rule everywhere: free from the threshold up. */
export const delivery = {
  freeFromKes: 5000,
  fees: {
    nairobi: 250,
    otherCounty: 450,
    pickup: 150,
  },
  estimate: {
    nairobi: '1-2 working days',
    otherCounty: '2-4 working days',
    pickup: '1-3 working days',
  },
} as const

export const returnsPolicy = {
  days: 30,
} as const

export const promotions = {
  saleBanner: '60-80% OFF',
  emailOfferPercent: 40,
} as const

export const payments = {
  methods: ['mpesa', 'cod'] as const,
  mpesaPaybill: '522533',
  mpesaFailingTestNumber: '254700000001',
  mpesaFailureMessage: 'Request cancelled by user',
  /** A new prompt for an order waits this long while the last one may still be on the phone. */
  mpesaPromptCooldownSeconds: 30,
  /** At most this many prompts per order per hour: a phone must not be flooded, nor the Daraja quota. */
  mpesaPromptsPerHour: 5,
} as const

export const affiliates = {
  codeLifetimeDays: 30,
  defaultCommissionPercent: 10,
} as const

/** All 47 counties of Kenya, in the order of their county codes. */
export const counties = [
  'Mombasa',
  'Kwale',
  'Kilifi',
  'Tana River',
  'Lamu',
  'Taita-Taveta',
  'Garissa',
  'Wajir',
  'Mandera',
  'Marsabit',
  'Isiolo',
  'Meru',
  'Tharaka-Nithi',
  'Embu',
  'Kitui',
  'Machakos',
  'Makueni',
  'Nyandarua',
  'Nyeri',
  'Kirinyaga',
  "Murang'a",
  'Kiambu',
  'Turkana',
  'West Pokot',
  'Samburu',
  'Trans-Nzoia',
  'Uasin Gishu',
  'Elgeyo-Marakwet',
  'Nandi',
  'Baringo',
  'Laikipia',
  'Nakuru',
  'Narok',
  'Kajiado',
  'Kericho',
  'Bomet',
  'Kakamega',
  'Vihiga',
  'Bungoma',
  'Busia',
  'Siaya',
  'Kisumu',
  'Homa Bay',
  'Migori',
  'Kisii',
  'Nyamira',
  'Nairobi',
] as const

export type County = (typeof counties)[number]
