import { useAppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { addItem } from '@/features/cart/cart-slice'
import { addToWishlist } from '@/features/wishlist/wishlist-slice'
import { demoItems } from '../demo-items'
import './demo-items-button.css'

/** The footer's demo button: puts the sample items in the cart and the wishlist. */
export function DemoItemsButton() {
  const dispatch = useAppDispatch()
  const addDemoItems = () => {
    for (const item of demoItems) {
      dispatch(addItem({ ...item, quantity: 1 }))
      dispatch(addToWishlist({ ...item }))
    }
    notify({
      title: 'Demo Items Added!',
      description: `${demoItems.length} sample items are now in your cart and wishlist.`,
      type: 'success',
    })
  }
  return (
    <button type="button" onClick={addDemoItems} className="demo-items-button">
      Add Demo Items
    </button>
  )
}
