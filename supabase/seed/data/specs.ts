/**
 * Specifications of the seeded luxury watches and fine jewellery (`products.specs`), as staff would
 * write them in the product editor: reference, case, movement, box and papers, warranty, authenticity.
 */
type Specs = Readonly<
  Partial<
    Record<'reference' | 'case' | 'movement' | 'box_papers' | 'warranty' | 'authenticity', string>
  >
>

const checked = 'Inspected and verified by our watchmaker in Nairobi; signed certificate included'
const fullSet = 'Full set: box, papers and warranty card, dated and stamped'
const sourced = 'Bought from an authorised dealer; invoice and serial number on file'

const watch = (
  reference: string,
  caseText: string,
  movement: string,
  warranty: string,
  extra: Specs = {},
): Specs => ({
  reference,
  case: caseText,
  movement,
  box_papers: fullSet,
  warranty,
  authenticity: checked,
  ...extra,
})

const rolex = '5-year international Rolex guarantee'
const patek = '2-year international Patek Philippe warranty, extendable'
const omega = '5-year international Omega warranty'
const ap = '5-year Audemars Piguet warranty after registration'
const cartier = '8-year Cartier warranty after registration'
const vc = '2-year Vacheron Constantin warranty, extendable to 8 years'

export const seedSpecs: Readonly<Record<string, Specs>> = {
  'luxe-rolex-001': watch(
    '126610LN',
    'Oystersteel, 41 mm, water-resistant to 300 m',
    'Automatic, calibre 3235, 70-hour power reserve',
    rolex,
  ),
  'luxe-rolex-002': watch(
    '126234',
    'Oystersteel and white gold, 36 mm, fluted bezel',
    'Automatic, calibre 3235, 70-hour power reserve',
    rolex,
  ),
  'luxe-rolex-003': watch(
    '126500LN',
    'Oystersteel, 40 mm, Cerachrom bezel',
    'Automatic chronograph, calibre 4131, 72-hour power reserve',
    rolex,
  ),
  'luxe-rolex-004': watch(
    '126710BLRO',
    'Oystersteel, 40 mm, two-colour Cerachrom bezel',
    'Automatic GMT, calibre 3285, 70-hour power reserve',
    rolex,
  ),
  'luxe-patek-001': watch(
    '5811/1G-001',
    'White gold, 41 mm, water-resistant to 120 m',
    'Automatic, calibre 26-330 S C',
    patek,
  ),
  'luxe-patek-002': watch(
    '6119G-010',
    'White gold, 39 mm, Clous de Paris bezel',
    'Manual winding, calibre 30-255 PS',
    patek,
  ),
  'luxe-patek-003': watch(
    '5168G-001',
    'White gold, 42.2 mm, water-resistant to 120 m',
    'Automatic, calibre 324 S C',
    patek,
  ),
  'luxe-omega-001': watch(
    '310.30.42.50.01.001',
    'Stainless steel, 42 mm, Hesalite crystal',
    'Manual winding chronograph, calibre 3861',
    omega,
  ),
  'luxe-omega-002': watch(
    '210.30.42.20.01.001',
    'Stainless steel, 42 mm, water-resistant to 300 m',
    'Automatic, Co-Axial Master Chronometer calibre 8800',
    omega,
  ),
  'luxe-omega-003': watch(
    '131.20.39.20.02.001',
    'Steel and Sedna gold, 39 mm',
    'Automatic, Co-Axial Master Chronometer calibre 8800',
    omega,
  ),
  'luxe-omega-004': watch(
    '220.10.41.21.03.004',
    'Stainless steel, 41 mm, water-resistant to 150 m',
    'Automatic, Co-Axial Master Chronometer calibre 8900',
    omega,
  ),
  'luxe-ap-001': watch(
    '15510ST.OO.1320ST.06',
    'Stainless steel, 41 mm, octagonal bezel',
    'Automatic, calibre 4302, 70-hour power reserve',
    ap,
  ),
  'luxe-ap-002': watch(
    '26420CE.OO.A043VE.01',
    'Black ceramic, 43 mm',
    'Automatic chronograph, calibre 4401',
    ap,
  ),
  'luxe-ap-003': watch(
    '15210OR.OO.A099CR.01',
    'Rose gold and ceramic, 41 mm',
    'Automatic, calibre 4302, 70-hour power reserve',
    ap,
  ),
  'luxe-cartier-001': watch(
    'WSTA0041',
    'Stainless steel, 33.7 x 25.5 mm',
    'Quartz, SolarBeat photovoltaic',
    cartier,
  ),
  'luxe-cartier-002': watch(
    'WSSA0029',
    'Stainless steel, 35.1 mm, QuickSwitch strap system',
    'Automatic, calibre 1847 MC',
    cartier,
  ),
  'luxe-cartier-003': watch(
    'WSBB0048',
    'Stainless steel, 36 mm, blue spinel crown',
    'Automatic, calibre 1847 MC',
    cartier,
  ),
  'luxe-cartier-004': watch('WGPN0006', 'Yellow gold, 30 x 22 mm', 'Quartz', cartier),
  'luxe-vc-001': watch(
    '4520V/210A-B128',
    'Stainless steel, 41 mm, water-resistant to 150 m',
    'Automatic, calibre 5100, 60-hour power reserve',
    vc,
  ),
  'luxe-vc-002': watch('85180/000R-9248', 'Rose gold, 40 mm', 'Automatic, calibre 2450 Q6', vc),
  'luxe-vc-003': watch(
    '4600E/000A-B442',
    'Stainless steel, 40 mm',
    'Automatic, calibre 1326, 48-hour power reserve',
    vc,
  ),
  'jewelry-004': {
    reference: 'LK-SOL-050',
    case: '18k white gold setting, 0.5 ct round brilliant diamond (G colour, VS2)',
    box_papers: 'Presentation box and diamond grading report',
    warranty: 'Lifetime warranty on the setting; free cleaning and re-polishing',
    authenticity:
      'Diamond graded by an independent laboratory; report number engraved on the girdle',
  },
  'jewelry-009': {
    reference: 'B6067517',
    case: '18k yellow gold, screw motif, size 17',
    box_papers: 'Cartier box, screwdriver, certificate and receipt',
    warranty: '2-year Cartier warranty',
    authenticity: sourced,
  },
  'jewelry-010': {
    reference: '62613028',
    case: '18k rose gold, 16-inch chain',
    box_papers: 'Tiffany Blue Box, pouch and receipt',
    warranty: '1-year Tiffany warranty',
    authenticity: sourced,
  },
  'jewelry-015': {
    case: '18k yellow gold, 2 ct emerald-cut emerald',
    box_papers: 'Presentation box and gemstone report',
    warranty: '2-year warranty on the setting',
    authenticity: 'Gemstone identified by an independent laboratory',
  },
  'jewelry-019': {
    case: '18k white gold, two 0.5 ct blue sapphires',
    box_papers: 'Presentation box and gemstone report',
    warranty: '2-year warranty on the settings',
    authenticity: 'Gemstones identified by an independent laboratory',
  },
}
