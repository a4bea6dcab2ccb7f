import { Grid } from '@chakra-ui/react/grid'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { store } from '@/config/site'
import { articles } from '../content/articles'
import { formatArticleDate } from './article-date'
import { ContentPage } from './content-layout'

export function BlogIndexPage() {
  return (
    <ContentPage
      wide
      eyebrow={`The ${store.name} journal`}
      title="Blog"
      lead="Style advice, Kenyan craft, watch know-how and stories from our Nairobi workroom."
    >
      <Grid
        as="ul"
        listStyleType="none"
        templateColumns={{ base: '1fr', md: 'repeat(2, 1fr)' }}
        gap="5"
      >
        {articles.map((article) => (
          <chakra.li key={article.slug} borderWidth="1px" borderColor="brand.line" bg="white">
            <chakra.article
              p={{ base: '5', md: '6' }}
              h="100%"
              display="flex"
              flexDirection="column"
            >
              <chakra.p
                fontSize="xs"
                fontWeight="semibold"
                letterSpacing="0.16em"
                textTransform="uppercase"
                color="brand.gold"
              >
                {article.category}
              </chakra.p>
              <chakra.h2
                fontFamily="heading"
                fontSize={{ base: 'xl', md: '2xl' }}
                lineHeight="1.3"
                mt="2"
              >
                <Link to={paths.blogArticle(article.slug)}>
                  <chakra.span color="brand.ink" _hover={{ textDecoration: 'underline' }}>
                    {article.title}
                  </chakra.span>
                </Link>
              </chakra.h2>
              <chakra.p mt="3" color="brand.charcoal" flex="1">
                {article.excerpt}
              </chakra.p>
              <chakra.p mt="4" fontSize="sm" color="brand.muted">
                <time dateTime={article.published}>{formatArticleDate(article.published)}</time> ·{' '}
                {article.readingMinutes} min read
              </chakra.p>
            </chakra.article>
          </chakra.li>
        ))}
      </Grid>
    </ContentPage>
  )
}
