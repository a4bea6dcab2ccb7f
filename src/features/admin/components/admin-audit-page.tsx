import { Box } from '@chakra-ui/react/box'
import { Input } from '@chakra-ui/react/input'
import { chakra } from '@chakra-ui/react/styled-system'
import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { AUDIT_PAGE_SIZE, auditKinds, listAudit } from '../api/audit-api'
import { fetchStaffOverview } from '../api/staff-api'
import { dayString } from '../date-range'
import { useStaff } from '../staff-context'
import { useAdminQuery } from '../use-admin-query'
import {
  AdminPage,
  EmptyState,
  ErrorState,
  FilterSelect,
  Label,
  LoadingState,
  Pager,
  Panel,
} from './admin-ui'
import { AuditEntries } from './audit-entries'

/** Admins only: every staff change, filtered by staff member, kind and dates. */
export function AdminAuditPage() {
  const { isAdmin } = useStaff()
  if (!isAdmin) {
    return (
      <AdminPage title="Audit trail">
        <Panel>
          <chakra.p>The audit trail is for admins only.</chakra.p>
          <chakra.p mt="3">
            <Link to="/admin">
              <chakra.span textDecoration="underline">Back to the overview</chakra.span>
            </Link>
          </chakra.p>
        </Panel>
      </AdminPage>
    )
  }
  return <AuditTrail />
}

const nextDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d + 1).toISOString()
}
const startOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d).toISOString()
}

function AuditTrail() {
  const id = useId()
  const [actorId, setActorId] = useState('')
  const [kind, setKind] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [page, setPage] = useState(1)
  const staff = useAdminQuery('audit-staff', fetchStaffOverview)
  const filter = {
    actorId: actorId || undefined,
    kind: kind || undefined,
    from: from ? startOf(from) : null,
    until: to ? nextDay(to) : null,
    page,
  }
  const trail = useAdminQuery(`audit:${JSON.stringify(filter)}`, (client) =>
    listAudit(client, filter),
  )
  const shown = trail.data ?? trail.previous
  const change = (apply: () => void) => {
    apply()
    setPage(1)
  }

  return (
    <AdminPage
      title="Audit trail"
      description="Every change staff made, written by the database as it happened. Nobody can edit it."
    >
      <Box display="grid" gap="5">
        <Panel title="Filters">
          <Box display="grid" gap="4" gridTemplateColumns={{ base: '1fr', md: 'repeat(4, 1fr)' }}>
            <FilterSelect
              id={`${id}-actor`}
              label="Staff member"
              value={actorId}
              onChange={(value) => change(() => setActorId(value))}
              options={[
                ['', 'Everyone'],
                ...(staff.data?.members ?? []).map((m) => [m.userId, m.email] as const),
              ]}
            />
            <FilterSelect
              id={`${id}-kind`}
              label="Kind"
              value={kind}
              onChange={(value) => change(() => setKind(value))}
              options={[['', 'Every kind'], ...auditKinds]}
            />
            <Box>
              <Label htmlFor={`${id}-from`}>From</Label>
              <Input
                id={`${id}-from`}
                type="date"
                max={dayString(new Date())}
                value={from}
                onChange={(event) => change(() => setFrom(event.target.value))}
              />
            </Box>
            <Box>
              <Label htmlFor={`${id}-to`}>To</Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={to}
                onChange={(event) => change(() => setTo(event.target.value))}
              />
            </Box>
          </Box>
        </Panel>
        <Panel title="Changes">
          {trail.error ? <ErrorState message={trail.error} onRetry={trail.reload} /> : null}
          {!shown && !trail.error ? <LoadingState /> : null}
          {shown && shown.rows.length === 0 ? (
            <EmptyState>No change matches these filters.</EmptyState>
          ) : null}
          {shown && shown.rows.length > 0 ? (
            <>
              <AuditEntries rows={shown.rows} />
              <Pager
                page={page}
                pageSize={AUDIT_PAGE_SIZE}
                count={shown.total}
                onPage={setPage}
                label="Audit pages"
              />
            </>
          ) : null}
        </Panel>
      </Box>
    </AdminPage>
  )
}
