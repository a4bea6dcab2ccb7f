import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { addItem } from '@/features/cart/cart-slice'
import { addToWishlist } from '@/features/wishlist/wishlist-slice'
import { demoItems } from '../demo-items'

/** The footer's demo button: puts the sample items in the cart and the wishlist (spec §2, §8). */
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
    <chakra.button
      type="button"
      onClick={addDemoItems}
      minH="11"
      px="5"
      borderWidth="1px"
      borderColor="brand.goldLight"
      color="brand.goldLight"
      fontSize="xs"
      fontWeight="semibold"
      letterSpacing="0.16em"
      textTransform="uppercase"
      _hover={{ bg: 'brand.goldLight', color: 'brand.ink' }}
    >
      Add Demo Items
    </chakra.button>
  )
}
