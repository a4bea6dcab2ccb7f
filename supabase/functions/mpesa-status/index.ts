import { handleStatus } from '../_shared/payments/handlers.ts'

Deno.serve((req) => handleStatus(req, { env: (name) => Deno.env.get(name) }))
