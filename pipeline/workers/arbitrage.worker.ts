import { scanQuestion } from '../../shared/arbitrage/detect.ts';
import type { QuestionScanResult, ScanClock, ScanQuestion } from '../../shared/arbitrage/types.ts';

export interface ArbitrageTask {
  readonly questions: readonly ScanQuestion[];
  readonly clock: ScanClock;
}

/**
 * Piscina task: detection, pricing, book walks, scores, classification and policy for a batch of
 * questions, off the scanner's event loop. Pure; the scanner keeps the lifecycle.
 */
export default function scoreQuestions(task: ArbitrageTask): QuestionScanResult[] {
  return task.questions.map((q) => scanQuestion(q, task.clock));
}
