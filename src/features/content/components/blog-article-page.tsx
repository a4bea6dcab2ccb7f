import { Box } from '@chakra-ui/react/box'
import { Spinner } from '@chakra-ui/react/spinner'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { Suspense, use } from 'react'
import { paths, type BlogSlug } from '@/config/paths'
import { articleLoaders, articleMeta, articles } from '../content/articles'
import type { ArticleBody } from '../content/articles/types'
import { formatArticleDate } from './article-date'
import { ContentPage, Prose } from './content-layout'
import { TextLink } from './text-link'

/** Bodies load once per visit; a failed load is forgotten so the next visit tries again. */
const bodies = new Map<BlogSlug, Promise<ArticleBody | null>>()

function loadBody(slug: BlogSlug): Promise<ArticleBody | null> {
  let body = bodies.get(slug)
  if (!body) {
    body = articleLoaders[slug]().then(
      (module) => module.article,
      () => {
        bodies.delete(slug)
        return null
      },
    )
    bodies.set(slug, body)
  }
  return body
}

function ArticleText({ slug }: { slug: BlogSlug }) {
  const body = use(loadBody(slug))
  if (!body) {
    return (
      <chakra.p role="alert" color="brand.charcoal">
        This article could not be loaded. Please check your connection and try again.
      </chakra.p>
    )
  }
  return (
    <Prose>
      {body.blocks.map((block, i) =>
        'h2' in block ? (
          <h2 key={i}>{block.h2}</h2>
        ) : 'p' in block ? (
          <p key={i}>{block.p}</p>
        ) : (
          <ul key={i}>
            {block.ul.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </Prose>
  )
}

export function BlogArticlePage({ slug }: { slug: BlogSlug }) {
  const meta = articleMeta(slug)
  const more = articles.filter((article) => article.slug !== slug).slice(0, 3)
  return (
    <ContentPage
      eyebrow={meta.category}
      title={meta.title}
      lead={
        <>
          {meta.author} · <time dateTime={meta.published}>{formatArticleDate(meta.published)}</time>{' '}
          · {meta.readingMinutes} min read
        </>
      }
    >
      <chakra.article aria-label={meta.title}>
        <Suspense
          fallback={
            <Box py="10" display="flex" justifyContent="center">
              <Spinner size="lg" color="brand.gold" aria-label="Loading article" />
            </Box>
          }
        >
          <ArticleText slug={slug} />
        </Suspense>
      </chakra.article>

      <Box
        as="nav"
        mt="14"
        pt="8"
        borderTopWidth="1px"
        borderColor="brand.line"
        aria-labelledby="more-articles"
      >
        <chakra.h2 id="more-articles" fontFamily="heading" fontSize="xl" color="brand.ink" mb="4">
          More from the blog
        </chakra.h2>
        <chakra.ul listStyleType="none" display="grid" gap="3">
          {more.map((article) => (
            <li key={article.slug}>
              <Link to={paths.blogArticle(article.slug)}>
                <chakra.span
                  color="brand.ink"
                  fontWeight="medium"
                  _hover={{ textDecoration: 'underline' }}
                >
                  {article.title}
                </chakra.span>
              </Link>
            </li>
          ))}
        </chakra.ul>
        <chakra.p mt="6">
          <TextLink to={paths.blog}>All articles</TextLink>
        </chakra.p>
      </Box>
    </ContentPage>
  )
}
