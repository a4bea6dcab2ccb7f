/**
 * The M-Pesa providers without network: Daraja's request building and response parsing (against the
 * shapes Safaricom documents), the sandbox's timing and outcomes, and the choice between them.
 */
import { afterEach, describe, expect, it } from 'vitest'
import {
  basicAuthorization,
  buildStkPushBody,
  buildStkQueryBody,
  clearDarajaTokenCache,
  createDarajaProvider,
  darajaPassword,
  darajaTimestamp,
  parseStkCallback,
  parseStkPushResponse,
  parseStkQueryResponse,
  parseTokenResponse,
  type DarajaConfig,
} from '../../../../supabase/functions/_shared/payments/daraja'
import { parseRefundResult } from '../../../../supabase/functions/_shared/payments/daraja-refunds'
import { normalizeKenyanPhone } from '../../../../supabase/functions/_shared/kenyan-phone'
import { mpesaProviderFromEnv } from '../../../../supabase/functions/_shared/payments/provider'
import {
  createSandboxProvider,
  sandboxReceipt,
} from '../../../../supabase/functions/_shared/payments/sandbox'
import { ProviderError } from '../../../../supabase/functions/_shared/payments/types'
import { normalizeKenyanPhone as appNormalizeKenyanPhone } from '../../../../src/lib/phone'

const config: DarajaConfig = {
  consumerKey: 'key-123',
  consumerSecret: 'secret-456',
  shortcode: '174379',
  passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
  callbackUrl: 'https://example.supabase.co/functions/v1/mpesa-callback/s3cret-s3cret-s3cret',
  environment: 'sandbox',
}
// 2026-03-05 07:08:09 UTC is 10:08:09 in Nairobi.
const at = new Date(Date.UTC(2026, 2, 5, 7, 8, 9))

afterEach(() => clearDarajaTokenCache())

describe('Kenyan phone numbers in the functions', () => {
  const table: [string, string | null][] = [
    ['0712345678', '254712345678'],
    ['0112345678', '254112345678'],
    ['+254712345678', '254712345678'],
    ['254712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['(0712)-345.678', '254712345678'],
    ['712345678', '254712345678'],
    ['0812345678', null],
    ['071234567', null],
    ['07123456789', null],
    ['+255712345678', null],
    ['', null],
    ['phone', null],
  ]
  it.each(table)('%s → %s, as the app does', (input, expected) => {
    expect(normalizeKenyanPhone(input)).toBe(expected)
    expect(appNormalizeKenyanPhone(input)).toBe(expected)
  })
  it('refuses non-strings', () => {
    expect(normalizeKenyanPhone(712345678)).toBeNull()
    expect(normalizeKenyanPhone(null)).toBeNull()
  })
})

describe('Daraja request building', () => {
  it('stamps the time in Kenyan time and derives the password from it', () => {
    expect(darajaTimestamp(at)).toBe('20260305100809')
    expect(darajaTimestamp(new Date(Date.UTC(2026, 11, 31, 22, 0, 0)))).toBe('20270101010000')
    expect(darajaPassword('174379', 'pk', '20260305100809')).toBe(
      Buffer.from('174379pk20260305100809').toString('base64'),
    )
    expect(basicAuthorization('key-123', 'secret-456')).toBe(
      `Basic ${Buffer.from('key-123:secret-456').toString('base64')}`,
    )
  })

  it('builds the STK push body Safaricom expects', () => {
    const body = buildStkPushBody(
      config,
      {
        phone: '254712345678',
        amount: 6300,
        accountReference: 'LK-240001',
        description: 'Luxe Kenya order',
      },
      at,
    )
    expect(body).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${config.passkey}20260305100809`).toString('base64'),
      Timestamp: '20260305100809',
      TransactionType: 'CustomerPayBillOnline',
      Amount: 6300,
      PartyA: '254712345678',
      PartyB: '174379',
      PhoneNumber: '254712345678',
      CallBackURL: config.callbackUrl,
      AccountReference: 'LK-240001',
      // Daraja allows 13 characters.
      TransactionDesc: 'Luxe Kenya or',
    })
  })

  it('supports Buy Goods tills and refuses fractional amounts', () => {
    const body = buildStkPushBody(
      { ...config, transactionType: 'CustomerBuyGoodsOnline', partyB: '5551234' },
      { phone: '254712345678', amount: 10, accountReference: 'LK-240001234567', description: 'x' },
      at,
    )
    expect(body).toMatchObject({
      TransactionType: 'CustomerBuyGoodsOnline',
      PartyB: '5551234',
      AccountReference: 'LK-240001234',
    })
    expect(() =>
      buildStkPushBody(
        config,
        { phone: '254712345678', amount: 10.5, accountReference: 'a', description: 'b' },
        at,
      ),
    ).toThrow(ProviderError)
  })

  it('builds the STK query body', () => {
    expect(buildStkQueryBody(config, 'ws_CO_1', at)).toEqual({
      BusinessShortCode: '174379',
      Password: Buffer.from(`174379${config.passkey}20260305100809`).toString('base64'),
      Timestamp: '20260305100809',
      CheckoutRequestID: 'ws_CO_1',
    })
  })
})

describe('Daraja response parsing', () => {
  it('reads the access token, and refuses a credentials error', () => {
    expect(parseTokenResponse(200, { access_token: 'abc', expires_in: '3599' })).toEqual({
      token: 'abc',
      expiresInS: 3599,
    })
    expect(() =>
      parseTokenResponse(400, {
        errorCode: '400.008.01',
        errorMessage: 'Invalid Authentication passed',
      }),
    ).toThrow("M-Pesa refused the store's credentials: Invalid Authentication passed.")
  })

  it('reads an accepted push, and turns a refusal into a readable error', () => {
    expect(
      parseStkPushResponse(200, {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: 'ws_CO_191220191020363925',
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      }),
    ).toEqual({
      checkoutRequestId: 'ws_CO_191220191020363925',
      merchantRequestId: '29115-34620561-1',
      customerMessage: 'Success. Request accepted for processing',
    })
    expect(() =>
      parseStkPushResponse(400, {
        requestId: '1',
        errorCode: '400.002.02',
        errorMessage: 'Bad Request - Invalid PhoneNumber',
      }),
    ).toThrow('M-Pesa could not send the payment request: Bad Request - Invalid PhoneNumber.')
    expect(() => parseStkPushResponse(200, null)).toThrow(ProviderError)
    expect(() => parseStkPushResponse(200, { ResponseCode: '1' })).toThrow(ProviderError)
  })

  it('reads the query: still processing, paid, cancelled, and errors', () => {
    expect(
      parseStkQueryResponse(500, {
        requestId: 'x',
        errorCode: '500.001.1001',
        errorMessage: 'The transaction is being processed',
      }),
    ).toEqual({ state: 'pending' })
    expect(
      parseStkQueryResponse(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: '1',
        CheckoutRequestID: 'ws_CO_1',
        ResultCode: '0',
        ResultDesc: 'The service request is processed successfully.',
      }),
    ).toEqual({
      state: 'done',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
    })
    expect(
      parseStkQueryResponse(200, {
        ResponseCode: '0',
        ResultCode: 1032,
        ResultDesc: 'Request cancelled by user',
      }),
    ).toEqual({ state: 'done', resultCode: 1032, resultDesc: 'Request cancelled by user' })
    expect(
      parseStkQueryResponse(200, { ResponseCode: '0', ResultCode: '4999', ResultDesc: 'x' }),
    ).toEqual({
      state: 'pending',
    })
    expect(() =>
      parseStkQueryResponse(401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' }),
    ).toThrow('Invalid Access Token')
  })

  it('reads a successful callback with its metadata', () => {
    expect(
      parseStkCallback({
        Body: {
          stkCallback: {
            MerchantRequestID: '29115-34620561-1',
            CheckoutRequestID: 'ws_CO_191220191020363925',
            ResultCode: 0,
            ResultDesc: 'The service request is processed successfully.',
            CallbackMetadata: {
              Item: [
                { Name: 'Amount', Value: 6300.0 },
                { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
                { Name: 'Balance' },
                { Name: 'TransactionDate', Value: 20191219102115 },
                { Name: 'PhoneNumber', Value: 254708374149 },
              ],
            },
          },
        },
      }),
    ).toEqual({
      checkoutRequestId: 'ws_CO_191220191020363925',
      merchantRequestId: '29115-34620561-1',
      resultCode: 0,
      resultDesc: 'The service request is processed successfully.',
      amount: 6300,
      receipt: 'NLJ7RT61SV',
      phone: '254708374149',
    })
  })

  it('reads a cancelled callback and refuses junk', () => {
    expect(
      parseStkCallback({
        Body: {
          stkCallback: {
            MerchantRequestID: '1',
            CheckoutRequestID: 'ws_CO_2',
            ResultCode: 1032,
            ResultDesc: 'Request cancelled by user',
          },
        },
      }),
    ).toEqual({
      checkoutRequestId: 'ws_CO_2',
      merchantRequestId: '1',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    })
    for (const junk of [
      null,
      'text',
      [],
      {},
      { Body: {} },
      { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_2' } } },
      { Body: { stkCallback: { CheckoutRequestID: 5, ResultCode: 0 } } },
      { Body: { stkCallback: { CheckoutRequestID: "x'; drop table payments;--", ResultCode: 0 } } },
      { Body: { stkCallback: { CheckoutRequestID: 'ws_CO_2', ResultCode: 'zero' } } },
    ]) {
      expect(parseStkCallback(junk)).toBeNull()
    }
    const odd = parseStkCallback({
      Body: {
        stkCallback: {
          CheckoutRequestID: 'ws_CO_3',
          ResultCode: '0',
          CallbackMetadata: { Item: [null, { Name: 'MpesaReceiptNumber', Value: '<script>' }] },
        },
      },
    })
    expect(odd).toEqual({ checkoutRequestId: 'ws_CO_3', resultCode: 0, resultDesc: '' })
  })
})

describe('Daraja over a recorded exchange', () => {
  function recorder(answers: Array<{ status: number; body: unknown }>) {
    const calls: Array<{
      url: string
      method: string
      headers: Record<string, string>
      body: unknown
    }> = []
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init?.headers).entries()),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      })
      const answer = answers.shift()
      if (!answer) throw new TypeError('fetch failed')
      return new Response(JSON.stringify(answer.body), { status: answer.status })
    }) as typeof fetch
    return { calls, fakeFetch }
  }

  it('gets a token once, then pushes and queries with it', async () => {
    const { calls, fakeFetch } = recorder([
      { status: 200, body: { access_token: 'tok-1', expires_in: '3599' } },
      {
        status: 200,
        body: {
          MerchantRequestID: 'm-1',
          CheckoutRequestID: 'ws_CO_9',
          ResponseCode: '0',
          CustomerMessage: 'Success. Request accepted for processing',
        },
      },
      {
        status: 500,
        body: { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' },
      },
    ])
    const provider = createDarajaProvider(config, { fetch: fakeFetch, now: () => at.getTime() })
    await expect(
      provider.stkPush({
        phone: '254712345678',
        amount: 6300,
        accountReference: 'LK-240001',
        description: 'Luxe Kenya',
      }),
    ).resolves.toEqual({
      checkoutRequestId: 'ws_CO_9',
      merchantRequestId: 'm-1',
      customerMessage: 'Success. Request accepted for processing',
    })
    await expect(provider.query('ws_CO_9', at.toISOString())).resolves.toEqual({ state: 'pending' })

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET https://sandbox.safaricom.co.ke/oauth/v1/generate?grant_type=client_credentials',
      'POST https://sandbox.safaricom.co.ke/mpesa/stkpush/v1/processrequest',
      'POST https://sandbox.safaricom.co.ke/mpesa/stkpushquery/v1/query',
    ])
    expect(calls[0]!.headers.authorization).toBe(basicAuthorization('key-123', 'secret-456'))
    expect(calls[1]!.headers.authorization).toBe('Bearer tok-1')
    expect(calls[1]!.headers['content-type']).toBe('application/json')
    expect(calls[1]!.body).toMatchObject({
      Amount: 6300,
      PhoneNumber: '254712345678',
      Timestamp: '20260305100809',
    })
    expect(calls[2]!.body).toMatchObject({ CheckoutRequestID: 'ws_CO_9' })
  })

  it('uses the production host, and says so when Safaricom cannot be reached', async () => {
    const { calls, fakeFetch } = recorder([])
    const provider = createDarajaProvider(
      { ...config, environment: 'production' },
      { fetch: fakeFetch },
    )
    await expect(
      provider.stkPush({
        phone: '254712345678',
        amount: 1,
        accountReference: 'LK-1',
        description: 'x',
      }),
    ).rejects.toThrow('M-Pesa could not be reached. Please try again.')
    expect(calls[0]!.url).toMatch(/^https:\/\/api\.safaricom\.co\.ke\/oauth\/v1\/generate/)
  })
})

describe('Daraja refunds over a recorded exchange', () => {
  const refundConfig = {
    initiatorName: 'luxe-api',
    securityCredential: 'ENCRYPTED==',
    shortcode: '174379',
    resultUrl: 'https://shop.example/functions/v1/mpesa-refund-result?secret=s3cret-s3cret-s3cret',
  }
  const request = {
    receipt: 'SKA1B2C3D4',
    phone: '254712345678',
    amount: 12450,
    paymentAmount: 12450,
    orderNumber: 'LK-240001',
    key: '6f1c2a9e-0000-4000-8000-000000000001',
  }
  const accepted = (conversationId: string, originator: string) => ({
    status: 200,
    body: {
      OriginatorConversationID: originator,
      ConversationID: conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    },
  })
  const token = { status: 200, body: { access_token: 'tok-r', expires_in: '3599' } }

  function recorder(answers: Array<{ status: number; body: unknown }>) {
    const calls: Array<{ url: string; body: Record<string, unknown> }> = []
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), body: init?.body ? JSON.parse(String(init.body)) : {} })
      const answer = answers.shift()
      if (!answer) throw new TypeError('fetch failed')
      return new Response(JSON.stringify(answer.body), { status: answer.status })
    }) as typeof fetch
    return { calls, fakeFetch }
  }

  it('reverses a whole payment with the Reversal API', async () => {
    const { calls, fakeFetch } = recorder([token, accepted('AG_20261128_1', 'OC-1')])
    const provider = createDarajaProvider(config, {
      fetch: fakeFetch,
      refundConfig: async () => refundConfig,
    })
    await expect(provider.refund(request)).resolves.toEqual({
      route: 'reversal',
      conversationId: 'AG_20261128_1',
      originatorConversationId: 'OC-1',
    })
    expect(calls[1]!.url).toBe('https://sandbox.safaricom.co.ke/mpesa/reversal/v1/request')
    expect(calls[1]!.body).toEqual({
      Initiator: 'luxe-api',
      SecurityCredential: 'ENCRYPTED==',
      CommandID: 'TransactionReversal',
      TransactionID: 'SKA1B2C3D4',
      Amount: 12450,
      ReceiverParty: '174379',
      RecieverIdentifierType: '11',
      ResultURL: refundConfig.resultUrl,
      QueueTimeOutURL: refundConfig.resultUrl,
      Remarks: 'Refund for order LK-240001',
      Occasion: 'LK-240001',
    })
  })

  it('sends part of a payment as a B2C payout, only with a B2C shortcode', async () => {
    const part = { ...request, amount: 6000 }
    const without = createDarajaProvider(config, {
      fetch: recorder([]).fakeFetch,
      refundConfig: async () => refundConfig,
    })
    await expect(without.refund(part)).rejects.toMatchObject({ code: 'payouts_not_configured' })

    const { calls, fakeFetch } = recorder([token, accepted('AG_20261128_2', request.key)])
    const provider = createDarajaProvider(config, {
      fetch: fakeFetch,
      refundConfig: async () => ({ ...refundConfig, b2cShortcode: '600000' }),
    })
    await expect(provider.refund(part)).resolves.toMatchObject({
      route: 'payout',
      conversationId: 'AG_20261128_2',
    })
    expect(calls[1]!.url).toBe('https://sandbox.safaricom.co.ke/mpesa/b2c/v3/paymentrequest')
    expect(calls[1]!.body).toMatchObject({
      OriginatorConversationID: request.key,
      InitiatorName: 'luxe-api',
      CommandID: 'BusinessPayment',
      Amount: 6000,
      PartyA: '600000',
      PartyB: '254712345678',
      ResultURL: refundConfig.resultUrl,
    })
  })

  it('refunds by hand without initiator credentials, and reads a refused request', async () => {
    const bare = createDarajaProvider(config, { fetch: recorder([]).fakeFetch })
    await expect(bare.refund(request)).rejects.toMatchObject({ code: 'refunds_not_configured' })
    const { fakeFetch } = recorder([
      token,
      {
        status: 400,
        body: { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid Amount' },
      },
    ])
    const provider = createDarajaProvider(config, {
      fetch: fakeFetch,
      refundConfig: async () => refundConfig,
    })
    await expect(provider.refund(request)).rejects.toThrow(
      'M-Pesa refused the refund: Bad Request - Invalid Amount.',
    )
  })

  it("reads M-Pesa's results: a reversal, a payout, a refusal, and refuses junk", () => {
    expect(
      parseRefundResult({
        Result: {
          ResultType: 0,
          ResultCode: 0,
          ResultDesc: 'The service request is processed successfully.',
          OriginatorConversationID: 'OC-1',
          ConversationID: 'AG_20261128_1',
          TransactionID: 'SKR7REV001',
          ResultParameters: {
            ResultParameter: [
              { Key: 'Amount', Value: 12450.0 },
              { Key: 'OriginalTransactionID', Value: 'SKA1B2C3D4' },
            ],
          },
        },
      }),
    ).toEqual({
      conversationId: 'AG_20261128_1',
      originatorConversationId: 'OC-1',
      succeeded: true,
      resultCode: '0',
      resultDesc: 'The service request is processed successfully.',
      transactionId: 'SKR7REV001',
      amount: 12450,
    })
    expect(
      parseRefundResult({
        Result: {
          ResultCode: 0,
          ConversationID: 'AG_2',
          OriginatorConversationID: 'OC-2',
          ResultParameters: {
            ResultParameter: [
              { Key: 'TransactionAmount', Value: 6000 },
              { Key: 'TransactionReceipt', Value: 'SKP7PAY001' },
            ],
          },
        },
      }),
    ).toMatchObject({ succeeded: true, transactionId: 'SKP7PAY001', amount: 6000 })
    expect(
      parseRefundResult({
        Result: {
          ResultCode: 'R000001',
          ResultDesc: 'The transaction has already been reversed.',
          ConversationID: 'AG_3',
        },
      }),
    ).toMatchObject({ succeeded: false, resultCode: 'R000001' })
    expect(parseRefundResult({ Body: { stkCallback: {} } })).toBeNull()
    expect(parseRefundResult({ Result: { ResultCode: 0, ConversationID: 'a b' } })).toBeNull()
    expect(parseRefundResult([])).toBeNull()
  })
})

describe('sandbox provider', () => {
  it('accepts at once, stays pending for about two seconds, then pays with a stable receipt', async () => {
    let now = 1_000_000
    const sandbox = createSandboxProvider({ now: () => now })
    const push = await sandbox.stkPush({
      phone: '254712345678',
      amount: 6300,
      accountReference: 'LK-240001',
      description: 'Luxe Kenya',
    })
    expect(push.customerMessage).toBe('Success. Request accepted for processing')
    const requestedAt = new Date(now).toISOString()
    now += 1999
    expect(await sandbox.query(push.checkoutRequestId, requestedAt)).toEqual({ state: 'pending' })
    now += 1
    const done = await sandbox.query(push.checkoutRequestId, requestedAt)
    expect(done).toMatchObject({ state: 'done', resultCode: 0 })
    const receipt = (done as { receipt: string }).receipt
    expect(receipt).toMatch(/^[A-Z0-9]{10}$/)
    expect(receipt).toBe(await sandboxReceipt(push.checkoutRequestId))
    const other = await sandbox.stkPush({
      phone: '254712345678',
      amount: 1,
      accountReference: 'x',
      description: 'y',
    })
    expect(other.checkoutRequestId).not.toBe(push.checkoutRequestId)
  })

  it('always declines 254700000001 with "Request cancelled by user"', async () => {
    let now = 0
    const sandbox = createSandboxProvider({ now: () => now })
    const push = await sandbox.stkPush({
      phone: '254700000001',
      amount: 6300,
      accountReference: 'LK-240001',
      description: 'Luxe Kenya',
    })
    now = 5000
    expect(await sandbox.query(push.checkoutRequestId, 0)).toEqual({
      state: 'done',
      resultCode: 1032,
      resultDesc: 'Request cancelled by user',
    })
  })
})

describe('choosing the provider', () => {
  const reader = (values: Record<string, string>) => (name: string) => values[name]

  it('uses the sandbox by default on a local server only', () => {
    expect(mpesaProviderFromEnv(reader({ SUPABASE_URL: 'http://127.0.0.1:54321' })).name).toBe(
      'sandbox',
    )
    expect(() => mpesaProviderFromEnv(reader({ SUPABASE_URL: 'https://abc.supabase.co' }))).toThrow(
      'M-Pesa payments are not available right now.',
    )
    expect(
      mpesaProviderFromEnv(
        reader({ SUPABASE_URL: 'https://abc.supabase.co', MPESA_PROVIDER: 'sandbox' }),
      ).name,
    ).toBe('sandbox')
  })

  it('needs every Daraja setting before it talks to Safaricom', () => {
    const full = {
      MPESA_PROVIDER: 'daraja',
      MPESA_CONSUMER_KEY: 'k',
      MPESA_CONSUMER_SECRET: 's',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'p',
      MPESA_CALLBACK_URL: 'https://x.test/functions/v1/mpesa-callback/secret',
    }
    expect(mpesaProviderFromEnv(reader(full)).name).toBe('daraja')
    const { MPESA_PASSKEY: _dropped, ...partial } = full
    expect(() => mpesaProviderFromEnv(reader(partial))).toThrow(ProviderError)
  })
})
