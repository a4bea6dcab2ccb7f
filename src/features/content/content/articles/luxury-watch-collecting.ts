import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'A fine mechanical watch is one of the few luxuries that can outlive you. Bought well and looked after, it can be passed on to a son or daughter and keep much of its value. Bought badly, it is an expensive mistake. Here is what we tell customers in our watch corner before they choose their first serious piece.',
    },
    { h2: 'Decide what the watch is for' },
    {
      p: 'One watch for every day should be robust, easy to read and water resistant to at least 100 metres: think of an Omega Seamaster or a Rolex Submariner. A dress watch such as a Cartier Tank or a Patek Philippe Calatrava is thin, elegant and made for cuffs, not swimming pools. Be honest about your life: if you live in your watch, buy a sports watch.',
    },
    { h2: 'Understand the movement' },
    {
      ul: [
        'Automatic movements wind themselves as you move and run for a day or two when set down.',
        'Hand-wound movements, like the Speedmaster Moonwatch, need a few turns of the crown each morning; many collectors love the ritual.',
        'Quartz runs on a battery, is more accurate and needs almost no care. There is no shame in it.',
      ],
    },
    { h2: 'Buy the seller before the watch' },
    {
      p: 'Most counterfeit watches in Nairobi are sold by people who seem trustworthy. Buy from an authorised dealer or a seller who gives you the original box, the warranty card with a matching serial number and a written receipt, and who will take the watch back if a brand boutique ever questions it. Be wary of prices far below the market: genuine Rolex and Patek Philippe pieces rarely sell at a discount.',
    },
    { h2: 'Size and fit' },
    {
      p: 'Case diameter matters less than lug-to-lug length: the lugs should not hang over the edges of your wrist. Most men’s wrists suit 38 to 41 mm; many women wear 36 mm pieces and larger. Try before you buy, and ask to have the bracelet sized so it moves slightly without sliding down your hand.',
    },
    { h2: 'Caring for it' },
    {
      p: 'Have a mechanical watch serviced every five to eight years by the brand or a certified watchmaker; a service cleans, oils and adjusts the movement and replaces the seals. Keep it away from strong magnets such as speakers and phone cases, screw the crown down before swimming, and rinse it in fresh water after the sea. Store it in its box or a watch roll, not loose in a drawer with keys.',
    },
    { h2: 'Will it hold its value?' },
    {
      p: 'A few steel sports models from Rolex, Patek Philippe and Audemars Piguet have risen in price, but most watches do not. Buy the one you love to look at every morning. If it also holds its value, that is a bonus, not a plan.',
    },
  ],
}
