import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ApiProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts test/support/apiProcess.ts as its own process over the SQLite file `storeFile`. */
export async function startApiProcess(storeFile: string, env: Record<string, string> = {}): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/apiProcess.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, STORE_FILE: storeFile, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(() => {
    throw new Error('the API process exited before listening');
  });
  const port = await Promise.race([
    (async () => {
      for await (const line of lines) return (JSON.parse(line) as { port: number }).port;
      throw new Error('the API process closed its output');
    })(),
    exited,
  ]);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const done = once(child, 'exit');
      child.kill('SIGTERM');
      await done;
    },
  };
}
