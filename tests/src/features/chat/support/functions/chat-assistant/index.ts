import { createAssistantHandler } from '../../../../../../../supabase/functions/_shared/assistant/handler.ts'
import { corsHeaders } from '../../../../../../../supabase/functions/_shared/assistant/http.ts'

/**
 * The real chat-assistant for the widget tests, plus answers the real one never gives, chosen by the
 * shopper's message: an empty answer, an action without a message, a server error, a slow answer,
 * markup, and an echo of what the widget sent.
 */
const real = createAssistantHandler({ env: (name) => Deno.env.get(name) })

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json' },
  })

Deno.serve(async (req) => {
  if (req.method !== 'POST') return real(req)
  const body = (await req.clone().json()) as { messages: { role: string; content: string }[] }
  const last = body.messages[body.messages.length - 1]?.content ?? ''
  switch (last) {
    case 'scripted: nothing':
      return reply({})
    case 'scripted: action only':
      return reply({ action: { type: 'view_cart' } })
    case 'scripted: fail':
      return reply({ error: 'boom' }, 500)
    case 'scripted: markup':
      return reply({
        message:
          'Look: <img src=x onerror="window.__xss=1"> **bold** [bad](javascript:window.__xss=1) <a href="/sale" onclick="window.__xss=1">sale</a>',
      })
    case 'scripted: echo':
      return reply({
        message: `Received ${body.messages.length}: ${body.messages.map((m) => `${m.role}=${m.content.slice(0, 24)}`).join(' | ')}`,
      })
  }
  if (last.startsWith('scripted: slow')) {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    return reply({ message: 'Sorry for the wait!' })
  }
  return real(req)
})
