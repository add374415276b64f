import { parseArgs, type ParseArgsConfig } from 'node:util';
import pino, { type Logger } from 'pino';
import { ConfigError } from '../../shared/config.ts';

/** An error the operator can act on: printed as is (no stack), exit code 1, or 2 for a usage mistake. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** Structured logs go to stderr, so stdout carries only the summary (or the JSON for scripts). */
export function cliLogger(name: string): Logger {
  const level = process.env.LOG_LEVEL ?? (process.stderr.isTTY ? 'warn' : 'info');
  return pino({ level, base: { tool: name } }, pino.destination(2));
}

/**
 * Runs a command's main: prints its result (human text, or JSON with --json) and turns failures into a
 * clear message and an exit code. Unexpected errors keep their stack in the log.
 */
export function runCli(main: () => Promise<number>, json: boolean, log: Logger): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const known = err instanceof CliError || err instanceof ConfigError || (err as Error)?.name === 'ReplayError';
      const message = err instanceof Error ? err.message : String(err);
      if (!known) log.error({ err }, 'command failed');
      if (json) process.stdout.write(`${JSON.stringify({ ok: false, error: message })}\n`);
      else process.stderr.write(`error: ${message}\n`);
      process.exit(err instanceof CliError ? err.exitCode : (err as Error)?.name === 'ReplayError' || err instanceof ConfigError ? 2 : 1);
    },
  );
}

/**
 * Parses the command line with node's parseArgs; a bad option prints the error and the usage text and exits 2
 * (what every operator command does), so callers only name their options.
 */
export function parseCommandLine<const T extends ParseArgsConfig>(config: T, usage: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n\n${usage}\n`);
    process.exit(2);
  }
}
