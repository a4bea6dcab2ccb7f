import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit'
import {
  createRootRoute,
  createRoute,
  createRouter,
  Link,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Provider, useDispatch, useSelector } from 'react-redux'

/**
 * The stack's floor (performance.md): what React, TanStack Router and Redux Toolkit cost alone, on a page
 * of 24 product cards with pictures and prices in KSh, and no UI kit. The bench builds it with Vite and
 * measures it with the same Lighthouse settings as the shop, in the same run.
 */
const pictures = [
  'backpack-black',
  'backpack-cognac',
  'backpack-coral',
  'backpack-grey',
  'backpack-lilac',
]
const products = Array.from({ length: 24 }, (_, index) => ({
  id: `floor-${index + 1}`,
  name: `Product ${index + 1}`,
  price: 2500 + index * 750,
  picture: `/images/products/${pictures[index % pictures.length]}.svg`,
}))

const cart = createSlice({
  name: 'cart',
  initialState: { count: 0 },
  reducers: {
    add: (state, _action: PayloadAction<string>) => {
      state.count += 1
    },
  },
})
const store = configureStore({ reducer: { cart: cart.reducer } })
type State = ReturnType<typeof store.getState>

const price = new Intl.NumberFormat('en-KE', { style: 'currency', currency: 'KES' })

function Shell() {
  const count = useSelector((state: State) => state.cart.count)
  return (
    <>
      <header>
        <Link to="/">Home</Link>
        <span>Cart ({count})</span>
      </header>
      <Outlet />
    </>
  )
}

function Listing() {
  const dispatch = useDispatch()
  return (
    <main>
      <h1>New arrivals</h1>
      <ul>
        {products.map((product, index) => (
          <li key={product.id}>
            <img
              src={product.picture}
              alt={product.name}
              width={300}
              height={300}
              loading={index < 4 ? 'eager' : 'lazy'}
            />
            <h2>{product.name}</h2>
            <p>{price.format(product.price)}</p>
            <button type="button" onClick={() => dispatch(cart.actions.add(product.id))}>
              Add to cart
            </button>
          </li>
        ))}
      </ul>
    </main>
  )
}

const root = createRootRoute({ component: Shell })
const router = createRouter({
  routeTree: root.addChildren([
    createRoute({ getParentRoute: () => root, path: '/', component: Listing }),
  ]),
})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  </StrictMode>,
)
