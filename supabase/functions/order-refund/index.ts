import { handleRefund } from '../_shared/payments/refunds.ts'

Deno.serve((req) => handleRefund(req, { env: (name) => Deno.env.get(name) }))
