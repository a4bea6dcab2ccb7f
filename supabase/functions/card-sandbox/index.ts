import { handleCardSandbox } from '../_shared/payments/card/handlers.ts'

Deno.serve((req) => handleCardSandbox(req, { env: (name) => Deno.env.get(name) }))
