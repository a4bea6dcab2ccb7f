import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'Every Luxe Kenya Atelier piece is made in a small workroom in Nairobi, by a team of pattern cutters, tailors and finishers. From first sketch to showroom rail, a new dress takes about six weeks. Here is how our Kitenge Print Midi Dress came to life.',
    },
    { h2: 'Week one: the idea' },
    {
      p: 'It started with a request we heard again and again from customers: a printed dress that works for a wedding and for the office, with pockets, and a skirt you can walk in. Our designer sketched a dozen versions, and the team voted for a fitted bodice, a full gathered skirt falling to mid-calf and deep side pockets.',
    },
    { h2: 'Week two: the fabric' },
    {
      p: 'We buy kitenge bolt by bolt from fabric houses in Eastleigh, because the print decides everything. We look for cotton with a firm hand, colours printed cleanly inside their outlines and a repeat large enough to make a statement but small enough to match at the seams. Each bolt is washed once before cutting, so the finished dress does not shrink on you.',
    },
    { h2: 'Weeks three and four: pattern and fitting' },
    {
      p: 'Our pattern cutter drafts the dress in paper, then sews a first sample in plain calico. We fit it on women of different heights and shapes from our own team, and adjust: the waist came up two centimetres, the pockets moved lower so hands rest naturally, and the back zip became a concealed one. Three samples later, the pattern is graded into sizes XS to XXL.',
    },
    { h2: 'Week five: cutting and sewing' },
    {
      p: 'Print matching is the slow part. Each bodice piece is cut on its own so the motif lines up across the centre front and the seams, which uses more fabric but looks right. The offcuts become our Ankara and kitenge clutches, so little goes to waste. A skilled tailor sews about six dresses a day, finishing every inside seam so it will not fray.',
    },
    { h2: 'Week six: finishing and checks' },
    {
      ul: [
        'Every dress is pressed and checked seam by seam against the approved sample.',
        'Measurements are taken again for each size to be sure the size guide is right.',
        'Labels name the workroom that made it, and care instructions are sewn in.',
        'A small batch goes to the showroom first, so we can hear what customers say before making more.',
      ],
    },
    { h2: 'Why we make it this way' },
    {
      p: 'Making in small batches in Nairobi costs more than ordering thousands of pieces from abroad. It also means we can fix what customers tell us in the next batch, pay our tailors properly and never sit on piles of unsold stock. We think that is worth it, and we hope you feel it when you wear the dress.',
    },
  ],
}
