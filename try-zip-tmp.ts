import { writeZip, folderParts, readAll, FIXTURES } from './src/server/features/imports/fixtures/build-zip.js';
import path from 'node:path';
const zip = await writeZip('/tmp/ghost-try.zip', folderParts(path.join(FIXTURES, process.argv[2]!), process.argv[3] ?? ''));
console.log(JSON.stringify(await readAll(zip), null, 1));
