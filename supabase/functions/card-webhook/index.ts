import { handleCardWebhook } from '../_shared/payments/card/handlers.ts'

Deno.serve((req) => handleCardWebhook(req, { env: (name) => Deno.env.get(name) }))
