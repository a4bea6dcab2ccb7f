import { Text } from '@chakra-ui/react/text'
import { useSyncExternalStore } from 'react'
import {
  getStorageProblem,
  storageProblemMessage,
  subscribeStorageProblem,
} from '@/lib/storage/storage-problem'

const serverProblem = () => null

/**
 * A standing note in the cart while this device cannot save it (the toast about it shows once and
 * goes; a shopper opening the cart later still needs to know).
 */
export function StorageNotice() {
  const problem = useSyncExternalStore(subscribeStorageProblem, getStorageProblem, serverProblem)
  if (!problem) return null
  const { title, description } = storageProblemMessage(problem)
  return (
    <Text
      role="note"
      mb="4"
      p="3"
      fontSize="sm"
      bg="brand.cream"
      borderWidth="1px"
      borderColor="brand.line"
      borderRadius="sm"
    >
      <strong>{title}.</strong> {description}
    </Text>
  )
}
