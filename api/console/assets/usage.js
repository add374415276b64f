import uPlot from './uPlot.esm.js';
import { api } from './api.js';
import { $, el, say, when } from './dom.js';

const CALLS = '#1f6feb';
const P95 = '#e8590c';

/** Usage per key: requests and p95 latency per period (uPlot), and the request log with paging. */
export function usagePanel() {
  const select = $('#usage-key');
  const form = $('#usage-form');
  const chartBox = $('#usage-chart');
  const logBody = $('#log-table tbody');
  let chart = null;
  let offset = 0;
  let total = 0;

  const pageSize = () => Number($('#log-size').value);
  const keyId = () => select.value;

  function setKeys(keys) {
    const current = keyId();
    select.replaceChildren(...keys.map((k) => el('option', { value: k.id }, `${k.name} (${k.key_prefix}…)${k.revoked_at ? ' — revoked' : ''}`)));
    if (keys.some((k) => k.id === current)) select.value = current;
    if (keys.length > 0 && keyId() !== current) void show();
    if (keys.length === 0) clear();
  }

  function draw(records) {
    const xs = records.map((r) => Date.parse(r.period_start) / 1000);
    const data = [xs, records.map((r) => r.total_calls), records.map((r) => r.p95_latency_ms)];
    chart?.destroy();
    chart = new uPlot(
      {
        width: Math.max(320, chartBox.clientWidth),
        height: 300,
        scales: { x: { time: true }, calls: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] }, ms: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.1] } },
        series: [
          {},
          { label: 'Requests', scale: 'calls', stroke: CALLS, fill: 'rgba(31, 111, 235, 0.45)', width: 1, paths: uPlot.paths.bars({ size: [0.7, 60] }), points: { show: false } },
          { label: 'p95 latency (ms)', scale: 'ms', stroke: P95, width: 3, points: { show: true, size: 7, fill: P95 } },
        ],
        axes: [{}, { scale: 'calls', label: 'requests' }, { scale: 'ms', side: 1, label: 'p95 ms', grid: { show: false } }],
      },
      data,
      chartBox,
    );
  }

  async function show() {
    if (!keyId()) return;
    const q = new URLSearchParams({ api_key_id: keyId(), granularity: form.granularity.value, limit: form.limit.value });
    const { data } = await api('GET', `/api/v1/console/stats?${q}`);
    const calls = data.reduce((s, r) => s + r.total_calls, 0);
    const errors = data.reduce((s, r) => s + r.error_calls, 0);
    const p95 = Math.max(0, ...data.map((r) => r.p95_latency_ms));
    $('#usage-summary').replaceChildren(
      el('div', {}, el('b', {}, calls.toLocaleString()), 'requests'),
      el('div', {}, el('b', {}, errors.toLocaleString()), 'errors (4xx/5xx)'),
      el('div', {}, el('b', {}, `${p95} ms`), 'highest p95'),
    );
    draw(data);
    offset = 0;
    await logs();
  }

  async function logs() {
    const q = new URLSearchParams({ api_key_id: keyId(), limit: String(pageSize()), offset: String(offset) });
    const { data, meta } = await api('GET', `/api/v1/console/logs?${q}`);
    total = meta.total;
    logBody.replaceChildren(
      ...data.map((r) =>
        el('tr', {}, el('td', {}, when(r.timestamp)), el('td', {}, r.method), el('td', {}, el('code', {}, r.endpoint)), el('td', { className: 'num' }, r.status_code), el('td', { className: 'num' }, r.latency_ms)),
      ),
    );
    $('#log-range').textContent = total === 0 ? 'no requests yet' : `${offset + 1}–${offset + data.length} of ${total}`;
    $('#log-prev').disabled = offset === 0;
    $('#log-next').disabled = offset + data.length >= total;
  }

  function clear() {
    chart?.destroy();
    chart = null;
    logBody.replaceChildren();
    $('#usage-summary').replaceChildren();
    $('#log-range').textContent = '';
  }

  const guarded = (fn) => () => fn().catch((err) => say(err.message, 'error'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    guarded(show)();
  });
  select.addEventListener('change', guarded(show));
  $('#log-prev').addEventListener('click', guarded(async () => {
    offset = Math.max(0, offset - pageSize());
    await logs();
  }));
  $('#log-next').addEventListener('click', guarded(async () => {
    offset += pageSize();
    await logs();
  }));
  $('#log-size').addEventListener('change', guarded(async () => {
    offset = 0;
    await logs();
  }));

  return { setKeys, clear };
}
