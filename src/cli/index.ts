// `switchyard` command line: serve, migrate, keys. Config errors exit 2 with the variable named.
import { Command } from 'commander';
import { ConfigError, loadConfig } from '../config.js';
import { openDb } from '../db/client.js';
import { EngineLockedError } from '../db/errors.js';
import { migrate } from '../db/migrate.js';
import { UserError } from '../errors.js';
import { startServer } from '../server.js';
import { CliError, createKey, listKeys, revokeKey } from './admin.js';
import { registerIngestCommands } from './ingest.js';

export function buildCli(): Command {
  const program = new Command('switchyard').description('Observability backend for AI gateways').showHelpAfterError();

  program
    .command('serve')
    .description('run the HTTP API (and, without REDIS_URL or with workers enabled, the ingestion workers)')
    .action(async () => {
      const running = await startServer(loadConfig());
      const stop = async (signal: string) => {
        running.ctx.logger.info({ signal }, 'shutting down');
        await running.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
    });

  program
    .command('migrate')
    .description('apply pending ClickHouse migrations (the server also applies them at start)')
    .action(async () => {
      const config = loadConfig();
      let db;
      try {
        db = await openDb(config);
      } catch (err) {
        if (err instanceof EngineLockedError) {
          throw new CliError(`${err.message}; a running server applies migrations itself at start.`);
        }
        throw err;
      }
      try {
        const applied = await migrate(db);
        console.log(applied.length ? `applied: ${applied.join(', ')}` : 'nothing to apply');
      } finally {
        await db.close();
      }
    });

  const keys = program.command('keys').description('manage API keys');
  keys
    .command('create')
    .requiredOption('--org <name>', 'organisation the key belongs to')
    .option('--name <name>', 'a label for the key')
    .description('create a key; prints only the key on stdout (shown once, stored hashed)')
    .action(async (opts: { org: string; name?: string }) => {
      const created = await createKey(loadConfig(), opts.org, opts.name);
      process.stdout.write(created.key + '\n');
      process.stderr.write(`created key ${created.id} for organisation ${created.organization_id}\n`);
    });
  keys
    .command('list')
    .description('list keys (id, organisation, prefix, created, revoked)')
    .action(async () => {
      for (const k of await listKeys(loadConfig())) {
        console.log([k.id, k.organization_id, k.key_prefix + '…', k.created_at, k.revoked_at ? `revoked ${k.revoked_at}` : 'active', k.name].join('\t'));
      }
    });
  keys
    .command('revoke <id>')
    .description('revoke a key; servers refuse it within seconds')
    .action(async (id: string) => {
      await revokeKey(loadConfig(), id);
      console.log(`revoked ${id}`);
    });
  registerIngestCommands(program);
  return program;
}

export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildCli().parseAsync(argv);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`switchyard: configuration error: ${err.message}`);
      process.exit(2);
    }
    if (err instanceof CliError || err instanceof UserError) {
      console.error(`switchyard: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
}
