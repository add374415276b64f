import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../shared/config.ts';
import { createDocumentStore } from '../adapters/store/createStore.ts';
import { connectStreams } from '../pipeline/streams/connection.ts';
import { jetStreamPublisher } from '../pipeline/streams/publisher.ts';
import { knownMarket, listOverrides, removeOverride, requestRelink, resolveMarketRef, setOverride } from '../pipeline/matching/linker/overrideCommands.ts';
import { natsUrlFile } from './services.ts';
import { parseCommandLine } from './cli/run.ts';

const USAGE = `Manual link overrides (they win over the matcher).

  npm run links -- pin <market> <market> [--complement] [--note "why"] [--allow-unseen]
  npm run links -- forbid <market> <market> [--note "why"] [--allow-unseen]
  npm run links -- remove <market> <market>
  npm run links -- list

<market> is a market UUID or <venue>:<platform_market_id>, e.g. polymarket:559652.
--complement pins one market as the other's negation (prices compare as 1 - p).
A market Concord has not seen yet is refused (a typo would become a lasting override); --allow-unseen records it
anyway, to apply when the market arrives.`;

async function main(): Promise<number> {
  // A bad option prints the error and the usage and exits 2, as every operator command does (bin/cli/run.ts).
  const { values, positionals } = parseCommandLine(
    {
      allowPositionals: true,
      options: {
        complement: { type: 'boolean', default: false },
        note: { type: 'string', default: '' },
        'allow-unseen': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    },
    USAGE,
  );
  const [command, first, second] = positionals;
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const storeFile = join(config.DATA_DIR, 'concord.db');
  if (!config.MONGODB_URI && !existsSync(storeFile)) {
    // Opening it would create an empty store: a mistyped DATA_DIR would list nothing and record overrides nowhere.
    console.error(`No Concord store at ${storeFile}: set DATA_DIR to the folder the service uses (or MONGODB_URI).`);
    return 1;
  }
  const log = pino({ level: 'warn' });
  const store = await createDocumentStore(config, log);
  try {
    if (command === 'list') {
      const overrides = await listOverrides(store);
      for (const o of overrides) console.log(`${o.action}\t${o.a}\t${o.b}\t${o.relation}\t${o.created_at}\t${o.note}`);
      if (overrides.length === 0) console.error('no overrides');
      return 0;
    }
    if (!['pin', 'forbid', 'remove'].includes(command) || !first || !second) {
      console.error(`Unknown command or missing markets.\n\n${USAGE}`);
      return 2;
    }
    const a = resolveMarketRef(first);
    const b = resolveMarketRef(second);
    if (!a.ok || !b.ok) {
      console.error(!a.ok ? a.reason : !b.ok ? b.reason : '');
      return 2;
    }
    if (a.id === b.id) {
      console.error('Both arguments name the same market.');
      return 2;
    }
    if (command === 'remove') {
      if (!(await removeOverride(store, a.id, b.id))) {
        console.log('no override between these markets (nothing to re-link)');
        return 0;
      }
      console.log('override removed');
    } else {
      if (!values['allow-unseen']) {
        const unseen = [...((await knownMarket(store, a.id)) ? [] : [first]), ...((await knownMarket(store, b.id)) ? [] : [second])];
        if (unseen.length > 0) {
          console.error(`${unseen.join(' and ')}: not a market Concord has seen (a typo?). Check GET /api/v1/markets, or pass --allow-unseen to record the override for when it arrives.`);
          return 2;
        }
      }
      const o = await setOverride(store, a.id, b.id, command as 'pin' | 'forbid', values.complement ? 'complement' : 'identity', values.note ?? '');
      console.log(`${o.action} recorded: ${o.a} ${o.b} (${o.relation})`);
    }
    const natsUrl = config.NATS_URL ?? (existsSync(natsUrlFile(config.DATA_DIR)) ? readFileSync(natsUrlFile(config.DATA_DIR), 'utf8').trim() : undefined);
    if (!natsUrl) {
      console.log('The service is not running here: the override applies when it next starts and sees these markets change.');
      return 0;
    }
    const conn = await connectStreams(natsUrl, log, 'concord-links-cli');
    try {
      const publish = jetStreamPublisher(conn.js);
      for (const id of [a.id, b.id]) {
        const sent = await requestRelink(store, publish, id, `${command}-${Date.now()}`);
        console.log(sent ? `re-linking ${id}` : `market ${id} is not in the markets read model yet; it is placed when it arrives`);
      }
    } finally {
      await conn.close();
    }
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
