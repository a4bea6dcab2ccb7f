import { Header } from '@/components/header/header'
import { AccountButton } from '@/features/auth/components/account-button'
import { AdminShortcut } from '@/features/auth/components/admin-shortcut'
import { CartButton } from '@/features/cart/components/cart-button'
import { CurrencyToggle } from '@/features/currency/components/currency-toggle'
import { SearchBox } from '@/features/search/components/search-box'
import { SearchButton } from '@/features/search/components/search-button'

/** The shared header with the features' icon buttons, in this order: currency, search, admin
 * shortcut (staff only), account, cart. */
export function SiteHeader() {
  return (
    <Header
      actions={
        <>
          <CurrencyToggle />
          <SearchButton />
          <AdminShortcut />
          <AccountButton />
          <CartButton />
        </>
      }
      sideMenuTop={<SearchBox />}
    />
  )
}
