// Build step (build.mjs runs it once after bundling): writes the response serialisers that need a
// schema validator, compiled ahead, into the directory given (dist/serializers/); the server loads
// one instead of compiling it at its route's first response (decision record 0077).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { responseSchemas } from './lib/endpoint.ts';
import { precompileSerializers } from './lib/response-serializer.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: precompile-serializers <dir>');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const compiled = precompileSerializers(responseSchemas());
for (const [name, source] of compiled) writeFileSync(join(dir, name), source);
process.stdout.write(`compiled ${compiled.size} response serialisers ahead into ${dir}\n`);
