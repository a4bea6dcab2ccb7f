import { handleStaffInvite } from '../_shared/staff/invite.ts'

Deno.serve((req) => handleStaffInvite(req, (name) => Deno.env.get(name)))
