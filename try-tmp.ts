import { readImport } from './src/server/features/imports/read-import.js';
const out = [];
for await (const r of readImport(process.argv[2]!, {})) out.push(r);
console.log(JSON.stringify(out, null, 1));
