import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useState } from 'react'
import { auditChanges, subjectHistory, type AuditRow } from '../api/audit-api'
import { useAdminQuery } from '../use-admin-query'
import { AdminButton, EmptyState, ErrorState, formatDateTime, LoadingState } from './admin-ui'

const actionWords: Record<string, string> = {
  insert: 'created',
  update: 'changed',
  delete: 'deleted',
}

const roleWords: Record<string, string> = {
  admin: 'admin',
  manager: 'manager',
  service_role: 'the server',
  system: 'the system',
}

/** Who did it, in words: the email and role at the time. */
export function actorLabel(row: Pick<AuditRow, 'actor_email' | 'actor_role'>): string {
  const role = roleWords[row.actor_role] ?? row.actor_role
  return row.actor_email ? `${row.actor_email} (${role})` : role
}

/** The trail as a list: when, who, what, and each changed value before and after. */
export function AuditEntries({ rows }: { rows: AuditRow[] }) {
  return (
    <chakra.ol listStyleType="none" display="grid" gap="3" aria-label="Audit entries">
      {rows.map((row) => (
        <chakra.li key={row.id} borderBottomWidth="1px" borderColor="brand.line" pb="3">
          <chakra.p fontSize="sm">
            <chakra.time dateTime={row.at} fontWeight="semibold">
              {formatDateTime(row.at)}
            </chakra.time>{' '}
            {actorLabel(row)} {actionWords[row.action] ?? row.action}{' '}
            {row.table_name.replace(/_/g, ' ')}{' '}
            <chakra.span color="brand.muted">{row.subject_id ?? ''}</chakra.span>
          </chakra.p>
          <chakra.dl
            display="grid"
            gridTemplateColumns="max-content 1fr"
            columnGap="3"
            fontSize="xs"
            mt="1"
          >
            {auditChanges(row).map((change) => (
              <Box key={change.field} display="contents">
                <chakra.dt color="brand.muted">{change.field}</chakra.dt>
                <chakra.dd overflowWrap="anywhere">
                  {row.action === 'update'
                    ? `${change.before} → ${change.after}`
                    : row.action === 'insert'
                      ? change.after
                      : change.before}
                </chakra.dd>
              </Box>
            ))}
          </chakra.dl>
        </chakra.li>
      ))}
    </chakra.ol>
  )
}

/**
 * A product's or an order's own history (admins only: the database shows others nothing). Loaded when
 * asked for, so opening an order or a product costs nothing extra.
 */
export function SubjectHistory({
  kind,
  subjectId,
}: {
  kind: 'product' | 'order'
  subjectId: string
}) {
  const [open, setOpen] = useState(false)
  return (
    <chakra.section aria-label="History" display="grid" gap="2" mt="4">
      <AdminButton tone="secondary" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? 'Hide history' : 'Show history'}
      </AdminButton>
      {open ? <HistoryList kind={kind} subjectId={subjectId} /> : null}
    </chakra.section>
  )
}

function HistoryList({ kind, subjectId }: { kind: 'product' | 'order'; subjectId: string }) {
  const history = useAdminQuery(`history:${kind}:${subjectId}`, (client) =>
    subjectHistory(client, kind, subjectId),
  )
  return (
    <>
      {history.error ? <ErrorState message={history.error} onRetry={history.reload} /> : null}
      {!history.data && !history.error ? <LoadingState label="Loading the history…" /> : null}
      {history.data?.length === 0 ? <EmptyState>No staff change recorded yet.</EmptyState> : null}
      {history.data?.length ? <AuditEntries rows={history.data} /> : null}
    </>
  )
}
