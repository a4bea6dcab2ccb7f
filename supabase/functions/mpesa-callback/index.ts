import { handleCallback } from '../_shared/payments/handlers.ts'

Deno.serve((req) => handleCallback(req, { env: (name) => Deno.env.get(name) }))
