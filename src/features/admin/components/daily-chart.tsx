import { Box } from '@chakra-ui/react/box'
import { chakra } from '@chakra-ui/react/styled-system'
import { useId } from 'react'
import { formatPrice } from '@/lib/money'
import { Table, TableScroll } from './admin-ui'

export interface DailyPoint {
  date: string
  orders: number
  revenue: number
}

const dayLabel = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`))

const W = 600
const H = 160

/**
 * Revenue per day as bars and orders per day as a line, drawn by hand in SVG (a chart library would
 * add more to the admin bundle than the whole page: 30 to 90 bars and a line need no more than this).
 * Screen readers get a one-sentence summary and the numbers as a table under "Show the numbers".
 */
export function DailyChart({ points, title }: { points: DailyPoint[]; title: string }) {
  const id = useId()
  const maxRevenue = Math.max(0, ...points.map((p) => p.revenue))
  const maxOrders = Math.max(0, ...points.map((p) => p.orders))
  const totalRevenue = points.reduce((sum, p) => sum + p.revenue, 0)
  const totalOrders = points.reduce((sum, p) => sum + p.orders, 0)
  const best = points.reduce<DailyPoint | null>(
    (top, p) => (p.revenue > (top?.revenue ?? 0) ? p : top),
    null,
  )
  const slot = W / Math.max(points.length, 1)
  const barWidth = Math.max(1, slot * 0.7)
  const y = (value: number, max: number) => (max > 0 ? H - (value / max) * (H - 8) : H)
  const line = points
    .map((p, i) => `${(i * slot + slot / 2).toFixed(1)},${y(p.orders, maxOrders).toFixed(1)}`)
    .join(' ')

  const summary =
    points.length === 0
      ? 'No days to show.'
      : `${title}: ${formatPrice(totalRevenue, 'KSH')} from ${totalOrders} orders between ${label(points[0]!.date)} and ${label(points.at(-1)!.date)}.` +
        (best ? ` Best day: ${label(best.date)} with ${formatPrice(best.revenue, 'KSH')}.` : '')

  return (
    <Box>
      <Box display="flex" flexWrap="wrap" gap="4" fontSize="xs" color="brand.muted" mb="2">
        <chakra.span display="inline-flex" alignItems="center" gap="1.5">
          <chakra.span boxSize="2.5" bg="brand.goldLight" aria-hidden="true" /> Revenue (paid
          orders), top {formatPrice(maxRevenue, 'KSH')}
        </chakra.span>
        <chakra.span display="inline-flex" alignItems="center" gap="1.5">
          <chakra.span w="4" h="0.5" bg="brand.ink" aria-hidden="true" /> Orders placed, top{' '}
          {maxOrders}
        </chakra.span>
      </Box>
      <chakra.svg
        role="img"
        aria-labelledby={`${id}-summary`}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        width="100%"
        height={{ base: '140px', md: '180px' }}
        display="block"
        borderBottomWidth="1px"
        borderColor="brand.line"
      >
        {points.map((p, i) => (
          <rect
            key={p.date}
            x={i * slot + (slot - barWidth) / 2}
            y={y(p.revenue, maxRevenue)}
            width={barWidth}
            height={H - y(p.revenue, maxRevenue)}
            fill="#d4b25a"
          >
            <title>{`${label(p.date)}: ${formatPrice(p.revenue, 'KSH')}, ${p.orders} orders`}</title>
          </rect>
        ))}
        {points.length > 1 && maxOrders > 0 ? (
          <polyline
            points={line}
            fill="none"
            stroke="#111111"
            strokeWidth="2"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </chakra.svg>
      <Box display="flex" justifyContent="space-between" fontSize="xs" color="brand.muted" mt="1">
        <span>{points[0] ? label(points[0].date) : ''}</span>
        <span>{points.at(-1) ? label(points.at(-1)!.date) : ''}</span>
      </Box>
      <chakra.p id={`${id}-summary`} fontSize="sm" color="brand.charcoal" mt="3">
        {summary}
      </chakra.p>
      <chakra.details mt="2">
        <chakra.summary cursor="pointer" fontSize="sm" color="brand.goldDeep" minH="10" py="2">
          Show the numbers
        </chakra.summary>
        <TableScroll label={`${title}, day by day`}>
          <Table>
            <caption style={{ textAlign: 'start', fontSize: '0.75rem', padding: '0.5rem 0.75rem' }}>
              {title}, day by day
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" data-numeric="">
                  Orders
                </th>
                <th scope="col" data-numeric="">
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{label(p.date)}</th>
                  <td data-numeric="">{p.orders}</td>
                  <td data-numeric="">{formatPrice(p.revenue, 'KSH')}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </chakra.details>
    </Box>
  )
}
