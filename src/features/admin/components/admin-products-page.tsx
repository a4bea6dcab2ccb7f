import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { getRouteApi } from '@tanstack/react-router'
import { PlusIcon } from '@/components/icons'
import { VisuallyHidden } from '@/components/visually-hidden'
import { placeholderImage } from '@/config/site'
import { discountedPrice, formatPrice } from '@/lib/money'
import {
  productCategories,
  productSorts,
  productStates,
  type ProductsSearch,
  type ProductSort,
  type ProductState,
} from '../admin-search'
import { listProducts, LOW_STOCK, PRODUCTS_PAGE_SIZE } from '../api/products-api'
import { categoryLabel } from '../labels'
import { useAdminQuery } from '../use-admin-query'
import { ListSearch, PagedResults, useListSearch } from './admin-list'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  FilterSelect,
  Panel,
  StatusBadge,
  wideOnly,
} from './admin-ui'
import { ProductEditor } from './product-editor'

const route = getRouteApi('/admin/products')

const sortLabel: Record<ProductSort, string> = {
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  price: 'Price, low to high',
  '-price': 'Price, high to low',
  stock: 'Stock, lowest first',
  '-stock': 'Stock, highest first',
  updated: 'Least recently changed',
  '-updated': 'Recently changed',
}

const stateLabel: Record<ProductState, string> = {
  all: 'Active and archived',
  active: 'Active',
  archived: 'Archived',
}

export function AdminProductsPage() {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const { edit, ...listSearch } = search
  const key = JSON.stringify(listSearch)
  const query = useAdminQuery(`products:${key}`, (client) => listProducts(client, listSearch))

  const setSearch = useListSearch(navigate)

  return (
    <AdminPage
      title="Products"
      description="Changes reach shoppers' saved catalogues on their next visit."
      actions={
        <AdminButton onClick={() => setSearch({ edit: 'new' }, true)}>
          <PlusIcon size={16} /> New product
        </AdminButton>
      }
    >
      <Panel>
        <ProductFilters search={search} onChange={setSearch} />
        <PagedResults
          query={query}
          loadingLabel="Loading products…"
          empty="No products match these filters."
          tableLabel="Products"
          pager={{
            label: 'Product pages',
            page: search.page ?? 1,
            pageSize: PRODUCTS_PAGE_SIZE,
            onPage: (next) => setSearch({ page: next > 1 ? next : undefined }, true),
          }}
        >
          {(rows) => (
            <>
              <thead>
                <tr>
                  <chakra.th scope="col" {...wideOnly}>
                    <VisuallyHidden>Image</VisuallyHidden>
                  </chakra.th>
                  <th scope="col">Product</th>
                  <chakra.th scope="col" {...wideOnly}>
                    Category
                  </chakra.th>
                  <th scope="col" data-numeric="">
                    Price
                  </th>
                  <th scope="col" data-numeric="">
                    Stock
                  </th>
                  <chakra.th scope="col" {...wideOnly}>
                    Status
                  </chakra.th>
                  <ActionsHeader />
                </tr>
              </thead>
              <tbody>
                {rows.map((product) => (
                  <tr key={product.id}>
                    <chakra.td {...wideOnly} w="14">
                      <chakra.img
                        src={product.images[0] ?? placeholderImage}
                        alt=""
                        boxSize="10"
                        objectFit="contain"
                        bg="brand.ivory"
                        loading="lazy"
                      />
                    </chakra.td>
                    <td>
                      <chakra.span fontWeight="medium" display="block">
                        {product.name}
                      </chakra.span>
                      <chakra.span fontSize="xs" color="brand.muted" display="block">
                        {product.id}
                        {product.brand ? ` · ${product.brand}` : ''}
                      </chakra.span>
                      {!product.active ? (
                        <chakra.span display={{ base: 'inline-block', md: 'none' }} mt="1">
                          <StatusBadge tone="gray">Archived</StatusBadge>
                        </chakra.span>
                      ) : null}
                    </td>
                    <chakra.td {...wideOnly}>
                      {categoryLabel[product.category]}
                      {product.subcategory ? (
                        <chakra.span display="block" fontSize="xs" color="brand.muted">
                          {product.subcategory}
                        </chakra.span>
                      ) : null}
                    </chakra.td>
                    <td data-numeric="">
                      <chakra.span whiteSpace="nowrap">
                        {formatPrice(discountedPrice(product.price, product.discount), 'KSH')}
                      </chakra.span>
                      {product.discount > 0 ? (
                        <chakra.span display="block" fontSize="xs" color="brand.muted">
                          {product.discount}% off {formatPrice(product.price, 'KSH')}
                        </chakra.span>
                      ) : null}
                    </td>
                    <td data-numeric="">
                      {product.stock <= LOW_STOCK ? (
                        <StatusBadge tone={product.stock === 0 ? 'red' : 'orange'}>
                          {product.stock === 0 ? 'Sold out' : `${product.stock} left`}
                        </StatusBadge>
                      ) : (
                        product.stock
                      )}
                      {product.held > 0 ? (
                        <chakra.span display="block" fontSize="xs" color="brand.muted">
                          {product.held} held
                        </chakra.span>
                      ) : null}
                    </td>
                    <chakra.td {...wideOnly}>
                      <StatusBadge tone={product.active ? 'green' : 'gray'}>
                        {product.active ? 'Active' : 'Archived'}
                      </StatusBadge>
                    </chakra.td>
                    <td>
                      <AdminButton
                        tone="secondary"
                        onClick={() => setSearch({ edit: product.id }, true)}
                        aria-label={`Edit ${product.name}`}
                      >
                        Edit
                      </AdminButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </>
          )}
        </PagedResults>
      </Panel>

      {edit ? (
        <ProductEditor
          key={edit}
          productId={edit}
          onClose={() => setSearch({ edit: undefined }, true)}
          onSaved={() => {
            setSearch({ edit: undefined }, true)
            query.reload()
          }}
        />
      ) : null}
    </AdminPage>
  )
}

function ProductFilters({
  search,
  onChange,
}: {
  search: ProductsSearch
  onChange: (changes: Partial<ProductsSearch>) => void
}) {
  return (
    <Box
      display="grid"
      gridTemplateColumns={{ base: '1fr 1fr', md: '2fr 1fr 1fr 1fr' }}
      gap="3"
      alignItems="end"
    >
      <ListSearch
        id="product-search"
        label="Search products"
        placeholder="Name, code or brand"
        value={search.q}
        onSearch={(q) => onChange({ q })}
        gridColumn={{ base: '1 / -1', md: 'auto' }}
      />
      <FilterSelect
        id="product-category"
        label="Category"
        value={search.category ?? ''}
        onChange={(value) =>
          onChange({ category: (value || undefined) as ProductsSearch['category'] })
        }
        options={[
          ['', 'All categories'],
          ...productCategories.map((c) => [c, categoryLabel[c]] as const),
        ]}
      />
      <FilterSelect
        id="product-state"
        label="Status"
        value={search.state ?? 'all'}
        onChange={(value) =>
          onChange({ state: value === 'all' ? undefined : (value as ProductState) })
        }
        options={productStates.map((s) => [s, stateLabel[s]] as const)}
      />
      <FilterSelect
        id="product-sort"
        label="Sort by"
        value={search.sort ?? 'name'}
        onChange={(value) =>
          onChange({ sort: value === 'name' ? undefined : (value as ProductSort) })
        }
        options={productSorts.map((s) => [s, sortLabel[s]] as const)}
      />
      <chakra.label
        display="flex"
        alignItems="center"
        gap="2"
        minH="10"
        cursor="pointer"
        gridColumn={{ base: '1 / -1', md: 'auto' }}
        fontSize="sm"
      >
        <chakra.input
          type="checkbox"
          checked={search.low ?? false}
          onChange={(event) => onChange({ low: event.target.checked || undefined })}
          boxSize="4"
          accentColor="#111111"
        />
        Low stock only ({LOW_STOCK} or fewer)
      </chakra.label>
    </Box>
  )
}
