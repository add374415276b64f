import test from 'ava';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { configSchema } from '../../shared/config.ts';

/**
 * docker-compose.yml checked against the code it deploys: it parses; every variable a Concord
 * service sets is a setting shared/config.ts reads; every `--role` it runs is a role the config knows,
 * and every role the config knows runs as a service; each service is health-checked; NATS runs
 * JetStream on a volume, alone or as a three-node cluster profile.
 */
type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
};
const compose = parse(readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const services = compose.services;
const CONFIG_VARS = new Set(Object.keys(configSchema.shape));
const ROLE_SCHEMA = configSchema.shape.ROLE as unknown as { unwrap(): { options: string[] } };
const ROLES = ROLE_SCHEMA.unwrap().options;
/** Variables the compose file itself reads (interpolation) that are not Concord settings, with why. */
const COMPOSE_ONLY = new Set(['NATS_MODE', 'API_PORTS']);
const concord = Object.entries(services).filter(([, s]) => s.image === 'concord:latest');
const roleOf = (s: Service) => s.command?.[s.command.indexOf('--role') + 1];

test('the compose file parses and runs the Concord image for every role', (t) => {
  t.true(concord.length >= 6);
  for (const [name, s] of concord) {
    t.truthy(s.build, `${name} builds the image`);
    t.deepEqual(s.command?.slice(0, 4), ['npm', 'start', '--', '--role'], `${name} runs one role`);
  }
});

test('every variable a Concord service sets is a setting shared/config.ts reads', (t) => {
  for (const [name, s] of concord) {
    for (const key of Object.keys(s.environment ?? {})) t.true(CONFIG_VARS.has(key), `${name} sets ${key}, which shared/config.ts does not read`);
  }
});

test('every variable the compose file interpolates is a setting or a documented compose variable', (t) => {
  const text = readFileSync(new URL('../../docker-compose.yml', import.meta.url), 'utf8').replace(/^\s*#.*$/gm, '');
  const used = [...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!);
  t.true(used.length > 5);
  for (const v of used) t.true(CONFIG_VARS.has(v) || COMPOSE_ONLY.has(v), `\${${v}} is neither a setting nor a compose variable`);
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  for (const v of COMPOSE_ONLY) t.true(readme.includes(`\`${v}\``), `README documents ${v}`);
});

test('every role the compose file runs exists in the config, and every role of the config runs as a service', (t) => {
  const run = concord.map(([, s]) => roleOf(s));
  for (const role of run) t.true(ROLES.includes(role!), `role '${role}' is not one of the config's roles (${ROLES.join(', ')})`);
  for (const role of ROLES.filter((r) => r !== 'all')) t.true(run.includes(role), `role '${role}' has no service`);
});

test('every service has a health check, and the roles wait for healthy infrastructure', (t) => {
  for (const [name, s] of Object.entries(services)) t.true((s.healthcheck?.test.length ?? 0) > 0, `${name} has a healthcheck`);
  for (const [name, s] of concord) {
    for (const dep of ['nats', 'mongo', 'qdrant', 'redis']) t.is(s.depends_on?.[dep]?.condition, 'service_healthy', `${name} waits for ${dep}`);
    const probe = s.healthcheck!.test.join(' ');
    if (roleOf(s) === 'api') t.regex(probe, /127\.0\.0\.1:8080\/ready/);
    else t.regex(probe, new RegExp(`127\\.0\\.0\\.1:${s.environment!.HEALTH_PORT}/ready`), `${name} probes its HEALTH_PORT`);
  }
});

test('NATS runs JetStream on named volumes, alone by default and as a three-node cluster in the cluster profile', (t) => {
  const nats = ['nats', 'nats-2', 'nats-3'].map((n) => services[n]!);
  t.deepEqual(nats[0]!.profiles, undefined, 'the first server always runs');
  t.deepEqual(nats[1]!.profiles, ['cluster']);
  t.deepEqual(nats[2]!.profiles, ['cluster']);
  for (const [i, s] of nats.entries()) {
    const volume = s.volumes!.find((v) => v.endsWith(':/data'))!;
    t.truthy(volume, 'JetStream store on /data');
    t.true(volume.split(':')[0]! in compose.volumes, 'a named volume, kept across restarts');
    t.is(s.environment!.SERVER_NAME, i === 0 ? 'nats' : `nats-${i + 1}`);
  }
  t.deepEqual(nats[0]!.command, ['-c', '/etc/nats/${NATS_MODE:-single}.conf']);
  const single = readFileSync(new URL('../../deploy/nats/single.conf', import.meta.url), 'utf8');
  const cluster = readFileSync(new URL('../../deploy/nats/cluster.conf', import.meta.url), 'utf8');
  t.regex(single, /jetstream\s*\{\s*store_dir:\s*\/data/);
  t.regex(cluster, /jetstream\s*\{\s*store_dir:\s*\/data/);
  for (const host of ['nats', 'nats-2', 'nats-3']) t.true(cluster.includes(`nats://${host}:6222`), `route to ${host}`);
});
