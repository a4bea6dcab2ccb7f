import { createFileRoute, notFound } from '@tanstack/react-router'
import { BlogArticlePage } from '@/features/content/components/blog-article-page'
import { blogSlugs, type BlogSlug } from '@/config/paths'
import { titleMeta } from '@/lib/page-title'

function isBlogSlug(value: string): value is BlogSlug {
  return (blogSlugs as readonly string[]).includes(value)
}

export const Route = createFileRoute('/blog/$article')({
  staticData: { plainStyles: true },
  beforeLoad: ({ params }) => {
    if (!isBlogSlug(params.article)) throw notFound()
  },
  head: () => titleMeta('Blog'),
  component: function BlogArticleRoute() {
    const { article } = Route.useParams()
    return <BlogArticlePage slug={article as BlogSlug} />
  },
})
