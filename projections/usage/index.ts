export { usageProjection, usageHourlyProjection, type RequestLogDoc, type UsageHourDoc } from './projection.ts';
export { usageStats, requestLogs, type UsageStatsRecord, type RequestLogRecord } from './queries.ts';
export { GRANULARITIES, type Granularity } from './periods.ts';
