import { Link } from '@tanstack/react-router'
import { Suspense, use } from 'react'
import { paths, type BlogSlug } from '@/config/paths'
import { articleLoaders, articleMeta, articles } from '../content/articles'
import type { ArticleBody } from '../content/articles/types'
import { formatArticleDate } from './article-date'
import { ContentPage, Prose } from './content-layout'
import { TextLink } from './text-link'
import './blog.css'

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
      <p role="alert" className="blog-article__failed">
        This article could not be loaded. Please check your connection and try again.
      </p>
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
      <article aria-label={meta.title}>
        <Suspense
          fallback={
            <div className="blog-article__loading">
              <span className="blog-article__spinner" aria-label="Loading article" />
            </div>
          }
        >
          <ArticleText slug={slug} />
        </Suspense>
      </article>

      <nav className="blog-article__more" aria-labelledby="more-articles">
        <h2 id="more-articles" className="blog-article__more-title">
          More from the blog
        </h2>
        <ul className="blog-article__more-list">
          {more.map((article) => (
            <li key={article.slug}>
              <Link to={paths.blogArticle(article.slug)}>
                <span className="blog-link">{article.title}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="blog-article__all">
          <TextLink to={paths.blog}>All articles</TextLink>
        </p>
      </nav>
    </ContentPage>
  )
}
