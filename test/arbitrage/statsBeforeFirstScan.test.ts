import test from 'ava';
import { statsView } from '../../api/views/arbitrageView.ts';

test('before the first scan the feed stats are zeros, nothing scanned, and scanned_at is the answer time as an ISO string (the spec types it string)', (t) => {
  const at = new Date('2026-11-23T16:00:00.000Z');
  t.deepEqual(statsView(null, at), {
    total_opportunities: 0,
    actionable_count: 0,
    informational_count: 0,
    avg_spread: 0,
    max_profit: 0,
    platform_pairs: {},
    scanned_questions: 0,
    duration_ms: 0,
    scanned_at: '2026-11-23T16:00:00.000Z',
  });
});
