// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { blogSlugs } from '@/config/paths'
import { articleLoaders, articles } from '@/features/content/content/articles'

describe('blog articles', () => {
  it('has one article per blog slug, each 300–600 words with an honest reading time', async () => {
    expect(articles.map((a) => a.slug)).toEqual([...blogSlugs])
    for (const meta of articles) {
      const { article } = await articleLoaders[meta.slug]()
      const text = article.blocks
        .map((block) => ('p' in block ? block.p : 'h2' in block ? block.h2 : block.ul.join(' ')))
        .join(' ')
      const words = text.split(/\s+/).filter(Boolean).length
      expect(words, meta.slug).toBeGreaterThanOrEqual(300)
      expect(words, meta.slug).toBeLessThanOrEqual(600)
      expect(meta.readingMinutes, meta.slug).toBe(Math.ceil(words / 200))
      expect(article.blocks.filter((block) => 'h2' in block).length).toBeGreaterThanOrEqual(3)
    }
  })
})
