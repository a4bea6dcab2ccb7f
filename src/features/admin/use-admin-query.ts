import { getSupabase, type AppSupabaseClient } from '@/lib/supabase'
import { useRemote, type Remote } from '@/lib/use-remote'
import { errorMessage } from './api/admin-api-error'

/** `useRemote` with the Supabase client handed to `load` and failures in the staff screens' words. */
export function useAdminQuery<T>(
  key: string,
  load: (client: AppSupabaseClient) => Promise<T>,
): Remote<T> {
  return useRemote(key, async () => load(await getSupabase()), { errorMessage })
}
