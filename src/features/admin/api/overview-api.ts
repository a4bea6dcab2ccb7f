import type { AppSupabaseClient } from '@/lib/supabase'
import { unwrap } from './admin-api-error'

/** What admin_overview(days) answers (see the migration for the definition of each figure). */
export interface Overview {
  days: number
  from: string
  to: string
  revenue: number
  orders: number
  paidOrders: number
  cancelledOrders: number
  averageOrderValue: number | null
  mpesa: {
    paid: number
    failed: number
    cancelled: number
    pending: number
    /** 0–1, or null when no push settled in the period. */
    successRate: number | null
  }
  daily: { date: string; orders: number; revenue: number }[]
  topProducts: { productId: string | null; name: string; units: number; revenue: number }[]
  lowStock: { id: string; slug: string; name: string; stock: number }[]
  lowStockCount: number
  waiting: {
    pendingOrders: number
    confirmedOrders: number
    dispatchedOrders: number
    affiliateApplications: number
  }
}

/** The store's figures for the last `days` days, added up in the database (staff only). */
export async function fetchOverview(client: AppSupabaseClient, days: number): Promise<Overview> {
  return unwrap(await client.rpc('admin_overview', { days })) as unknown as Overview
}
