import { Link } from '@tanstack/react-router'
import { paths } from '@/config/paths'
import { store } from '@/config/site'
import { articles } from '../content/articles'
import { formatArticleDate } from './article-date'
import { ContentPage } from './content-layout'
import './blog.css'

export function BlogIndexPage() {
  return (
    <ContentPage
      wide
      eyebrow={`The ${store.name} journal`}
      title="Blog"
      lead="Style advice, Kenyan craft, watch know-how and stories from our Nairobi workroom."
    >
      <ul className="blog-cards">
        {articles.map((article) => (
          <li key={article.slug} className="blog-cards__item">
            <article className="blog-cards__card">
              <p className="blog-cards__category">{article.category}</p>
              <h2 className="blog-cards__title">
                <Link to={paths.blogArticle(article.slug)}>
                  <span className="blog-link">{article.title}</span>
                </Link>
              </h2>
              <p className="blog-cards__excerpt">{article.excerpt}</p>
              <p className="blog-cards__meta">
                <time dateTime={article.published}>{formatArticleDate(article.published)}</time> ·{' '}
                {article.readingMinutes} min read
              </p>
            </article>
          </li>
        ))}
      </ul>
    </ContentPage>
  )
}
