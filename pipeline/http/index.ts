export { createHttpClient, realSleep, type HttpClientOptions } from './httpClient.ts';
export { createRecordedHttpClient, type RecordedHttpClientOptions } from './recordedHttpClient.ts';
export type { HttpClient, HttpRequest, HttpResponse } from './types.ts';
export type { Sleep } from './venueGate.ts';
