import { store } from '@/config/site'

/** Every string the chat shows, in one place. */
export const chatTexts = {
  openButton: 'Open AI Shopping Assistant',
  badge: 'AI',
  title: 'AI Sales Agent',
  /** 'Cart • N items', with the singular for one ('Cart • 1 item'). */
  subtitle: (count: number) => `Cart • ${count} ${count === 1 ? 'item' : 'items'}`,
  close: 'Close chat',
  placeholder: 'Ask me anything...',
  inputLabel: 'Message to the AI Sales Agent',
  send: 'Send message',
  typing: 'AI is typing...',
  waiting: 'Waiting to send',
  conversation: 'Conversation with the AI Sales Agent',
  quickOptionsLabel: 'Suggestions',
  quickRepliesLabel: 'Quick replies',
  cardsLabel: 'Products',
  addedTitle: 'Added to your cart',
  viewCart: 'View cart',
  greeting: `Hello, and welcome to ${store.name}! I'm your AI sales agent. I can help you find products, choose the right size, check delivery to your county, add items to your cart and take you to checkout. What are you looking for today?`,
  technicalDifficulties:
    "I apologize, but I'm experiencing some technical difficulties. Please try again in a moment, or feel free to contact our support team directly.",
  noReply: "I apologize, but I'm having trouble responding right now. Please try again.",
  actionOnly: 'Let me help you with that!',
  toasts: {
    connectionError: {
      title: 'Connection Error',
      description: 'Unable to reach the AI assistant. Please try again.',
    },
    added: (name: string) => ({
      title: 'Added to Cart',
      description: `${name} has been added to your cart!`,
    }),
    cart: (count: number) => ({
      title: 'Your Cart',
      description: `You have ${count} item(s) in your cart`,
    }),
    checkout: { title: 'Checkout', description: 'Taking you to checkout' },
    code: (code: string) => ({
      title: 'Discount code added',
      description: `${code} is checked by the store in your cart and checkout totals.`,
    }),
  },
} as const

/** Shown only while the conversation holds just the greeting and nothing is pending. */
export const quickOptions = [
  'Show me Nike Air Jordans',
  'I need a designer handbag',
  'Add a silk evening gown to cart',
  "What's on sale right now?",
] as const
