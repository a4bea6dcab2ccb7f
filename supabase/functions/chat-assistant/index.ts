import { createAssistantHandler } from '../_shared/assistant/handler.ts'

/** The shopping assistant (see _shared/assistant/handler.ts). Answers from the live catalogue. */
Deno.serve(createAssistantHandler({ env: (name) => Deno.env.get(name) }))
