import { callerKey, projectKeys, publicKey } from '../api-keys.ts'
import { createCatalogueSource, type CatalogueSource } from './catalogue-source.ts'
import { answer, engineAnswers } from './engine.ts'
import { refusalFor } from './guard.ts'
import { errorJson, json, preflight } from './http.ts'
import { modelConfigFromEnv, modelReply } from './model-provider.ts'
import { MAX_BODY_BYTES, validateRequest } from './request.ts'
import { defaultStoreFacts, type StoreFacts } from './store-answers.ts'
import { askForOrderNumber, lookupOrder, orderQuestion, orderReply } from './order-status.ts'
import type { AssistantReply } from './types.ts'

export interface AssistantHandlerOptions {
  env: (name: string) => string | undefined
  /** Defaults to the live catalogue over REST (SUPABASE_URL and the publishable or anon key). */
  catalogue?: CatalogueSource
  facts?: StoreFacts
  fetch?: typeof fetch
}

/**
 * `POST /functions/v1/chat-assistant` with `{ messages }` → `{ message, action? }`.
 * The default engine answers from the live catalogue; with ASSISTANT_MODEL_URL and ASSISTANT_MODEL set,
 * a model answers instead, and the engine takes over whenever the model fails, is slow or strays from
 * the catalogue. Requests the guard refuses never reach a model.
 */
export function createAssistantHandler(
  options: AssistantHandlerOptions,
): (req: Request) => Promise<Response> {
  const facts = options.facts ?? defaultStoreFacts
  const catalogue =
    options.catalogue ??
    createCatalogueSource({
      url: () => options.env('SUPABASE_URL'),
      // A publishable key when the project has one, else the legacy anon key.
      anonKey: () => publicKey(options.env),
      fetch: options.fetch,
    })

  return async (req) => {
    if (req.method === 'OPTIONS') return preflight()
    if (req.method !== 'POST') {
      return errorJson(405, 'method_not_allowed', 'Use POST with a JSON body.')
    }
    // The platform's JWT check is off (it refuses publishable keys): the caller's key is checked here.
    if (!callerKey(req, projectKeys(options.env))) {
      return errorJson(401, 'invalid_api_key', 'A valid API key is required.')
    }
    const raw = await req.text()
    if (raw.length > MAX_BODY_BYTES) {
      return errorJson(413, 'body_too_large', 'The conversation is too long.')
    }
    let body: unknown
    try {
      body = JSON.parse(raw)
    } catch {
      return errorJson(400, 'invalid_json', 'The request body must be JSON.')
    }
    const validation = validateRequest(body)
    if (!validation.ok) return errorJson(400, 'invalid_request', validation.message)
    const { messages, cart } = validation

    let doc
    try {
      doc = await catalogue.get()
    } catch (error) {
      console.error('[chat-assistant] catalogue unavailable:', error)
      return errorJson(503, 'catalogue_unavailable', 'The catalogue is not available right now.')
    }

    // Orders are answered by the database, as the caller: never by the model or from the conversation.
    const order = orderQuestion(messages)
    if (order) {
      if (!order.orderNumber) return json(200, askForOrderNumber())
      const url = options.env('SUPABASE_URL')
      const anonKey = options.env('SUPABASE_ANON_KEY')
      if (!url || !anonKey) {
        return errorJson(503, 'not_configured', 'Order look-up is not available right now.')
      }
      try {
        const status = await lookupOrder(
          { ...order, orderNumber: order.orderNumber },
          {
            url,
            anonKey,
            authorization: req.headers.get('authorization'),
            fetch: options.fetch ?? fetch,
          },
        )
        return json(200, orderReply(order, status))
      } catch (error) {
        console.error('[chat-assistant] order look-up failed:', error)
        return errorJson(503, 'order_lookup_unavailable', 'Orders cannot be checked right now.')
      }
    }

    let reply: AssistantReply | undefined
    const model = modelConfigFromEnv(options.env)
    const latest = messages[messages.length - 1]!.content
    // Cart edits and discount codes are answered by the engine's rules before any model, as orders are.
    if (model && !refusalFor(latest) && !engineAnswers(messages, cart)) {
      try {
        reply = await modelReply(messages, doc, facts, model, options.fetch)
      } catch (error) {
        console.warn('[chat-assistant] model reply discarded, using the catalogue engine:', error)
      }
    }
    reply ??= answer(messages, doc, facts, cart)
    return json(200, reply)
  }
}
