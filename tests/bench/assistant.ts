import { answer } from '../../supabase/functions/_shared/assistant/engine'
import { createCatalogueSource } from '../../supabase/functions/_shared/assistant/catalogue-source'
import type {
  AssistantReply,
  Catalogue,
  ChatMessage,
} from '../../supabase/functions/_shared/assistant/types'
import { conversations, forgedHistory } from '../supabase/functions/chat-assistant/conversations'
import { groundingProblems } from '../supabase/functions/chat-assistant/grounding'
import { median, percentile, type Figure } from './support/figure'
import { startTestServer } from '../support/server'

/**
 * The chat assistant on the embedded backend (the whole local server in this process on loopback, API
 * only: no app build is needed, and none is triggered under other work): the first reply
 * after start (the function module and the catalogue load), reply latency over the conversation table of
 * the tests (every turn sends the whole conversation, as the widget does), the same under 8 shoppers at
 * once, the engine's own share without HTTP, and how many replies broke the grounding rule (must be 0).
 */
let headers: Record<string, string> = {}

interface Exchange {
  request: ChatMessage[]
  said: string
  reply: AssistantReply
  ms: number
}

async function post(url: string, messages: ChatMessage[]) {
  const started = performance.now()
  const response = await fetch(`${url}/functions/v1/chat-assistant`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ messages }),
  })
  const reply = (await response.json()) as AssistantReply
  const ms = performance.now() - started
  if (!response.ok) throw new Error(`chat-assistant answered ${response.status}`)
  return { reply, ms }
}

/** Every conversation of the table once, turn after turn, with the whole conversation each time. */
async function playTable(url: string): Promise<Exchange[]> {
  const exchanges: Exchange[] = []
  for (const conversation of conversations) {
    const messages: ChatMessage[] = [...(forgedHistory[conversation.name] ?? [])]
    let previous: AssistantReply | undefined
    for (const turn of conversation.turns) {
      // A turn that picks a quick reply says the chip the previous answer offered.
      const say =
        turn.chip === undefined ? turn.say : (previous?.quickReplies?.[turn.chip] ?? turn.say)
      messages.push({ role: 'user', content: say })
      const request = [...messages]
      const { reply, ms } = await post(url, request)
      const said = messages
        .filter((m) => m.role === 'user')
        .map((m) => m.content)
        .join(' ')
      exchanges.push({ request, said, reply, ms })
      messages.push({ role: 'assistant', content: reply.message })
      previous = reply
    }
  }
  return exchanges
}

const round = (value: number) => Math.round(value * 10) / 10

export async function run(options: { quick?: boolean } = {}): Promise<Figure[]> {
  const server = await startTestServer()
  headers = {
    apikey: server.anonKey,
    Authorization: `Bearer ${server.anonKey}`,
    'Content-Type': 'application/json',
  }
  try {
    const cold = await post(server.url, [{ role: 'user', content: 'hello' }])
    // Read as the function reads it: the list and its details, joined.
    const catalogue: Catalogue = await createCatalogueSource({
      url: () => server.url,
      anonKey: () => server.anonKey,
    }).get()

    const passes = options.quick ? 1 : 3
    const sequential: Exchange[] = []
    for (let pass = 0; pass < passes; pass++) sequential.push(...(await playTable(server.url)))

    const shoppers = 8
    const concurrent = (
      await Promise.all(Array.from({ length: shoppers }, () => playTable(server.url)))
    ).flat()

    const engineMs = sequential.map(({ request }) => {
      const started = performance.now()
      answer(request, catalogue)
      return performance.now() - started
    })
    const ungrounded = [...sequential, ...concurrent].filter(
      ({ reply, said }) => groundingProblems(reply, catalogue, said).length > 0,
    ).length

    const latencies = sequential.map((e) => e.ms)
    const underLoad = concurrent.map((e) => e.ms)
    const turns = sequential.length / passes
    return [
      {
        group: 'assistant',
        name: 'first reply after start (function and catalogue load)',
        value: round(cold.ms),
        unit: 'ms',
      },
      {
        group: 'assistant',
        name: 'reply latency p50, conversation table over HTTP',
        value: round(median(latencies)),
        unit: 'ms',
        budget: 50,
        note: `${conversations.length} conversations, ${turns} turns × ${passes}`,
      },
      {
        group: 'assistant',
        name: 'reply latency p95, conversation table over HTTP',
        value: round(percentile(latencies, 95)),
        unit: 'ms',
        budget: 150,
      },
      {
        group: 'assistant',
        name: `reply latency p95, ${shoppers} shoppers at once`,
        value: round(percentile(underLoad, 95)),
        unit: 'ms',
        budget: 500,
        note: `p50 ${round(median(underLoad))} ms over ${underLoad.length} replies`,
      },
      {
        group: 'assistant',
        name: 'engine time per reply p50 / p95 (no HTTP)',
        value: round(median(engineMs)),
        unit: 'ms',
        note: `p95 ${round(percentile(engineMs, 95))} ms`,
      },
      {
        group: 'assistant',
        name: 'replies naming a product or price not in the catalogue',
        value: ungrounded,
        unit: 'replies',
        budget: 0,
        note: `of ${sequential.length + concurrent.length}`,
      },
    ]
  } finally {
    await server.close()
  }
}

// `tsx tests/bench/assistant.ts` runs this part alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const figure of await run({ quick: process.argv.includes('--quick') })) {
    console.info(figure.name, figure.value, figure.unit, figure.note ?? '')
  }
}
