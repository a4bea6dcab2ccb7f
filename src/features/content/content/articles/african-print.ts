import type { ArticleBody } from './types'

export const article: ArticleBody = {
  blocks: [
    {
      p: 'Walk through any market from Mombasa to Kisumu and you will see them: bolts of bright printed cotton stacked to the ceiling. Kitenge, Ankara and kanga are often used as if they meant the same thing. They do not, and knowing the difference makes you a sharper shopper.',
    },
    { h2: 'Ankara: the wax print' },
    {
      p: 'Ankara, also called Dutch wax or African wax print, is cotton printed with a resist method borrowed from Indonesian batik. Wax is applied to both sides of the cloth, so the pattern is as strong on the back as on the front, and the dye creates the fine crackle lines that collectors look for. Its home is West Africa, where patterns carry names and even messages, but it is loved across the continent.',
    },
    { h2: 'Kitenge: East Africa’s celebration cloth' },
    {
      p: 'In Kenya, Tanzania and Uganda, kitenge is the word for printed cotton worn at weddings, church and family celebrations, often sewn into matching outfits for the whole family. It is usually a little heavier than kanga, comes in long pieces meant for tailoring, and is sometimes finished with a border. Many kitenge today are wax or imitation-wax prints; the name describes how the cloth is worn as much as how it is made.',
    },
    { h2: 'Kanga: the cloth that speaks' },
    {
      p: 'Kanga is a lighter rectangle of cotton, sold in pairs, with a border, a central motif and a Swahili saying printed along one edge. Women on the coast have used kanga to send messages for more than a century: a proverb about patience, a teasing line for a rival, a blessing for a new mother. It is worn as a wrap, a headscarf, a baby carrier or a gift.',
    },
    { h2: 'How to tell quality' },
    {
      ul: [
        'Look at the back: on a true wax print the colours are almost as bright as on the front.',
        'Feel the hand: good cotton is smooth and firm, and softens after washing instead of going limp.',
        'Check the registration: colours should sit neatly inside their outlines, without white gaps.',
        'Read the selvedge: good mills print their name and the fabric type along the edge.',
      ],
    },
    { h2: 'Wearing prints every day' },
    {
      p: 'Let the print be the loudest thing you wear. Pair a printed shirt with plain chinos, or a kitenge skirt with a black knit top. For the office, one printed piece with tailored separates looks polished; for a wedding, go all in with a matching set. Pick up one colour from the print for your shoes or bag, and the outfit ties itself together.',
    },
    { h2: 'Caring for printed cotton' },
    {
      p: 'Wash the first time on its own in cold water, since deep colours can run. Turn it inside out, dry it in the shade and iron on the back while slightly damp. Treated well, a good print will keep its colour for years.',
    },
  ],
}
