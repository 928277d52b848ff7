// Plain SVG charts of the reports (no chart library in the bundle): bars for figures by category, a line for a trend.
// Each chart sits beside a table that holds the same numbers; values are integers (cents, basis points), labels are
// formatted by the caller.
import { Box, Text } from '@chakra-ui/react'

export interface ChartPoint {
  label: string
  value: number
  /** The value as the table shows it. */
  text: string
}

const W = 560
const H = 200
const PAD = 28

export function BarChart({ title, points, testId }: { title: string; points: ChartPoint[]; testId: string }) {
  const max = Math.max(1, ...points.map((p) => p.value))
  const step = (W - 2 * PAD) / Math.max(1, points.length)
  return (
    <Box data-testid={testId}>
      <Text fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label={title}>
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="#a0aec0" />
        {points.map((p, i) => {
          const h = ((H - 2 * PAD) * Math.max(0, p.value)) / max
          const x = PAD + i * step + step * 0.15
          return (
            <g key={p.label}>
              <title>{`${p.label}: ${p.text}`}</title>
              <rect x={x} y={H - PAD - h} width={step * 0.7} height={h} fill="#3182ce" />
              <text x={x + step * 0.35} y={H - PAD - h - 4} fontSize="10" textAnchor="middle">
                {p.text}
              </text>
              <text x={x + step * 0.35} y={H - PAD + 14} fontSize="10" textAnchor="middle">
                {p.label}
              </text>
            </g>
          )
        })}
      </svg>
    </Box>
  )
}

export function LineChart({
  title,
  points,
  testId,
}: {
  title: string
  points: ChartPoint[]
  testId: string
}) {
  const max = Math.max(1, ...points.map((p) => p.value))
  const step = (W - 2 * PAD) / Math.max(1, points.length - 1)
  const xy = points.map(
    (p, i) => [PAD + i * step, H - PAD - ((H - 2 * PAD) * Math.max(0, p.value)) / max] as const,
  )
  return (
    <Box data-testid={testId}>
      <Text fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label={title}>
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="#a0aec0" />
        <polyline
          points={xy.map(([x, y]) => `${x},${y}`).join(' ')}
          fill="none"
          stroke="#3182ce"
          strokeWidth="2"
        />
        {points.map((p, i) => (
          <g key={p.label}>
            <title>{`${p.label}: ${p.text}`}</title>
            <circle cx={xy[i]![0]} cy={xy[i]![1]} r="3" fill="#3182ce" />
            {(points.length <= 12 || i % 5 === 0) && (
              <text x={xy[i]![0]} y={H - PAD + 14} fontSize="10" textAnchor="middle">
                {p.label}
              </text>
            )}
          </g>
        ))}
      </svg>
    </Box>
  )
}

const COLORS = ['#3182ce', '#dd6b20', '#38a169', '#805ad5', '#d53f8c', '#319795', '#d69e2e', '#718096']

/** Several lines over the same steps (a trend by segment), with a legend; values are integers. */
export function MultiLineChart({
  title,
  labels,
  series,
  testId,
}: {
  title: string
  labels: string[]
  series: Array<{ name: string; values: number[]; texts: string[] }>
  testId: string
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values))
  const step = (W - 2 * PAD) / Math.max(1, labels.length - 1)
  const y = (v: number) => H - PAD - ((H - 2 * PAD) * Math.max(0, v)) / max
  return (
    <Box data-testid={testId}>
      <Text fontSize="sm" fontWeight="semibold">
        {title}
      </Text>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" style={{ maxWidth: W }} role="img" aria-label={title}>
        <line x1={PAD} y1={H - PAD} x2={W - PAD} y2={H - PAD} stroke="#a0aec0" />
        {series.map((s, k) => (
          <g key={s.name} data-testid="chart-series">
            <title>{s.name}</title>
            <polyline
              points={s.values.map((v, i) => `${PAD + i * step},${y(v)}`).join(' ')}
              fill="none"
              stroke={COLORS[k % COLORS.length]}
              strokeWidth="2"
            />
            {s.values.map((v, i) => (
              <circle key={labels[i]} cx={PAD + i * step} cy={y(v)} r="2.5" fill={COLORS[k % COLORS.length]}>
                <title>{`${s.name} ${labels[i]}: ${s.texts[i]}`}</title>
              </circle>
            ))}
          </g>
        ))}
        {labels.map(
          (label, i) =>
            (labels.length <= 12 || i % 5 === 0) && (
              <text key={label} x={PAD + i * step} y={H - PAD + 14} fontSize="10" textAnchor="middle">
                {label}
              </text>
            ),
        )}
      </svg>
      <Box display="flex" flexWrap="wrap" gap="3" fontSize="xs">
        {series.map((s, k) => (
          <Text key={s.name} color={COLORS[k % COLORS.length]}>
            ■ {s.name}
          </Text>
        ))}
      </Box>
    </Box>
  )
}
