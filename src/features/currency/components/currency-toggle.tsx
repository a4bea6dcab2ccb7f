import { chakra } from '@chakra-ui/react/styled-system'
import { useAppDispatch, useAppSelector } from '@/app/hooks'
import { selectCurrency, toggleCurrency } from '../currency-slice'

/** The header's KSH/USD switch: shows the current currency; the choice is saved on the device. */
export function CurrencyToggle() {
  const dispatch = useAppDispatch()
  const currency = useAppSelector(selectCurrency)
  const other = currency === 'KSH' ? 'USD' : 'KSH'
  return (
    <chakra.button
      type="button"
      aria-label={`Switch currency to ${other}`}
      title={`Switch currency to ${other}`}
      onClick={() => dispatch(toggleCurrency())}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      h="10"
      minW="10"
      px="2"
      borderRadius="full"
      color="brand.ink"
      fontSize="xs"
      fontWeight="bold"
      letterSpacing="0.06em"
      _hover={{ bg: 'brand.cream' }}
    >
      {currency}
    </chakra.button>
  )
}
