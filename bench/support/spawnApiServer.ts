/**
 * Starts `bench/support/apiServer.ts` in a child process and resolves once it prints the port it listens on.
 * With BENCH_CPU_PROF=<dir> the child writes a V8 CPU profile there (--cpu-prof) when it stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface ApiServer {
  readonly child: ChildProcess;
  readonly url: string;
}

export async function spawnApiServer(args: readonly string[]): Promise<ApiServer> {
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', new URL('./apiServer.ts', import.meta.url).pathname, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.on('line', (line) => {
      const m = /^port (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}
