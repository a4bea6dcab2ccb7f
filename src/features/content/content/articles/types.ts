/** An article body as data: headings, paragraphs and lists, rendered by the article page. */
export type ArticleBlock = { h2: string } | { p: string } | { ul: readonly string[] }

export interface ArticleBody {
  blocks: readonly ArticleBlock[]
}
