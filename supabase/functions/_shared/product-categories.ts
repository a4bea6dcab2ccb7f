/**
 * The store's product categories, in the order menus list them, with their names on screen: the one
 * list for the app and the functions (the database's `product_category` type holds the same values).
 */
export const productCategories = [
  'women',
  'men',
  'kids',
  'beauty',
  'shoes',
  'bags',
  'jewelry',
  'accessories',
  'luxury-watches',
  'smart-watches',
] as const

export type ProductCategory = (typeof productCategories)[number]

export const categoryLabels: Record<ProductCategory, string> = {
  women: 'Women',
  men: 'Men',
  kids: 'Kids',
  beauty: 'Beauty',
  shoes: 'Shoes',
  bags: 'Bags',
  jewelry: 'Jewelry',
  accessories: 'Accessories',
  'luxury-watches': 'Luxury watches',
  'smart-watches': 'Smart watches',
}
