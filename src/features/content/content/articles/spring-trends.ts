import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'Spring on the catwalks in Paris and Milan means the long rains in Nairobi: cool mornings, bright middays and sudden showers in the afternoon. The good news is that this season’s trends travel well to our weather. Here are the ones we are buying, and how to wear them here.',
    },
    { h2: '1. Butter yellow and soft sage' },
    {
      p: 'Pale, creamy yellow is the colour of the season, and it flatters brown skin beautifully. Try it in a satin skirt or a linen shirt, and pair it with sage green, tan leather or crisp white. If yellow feels too much, start with a scarf or a clutch.',
    },
    { h2: '2. The barrel-leg jean' },
    {
      p: 'Skinny jeans have stepped aside for a curved barrel leg that balloons gently at the knee and narrows at the ankle. Wear it high on the waist with a tucked-in tee and flat sandals, or with a fitted bodysuit and block heels for the evening. Rigid, light-wash denim gives the shape its structure.',
    },
    { h2: '3. Co-ords that split up' },
    {
      p: 'Matching sets are still everywhere, but the smart way to buy them is as separates. A linen shirt and trouser set becomes three outfits: together for a lunch in Karen, the shirt over a swimsuit in Diani, the trousers with a plain tank on a Friday. Look for breathable fabrics that will not crease badly on a matatu ride.',
    },
    { h2: '4. Sheer layers' },
    {
      p: 'Organza sleeves, mesh tops and chiffon overshirts add lightness without showing too much. Layer a sheer shirt over a camisole or a slip dress: the extra layer is also welcome when the evening air turns cold.',
    },
    { h2: '5. Statement prints, made locally' },
    {
      p: 'Designers abroad are borrowing from African prints again, but you can go straight to the source. A kitenge peplum top with tailored black trousers, or an Ankara pencil skirt with a white shirt, looks sharper than any imitation and supports the tailors who make them.',
    },
    { h2: '6. Rain-ready shoes' },
    {
      p: 'Suede and satin will not survive a downpour on Ngong Road. This season’s chunky loafers, lug-sole boots and rubberised sneakers are the practical answer, and they anchor light dresses well. Keep a pair of heels in your bag for the office or the party.',
    },
    { h2: 'How to shop the trends without waste' },
    {
      ul: [
        'Pick two trends that suit your life, not all six.',
        'Buy trend colours in small pieces and keep the big investments classic.',
        'Check that every new piece works with at least three things you already own.',
      ],
    },
    {
      p: 'Trends change every season; your style should not have to. Use them as seasoning, not the whole meal.',
    },
  ],
}
