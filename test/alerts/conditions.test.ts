import test from 'ava';
import { crosses, holds, type Operator } from '../../pipeline/alerts/conditions.ts';

/** Indexes of a price series at which the alert fires, comparing each price with the one before. */
function firesAt(operator: Operator, value: number, series: number[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < series.length; i++) if (crosses({ operator, value }, series[i - 1] as number, series[i] as number)) out.push(i);
  return out;
}

test('above: fires when the price rises past the value, not on every tick beyond it, and again only after it came back', (t) => {
  // holds (> 0.6): F F T T F F T T F T  — 0.60 itself is not above 0.6.
  const series = [0.5, 0.55, 0.61, 0.65, 0.6, 0.59, 0.62, 0.62, 0.58, 0.7];
  t.deepEqual(firesAt('above', 0.6, series), [2, 6, 9]);
});

test('below: fires when the price falls past the value; the value itself is not below it', (t) => {
  // holds (< 0.4): F T T F F T
  t.deepEqual(firesAt('below', 0.4, [0.5, 0.39, 0.38, 0.41, 0.4, 0.399]), [1, 5]);
});

test('equals: fires on entering the ±0.005 band, and when the price jumps over the value between two ticks', (t) => {
  // 0.497 enters the band; 0.503 stays; 0.51 leaves; 0.51 -> 0.49 passes 0.5; 0.45 -> 0.55 passes it;
  // 0.55 -> 0.5049 enters the band; 0.5049 -> 0.5051 leaves it (0.0051 > 0.005).
  t.deepEqual(firesAt('equals', 0.5, [0.4, 0.497, 0.503, 0.51, 0.49, 0.45, 0.55, 0.5049, 0.5051]), [1, 4, 6, 7]);
});

test('the tolerance of equals is inclusive and float noise never decides', (t) => {
  t.true(holds({ operator: 'equals', value: 0.5 }, 0.505));
  t.true(holds({ operator: 'equals', value: 0.5 }, 0.495));
  t.false(holds({ operator: 'equals', value: 0.5 }, 0.5051));
  t.false(holds({ operator: 'above', value: 0.3 }, 0.1 + 0.2), '0.1 + 0.2 is 0.3, not above it');
  t.false(crosses({ operator: 'above', value: 0.3 }, 0.2, 0.1 + 0.2));
});

test('a price already beyond the value at the start never fires until it crosses back and again', (t) => {
  t.deepEqual(firesAt('above', 0.6, [0.7, 0.8, 0.65, 0.61]), []);
  t.deepEqual(firesAt('below', 0.2, [0.1, 0.15, 0.3, 0.19]), [3]);
});
