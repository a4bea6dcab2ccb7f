import { useEffect, useState } from 'react'
import { getSupabase } from '@/lib/supabase'

/** The store's ceilings per way to pay (KES) and how long a bank transfer may take (days). */
export interface PaymentLimits {
  mpesaMax: number
  codMax: number
  bankTransferDays: number
}

/**
 * The ceilings from the store config, read once. Until they arrive (or offline) every option is
 * offered, and the database refuses what is over its ceiling when the order is placed.
 */
export function usePaymentLimits(online: boolean): PaymentLimits | null {
  const [limits, setLimits] = useState<PaymentLimits | null>(null)
  useEffect(() => {
    if (!online || limits) return
    let live = true
    void getSupabase()
      .then((client) =>
        client
          .from('store_settings')
          .select('mpesa_max_amount, cod_max_amount, bank_transfer_days')
          .single(),
      )
      .then(({ data }) => {
        if (live && data) {
          setLimits({
            mpesaMax: data.mpesa_max_amount,
            codMax: data.cod_max_amount,
            bankTransferDays: data.bank_transfer_days,
          })
        }
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [online, limits])
  return limits
}
