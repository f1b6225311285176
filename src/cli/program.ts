/** The `tessera` argument table: every command, its options and the function that runs it. */
import { Command, InvalidArgumentError, Option } from 'commander';
import type { CliContext } from './cli-context.js';
import { DEFAULT_HOST } from './cli-config.js';
import { runDatasetGet } from './commands/dataset-get.js';
import { runDatasetUpsert } from './commands/dataset-upsert.js';
import { runDelete } from './commands/delete.js';
import { runRestore } from './commands/restore.js';
import { runGet } from './commands/get.js';
import { runInit } from './commands/init.js';
import { runPropertiesGet } from './commands/properties-get.js';
import { runPropertiesList } from './commands/properties-list.js';
import { runPropertiesUpsert } from './commands/properties-upsert.js';
import { runPropertiesCompliance } from './commands/properties-compliance.js';
import { runTokenCreate } from './commands/token-create.js';
import { runTokenIssue, runTokenList, runTokenRevoke, runTokenRevokeSigned } from './commands/token-stored.js';
import * as access from './commands/access.js';
import { runHistory } from './commands/history.js';
import { runLineage } from './commands/lineage.js';
import { runExport } from './commands/export.js';
import { runImport } from './commands/import.js';
import * as events from './commands/events.js';

const collect = (value: string, previous: string[]) => [...previous, value];

function positiveInt(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError(`${flag} must be a positive whole number, not ${value}`);
  return n;
}

function sampleCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 100) throw new InvalidArgumentError(`--samples must be a whole number from 0 to 100, not ${value}`);
  return n;
}

export function createProgram(ctx: CliContext, version: string): Command {
  const program = new Command('tessera')
    .description('Command-line tool of the Tessera metadata catalog (server and token from `tessera init` or TESSERA_SERVER / TESSERA_TOKEN)')
    .version(version)
    .option('--json', 'print one machine-readable JSON document instead of text')
    .showSuggestionAfterError()
    // Inherited by every subcommand added below: usage errors reach main's error boundary instead of process.exit.
    .exitOverride();

  program
    .command('init')
    .description(`write ~/.tesseraenv with the server address (default ${DEFAULT_HOST}) and an access token`)
    .option('--host <url>', 'server address, <base_url>/gms')
    .option('--token <token>', 'access token (from the server\'s first start or `tessera token create`)')
    .option('-f, --force', 'overwrite an existing ~/.tesseraenv without asking')
    .action((o) => runInit(ctx, o));

  const properties = program.command('properties').description('structured property definitions');
  properties
    .command('upsert')
    .description('create or update the structured properties of a YAML file')
    .requiredOption('-f, --file <yaml>', 'YAML list of properties (id, type, cardinality, entity_types, allowed_values, constraints, …)')
    .option('-y, --yes', 'write new versions without asking, although their clean-up deletes the values of the old version')
    .option('--dry-run', 'preview: say what each entry would change and whether its rules would apply (how many entities hold values that would break them, with examples); write nothing')
    .addHelpText(
      'after',
      [
        '',
        'Value rules: an entry\'s `constraints:` mapping holds the rules of the structuredPropertyConstraints',
        'aspect: required, requiredEntityTypes (e.g. [dataset]), requiredPlatforms (e.g. [hive]), min, max,',
        'pattern, minLength, maxLength, after, before (YYYY-MM-DD, exclusive), minCount, maxCount. They are',
        'written after the definition and replace the stored rules whole. An entry without `constraints:`',
        'leaves the stored rules alone; `constraints: null` or `constraints: {}` clears them. Rules that',
        'stored values would break refuse the whole file, writing nothing (see them with --dry-run).',
      ].join('\n'),
    )
    .action((o) => runPropertiesUpsert(ctx, o));
  properties
    .command('list')
    .description('list every structured property definition')
    .addOption(new Option('--details', 'print full definitions (default)').default(true))
    .option('--no-details', 'print URNs only')
    .option('--to-file <yaml>', 'write the definitions as a YAML file that `properties upsert -f` accepts')
    .option('--include-deleted', 'list soft-deleted properties too, flagged deleted')
    .action((o) => runPropertiesList(ctx, o));
  properties
    .command('get')
    .description('print one structured property definition, with its value rules (constraints) if it has any')
    .requiredOption('--urn <urn>', 'property urn (or its qualified name)')
    .action((o) => runPropertiesGet(ctx, o));

  properties
    .command('compliance')
    .description('per property, the entities it applies to and how many comply, miss a value or hold an invalid one, with examples (no names: every required property)')
    .argument('[qualifiedName...]', 'properties to report on (qualified names or urns; default: every required property)')
    .option('--samples <n>', 'example URNs per state and property, 0 to 100 (default 10)', (v) => sampleCount(v))
    .option('--fail-on-missing', 'exit with code 1 when a required property misses values on some entities or any property holds invalid ones (for CI)')
    .action((names: string[], o) => runPropertiesCompliance(ctx, { ...o, properties: names }));

  const dataset = program.command('dataset').description('datasets and their structured properties');
  dataset
    .command('upsert')
    .description('create or update the datasets of a YAML file (one dataset or a list)')
    .requiredOption('-f, --file <yaml>', 'dataset YAML (id, platform, env, schema.fields, tags, structured_properties)')
    .option('--skip-invalid', 'write the datasets without problems and skip the others (exit code 1), instead of writing nothing')
    .option('--no-wait', 'exit once written, without waiting until search shows the datasets')
    .option('--batch-size <n>', 'changes per request (default 500)', (v) => positiveInt(v, '--batch-size'))
    .option('--dry-run', "preview with the server's own checks: what each dataset would get, which values would be replaced or removed, and which kept for the person or load that set them; write nothing")
    .action((o) => runDatasetUpsert(ctx, o));
  dataset
    .command('get')
    .description('print a dataset with its properties')
    .requiredOption('--urn <urn>', 'dataset urn')
    .action((o) => runDatasetGet(ctx, o));

  program
    .command('delete')
    .description('soft delete an entity (status removed=true); --hard deletes it for good')
    .requiredOption('--urn <urn>', 'entity urn')
    .option('--hard', 'hard delete (not reversible)')
    .option('-f, --force', 'do not ask for confirmation')
    .action((o) => runDelete(ctx, o));

  program
    .command('restore')
    .description('restore a soft-deleted entity (status removed=false)')
    .requiredOption('--urn <urn>', 'entity urn')
    .action((o) => runRestore(ctx, o));

  program
    .command('get')
    .description('print aspects of an entity as {"<aspect>": value}')
    .requiredOption('--urn <urn>', 'entity urn')
    .option('-a, --aspect <aspect>', 'aspect name (repeatable; all aspects when omitted)', collect, [])
    .action((o) => runGet(ctx, o));

  const token = program.command('token').description('access tokens');
  token
    .command('create')
    .description('mint an access token with this machine\'s signing secret (AUTH_SECRET or the server\'s generated secret file)')
    .requiredOption('--actor <urn>', 'urn:li:corpuser:<id> the token acts as')
    .option('--ttl <duration>', 'lifetime: seconds, or 15m, 12h, 30d, 2w (at most ACCESS_TOKEN_MAX_DAYS, default 365 days)', '30d')
    .action((o) => runTokenCreate(ctx, o));
  token
    .command('issue')
    .description('have the server make a stored access token (listed, revocable; only its hash is kept) and print it once')
    .requiredOption('--name <name>', 'what the token is for')
    .option('--actor <urn>', 'urn:li:corpuser:<id> the token acts as (default: you; others need MANAGE_ACCESS_TOKENS)')
    .option('--duration <duration>', 'ONE_HOUR, ONE_DAY, ONE_WEEK, ONE_MONTH, THREE_MONTHS, SIX_MONTHS or ONE_YEAR', 'ONE_MONTH')
    .option('--description <text>', 'a longer note')
    .action((o) => runTokenIssue(ctx, o));
  token
    .command('list')
    .description('stored access tokens you made (--all: everyone\'s, with MANAGE_ACCESS_TOKENS)')
    .option('--all', 'every owner\'s tokens')
    .option('--actor <urn>', 'only tokens acting as this actor')
    .option('--include-revoked', 'revoked tokens too')
    .action((o) => runTokenList(ctx, o));
  token
    .command('revoke')
    .description('revoke a stored access token: every Tessera process refuses it within a second')
    .requiredOption('--id <id>', 'the token id (from `token list`)')
    .action((o) => runTokenRevoke(ctx, o));
  token
    .command('revoke-signed')
    .description('revoke every token signed so far for an actor with the service secret (`token create`): refused within a second')
    .requiredOption('--actor <urn>', 'urn:li:corpuser:<id> whose signed tokens to revoke (others than you need MANAGE_ACCESS_TOKENS)')
    .action((o) => runTokenRevokeSigned(ctx, o));

  const policy = program.command('policy').description('policies: who may do what, on which resources (MANAGE_POLICIES)');
  policy.command('list').description('every policy').action(() => access.runPolicyList(ctx));
  policy
    .command('create')
    .description('create a policy from a YAML or JSON file: {name, effect?, privileges, actors: {users?, groups?, roles?, allUsers?}, resources?: {entityTypes?, urns?, platforms?, tags?, propertyUrns?, tagUrns?}}')
    .requiredOption('-f, --file <file>', 'the policy file')
    .action((o) => access.runPolicyWrite(ctx, o));
  policy
    .command('update')
    .description("replace a policy's content from a file")
    .requiredOption('--urn <urn>', 'urn:li:dataHubPolicy:<id>')
    .requiredOption('-f, --file <file>', 'the policy file')
    .action((o) => access.runPolicyWrite(ctx, o));
  policy.command('delete').description('delete a policy').requiredOption('--urn <urn>', 'urn:li:dataHubPolicy:<id>').action((o) => access.runPolicyDelete(ctx, o));

  const group = program.command('group').description('groups of users, for roles and policies (MANAGE_POLICIES)');
  group.command('list').description('groups and their members').action(() => access.runGroupList(ctx));
  group.command('create').description('create a group').requiredOption('--id <id>', 'the id in urn:li:corpGroup:<id>').option('--name <name>', 'display name').option('--description <text>', 'what it is').action((o) => access.runGroupCreate(ctx, o));
  group.command('add').description('add members').requiredOption('--group <urn>', 'urn:li:corpGroup:<id>').requiredOption('--user <urn>', 'urn:li:corpuser:<id> (repeatable)', collect, []).action((o) => access.runGroupMembers(ctx, o, false));
  group.command('remove').description('remove members').requiredOption('--group <urn>', 'urn:li:corpGroup:<id>').requiredOption('--user <urn>', 'urn:li:corpuser:<id> (repeatable)', collect, []).action((o) => access.runGroupMembers(ctx, o, true));
  group.command('delete').description('delete a group').requiredOption('--group <urn>', 'urn:li:corpGroup:<id>').action((o) => access.runGroupDelete(ctx, o));

  const role = program.command('role').description('the built-in roles Admin, Editor, Reader (MANAGE_POLICIES)');
  role.command('list').description('roles, their privileges and bound actors').action(() => access.runRoleList(ctx));
  role
    .command('assign')
    .description('bind users, groups or service accounts to a role (--role none unbinds: DEFAULT_ROLE applies)')
    .requiredOption('--role <role>', 'Admin, Editor, Reader or none')
    .requiredOption('--actor <urn>', 'urn:li:corpuser:<id> or urn:li:corpGroup:<id> (repeatable)', collect, [])
    .action((o) => access.runRoleAssign(ctx, o));

  const account = program.command('service-account').description('service accounts: actors for scripts, whose tokens outlive their makers (MANAGE_POLICIES)');
  account.command('list').description('every service account').action(() => access.runServiceAccountList(ctx));
  account.command('create').description('create urn:li:corpuser:service.<id>').requiredOption('--id <id>', 'lower-case letters, digits, _ or -').option('--description <text>', 'what it is for').action((o) => access.runServiceAccountCreate(ctx, o));
  account.command('delete').description('delete it and revoke its tokens').requiredOption('--urn <urn>', 'urn:li:corpuser:service.<id>').action((o) => access.runServiceAccountDelete(ctx, o));

  program
    .command('history')
    .description("an entity's change records (or the whole catalog's), oldest first: who changed what, when, from what to what")
    .option('--urn <urn>', 'one entity (default: the whole catalog)')
    .option('--since <time>', 'from this time (ISO-8601 or milliseconds)')
    .option('--until <time>', 'up to this time (ISO-8601 or milliseconds)')
    .option('--category <category>', 'TAG, STRUCTURED_PROPERTY, DOCUMENTATION, … (repeatable)', collect, [])
    .option('--actor <urn>', 'changes by this actor (repeatable)', collect, [])
    .option('--property <urn>', 'changes of this structured property (repeatable)', collect, [])
    .option('--tag <urn>', 'changes of this tag (repeatable)', collect, [])
    .option('--limit <n>', 'at most this many changes', '1000')
    .option('--as-of <time>', "instead: the entity's aspects as they were at this time (needs --urn)")
    .action((o) => runHistory(ctx, o));

  program
    .command('lineage')
    .description('everything downstream (or upstream) of an entity within N hops: impact analysis, nearest first')
    .argument('<urn>', 'the entity to start from')
    .option('--downstream', 'what is built from it (the default)')
    .option('--upstream', 'what it is built from')
    .option('--hops <n>', 'how many hops to follow (1 to 10)', (v) => positiveInt(v, '--hops'), 3)
    .option('--query <query>', 'keep only the entities this query finds (as for search)')
    .option('--column <fieldPath>', "start from this column of the dataset: the columns its data flows to (or from), through fineGrainedLineages")
    .action((urn, o) => runLineage(ctx, urn, o));

  program
    .command('export')
    .description('a search as CSV: urn, name, one column per chosen structured property, tags — for spreadsheets and `tessera import`')
    .option('--type <entity>', 'entity type', 'dataset')
    .option('--query <query>', 'query string, as for search (default: everything)')
    .option('--property <qualifiedName>', 'a structured property to export as a column (repeatable, in order)', collect, [])
    .option('--no-tags', 'leave out the tags column')
    .option('--include-soft-deleted', 'export soft-deleted entities too')
    .option('--missing <qualifiedName>', 'only entities that miss a value of this property where its rules require one (as `properties compliance` counts them)')
    .option('--invalid <qualifiedName>', 'only entities holding a value of this property that breaks its rules')
    .option('--downstream-of <urn>', 'only what is downstream of this entity (an impacted set), with a degree column')
    .option('--upstream-of <urn>', 'only what is upstream of this entity, with a degree column')
    .option('--hops <n>', 'with --downstream-of/--upstream-of: at most this many hops (1-10; default: all the walk reaches)')
    .option('-o, --output <file>', 'write to this file (default: stdout)')
    .action((o) => runExport(ctx, o));

  program
    .command('import')
    .description('set structured property values and tags from a CSV (the columns `tessera export` writes); every refused row is named by line')
    .requiredOption('-f, --file <csv>', 'the CSV file')
    .option('--type <entity>', 'entity type', 'dataset')
    .option('--dry-run', 'preview: list what each row would change, write nothing')
    .action((o) => runImport(ctx, o));

  const ev = program.command('events').description('the change event stream');
  ev.command('prune').description('remove change records older than EVENTS_RETENTION_DAYS (MANAGE_POLICIES)').action(() => events.runEventsPrune(ctx));

  const hook = program.command('webhook').description('deliver change events to URLs, signed as Standard Webhooks specify (MANAGE_WEBHOOKS)');
  hook.command('list').description('every webhook').action(() => events.runWebhookList(ctx));
  hook
    .command('create')
    .description('subscribe a URL; prints its signing secret once')
    .requiredOption('--url <url>', 'where to deliver')
    .option('--filter <file>', 'a YAML or JSON filter: {categories, operations, entityTypes, urns, tags, properties}')
    .option('--description <text>', 'what it is for')
    .action((o) => events.runWebhookCreate(ctx, o));
  hook.command('delete').description('delete a webhook').requiredOption('--id <id>', 'the webhook id').action((o) => events.runWebhookDelete(ctx, o));
  hook.command('deliveries').description('deliveries and their attempts').requiredOption('--id <id>', 'the webhook id').option('--status <status>', 'delivered, retrying, held or dead').action((o) => events.runWebhookDeliveries(ctx, o));
  hook.command('replay').description('deliver an event again').requiredOption('--id <id>', 'the webhook id').requiredOption('--event <id>', 'the event id').action((o) => events.runWebhookReplay(ctx, o));

  program
    .command('explain')
    .description('may an actor (default: you) use a privilege, and which rule decides')
    .requiredOption('--privilege <privilege>', 'e.g. EDIT_ENTITY_PROPERTIES')
    .option('--actor <urn>', 'another actor (needs MANAGE_POLICIES)')
    .option('--resource <urn>', 'an entity')
    .option('--property <urn>', 'the structured property the action concerns')
    .option('--tag <urn>', 'the tag the action concerns')
    .action((o) => access.runExplain(ctx, o));

  return program;
}
