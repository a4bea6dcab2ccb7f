import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'Nairobi asks a lot of a wardrobe. A chilly 7 AM start, a hot afternoon, a boardroom, a traffic jam and a rooftop dinner can all fit into one day, often with a shower thrown in. A capsule wardrobe, a small set of pieces that all work together, makes those days easier and shopping cheaper. Here is ours.',
    },
    { h2: 'The twelve pieces' },
    {
      ul: [
        'A navy or charcoal blazer that works over everything.',
        'Two shirts: one crisp white poplin, one soft linen.',
        'Three tops or tees in white, black and one colour you love.',
        'Tailored trousers in black or camel.',
        'Dark, well-fitting jeans.',
        'A midi skirt or a pair of wide-leg trousers.',
        'A wrap or shirt dress that goes from office to dinner.',
        'A light knit or cardigan for June and July mornings.',
        'A printed statement piece: a kitenge top, an Ankara skirt or a silk scarf.',
      ],
    },
    { h2: 'Shoes and bag' },
    {
      p: 'Three pairs cover almost everything: clean leather sneakers for weekends, loafers or block heels for work, and a pair of sandals or heels for evenings. Add one structured leather bag large enough for a laptop and one small crossbody for going out. Choose the leather in black, tan or cognac and everything will match.',
    },
    { h2: 'Build outfits, not piles' },
    {
      p: 'The test of a capsule is how many outfits it makes. The blazer with jeans and a white tee is a Friday in the office. The same blazer over the wrap dress is a wedding. The linen shirt, half-tucked into wide trousers with sandals, is Sunday lunch. Lay the pieces on your bed and count: twelve good pieces make well over thirty outfits.',
    },
    { h2: 'Colour without chaos' },
    {
      p: 'Keep the base neutral, navy, black, white, camel or grey, and bring colour through one or two pieces at a time. Brown skin glows in jewel tones such as emerald, cobalt and deep red, and in warm mustard and terracotta. A single gold necklace or a beaded bracelet is often all the accent an outfit needs.',
    },
    { h2: 'Dress for the weather' },
    {
      p: 'Layer instead of guessing. A knit or a blazer in the morning comes off by noon and goes back on for the evening. Breathable fabrics such as cotton, linen and light wool are kinder than polyester in traffic. Keep a compact umbrella and a pair of flats in your bag during the rains.',
    },
    { h2: 'Fill the gaps slowly' },
    {
      p: 'Before buying anything new, ask which gap it fills and what it goes with. Replace the pieces you wear most with the best quality you can afford, and let trends arrive as accessories. Your wardrobe will shrink, and you will have more to wear.',
    },
  ],
}
