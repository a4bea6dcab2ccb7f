import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Drawer } from '@/components/drawer'
import { notify } from '@/components/toaster'
import { paths } from '@/config/paths'
import { discountedPrice, formatPrice } from '@/lib/money'
import { hasSpecsCategory } from '@/lib/product-specs'
import { getSupabase } from '@/lib/supabase'
import { productCategories } from '../admin-search'
import { errorMessage } from '../api/admin-api-error'
import {
  fetchProduct,
  fetchProductOptions,
  fetchSizeStock,
  ProductSaveError,
  saveProduct,
  StaleProductError,
  setProductActive,
} from '../api/products-api'
import { categoryLabel } from '../labels'
import {
  draftFromProduct,
  emptyProductDraft,
  parseWhole,
  productFieldOrder,
  sizeStockTotal,
  slugify,
  validateProduct,
  type ProductDraft,
  type ProductErrors,
  type ProductField,
  type ProductRow,
  type SizeStockRow,
} from '../product-form'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  AdminButton,
  describe,
  ErrorState,
  Field,
  LoadingState,
  Select,
  TextArea,
} from './admin-ui'
import { SubjectHistory } from './audit-entries'
import { ChipsInput } from './chips-input'
import { ChangedUnderYou, StaffHere, useChangesUnderEditor } from './live-notes'
import { ImagePicker } from './image-picker'
import { ProductPhotos } from './product-photos/product-photos'
import { ProductSpecsEditor } from './product-specs-editor'
import { SizeStockTable } from './size-stock-table'

/** The product editor in a side panel: `productId` is an id, or `new`. */
export function ProductEditor({
  productId,
  onClose,
  onSaved,
}: {
  productId: string
  onClose: () => void
  onSaved: () => void
}) {
  const isNew = productId === 'new'
  const { isAdmin } = useStaff()
  const product = useAdminQuery(`product:${productId}`, async (client) =>
    isNew
      ? null
      : {
          row: await fetchProduct(client, productId),
          sizes: await fetchSizeStock(client, productId),
        },
  )
  const options = useAdminQuery('product-options', fetchProductOptions)
  const title = isNew ? 'New product' : `Edit ${product.data?.row.name ?? 'product'}`
  // A save refused because someone saved first: the form reloads with their values, and says so.
  const [stale, setStale] = useState<string | null>(null)

  return (
    <Drawer open onClose={onClose} title={title} size="md">
      {product.error ? (
        <ErrorState message={product.error} onRetry={product.reload} />
      ) : product.data === undefined ? (
        <LoadingState label="Loading the product…" />
      ) : (
        <>
          {isNew ? null : <StaffHere page={`product:${productId}`} />}
          {stale ? (
            <chakra.p role="alert" fontSize="sm" color="brand.sale" mb="3">
              {stale} The newer values are shown: check them and save again.
            </chakra.p>
          ) : null}
          <ProductForm
            key={product.data?.row.updated_at ?? 'new'}
            product={product.data?.row ?? null}
            sizeRows={product.data?.sizes ?? []}
            images={options.data?.images ?? []}
            subcategories={options.data?.subcategories ?? []}
            brands={options.data?.brands ?? []}
            onCancel={onClose}
            onSaved={onSaved}
            onChanged={product.reload}
            onStale={(message) => {
              setStale(message)
              product.reload()
            }}
          />
        </>
      )}
      {isAdmin && !isNew && product.data ? (
        <SubjectHistory key={product.data.row.updated_at} kind="product" subjectId={productId} />
      ) : null}
    </Drawer>
  )
}

function ProductForm({
  product,
  sizeRows,
  images,
  subcategories,
  brands,
  onCancel,
  onSaved,
  onChanged,
  onStale,
}: {
  product: ProductRow | null
  sizeRows: Pick<SizeStockRow, 'size' | 'stock'>[]
  images: string[]
  subcategories: string[]
  brands: string[]
  onCancel: () => void
  onSaved: () => void
  onChanged: () => void
  onStale: (message: string) => void
}) {
  const uid = useId()
  const fieldId = (field: ProductField) => `${uid}-${field}`
  const [draft, setDraft] = useState<ProductDraft>(() =>
    product ? draftFromProduct(product, sizeRows) : emptyProductDraft,
  )
  const [errors, setErrors] = useState<ProductErrors>({})
  const [submitted, setSubmitted] = useState(false)
  const [slugEdited, setSlugEdited] = useState(product !== null)
  const [saving, setSaving] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [initial] = useState(draft)
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial)
  // Stock (or anything) changing under the editor while it is open.
  const changedStock = useChangesUnderEditor(product, dirty, saving, onChanged)

  const update = (changes: Partial<ProductDraft>) => {
    const next = { ...draft, ...changes }
    if (changes.name !== undefined && !slugEdited) next.slug = slugify(changes.name)
    setDraft(next)
    if (submitted) setErrors(validateProduct(next))
  }

  const price = parseWhole(draft.price)
  const discount = parseWhole(draft.discount) ?? 0

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setSubmitted(true)
    setFormError(null)
    const found = validateProduct(draft)
    setErrors(found)
    const first = productFieldOrder.find((field) => found[field])
    if (first) {
      document.getElementById(fieldId(first))?.focus()
      return
    }
    setSaving(true)
    try {
      const client = await getSupabase()
      const saved = await saveProduct(client, draft, product ?? undefined)
      notify({
        type: 'success',
        title: product ? 'Product saved' : 'Product added',
        description: `${saved.name} is ${saved.active ? 'live in the shop' : 'archived'}.`,
      })
      onSaved()
    } catch (error) {
      if (error instanceof StaleProductError) {
        onStale(error.message)
      } else if (error instanceof ProductSaveError && error.field) {
        setErrors((current) => ({ ...current, [error.field!]: error.message }))
        document.getElementById(fieldId(error.field))?.focus()
      } else {
        setFormError(errorMessage(error))
      }
    } finally {
      setSaving(false)
    }
  }

  const toggleArchive = async () => {
    if (!product) return
    setSaving(true)
    setFormError(null)
    try {
      const client = await getSupabase()
      const saved = await setProductActive(client, product.id, !product.active)
      notify({
        type: 'success',
        title: saved.active ? 'Product restored' : 'Product archived',
        description: saved.active
          ? `${saved.name} is back in the shop.`
          : `${saved.name} is hidden from shoppers. Past orders keep it.`,
      })
      onChanged()
    } catch (error) {
      setFormError(errorMessage(error))
    } finally {
      setSaving(false)
    }
  }

  const text = (field: 'name' | 'slug' | 'subcategory' | 'brand', hint = false) => ({
    id: fieldId(field),
    value: draft[field],
    ...describe(fieldId(field), errors[field], hint),
  })

  return (
    <chakra.form onSubmit={onSubmit} noValidate display="grid" gap="5" pb="4">
      {changedStock !== null ? <ChangedUnderYou stock={changedStock} /> : null}
      {product ? (
        <chakra.p fontSize="sm" color="brand.muted">
          {product.active ? 'Live in the shop' : 'Archived: hidden from shoppers'} ·{' '}
          <chakra.a
            href={paths.product(product.slug)}
            target="_blank"
            rel="noopener"
            textDecoration="underline"
          >
            View in the shop
          </chakra.a>
        </chakra.p>
      ) : null}

      <Field id={fieldId('name')} label="Name" error={errors.name}>
        <Input
          {...text('name')}
          onChange={(e) => update({ name: e.target.value })}
          aria-required="true"
        />
      </Field>
      <Field
        id={fieldId('slug')}
        label="Slug"
        hint={`The product's address: ${paths.product(draft.slug || '…')}`}
        error={errors.slug}
      >
        <Input
          {...text('slug', true)}
          onChange={(e) => {
            setSlugEdited(true)
            update({ slug: e.target.value.toLowerCase() })
          }}
          aria-required="true"
          spellCheck={false}
          autoCapitalize="none"
        />
      </Field>

      <Grid2>
        <Field id={fieldId('category')} label="Category" error={errors.category}>
          <Select
            id={fieldId('category')}
            value={draft.category}
            onChange={(e) => update({ category: e.target.value as ProductDraft['category'] })}
            aria-required="true"
            {...describe(fieldId('category'), errors.category)}
          >
            <option value="">Choose…</option>
            {productCategories.map((category) => (
              <option key={category} value={category}>
                {categoryLabel[category]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id={fieldId('subcategory')}
          label="Subcategory (optional)"
          error={errors.subcategory}
        >
          <Input
            {...text('subcategory')}
            onChange={(e) => update({ subcategory: e.target.value })}
            list={`${uid}-subcategories`}
          />
          <datalist id={`${uid}-subcategories`}>
            {subcategories.map((value) => (
              <option key={value} value={value} />
            ))}
          </datalist>
        </Field>
      </Grid2>
      <Field id={fieldId('brand')} label="Brand (optional)" error={errors.brand}>
        <Input
          {...text('brand')}
          onChange={(e) => update({ brand: e.target.value })}
          list={`${uid}-brands`}
        />
        <datalist id={`${uid}-brands`}>
          {brands.map((value) => (
            <option key={value} value={value} />
          ))}
        </datalist>
      </Field>

      <Grid3>
        <Field
          id={fieldId('price')}
          label="Price (KSH)"
          hint="Whole shillings"
          error={errors.price}
        >
          <Input
            id={fieldId('price')}
            inputMode="numeric"
            value={draft.price}
            onChange={(e) => update({ price: e.target.value })}
            aria-required="true"
            {...describe(fieldId('price'), errors.price, true)}
          />
        </Field>
        <Field id={fieldId('discount')} label="Discount (%)" hint="0 to 90" error={errors.discount}>
          <Input
            id={fieldId('discount')}
            inputMode="numeric"
            value={draft.discount}
            onChange={(e) => update({ discount: e.target.value })}
            {...describe(fieldId('discount'), errors.discount, true)}
          />
        </Field>
        {draft.bySize ? (
          <Field id={fieldId('stock')} label="In stock" hint="The sum of the sizes">
            <Input
              id={fieldId('stock')}
              readOnly
              value={String(sizeStockTotal(draft) ?? '–')}
              {...describe(fieldId('stock'), undefined, true)}
            />
          </Field>
        ) : (
          <Field id={fieldId('stock')} label="In stock" hint="0 or more" error={errors.stock}>
            <Input
              id={fieldId('stock')}
              inputMode="numeric"
              value={draft.stock}
              onChange={(e) => update({ stock: e.target.value })}
              {...describe(fieldId('stock'), errors.stock, true)}
            />
          </Field>
        )}
      </Grid3>
      {price !== null && price > 0 && discount > 0 && discount <= 90 ? (
        <chakra.p fontSize="sm" color="brand.charcoal" mt="-3">
          Shoppers pay {formatPrice(discountedPrice(price, discount), 'KSH')} (was{' '}
          {formatPrice(price, 'KSH')}).
        </chakra.p>
      ) : null}

      <Field
        id={fieldId('image')}
        label="Image"
        hint="Shown when the product has no photos. A path on this site; empty shows the placeholder."
        error={errors.image}
      >
        <ImagePicker
          id={fieldId('image')}
          value={draft.image}
          onChange={(image) => update({ image })}
          images={images}
          invalid={Boolean(errors.image)}
          describedBy={errors.image ? `${fieldId('image')}-error` : `${fieldId('image')}-hint`}
        />
      </Field>

      {product ? (
        <ProductPhotos productId={product.id} colours={draft.colors} />
      ) : (
        <chakra.p fontSize="sm" color="brand.muted">
          Add the product first, then its photos.
        </chakra.p>
      )}

      <Field id={fieldId('description')} label="Description" error={errors.description}>
        <TextArea
          id={fieldId('description')}
          value={draft.description}
          onChange={(e) => update({ description: e.target.value })}
          rows={4}
          {...describe(fieldId('description'), errors.description)}
        />
      </Field>

      <Field id={fieldId('sizes')} label="Sizes" hint="e.g. S, M, L or 38, 39" error={errors.sizes}>
        <ChipsInput
          id={fieldId('sizes')}
          noun="size"
          values={draft.sizes}
          onChange={(sizes) => update({ sizes })}
          describedBy={errors.sizes ? `${fieldId('sizes')}-error` : `${fieldId('sizes')}-hint`}
        />
      </Field>
      {draft.sizes.length > 0 || draft.bySize ? (
        <SizeStockTable
          draft={draft}
          firstId={fieldId('sizeStock')}
          error={errors.sizeStock}
          onChange={update}
        />
      ) : null}
      <Field id={fieldId('colors')} label="Colours" error={errors.colors}>
        <ChipsInput
          id={fieldId('colors')}
          noun="colour"
          values={draft.colors}
          onChange={(colors) => update({ colors })}
          describedBy={errors.colors ? `${fieldId('colors')}-error` : undefined}
        />
      </Field>
      <Field
        id={fieldId('tags')}
        label="Search tags"
        hint="Words shoppers may search for"
        error={errors.tags}
      >
        <ChipsInput
          id={fieldId('tags')}
          noun="tag"
          values={draft.tags}
          onChange={(tags) => update({ tags })}
          describedBy={errors.tags ? `${fieldId('tags')}-error` : `${fieldId('tags')}-hint`}
        />
      </Field>
      {hasSpecsCategory(draft.category) ? (
        <ProductSpecsEditor
          specs={draft.specs}
          firstId={fieldId('specs')}
          error={errors.specs}
          onChange={(specs) => update({ specs })}
        />
      ) : null}

      <chakra.fieldset display="grid" gap="2">
        <chakra.legend fontWeight="medium" fontSize="sm" mb="1">
          Shown in the shop
        </chakra.legend>
        <Check
          checked={draft.newArrival}
          onChange={(newArrival) => update({ newArrival })}
          label="New arrival"
        />
        <Check
          checked={draft.featured}
          onChange={(featured) => update({ featured })}
          label="Featured"
        />
        {product ? null : (
          <Check
            checked={draft.active}
            onChange={(active) => update({ active })}
            label="Live in the shop (untick to save as archived)"
          />
        )}
      </chakra.fieldset>

      {formError ? (
        <chakra.p role="alert" color="brand.sale" fontSize="sm">
          {formError}
        </chakra.p>
      ) : null}

      <Box
        display="flex"
        flexWrap="wrap"
        gap="2"
        position="sticky"
        bottom="0"
        bg="white"
        py="3"
        borderTopWidth="1px"
        borderColor="brand.line"
      >
        <AdminButton type="submit" loading={saving} loadingText="Saving…">
          {product ? 'Save changes' : 'Add product'}
        </AdminButton>
        <AdminButton tone="secondary" onClick={onCancel}>
          Cancel
        </AdminButton>
        {product ? (
          <AdminButton
            tone={product.active ? 'danger' : 'secondary'}
            ms="auto"
            onClick={toggleArchive}
            disabled={saving}
          >
            {product.active ? 'Archive' : 'Restore to the shop'}
          </AdminButton>
        ) : null}
      </Box>
    </chakra.form>
  )
}

function Grid2({ children }: { children: ReactNode }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="4">
      {children}
    </Box>
  )
}

function Grid3({ children }: { children: ReactNode }) {
  return (
    <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', sm: 'repeat(3, 1fr)' }} gap="4">
      {children}
    </Box>
  )
}

function Check({
  checked,
  onChange,
  label,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  label: string
}) {
  return (
    <chakra.label display="flex" alignItems="center" gap="2" minH="8" cursor="pointer">
      <chakra.input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        boxSize="4"
        accentColor="#111111"
      />
      {label}
    </chakra.label>
  )
}
