import { handleRefundResult } from '../_shared/payments/refund-results.ts'

Deno.serve((req) => handleRefundResult(req, (name) => Deno.env.get(name)))
