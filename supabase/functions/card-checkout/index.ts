import { handleCardCheckout } from '../_shared/payments/card/handlers.ts'

Deno.serve((req) => handleCardCheckout(req, { env: (name) => Deno.env.get(name) }))
