import type { AppDispatch, AppState as RootState } from '@/lib/app-state'
import { notify } from '@/components/toaster'
import { selectCartCount, selectCartItems } from '@/features/cart/cart-slice'
import { findProduct, selectProductLookup } from '@/features/catalogue/catalogue-slice'
import { enqueue } from '@/features/outbox/outbox'
import { askAssistant } from './api/ask-assistant'
import { createActionPerformer } from './assistant-actions'
import type { ChatEnvironment } from './chat-session'

export interface AppDeps {
  dispatch: AppDispatch
  getState: () => RootState
  navigate: (to: '/checkout') => void
}

/** Wires the chat to the app: the assistant call, the cart, toasts, the router and the outbox. */
export function createChatEnvironment({ dispatch, getState, navigate }: AppDeps): ChatEnvironment {
  return {
    ask: (messages) =>
      askAssistant(messages, {
        cart: selectCartItems(getState()).map((line) => ({
          productId: line.productId,
          name: line.name,
          quantity: line.quantity,
          ...(line.size ? { size: line.size } : {}),
          ...(line.color ? { color: line.color } : {}),
        })),
      }),
    notify,
    online: () => navigator.onLine,
    perform: createActionPerformer({
      dispatch,
      cartCount: () => selectCartCount(getState()),
      navigate,
      notify,
      product: (productId) => findProduct(selectProductLookup(getState()), productId),
      // The panel floats beside the page from Chakra's `sm` breakpoint; below it, it fills the screen.
      wideScreen: () => window.matchMedia?.('(min-width: 480px)').matches ?? true,
    }),
    // The message id is the outbox item's id, so its answer finds its way back to the bubble.
    queue: (message, request) =>
      void dispatch(
        enqueue('chat', { messages: request.map((m) => ({ ...m })) }, { id: message.id }),
      ),
  }
}
