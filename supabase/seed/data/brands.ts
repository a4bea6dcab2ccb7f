/** One row of `public.watch_brands`. Luxury houses carry their founding year; smart brands a price tier. */
export interface SeedWatchBrand {
  id: number
  slug: string
  name: string
  kind: 'luxury' | 'smart'
  category: string
  description: string
  country: string
  heritage: string | null
  tier: 'Premium' | 'Mid-Range' | 'Luxury' | 'Budget' | null
  logo: string
}

export const watchBrands: SeedWatchBrand[] = [
  {
    id: 1,
    slug: 'rolex',
    name: 'Rolex',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'Geneva watchmaker famous for the Oyster case, the Submariner diver and the Daytona chronograph; precision and robustness in every piece.',
    country: 'Switzerland',
    heritage: 'Since 1905',
    tier: null,
    logo: '',
  },
  {
    id: 2,
    slug: 'patek-philippe',
    name: 'Patek Philippe',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'One of the last family-owned Geneva manufactures, maker of the Calatrava, the Nautilus and grand complications collected for generations.',
    country: 'Switzerland',
    heritage: 'Since 1839',
    tier: null,
    logo: '',
  },
  {
    id: 3,
    slug: 'omega',
    name: 'Omega',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'From Biel: the Speedmaster that went to the Moon, the Seamaster divers and Master Chronometer movements tested against magnetism.',
    country: 'Switzerland',
    heritage: 'Since 1848',
    tier: null,
    logo: '',
  },
  {
    id: 4,
    slug: 'audemars-piguet',
    name: 'Audemars Piguet',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'Independent manufacture in Le Brassus whose 1972 Royal Oak invented the luxury steel sports watch.',
    country: 'Switzerland',
    heritage: 'Since 1875',
    tier: null,
    logo: '',
  },
  {
    id: 5,
    slug: 'cartier',
    name: 'Cartier',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'The Paris jeweller behind the Santos, the first pilot’s wristwatch, and the Tank: watches with the elegance of fine jewellery.',
    country: 'France',
    heritage: 'Since 1847',
    tier: null,
    logo: '',
  },
  {
    id: 6,
    slug: 'vacheron-constantin',
    name: 'Vacheron Constantin',
    kind: 'luxury',
    category: 'Luxury Watches',
    description:
      'The oldest watch manufacture in continuous operation, with Geneva-hallmarked movements in the Patrimony, Overseas and Fiftysix lines.',
    country: 'Switzerland',
    heritage: 'Since 1755',
    tier: null,
    logo: '',
  },
  {
    id: 7,
    slug: 'apple-watch',
    name: 'Apple Watch',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'The best-selling smartwatch for iPhone users: health and fitness tracking, ECG, crash detection, Apple Pay and thousands of apps.',
    country: 'United States',
    heritage: 'Since 2015',
    tier: 'Premium',
    logo: '',
  },
  {
    id: 8,
    slug: 'samsung-galaxy-watch',
    name: 'Samsung Galaxy Watch',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'Wear OS smartwatches for Android phones with bright AMOLED screens, body composition, sleep coaching and Galaxy AI.',
    country: 'South Korea',
    heritage: 'Since 2018',
    tier: 'Mid-Range',
    logo: '',
  },
  {
    id: 9,
    slug: 'garmin',
    name: 'Garmin',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'GPS specialists making running, outdoor and adventure watches with long battery life, maps and training insights trusted by athletes.',
    country: 'United States',
    heritage: 'Since 1989',
    tier: 'Premium',
    logo: '',
  },
  {
    id: 10,
    slug: 'tag-heuer-connected',
    name: 'TAG Heuer Connected',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'Swiss luxury smartwatches from TAG Heuer: steel and ceramic cases, sapphire crystals and dials taken from the racing chronographs.',
    country: 'Switzerland',
    heritage: 'Since 1860',
    tier: 'Luxury',
    logo: '',
  },
  {
    id: 11,
    slug: 'fitbit',
    name: 'Fitbit',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'Friendly fitness trackers and smartwatches, now part of Google, for steps, sleep, heart rate and stress at accessible prices.',
    country: 'United States',
    heritage: 'Since 2007',
    tier: 'Budget',
    logo: '',
  },
  {
    id: 12,
    slug: 'amazfit',
    name: 'Amazfit',
    kind: 'smart',
    category: 'Smart Watches',
    description:
      'Zepp Health’s smartwatches with AMOLED screens, accurate GPS and batteries that last up to weeks, at budget-friendly prices.',
    country: 'China',
    heritage: 'Since 2015',
    tier: 'Budget',
    logo: '',
  },
]
