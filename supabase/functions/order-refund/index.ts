import { refundCardPayment } from '../_shared/payments/card/refunds.ts'
import { handleRefund } from '../_shared/payments/refunds.ts'
import { ProviderError } from '../_shared/payments/types.ts'

const env = (name: string) => Deno.env.get(name)

Deno.serve((req) =>
  handleRefund(req, {
    env,
    // Card money goes back through the provider that took it (the sandbox locally). A refund the
    // provider accepts is recorded with its id, whether it has settled yet or is still in flight; a
    // payment the provider cannot refund releases the refund, so staff can make it by hand.
    card: async ({ paymentReference, amount, orderNumber, key }) => {
      try {
        const refund = await refundCardPayment(env, {
          reference: paymentReference,
          amount,
          reason: `Refund for order ${orderNumber}`,
          key,
        })
        return { reference: refund.refundId }
      } catch (error) {
        if (error instanceof ProviderError || !(error instanceof RangeError)) throw error
        throw new ProviderError(
          'This card payment cannot be refunded automatically: refund it from the card provider’s dashboard, then record it as made by hand.',
          'card_refund_unavailable',
        )
      }
    },
  }),
)
