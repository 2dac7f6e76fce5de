// A call's quality timeline as a small inline SVG (no chart library: the CSP
// allows no inline script, and a line and some bars need none): MOS as a line
// (gaps where no audio arrived, those intervals shaded), loss as bars under it.
// The SVG is decoration for sighted readers; the summary beside it says the same in words.
import type { CallQualityTimeline } from '../../../common/ipc-contract';
import { formatDuration } from './duration';
import { MOS_BOTTOM, MOS_TOP, mosSegments, mosY } from './quality-summary';

const WIDTH = 320;
const HEIGHT = 90;
const LOSS_BOTTOM = HEIGHT - 4;
const LOSS_HEIGHT = 18;

export function QualityChart({ timeline }: { timeline: CallQualityTimeline }) {
  const n = timeline.points.length;
  const step = n > 1 ? (WIDTH - 8) / (n - 1) : 0;
  const x = (i: number): number => 4 + i * step;
  const maxLoss = Math.max(10, ...timeline.points.map((p) => p.lossPercent ?? 0));
  const barWidth = Math.max(1, Math.min(8, step * 0.6));
  return (
    <svg className="quality-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} aria-hidden="true" focusable="false" data-testid="quality-chart">
      {/* Reference lines: MOS 4 (good) and 3 (poor). */}
      {[4, 3].map((mos) => <line key={mos} className="quality-chart-grid" x1={0} x2={WIDTH} y1={mosY(mos)} y2={mosY(mos)} />)}
      {[4, 3].map((mos) => <text key={`t${mos}`} className="quality-chart-label" x={WIDTH - 4} y={mosY(mos) + 9} textAnchor="end">MOS {mos}</text>)}
      {n > 0 && <text className="quality-chart-label" x={WIDTH - 4} y={HEIGHT - 2} textAnchor="end">{formatDuration((timeline.points[n - 1]?.atSeconds ?? 0) * 1000)}</text>}
      {timeline.points.map((point, i) =>
        point.packets === 0 ? <rect key={`s${i}`} className="quality-chart-silent" x={x(i) - Math.max(step, 2) / 2} y={MOS_TOP} width={Math.max(step, 2)} height={MOS_BOTTOM - MOS_TOP} data-silent="" /> : null,
      )}
      {mosSegments(timeline, x).map((d, i) => <path key={`m${i}`} className="quality-chart-mos" d={d} />)}
      {n === 1 && timeline.points[0]?.mos != null && <circle className="quality-chart-dot" cx={x(0)} cy={mosY(timeline.points[0].mos)} r={2} />}
      {timeline.points.map((point, i) => {
        const loss = point.lossPercent ?? 0;
        if (loss <= 0) return null;
        const h = Math.max(1, (loss / maxLoss) * LOSS_HEIGHT);
        return <rect key={`l${i}`} className="quality-chart-loss" x={x(i) - barWidth / 2} y={LOSS_BOTTOM - h} width={barWidth} height={h} />;
      })}
    </svg>
  );
}
