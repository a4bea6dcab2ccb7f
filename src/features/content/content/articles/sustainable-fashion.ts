import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'Kenya knows second-hand clothing better than most countries. Mitumba bales land in Gikomba every week, and many of us grew up hunting for treasure in them. Yet a good share of what arrives is worn out or out of season, and it ends up burned or dumped along the Nairobi River. Sustainable fashion is not only about buying organic cotton; it is about buying less, choosing better and wearing what we own for longer.',
    },
    { h2: 'Think in cost per wear' },
    {
      p: 'A KSh 2,000 top worn three times costs you about KSh 667 a wear. A KSh 9,800 kitenge dress worn forty times over three years costs KSh 245. Before you buy, ask yourself honestly how often you will reach for it. Pieces that work for the office, a wedding and a weekend lunch earn their place in the wardrobe; pieces bought for one occasion rarely do.',
    },
    { h2: 'Look at how it is made' },
    {
      ul: [
        'Check the seams: they should be straight, tight and finished inside, not fraying.',
        'Feel the fabric. Dense cotton, linen and wool last longer than thin blends that pill after a few washes.',
        'Read the care label before you pay. If it says dry-clean only and you live in Kitengela, be realistic.',
        'Ask who made it. Brands proud of their makers will tell you.',
      ],
    },
    { h2: 'Buy local when you can' },
    {
      p: 'Choosing Kenyan-made keeps money and skills here. A kiondo woven in Machakos, sandals stitched in Lamu or a shirt cut in a Nairobi workroom travel a few hundred kilometres instead of ten thousand, and the maker is paid a fair price for work that takes days. Local pieces are also easier to repair: the cobbler and the fundi down the road know exactly how they were made.',
    },
    { h2: 'Care is the greenest habit' },
    {
      p: 'Most of a garment’s footprint after purchase comes from washing and drying. Wash less often and in cold water, turn prints and dark denim inside out, and dry in the shade: the equatorial sun fades colour fast. Air your jackets instead of washing them. Polish leather shoes every few weeks and have them resoled before the damage reaches the upper.',
    },
    { h2: 'Pass it on' },
    {
      p: 'When something no longer fits your life, give it a second one. Swap with friends, sell it on, or donate it to a group that needs it. Good-quality pieces keep their value, which is one more reason to buy them in the first place.',
    },
    {
      p: 'None of this asks for perfection. Start with one change: the next time you shop, buy the piece you will still love in three years.',
    },
  ],
}
