import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { RefreshIcon } from '@/components/icons'
import { notify } from '@/components/toaster'
import { getSupabase } from '@/lib/supabase'
import { errorMessage } from '../api/admin-api-error'
import {
  cancelInvitation,
  fetchStaffOverview,
  inviteStaff,
  removeStaff,
  resetSecondStep,
  setStaffRole,
  type StaffMember,
} from '../api/staff-api'
import type { StaffRoleName } from '../api/staff-roles-api'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  ActionsHeader,
  AdminButton,
  AdminPage,
  describe,
  EmptyState,
  ErrorState,
  Field,
  formatDateTime,
  LoadingState,
  Panel,
  Select,
  Table,
  TableScroll,
  wideOnly,
} from './admin-ui'
import { ConfirmDialog } from './confirm-dialog'
import { StaffSignInRule } from './staff-sign-in-rule'

const ROLE_LABELS: Record<StaffRoleName, string> = { admin: 'Admin', manager: 'Manager' }
const EMAIL_PATTERN = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

/** Admins only: who runs the shop, invitations, role changes and removals. */
export function AdminStaffPage() {
  const { isAdmin } = useStaff()
  if (!isAdmin) {
    return (
      <AdminPage title="Staff">
        <Panel>
          <chakra.p>
            Only admins manage staff. Ask an admin to invite someone or change a role.
          </chakra.p>
          <chakra.p mt="3">
            <Link to="/admin">
              <chakra.span textDecoration="underline">Back to the overview</chakra.span>
            </Link>
          </chakra.p>
        </Panel>
      </AdminPage>
    )
  }
  return <Staff />
}

function Staff() {
  const [revision, setRevision] = useState(0)
  const overview = useAdminQuery(`staff:${revision}`, fetchStaffOverview)
  const current = overview.data ?? overview.previous
  const refresh = () => setRevision((r) => r + 1)

  return (
    <AdminPage
      title="Staff"
      description="Invite people to run the shop, change what they may do, or take their access away."
    >
      <Box display="grid" gap="5">
        <Panel title="Invite someone">
          <InviteForm onInvited={refresh} />
        </Panel>
        <Panel
          title="Staff members"
          actions={
            <AdminButton tone="secondary" onClick={overview.reload} loading={overview.loading}>
              <RefreshIcon size={16} /> Refresh
            </AdminButton>
          }
        >
          {overview.error ? (
            <ErrorState message={overview.error} onRetry={overview.reload} />
          ) : null}
          {!current && !overview.error ? <LoadingState /> : null}
          {current ? <Members members={current.members} onChanged={refresh} /> : null}
        </Panel>
        <StaffSignInRule />
        <Panel title="Open invitations">
          {current && current.invitations.length === 0 ? (
            <EmptyState>No invitation is waiting to be accepted.</EmptyState>
          ) : null}
          {current && current.invitations.length > 0 ? (
            <TableScroll label="Open invitations">
              <Table>
                <thead>
                  <tr>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <chakra.th scope="col" {...wideOnly}>
                      Sent
                    </chakra.th>
                    <ActionsHeader />
                  </tr>
                </thead>
                <tbody>
                  {current.invitations.map((invitation) => (
                    <tr key={invitation.id}>
                      <td>{invitation.email}</td>
                      <td>{ROLE_LABELS[invitation.role]}</td>
                      <chakra.td {...wideOnly}>{formatDateTime(invitation.invitedAt)}</chakra.td>
                      <td>
                        <AdminButton
                          tone="secondary"
                          aria-label={`Cancel the invitation to ${invitation.email}`}
                          onClick={async () => {
                            try {
                              await cancelInvitation(await getSupabase(), invitation.id)
                              notify({ title: 'Invitation cancelled', type: 'success' })
                            } catch (error) {
                              notify({ title: errorMessage(error), type: 'error' })
                            }
                            refresh()
                          }}
                        >
                          Cancel invitation
                        </AdminButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ) : null}
        </Panel>
      </Box>
    </AdminPage>
  )
}

function InviteForm({ onInvited }: { onInvited: () => void }) {
  const id = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRoleName>('manager')
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const address = email.trim().toLowerCase()
    if (!EMAIL_PATTERN.test(address)) {
      setError('Enter a valid email address.')
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const outcome = await inviteStaff(await getSupabase(), address, role)
      notify({
        title: outcome.emailed ? 'Invitation sent' : 'Role granted',
        description: outcome.emailed
          ? `${address} will get an email to set their password.`
          : `${address} already had an account and is now ${ROLE_LABELS[role].toLowerCase()}.`,
        type: 'success',
      })
      setEmail('')
      onInvited()
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <chakra.form
      aria-label="Invite staff"
      noValidate
      onSubmit={(event) => void submit(event)}
      display="grid"
      gap="4"
      gridTemplateColumns={{ base: '1fr', md: '2fr 1fr auto' }}
      alignItems="end"
    >
      <Field id={`${id}-email`} label="Email address" error={error}>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          {...describe(`${id}-email`, error)}
        />
      </Field>
      <Field id={`${id}-role`} label="Role">
        <Select
          id={`${id}-role`}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRoleName)}
        >
          <option value="manager">Manager</option>
          <option value="admin">Admin</option>
        </Select>
      </Field>
      <AdminButton type="submit" loading={busy}>
        Send invitation
      </AdminButton>
    </chakra.form>
  )
}

function Members({ members, onChanged }: { members: StaffMember[]; onChanged: () => void }) {
  const me = useStaff().user.id
  const [removing, setRemoving] = useState<StaffMember | null>(null)
  const [busy, setBusy] = useState(false)

  if (members.length === 0) return <EmptyState>Nobody is on the staff.</EmptyState>

  const changeRole = async (member: StaffMember, role: StaffRoleName) => {
    try {
      await setStaffRole(await getSupabase(), member.userId, role)
      notify({
        title: `${member.email} is now ${ROLE_LABELS[role].toLowerCase()}`,
        type: 'success',
      })
    } catch (error) {
      notify({ title: errorMessage(error), type: 'error' })
    }
    onChanged()
  }

  const resetFactor = async (member: StaffMember) => {
    try {
      const removed = await resetSecondStep(await getSupabase(), member.userId)
      notify({
        title: removed
          ? `${member.email} sets up two-step sign-in again at their next sign-in`
          : `${member.email} has no authenticator set up`,
        type: removed ? 'success' : 'info',
      })
    } catch (error) {
      notify({ title: errorMessage(error), type: 'error' })
    }
    onChanged()
  }

  const remove = async () => {
    if (!removing) return
    setBusy(true)
    try {
      await removeStaff(await getSupabase(), removing.userId)
      notify({ title: `${removing.email} no longer has staff access`, type: 'success' })
    } catch (error) {
      notify({ title: errorMessage(error), type: 'error' })
    } finally {
      setBusy(false)
      setRemoving(null)
      onChanged()
    }
  }

  return (
    <>
      <TableScroll label="Staff members">
        <Table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <chakra.th scope="col" {...wideOnly}>
                Last signed in
              </chakra.th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <tr key={member.userId}>
                <td>
                  <chakra.span display="block" fontWeight="semibold">
                    {member.fullName || member.email}
                    {member.userId === me ? ' (you)' : ''}
                  </chakra.span>
                  {member.fullName ? (
                    <chakra.span fontSize="xs" color="brand.muted">
                      {member.email}
                    </chakra.span>
                  ) : null}
                </td>
                <td>
                  <Select
                    aria-label={`Role of ${member.email}`}
                    value={member.role}
                    onChange={(event) =>
                      void changeRole(member, event.target.value as StaffRoleName)
                    }
                  >
                    <option value="manager">Manager</option>
                    <option value="admin">Admin</option>
                  </Select>
                </td>
                <chakra.td {...wideOnly}>{formatDateTime(member.lastSignInAt)}</chakra.td>
                <td>
                  <AdminButton
                    tone="secondary"
                    aria-label={`Reset two-step sign-in of ${member.email}`}
                    onClick={() => void resetFactor(member)}
                    me="2"
                  >
                    Reset two-step sign-in
                  </AdminButton>
                  <AdminButton
                    tone="secondary"
                    aria-label={`Remove staff access of ${member.email}`}
                    onClick={() => setRemoving(member)}
                  >
                    Remove access
                  </AdminButton>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </TableScroll>
      <ConfirmDialog
        open={removing !== null}
        title="Remove staff access?"
        confirmLabel="Remove access"
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        {removing
          ? `${removing.email} loses access to the admin area at once, on every device. Their shopper account stays.`
          : null}
      </ConfirmDialog>
    </>
  )
}
