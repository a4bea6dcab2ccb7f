import { handleStkPush } from '../_shared/payments/handlers.ts'

Deno.serve((req) => handleStkPush(req, { env: (name) => Deno.env.get(name) }))
