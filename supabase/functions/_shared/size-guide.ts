/**
 * The store's size guide as data: the size guide page draws its tables from it and the assistant converts
 * between size systems with it, so both always agree.
 */

/** Women's letter sizes: body measurements in centimetres and the UK sizes each covers. */
export const womenSizes = [
  { size: 'XS', bust: '80–84', waist: '62–66', hip: '88–92', uk: [6] },
  { size: 'S', bust: '85–89', waist: '67–71', hip: '93–97', uk: [8, 10] },
  { size: 'M', bust: '90–94', waist: '72–76', hip: '98–102', uk: [12] },
  { size: 'L', bust: '95–100', waist: '77–82', hip: '103–108', uk: [14] },
  { size: 'XL', bust: '101–107', waist: '83–89', hip: '109–115', uk: [16, 18] },
  { size: 'XXL', bust: '108–114', waist: '90–96', hip: '116–122', uk: [20] },
] as const

export const menSizes = [
  { size: 'XS', chest: '84–88', waist: '70–74', hip: '86–90' },
  { size: 'S', chest: '89–94', waist: '75–80', hip: '91–96' },
  { size: 'M', chest: '95–101', waist: '81–87', hip: '97–102' },
  { size: 'L', chest: '102–108', waist: '88–94', hip: '103–108' },
  { size: 'XL', chest: '109–115', waist: '95–101', hip: '109–114' },
  { size: 'XXL', chest: '116–122', waist: '102–108', hip: '115–120' },
] as const

/** EU, UK and US shoe sizes with the foot length (heel to longest toe, cm); null: not made. */
export const shoeSizes = [
  { eu: 36, uk: 3.5, usWomen: 5.5, usMen: 4.5, footCm: 23.0 },
  { eu: 37, uk: 4, usWomen: 6.5, usMen: 5, footCm: 23.7 },
  { eu: 38, uk: 5, usWomen: 7.5, usMen: 6, footCm: 24.3 },
  { eu: 39, uk: 6, usWomen: 8.5, usMen: 7, footCm: 25.0 },
  { eu: 40, uk: 6.5, usWomen: 9, usMen: 7.5, footCm: 25.7 },
  { eu: 41, uk: 7.5, usWomen: 10, usMen: 8.5, footCm: 26.3 },
  { eu: 42, uk: 8, usWomen: 10.5, usMen: 9, footCm: 27.0 },
  { eu: 43, uk: 9, usWomen: 11.5, usMen: 10, footCm: 27.7 },
  { eu: 44, uk: 9.5, usWomen: 12, usMen: 10.5, footCm: 28.3 },
  { eu: 45, uk: 10.5, usWomen: null, usMen: 11.5, footCm: 29.0 },
  { eu: 46, uk: 11, usWomen: null, usMen: 12, footCm: 29.7 },
] as const

export const kidsSizes = [
  { size: '0-3M', heightCm: '56–62', weight: 'up to 6 kg' },
  { size: '3-6M', heightCm: '62–68', weight: '6–8 kg' },
  { size: '6-12M', heightCm: '68–80', weight: '8–10 kg' },
  { size: '12-18M', heightCm: '80–86', weight: '10–12 kg' },
  { size: '18-24M', heightCm: '86–92', weight: '12–13 kg' },
  { size: '2-3Y', heightCm: '92–98', weight: '13–15 kg' },
  { size: '4-5Y', heightCm: '104–110', weight: '16–19 kg' },
  { size: '6-7Y', heightCm: '116–122', weight: '20–24 kg' },
  { size: '8-9Y', heightCm: '128–134', weight: '25–30 kg' },
  { size: '10-11Y', heightCm: '140–146', weight: '31–37 kg' },
] as const

export const waistSizes = [28, 29, 30, 31, 32, 33, 34] as const

export const ringSizes = [
  { size: 5, diameterMm: 15.7, circumferenceMm: 49.3 },
  { size: 6, diameterMm: 16.5, circumferenceMm: 51.9 },
  { size: 7, diameterMm: 17.3, circumferenceMm: 54.4 },
  { size: 8, diameterMm: 18.1, circumferenceMm: 57.0 },
  { size: 9, diameterMm: 18.9, circumferenceMm: 59.5 },
  { size: 10, diameterMm: 19.8, circumferenceMm: 62.1 },
  { size: 11, diameterMm: 20.6, circumferenceMm: 64.6 },
  { size: 12, diameterMm: 21.4, circumferenceMm: 67.2 },
] as const
