/** Entry of `npm run reindex`: the search index system update (see src/reindex-command.ts). */
import { runReindexCommand } from '../src/reindex-command.js';

const { code } = await runReindexCommand(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`));
process.exit(code);
