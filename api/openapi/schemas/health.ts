import { z } from 'zod';

const dependency = z.object({ name: z.string(), ok: z.boolean(), error: z.string().optional() });

export const healthResponse = z.object({ status: z.literal('ok'), service: z.string(), version: z.string() });
export const readyResponse = healthResponse.extend({ dependencies: z.array(dependency) });
export const notReadyResponse = z.object({
  status: z.literal('SERVICE_UNAVAILABLE'),
  message: z.string(),
  dependencies: z.array(dependency),
});
